import { describe, expect, it } from 'vitest';
import { nextActions } from '../../../shared';
import { AWAY, HOME } from '../harness';
import { declareRound, LINEUPS, newMatch } from '../play';

/** Agreements of both captains (MR-3): challenge modes (R-VII.G.1). */

describe('challenge modes (R-VII.G.1)', () => {
  it('R-VII.G.1: challenge modes are on only when both captains agree before round 1\'s machines are selected', () => {
    const m = newMatch();
    m.ok(HOME, { type: 'propose', payload: { kind: 'CHALLENGE_MODES' } });
    const id = m.state.proposals[0]!.id;
    expect(nextActions(m.state, AWAY)[0]).toEqual({ code: 'ANSWER_PROPOSAL', text: "Answer HOME's proposal (challenge modes)" });
    expect(m.no(HOME, { type: 'accept', payload: { proposalId: id } })).toMatchObject({ rule: 'R-VII.G.1', code: 'OWN_PROPOSAL' });
    expect(m.state.challengeModes).toBe(false);
    m.ok(AWAY, { type: 'accept', payload: { proposalId: id } });
    expect(m.state.challengeModes).toBe(true);
  });

  it('R-VII.G.1: refused once AWAY has declared round 1, even for a proposal made before', () => {
    const m = newMatch();
    m.ok(AWAY, { type: 'propose', payload: { kind: 'CHALLENGE_MODES' } });
    m.ok(AWAY, { type: 'declareLineup', payload: { round: 1, games: LINEUPS[1]!.fdGames } });
    expect(m.no(HOME, { type: 'accept', payload: { proposalId: m.state.proposals[0]!.id } })).toMatchObject({ rule: 'R-VII.G.1', code: 'TOO_LATE' });
    expect(m.no(HOME, { type: 'propose', payload: { kind: 'CHALLENGE_MODES' } })).toMatchObject({ rule: 'R-VII.G.1', code: 'TOO_LATE' });
    expect(m.state.challengeModes).toBe(false);
  });

  it('R-VII.G.1: a declined proposal leaves the modes off', () => {
    const m = newMatch();
    m.ok(HOME, { type: 'propose', payload: { kind: 'CHALLENGE_MODES' } });
    m.ok(AWAY, { type: 'decline', payload: { proposalId: m.state.proposals[0]!.id } });
    expect(m.state.challengeModes).toBe(false);
    declareRound(m, 1);
    expect(m.state.proposals[0]!.status).toBe('DECLINED');
  });
});

import { describe, expect, it } from 'vitest';
import { selectionDeadline } from '../../../shared';
import { at, AWAY, HOME, MIN } from '../harness';
import { declareRound, LINEUPS, newMatch, reachRound } from '../play';

/** Match settings HOME may choose at small venues (R-VII.F) and the machine-selection time limit (R-VII.R). */

describe('extra balls and ball count (R-VII.F)', () => {
  it('R-VII.F.1: one extra ball by default; at a venue with 1-3 machines HOME may set "no extra balls" before the first game', () => {
    const m = newMatch({ machines: 3 });
    expect(m.state.extraBall).toBe('ONE');
    m.ok(HOME, { type: 'setExtraBall', payload: { extraBall: 'NONE' } });
    expect(m.state.extraBall).toBe('NONE');
  });

  it('R-VII.F.1: refused from AWAY, at a venue with more than 3 machines, and after the first game has started', () => {
    const small = newMatch({ machines: 2 });
    expect(small.no(AWAY, { type: 'setExtraBall', payload: { extraBall: 'NONE' } })).toMatchObject({ rule: 'R-VII.F.1', code: 'NOT_CHOOSER' });
    expect(newMatch({ machines: 4 }).no(HOME, { type: 'setExtraBall', payload: { extraBall: 'NONE' } })).toMatchObject({ rule: 'R-VII.F.1', code: 'TOO_MANY_MACHINES' });
    declareRound(small, 1);
    small.ok(HOME, { type: 'setExtraBall', payload: { extraBall: 'NONE' } }); // declared, not started: still in time
    small.ok(AWAY, { type: 'startGame', payload: { round: 1, game: 2 } });
    expect(small.no(HOME, { type: 'setExtraBall', payload: { extraBall: 'ONE' } })).toMatchObject({ rule: 'R-VII.F.1', code: 'TOO_LATE' });
    expect(small.state.extraBall).toBe('NONE');
  });

  it('R-VII.F.1: in the playoffs the extra ball is fixed at one (R-V.A.2, OQ-23)', () => {
    const m = newMatch({ machines: 2, playoff: true });
    expect(m.no(HOME, { type: 'setExtraBall', payload: { extraBall: 'NONE' } })).toMatchObject({ rule: 'R-V.A.2', code: 'PLAYOFF' });
    expect(m.state.extraBall).toBe('ONE');
  });

  it('R-VII.F.2: HOME may cap games at 3 balls at a venue with 1-3 machines, before the first game; the same refusals apply', () => {
    const m = newMatch({ machines: 1 });
    expect(m.state.maxThreeBalls).toBe(false);
    expect(m.no(AWAY, { type: 'setBallLimit', payload: { maxThreeBalls: true } })).toMatchObject({ rule: 'R-VII.F.2', code: 'NOT_CHOOSER' });
    m.ok(HOME, { type: 'setBallLimit', payload: { maxThreeBalls: true } });
    expect(m.state.maxThreeBalls).toBe(true);
    expect(newMatch({ machines: 5 }).no(HOME, { type: 'setBallLimit', payload: { maxThreeBalls: true } })).toMatchObject({ rule: 'R-VII.F.2', code: 'TOO_MANY_MACHINES' });
  });

  it('R-VII.F.2: refused once the first game has started; in the playoffs the ball-count option is still offered', () => {
    const m = newMatch({ machines: 2 });
    declareRound(m, 1);
    m.ok(AWAY, { type: 'startGame', payload: { round: 1, game: 1 } });
    expect(m.no(HOME, { type: 'setBallLimit', payload: { maxThreeBalls: true } })).toMatchObject({ rule: 'R-VII.F.2', code: 'TOO_LATE' });
    const playoff = newMatch({ machines: 2, playoff: true });
    playoff.ok(HOME, { type: 'setBallLimit', payload: { maxThreeBalls: true } });
    expect(playoff.state.maxThreeBalls).toBe(true);
  });
});

describe('time etiquette (R-VII.R)', () => {
  it('R-VII.R.1: either captain switches the 5-minute limit on; each later machine selection then has a deadline', () => {
    const m = reachRound(2);
    expect(selectionDeadline(m.state)).toBeNull();
    m.ok(AWAY, { type: 'enableTimeLimit', payload: {} }, at('21:00'));
    expect(m.state.timeLimitSince).toBe(at('21:00'));
    expect(selectionDeadline(m.state)).toEqual({ round: 2, side: HOME, by: at('21:05') });
    expect(m.no(HOME, { type: 'enableTimeLimit', payload: {} })).toMatchObject({ rule: 'R-VII.R.1', code: 'ALREADY_DONE' });
  });

  it('R-VII.R.1: a selection made after the limit is accepted and logged as an overrun (OQ-29)', () => {
    const late = reachRound(2);
    late.ok(HOME, { type: 'enableTimeLimit', payload: {} }, at('21:00'));
    const [declared] = late.ok(HOME, { type: 'declareLineup', payload: { round: 2, games: LINEUPS[2]!.fdGames } }, at('21:07'));
    expect(declared).toMatchObject({ type: 'LineupDeclared', round: 2, side: HOME, overrun: true });
    const onTime = reachRound(2);
    onTime.ok(HOME, { type: 'enableTimeLimit', payload: {} }, at('21:00'));
    const [ok] = onTime.ok(HOME, { type: 'declareLineup', payload: { round: 2, games: LINEUPS[2]!.fdGames } }, at('21:00') + 4 * MIN);
    expect(ok).toMatchObject({ type: 'LineupDeclared', overrun: false });
  });

  it('R-VII.R.1.1: once on, the limit goes off only when both captains agree', () => {
    const m = reachRound(2);
    expect(m.no(HOME, { type: 'propose', payload: { kind: 'TIME_LIMIT_OFF' } })).toMatchObject({ rule: 'R-VII.R.1.1', code: 'NOT_NEEDED' });
    m.ok(AWAY, { type: 'enableTimeLimit', payload: {} }, at('21:00'));
    m.ok(HOME, { type: 'propose', payload: { kind: 'TIME_LIMIT_OFF' } });
    const id = m.state.proposals[0]!.id;
    expect(m.no(HOME, { type: 'accept', payload: { proposalId: id } })).toMatchObject({ rule: 'R-VII.R.1.1', code: 'OWN_PROPOSAL' });
    expect(m.state.timeLimitSince).toBe(at('21:00'));
    m.ok(AWAY, { type: 'accept', payload: { proposalId: id } });
    expect(m.state.timeLimitSince).toBeNull();
    expect(selectionDeadline(m.state)).toBeNull();
  });
});

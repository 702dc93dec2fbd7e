import { describe, expect, it } from 'vitest';
import { matchResult, officialNotices, sheetStatus, standingsEntry } from '../../../shared';
import { AWAY, HOME, type Match } from '../harness';
import { declareRound, incident, newMatch, reachRound } from '../play';

/** Closed venues (R-VII.A), no working machine (R-VII.L.2.8) and moving matches (R-VII.N). */

const NEW_MACHINES = [{ id: 'X1', name: 'X1' }, { id: 'X2', name: 'X2' }];
const move = (cause: 'VENUE_CLOSED' | 'NO_WORKING_MACHINE', extra: Record<string, unknown> = {}) => ({
  type: 'relocate' as const,
  payload: { cause, venueName: 'Pinball Palace', leagueVenue: true, machines: NEW_MACHINES, ...extra },
});

/** A match at a one-machine venue whose machine failed in round 1 game 1: no working machine is left. */
function noMachineLeft(): Match {
  const m = newMatch({ machines: 1 });
  declareRound(m, 1, [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M1', players: ['A3', 'A4'] }], [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }]);
  m.order(1, 1, ['H1', 'A1', 'H2', 'A2']);
  m.score(HOME, 1, 1, 'H1', 10);
  incident(m, AWAY, 1, 1, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' });
  return m;
}

const proposeReschedule = (m: Match, by: 'HOME' | 'AWAY', date: string, venue: string) => {
  m.ok(by, { type: 'propose', payload: { kind: 'RESCHEDULE', date, venue } });
  return m.state.proposals[m.state.proposals.length - 1]!.id;
};

describe('closed venue (R-VII.A)', () => {
  it('R-VII.A.1: the relocation and the new venue are recorded; play continues on the new venue\'s machines', () => {
    const m = reachRound(2);
    m.ok(HOME, { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M3', players: ['H5', 'H6'] }, { machineId: 'M4', players: ['H1', 'H3'] }] } });
    const events = m.ok(HOME, move('VENUE_CLOSED'));
    expect(events[0]).toMatchObject({ type: 'Relocated', cause: 'VENUE_CLOSED', venueName: 'Pinball Palace', unseated: [{ round: 2, game: 1 }, { round: 2, game: 2 }] });
    expect(m.state.relocatedTo).toEqual({ venueName: 'Pinball Palace', leagueVenue: true, reason: '' });
    expect(m.state.machineStatus).toEqual({ M1: 'REMOVED', M2: 'REMOVED', M3: 'REMOVED', M4: 'REMOVED', X1: 'WORKING', X2: 'WORKING' });
    m.ok(HOME, { type: 'replaceMachine', payload: { round: 2, games: [{ game: 1, machineId: 'X1' }, { game: 2, machineId: 'X2' }] } });
    expect(m.state.rounds[1]!.games.map((g) => g.machineId)).toEqual(['X1', 'X2']);
  });

  it('R-VII.A.1.2: a venue outside the league needs a recorded reason', () => {
    const m = newMatch();
    expect(m.no(HOME, move('VENUE_CLOSED', { leagueVenue: false }))).toMatchObject({ rule: 'R-VII.A.1.2', code: 'REASON_MISSING' });
    m.ok(HOME, move('VENUE_CLOSED', { leagueVenue: false, venueName: 'Corner Arcade', reason: 'every league bar nearby is closed tonight' }));
    expect(m.state.relocatedTo).toEqual({ venueName: 'Corner Arcade', leagueVenue: false, reason: 'every league bar nearby is closed tonight' });
  });

  it('R-VII.A.1.3: only HOME sets where the match moves', () => {
    const m = newMatch();
    expect(m.no(AWAY, move('VENUE_CLOSED'))).toMatchObject({ rule: 'R-VII.A.1.3', code: 'NOT_CHOOSER' });
  });

  it('R-VII.A.1.4: rescheduling needs both teams to agree on the new date and venue', () => {
    const m = newMatch();
    expect(m.no(HOME, { type: 'propose', payload: { kind: 'RESCHEDULE', date: '', venue: 'The Bar' } })).toMatchObject({ rule: 'R-VII.A.1.4', code: 'BAD_SHAPE' });
    const id = proposeReschedule(m, HOME, '2026-10-08', 'Pinball Palace');
    expect(m.no(HOME, { type: 'accept', payload: { proposalId: id } })).toMatchObject({ rule: 'R-VII.A.1.4', code: 'OWN_PROPOSAL' });
    expect(m.state.rescheduled).toBeNull();
    m.ok(AWAY, { type: 'accept', payload: { proposalId: id } });
    expect(m.state.rescheduled).toEqual({ date: '2026-10-08', venue: 'Pinball Palace' });
    expect(m.no(HOME, { type: 'markArrived', payload: { playerId: 'H7', time: 0 } })).toMatchObject({ rule: 'R-VII.L.2.8.2', code: 'MATCH_CLOSED' });
  });

  it('R-VII.A.1.5: a team that refuses to move forfeits: loss and 0 points; the other team wins with 12', () => {
    const m = reachRound(3);
    expect(m.no(HOME, { type: 'recordRefusalToMove', payload: {} })).toMatchObject({ rule: 'R-VII.A.1.5', code: 'NO_MOVE' });
    expect(m.state.outcome).toBeNull();
    m.ok(HOME, move('VENUE_CLOSED'));
    m.ok(HOME, { type: 'recordRefusalToMove', payload: {} });
    expect(m.state.outcome).toEqual({ kind: 'REFUSED_TO_MOVE', refusing: AWAY });
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: HOME, points: { HOME: 12, AWAY: 0 }, how: 'refusal to move (R-VII.A.1.5)' });
  });
});

describe('no working machine left (R-VII.L.2.8)', () => {
  it('R-VII.A.1.5: with no machine working the match must move, so a refusal to move can be recorded before HOME names the venue', () => {
    const m = noMachineLeft();
    m.ok(AWAY, { type: 'recordRefusalToMove', payload: {} });
    expect(m.state.outcome).toEqual({ kind: 'REFUSED_TO_MOVE', refusing: HOME });
  });

  it('R-VII.L.2.8.1.2: the move goes to a league venue unless that is not possible, and then the reason is recorded', () => {
    const m = noMachineLeft();
    expect(m.no(HOME, move('NO_WORKING_MACHINE', { leagueVenue: false }))).toMatchObject({ rule: 'R-VII.L.2.8.1.2', code: 'REASON_MISSING' });
    m.ok(HOME, move('NO_WORKING_MACHINE', { leagueVenue: false, reason: 'the only league bar nearby is full' }));
    expect(m.state.relocatedTo?.reason).toBe('the only league bar nearby is full');
  });

  it('R-VII.L.2.8.1.3: HOME decides where; AWAY cannot set the venue', () => {
    const m = noMachineLeft();
    expect(m.no(AWAY, move('NO_WORKING_MACHINE'))).toMatchObject({ rule: 'R-VII.L.2.8.1.3', code: 'NOT_CHOOSER' });
    m.ok(HOME, move('NO_WORKING_MACHINE'));
  });

  it('R-VII.L.2.8.2: rescheduling needs a date both teams agree on', () => {
    const m = noMachineLeft();
    expect(m.no(AWAY, { type: 'propose', payload: { kind: 'RESCHEDULE', date: ' ', venue: 'The Bar' } })).toMatchObject({ rule: 'R-VII.L.2.8.2', code: 'BAD_SHAPE' });
    const id = proposeReschedule(m, AWAY, '2026-10-09', 'The Bar');
    m.ok(HOME, { type: 'accept', payload: { proposalId: id } });
    expect(m.state.rescheduled).toEqual({ date: '2026-10-09', venue: 'The Bar' });
  });

  it('R-VII.L.2.8.3: a match rescheduled because its machines failed is played at its regular bar', () => {
    const m = noMachineLeft();
    expect(m.no(HOME, { type: 'propose', payload: { kind: 'RESCHEDULE', date: '2026-10-09', venue: 'Pinball Palace' } })).toMatchObject({ rule: 'R-VII.L.2.8.3', code: 'NOT_REGULAR_VENUE' });
    proposeReschedule(m, HOME, '2026-10-09', 'The Bar');
  });

  it('R-VII.L.2.8.3.1: ... and only with both teams\' agreement', () => {
    const m = noMachineLeft();
    const id = proposeReschedule(m, HOME, '2026-10-09', 'The Bar');
    expect(m.no(HOME, { type: 'accept', payload: { proposalId: id } })).toMatchObject({ rule: 'R-VII.L.2.8.3.1', code: 'OWN_PROPOSAL' });
    m.ok(AWAY, { type: 'decline', payload: { proposalId: id } });
    expect(m.state.rescheduled).toBeNull();
  });

  it('R-VII.L.2.8.5: every move and every rescheduling is reported to the league', () => {
    const m = noMachineLeft();
    expect(officialNotices(m.state)).toEqual([]);
    m.ok(HOME, move('NO_WORKING_MACHINE', { leagueVenue: false, venueName: 'Corner Arcade', reason: 'no league bar open' }));
    expect(officialNotices(m.state)).toEqual([{ code: 'RELOCATED', text: 'The match moved to Corner Arcade (not a league venue: no league bar open)' }]);
    const r = noMachineLeft();
    r.ok(AWAY, { type: 'accept', payload: { proposalId: proposeReschedule(r, HOME, '2026-10-09', 'The Bar') } });
    expect(officialNotices(r.state)).toEqual([{ code: 'RESCHEDULED', text: 'The match was rescheduled to 2026-10-09 at The Bar' }]);
  });
});

describe('moving matches (R-VII.N)', () => {
  it('R-VII.N.1: the match cannot move while a machine of the venue still works', () => {
    const m = reachRound(2);
    expect(m.no(HOME, move('NO_WORKING_MACHINE'))).toMatchObject({ rule: 'R-VII.N.1', code: 'MACHINES_WORK' });
    expect(m.state.relocatedTo).toBeNull();
  });

  it('R-VII.N.2.1: a move without cause is recorded by a league official, not by a captain', () => {
    const m = reachRound(2);
    expect(m.no(HOME, { type: 'recordImproperMove', payload: {} })).toMatchObject({ rule: 'R-VII.D.2.4', code: 'FORBIDDEN' });
    m.ok({ role: 'commissioner' }, { type: 'recordImproperMove', payload: {} });
    expect(m.state.outcome).toEqual({ kind: 'IMPROPER_MOVE' });
    expect(m.no({ role: 'commissioner' }, { type: 'recordImproperMove', payload: {} })).toMatchObject({ rule: 'CALC-3', code: 'MATCH_CLOSED' });
  });

  it('R-VII.N.2.1.1: HOME then forfeits: a loss and 0 match points, whatever it had scored', () => {
    const m = reachRound(3);
    m.ok({ role: 'commissioner' }, { type: 'recordImproperMove', payload: {} });
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', points: { HOME: 0 } });
    expect(standingsEntry(m.state)!.HOME).toEqual({ result: 'L', points: 0 });
  });

  it('R-VII.N.2.1.2: AWAY then wins with 12 match points', () => {
    const m = reachRound(3);
    m.ok({ role: 'commissioner' }, { type: 'recordImproperMove', payload: {} });
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: AWAY, points: { HOME: 0, AWAY: 12 }, how: 'improper move (R-VII.N.2.1)' });
    expect(sheetStatus(m.state)).toBe('RULED');
    expect(standingsEntry(m.state)!.AWAY).toEqual({ result: 'W', points: 12 });
  });
});

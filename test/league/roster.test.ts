import { describe, expect, it } from 'vitest';
import { accepted, ids, League, local, people, refusalOf, registrationEdits, SEASON_START, team } from './fixtures';

/** R-II.0.1 and R-II.A: registering a roster, and the shape every roster keeps. */

const league = () => new League([team('hawks', 'MON'), team('aces', 'TUE')]);

describe('R-II.0.1 registration', () => {
  it('R-II.0.1: a roster submitted by one of its captains is registered', () => {
    const l = league();
    accepted(l.submit('hawks', 'REGISTRATION', SEASON_START, registrationEdits({ players: ids(1, 8), reserves: 2 }), local(SEASON_START, '09:00')));
    expect(l.roster('hawks', SEASON_START)).toHaveLength(8);
  });

  it('R-II.0.1: a roster that breaks II.A is refused at registration (5 players)', () => {
    const r = refusalOf(league().submit('hawks', 'REGISTRATION', SEASON_START, registrationEdits({ players: ids(1, 5) }), local(SEASON_START, '09:00')));
    expect(r).toMatchObject({ rule: 'R-II.A.1', code: 'ROSTER_SHAPE' });
    expect(r.message).toContain('R-II.0.1');
  });

  it('R-II.0.1: a roster submitted by someone who is not one of its captains is refused', () => {
    const r = refusalOf(league().submit('hawks', 'REGISTRATION', SEASON_START, registrationEdits({ players: ids(1, 8) }), local(SEASON_START, '09:00'), 'P5'));
    expect(r).toMatchObject({ rule: 'R-II.0.1', code: 'NOT_CAPTAIN' });
  });

  it('R-II.0.1: a team registers once; a change before its registration is refused', () => {
    const l = league();
    const before = refusalOf(l.change('hawks', '2024-09-01', [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }], '10:00', 'P1'));
    expect(before).toMatchObject({ rule: 'R-II.0.1', code: 'NOT_REGISTERED' });
    l.register('hawks', { players: ids(1, 8) });
    const twice = refusalOf(l.submit('hawks', 'REGISTRATION', SEASON_START, registrationEdits({ players: ids(1, 8) }), local(SEASON_START, '10:00')));
    expect(twice).toMatchObject({ rule: 'R-II.0.1', code: 'ALREADY_REGISTERED' });
  });
});

describe('R-II.A roster breakdown', () => {
  it('R-II.A.1: a 10-player roster adding an 11th is refused; dropping to 5 is refused', () => {
    const l = league();
    l.register('hawks', { players: ids(1, 10), reserves: 2 });
    expect(refusalOf(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P11', status: 'STARTER' }]))).toMatchObject({ rule: 'R-II.A.1', code: 'ROSTER_SHAPE' });
    const l2 = league();
    l2.register('hawks', { players: ids(1, 6) });
    expect(refusalOf(l2.change('hawks', '2024-10-01', [{ op: 'DROP', playerId: 'P6' }]))).toMatchObject({ rule: 'R-II.A.1', code: 'ROSTER_SHAPE' });
  });

  it('R-II.A.2: a roster with no captain, or with three, is refused (a registration without one has nobody to submit it, R-II.0.1)', () => {
    const none = refusalOf(league().submit('hawks', 'REGISTRATION', SEASON_START, registrationEdits({ players: ids(1, 8), captains: 0 }), local(SEASON_START, '09:00'), 'P1'));
    expect(none).toMatchObject({ rule: 'R-II.0.1', code: 'NOT_CAPTAIN' });
    const l = league();
    l.register('hawks', { players: ids(1, 8), captains: 2 });
    const three = refusalOf(l.change('hawks', '2024-10-01', [{ op: 'SET_CAPTAIN', playerId: 'P3', captain: true }]));
    expect(three).toMatchObject({ rule: 'R-II.A.2', code: 'ROSTER_SHAPE' });
    const zero = refusalOf(l.change('hawks', '2024-10-01', [{ op: 'SET_CAPTAIN', playerId: 'P1', captain: false }, { op: 'SET_CAPTAIN', playerId: 'P2', captain: false }]));
    expect(zero).toMatchObject({ rule: 'R-II.A.2', code: 'ROSTER_SHAPE' });
  });

  it('R-II.A.2: a captain cannot be made a RESERVE until the captaincy is handed to another starter', () => {
    const l = league();
    l.register('hawks', { players: ids(1, 8) });
    const r = refusalOf(l.change('hawks', '2024-10-01', [{ op: 'SET_STATUS', playerId: 'P1', status: 'RESERVE' }]));
    expect(r).toMatchObject({ rule: 'R-II.A.2', code: 'ROSTER_SHAPE' });
    expect(r.message).toContain('hand the captaincy');
    accepted(l.change('hawks', '2024-10-01', [
      { op: 'SET_CAPTAIN', playerId: 'P2', captain: true },
      { op: 'SET_CAPTAIN', playerId: 'P1', captain: false },
      { op: 'SET_STATUS', playerId: 'P1', status: 'RESERVE' },
    ]));
    expect(l.roster('hawks', '2024-10-01').find((m) => m.playerId === 'P1')).toEqual({ playerId: 'P1', status: 'RESERVE', captain: false });
  });

  it('R-II.A.3: a team with exactly 6 starters cannot make one a RESERVE', () => {
    const l = league();
    l.register('hawks', { players: ids(1, 8), reserves: 2 });
    expect(refusalOf(l.change('hawks', '2024-10-01', [{ op: 'SET_STATUS', playerId: 'P4', status: 'RESERVE' }]))).toMatchObject({ rule: 'R-II.A.3', code: 'ROSTER_SHAPE' });
  });

  it('R-II.A.4: a roster of 6 starters and 4 reserves cannot add a fifth reserve', () => {
    const l = league();
    l.register('hawks', { players: ids(1, 10), reserves: 4 });
    const r = refusalOf(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P11', status: 'RESERVE' }]));
    expect(r).toMatchObject({ rule: 'R-II.A.4', code: 'ROSTER_SHAPE' });
    expect(r.message).toContain('R-II.A.1');
  });

  it('R-II.A.6 / R-II.C.2: a player switches between STARTER and RESERVE mid-season by a roster change', () => {
    const l = league();
    l.register('hawks', { players: ids(1, 8), reserves: 1 });
    accepted(l.change('hawks', '2024-10-14', [{ op: 'SET_STATUS', playerId: 'P8', status: 'STARTER' }, { op: 'SET_STATUS', playerId: 'P3', status: 'RESERVE' }]));
    expect(l.roster('hawks', '2024-10-13').find((m) => m.playerId === 'P3')?.status).toBe('STARTER');
    expect(l.roster('hawks', '2024-10-14').find((m) => m.playerId === 'P3')?.status).toBe('RESERVE');
  });

  it('R-II.C.2: a switch to RESERVE that would leave 5 starters is refused', () => {
    const l = league();
    l.register('hawks', { players: ids(1, 7), reserves: 1 });
    expect(refusalOf(l.change('hawks', '2024-10-14', [{ op: 'SET_STATUS', playerId: 'P2', status: 'RESERVE' }]))).toMatchObject({ rule: 'R-II.A.3' });
    expect(refusalOf(l.change('hawks', '2024-10-14', [{ op: 'SET_STATUS', playerId: 'P30', status: 'RESERVE' }]))).toMatchObject({ rule: 'R-II.C.2', code: 'NOT_ON_ROSTER' });
  });

  it('OQ-27: a batch that adds one and drops one on a full roster is judged on its result only', () => {
    const l = league();
    l.register('hawks', { players: ids(1, 10), reserves: 2 });
    accepted(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P11', status: 'STARTER' }, { op: 'DROP', playerId: 'P10' }]));
    expect(l.roster('hawks', '2024-10-01').map((m) => m.playerId)).toContain('P11');
    const twice = refusalOf(l.change('hawks', '2024-10-08', [{ op: 'DROP', playerId: 'P9' }, { op: 'SET_STATUS', playerId: 'P9', status: 'STARTER' }]));
    expect(twice).toMatchObject({ rule: 'OQ-27', code: 'DUPLICATE_EDIT' });
  });

  it('R-II.A.1: an unknown player is refused before anything else', () => {
    const l = new League([team('hawks', 'MON')], { players: people(10) });
    l.register('hawks', { players: ids(1, 8) });
    expect(refusalOf(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P99', status: 'STARTER' }]))).toMatchObject({ rule: 'R-II.C.1', code: 'UNKNOWN_PLAYER' });
  });
});

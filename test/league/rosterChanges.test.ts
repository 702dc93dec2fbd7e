import { describe, expect, it } from 'vitest';
import { fixedOffsetZone, submitRosterRequest } from '../../shared/season/index';
import { accepted, ids, League, local, refusalOf, SEASON_END, team } from './fixtures';

/** R-II.C: roster changes during the season, their deadline and their limits; R-V.B.1.1: none after it. */

const league = () => {
  const l = new League([team('hawks', 'MON'), team('aces', 'TUE'), team('owls', 'WED')]);
  l.register('hawks', { players: ids(1, 8) });
  l.register('aces', { players: ids(11, 18) });
  return l;
};

describe('R-II.C.1 adding and dropping players', () => {
  it('R-II.C.1: players may be added and dropped at any point of the regular season', () => {
    const l = league();
    accepted(l.change('hawks', '2024-09-16', [{ op: 'ADD', playerId: 'P9', status: 'RESERVE' }]));
    accepted(l.change('hawks', '2024-11-25', [{ op: 'DROP', playerId: 'P9' }]));
    accepted(l.change('hawks', SEASON_END, [{ op: 'ADD', playerId: 'P10', status: 'RESERVE' }]));
    expect(l.roster('hawks', '2024-10-01').map((m) => m.playerId)).toContain('P9');
    expect(l.roster('hawks', SEASON_END).map((m) => m.playerId)).toContain('P10');
  });

  it('R-II.C.1.1 (SC-12.4): a player dropped on 1 October cannot be added back to the same team on 8 October', () => {
    const l = league();
    accepted(l.change('hawks', '2024-10-01', [{ op: 'DROP', playerId: 'P8' }]));
    const r = refusalOf(l.change('hawks', '2024-10-08', [{ op: 'ADD', playerId: 'P8', status: 'STARTER' }]));
    expect(r).toMatchObject({ rule: 'R-II.C.1.1', code: 'DROPPED' });
  });

  it('R-II.C.1.2 (SC-12.4): another team may add the dropped player', () => {
    const l = league();
    accepted(l.change('hawks', '2024-10-01', [{ op: 'DROP', playerId: 'P8' }]));
    accepted(l.change('aces', '2024-10-08', [{ op: 'ADD', playerId: 'P8', status: 'STARTER' }]));
    expect(l.roster('aces', '2024-10-08').map((m) => m.playerId)).toContain('P8');
  });

  it('R-II.C.1.3: a change that would leave an invalid roster is refused and says so', () => {
    const l = league();
    accepted(l.change('hawks', '2024-10-01', [{ op: 'DROP', playerId: 'P8' }, { op: 'DROP', playerId: 'P7' }]));
    const r = refusalOf(l.change('hawks', '2024-10-08', [{ op: 'DROP', playerId: 'P6' }]));
    expect(r).toMatchObject({ rule: 'R-II.A.1', code: 'ROSTER_SHAPE' });
    expect(r.message).toContain('R-II.C.1.3');
  });

  it('R-II.C.1: adding a player already on the roster, or dropping one who is not, is refused', () => {
    const l = league();
    expect(refusalOf(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P2', status: 'STARTER' }]))).toMatchObject({ rule: 'R-II.C.1', code: 'ALREADY_ON_ROSTER' });
    expect(refusalOf(l.change('hawks', '2024-10-01', [{ op: 'DROP', playerId: 'P40' }]))).toMatchObject({ rule: 'R-II.C.1', code: 'NOT_ON_ROSTER' });
  });

  it('R-II.C.1.3: a change dated before an accepted later change may not make that later change invalid', () => {
    const l = league();
    accepted(l.change('hawks', '2024-10-14', [{ op: 'DROP', playerId: 'P8' }, { op: 'DROP', playerId: 'P7' }], '10:00'));
    // Submitted later (on the 7th) for the 7th: fine on its own, but the 14th would then leave 5 players.
    const r = refusalOf(l.change('hawks', '2024-10-07', [{ op: 'DROP', playerId: 'P6' }]));
    expect(r).toMatchObject({ rule: 'R-II.A.1', code: 'ROSTER_SHAPE' });
    expect(r.message).toContain('change of 2024-10-14 invalid');
  });
});

describe('R-II.C.3 who submits, and the 16:00 deadline in league time', () => {
  it('R-II.C.3 (SC-12.4): a change for today submitted at 16:05 is refused; at 16:00 it is accepted', () => {
    const l = league();
    const late = refusalOf(l.change('hawks', '2024-10-07', [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }], '16:05'));
    expect(late).toMatchObject({ rule: 'R-II.C.3', code: 'DEADLINE' });
    expect(late.message).toContain('16:00');
    accepted(l.change('hawks', '2024-10-07', [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }], '16:00'));
  });

  it('R-II.C.3: a change for an earlier day is refused; one for a later day is accepted at any hour', () => {
    const l = league();
    const past = refusalOf(l.submit('hawks', 'CHANGE', '2024-10-06', [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }], local('2024-10-07', '09:00')));
    expect(past).toMatchObject({ rule: 'R-II.C.3', code: 'DEADLINE' });
    accepted(l.submit('hawks', 'CHANGE', '2024-10-08', [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }], local('2024-10-07', '23:30')));
  });

  it('R-II.C.3 / OQ-27b: the deadline is read in the league time zone, not UTC', () => {
    const l = league();
    // 20:30 UTC is 15:30 in the league's zone (UTC-5): still in time for today.
    const at = Date.UTC(2024, 9, 7, 20, 30);
    accepted(l.submit('hawks', 'CHANGE', '2024-10-07', [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }], at));
    // The same instant is 22:30 in a UTC+2 league: too late for the 7th there.
    const east = submitRosterRequest(
      { season: l.season, team: l.team('aces'), teams: l.teams, rosters: l.rosters, players: l.players, zone: fixedOffsetZone(120) },
      { id: 'x', kind: 'CHANGE', effective: '2024-10-07', requestedBy: 'P11', enteredBy: 'OFFICIAL', edits: [{ op: 'ADD', playerId: 'P19', status: 'STARTER', captain: false }], submittedAt: at },
    );
    expect(refusalOf(east)).toMatchObject({ rule: 'R-II.C.3', code: 'DEADLINE' });
  });

  it('R-II.C.3: a change asked for by someone who is not a captain of the team is refused', () => {
    const l = league();
    expect(refusalOf(l.change('hawks', '2024-10-07', [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }], '10:00', 'P4'))).toMatchObject({ rule: 'R-II.C.3', code: 'NOT_CAPTAIN' });
    expect(refusalOf(l.change('hawks', '2024-10-07', [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }], '10:00', 'P11'))).toMatchObject({ rule: 'R-II.C.3', code: 'NOT_CAPTAIN' });
  });

  it('R-II.C.3: the roster of a date is the one in force that day', () => {
    const l = league();
    accepted(l.change('hawks', '2024-10-07', [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }]));
    expect(l.roster('hawks', '2024-10-06').map((m) => m.playerId)).not.toContain('P9');
    expect(l.roster('hawks', '2024-10-07').map((m) => m.playerId)).toContain('P9');
  });
});

describe('R-V.B.1.1 no changes after the regular season', () => {
  it('R-V.B.1.1 (SC-12.4): a change dated after the end of the regular season is refused', () => {
    const l = league();
    const r = refusalOf(l.submit('hawks', 'CHANGE', '2024-12-10', [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }], local(SEASON_END, '09:00')));
    expect(r).toMatchObject({ rule: 'R-V.B.1.1', code: 'SEASON_OVER' });
  });

  it('R-V.B.1.1: a change sent after the end of the regular season is refused whatever date it names', () => {
    const l = league();
    const r = refusalOf(l.submit('hawks', 'CHANGE', SEASON_END, [{ op: 'ADD', playerId: 'P9', status: 'STARTER' }], local('2024-12-11', '09:00')));
    expect(r).toMatchObject({ rule: 'R-V.B.1.1', code: 'SEASON_OVER' });
  });
});

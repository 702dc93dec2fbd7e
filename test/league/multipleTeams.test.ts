import { describe, expect, it } from 'vitest';
import { checkWeekdayChange, eveningConflict } from '../../shared/season/index';
import { Match } from '../engine/harness';
import { accepted, ids, League, refusalOf, team } from './fixtures';

/** R-VII.P.1 (two teams, different weekdays) and R-VII.P.3.1 (one lineup per evening). */

const league = () => {
  const l = new League([team('mon', 'MON'), team('wed', 'WED'), team('thu', 'THU'), team('tue1', 'TUE'), team('tue2', 'TUE', 'south')]);
  l.register('mon', { players: ids(1, 8) });
  l.register('wed', { players: ids(11, 18) });
  l.register('thu', { players: ids(21, 28) });
  l.register('tue1', { players: ids(31, 38) });
  l.register('tue2', { players: ids(41, 48) });
  return l;
};

describe('R-VII.P.1 at most two teams, on different weekdays', () => {
  it('R-VII.P.1 (SC-12.4): Q, on a Monday and a Wednesday team, cannot join a Thursday team', () => {
    const l = league();
    accepted(l.change('wed', '2024-10-02', [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }]));
    const r = refusalOf(l.change('thu', '2024-10-03', [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }]));
    expect(r).toMatchObject({ rule: 'R-VII.P.1', code: 'TWO_TEAMS' });
    expect(r.message).toContain('already on two teams');
  });

  it('R-VII.P.1 (SC-12.4): R, on a Tuesday team, cannot join another Tuesday team', () => {
    const l = league();
    const r = refusalOf(l.change('tue2', '2024-10-01', [{ op: 'ADD', playerId: 'P33', status: 'RESERVE' }]));
    expect(r).toMatchObject({ rule: 'R-VII.P.1', code: 'TWO_TEAMS' });
    expect(r.message).toContain('Tuesday');
  });

  it('R-VII.P.1 / OQ-31: a team the player was dropped from no longer counts', () => {
    const l = league();
    accepted(l.change('wed', '2024-10-02', [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }]));
    accepted(l.change('mon', '2024-10-07', [{ op: 'DROP', playerId: 'P3' }]));
    accepted(l.change('thu', '2024-10-10', [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }]));
  });

  it('R-VII.P.1: a third team dated before an accepted later drop is still refused for the days in between', () => {
    const l = league();
    accepted(l.change('wed', '2024-10-02', [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }]));
    accepted(l.change('mon', '2024-10-14', [{ op: 'DROP', playerId: 'P3' }], '09:00'));
    expect(refusalOf(l.change('thu', '2024-10-10', [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }]))).toMatchObject({ rule: 'R-VII.P.1' });
  });

  it('R-VII.P.1: a team cannot move to the weekday of a team one of its players is also on', () => {
    const l = league();
    accepted(l.change('wed', '2024-10-02', [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }]));
    const moved = { ...l.team('wed'), weekday: 'MON' as const };
    const r = checkWeekdayChange(moved, l.rosters, l.teams.map((t) => (t.id === 'wed' ? moved : t)), (id) => id);
    expect(r).toMatchObject({ rule: 'R-VII.P.1', code: 'TWO_TEAMS' });
    expect(checkWeekdayChange({ ...l.team('wed'), weekday: 'FRI' }, l.rosters, l.teams, (id) => id)).toBeNull();
  });
});

describe('R-VII.P.3.1 one match lineup per player per evening', () => {
  it('R-VII.P.3.1: a player written into a lineup of one match that evening is refused in the other', () => {
    const other = new Match();
    other.arrive('AWAY', ['A1', 'A2', 'A3', 'A4'], other.clock);
    other.arrive('HOME', ['H1', 'H2', 'H3', 'H4'], other.clock);
    other.ok('AWAY', { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M2', players: ['A3', 'A4'] }] } });
    const tonight = [{ matchId: 'm2', label: 'Owls v Larks', state: other.state }];
    const r = eveningConflict(['P9', 'A2'], tonight, (id) => `Player ${id}`);
    expect(r).toEqual({ rule: 'R-VII.P.3.1', code: 'TWO_TEAMS', message: 'Player A2 is already in a lineup of Owls v Larks tonight: a player on two teams plays in only one of their matches on an evening.' });
    expect(eveningConflict(['P9', 'A5'], tonight, (id) => id)).toBeNull();
  });
});

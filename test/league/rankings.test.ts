import { describe, expect, it } from 'vitest';
import { buildRestrictedList, restrictedPlayers } from '../../shared/season/index';
import { accepted, ids, League, local, people, refusalOf, registrationEdits, SEASON_START, season, team } from './fixtures';

/** R-II.B: the IFPA ranking caps on joining, grandfathering, and the season's top-150 list. */

const ranked = (ranks: Record<string, number>) => new League([team('hawks', 'MON'), team('aces', 'TUE')], { players: people(80, ranks) });

describe('R-II.B.1 ranking caps when a team forms or a player joins', () => {
  it('R-II.B.1.1: a registration with three players in the IFPA top 500 is refused', () => {
    const l = ranked({ P2: 300, P3: 410, P4: 499 });
    const r = refusalOf(l.submit('hawks', 'REGISTRATION', SEASON_START, registrationEdits({ players: ids(1, 8) }), local(SEASON_START, '09:00')));
    expect(r).toMatchObject({ rule: 'R-II.B.1.1', code: 'RANKING_CAP' });
    expect(r.message).toContain('Player 4 #499');
  });

  it('R-II.B.1.2: a registration with two players in the IFPA top 150 is refused', () => {
    const l = ranked({ P2: 10, P3: 150 });
    expect(refusalOf(l.submit('hawks', 'REGISTRATION', SEASON_START, registrationEdits({ players: ids(1, 8) }), local(SEASON_START, '09:00')))).toMatchObject({ rule: 'R-II.B.1.2', code: 'RANKING_CAP' });
  });

  it('R-II.B.1.2 (SC-10.5): a team adding a second top-150 player is refused', () => {
    const l = ranked({ P2: 90, P20: 140 });
    l.register('hawks', { players: ids(1, 8) });
    expect(refusalOf(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P20', status: 'STARTER' }]))).toMatchObject({ rule: 'R-II.B.1.2', code: 'RANKING_CAP' });
  });

  it('R-II.B.1.1 (SC-10.5): a team with two top-500 players adding a third is refused; an unranked newcomer is not', () => {
    const l = ranked({ P2: 200, P3: 480, P20: 151 });
    l.register('hawks', { players: ids(1, 8) });
    expect(refusalOf(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P20', status: 'STARTER' }]))).toMatchObject({ rule: 'R-II.B.1.1', code: 'RANKING_CAP' });
    accepted(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P21', status: 'STARTER' }]));
  });

  it('R-II.B.1: the rank used is the one recorded when the change is submitted, and it is kept with the change', () => {
    const l = ranked({ P20: 120 });
    l.register('hawks', { players: ids(1, 8) });
    accepted(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P20', status: 'STARTER' }]));
    const batch = l.rosters.teams.hawks!.batches.at(-1)!;
    expect(batch.ranks.P20).toBe(120);
    l.players.set('P20', { ...l.players.get('P20')!, ifpaRank: 3000 });
    expect(l.rosters.teams.hawks!.batches.at(-1)!.ranks.P20).toBe(120);
  });

  it('R-II.B.1.3 (SC-10.5): a player who rose into the top 150 while on the roster stays, and changes that add nobody are still accepted', () => {
    const l = ranked({ P2: 130 });
    l.register('hawks', { players: ids(1, 8) });
    l.players.set('P3', { ...l.players.get('P3')!, ifpaRank: 100 }); // P3 climbs mid-season: two top-150 players now
    accepted(l.change('hawks', '2024-10-01', [{ op: 'SET_STATUS', playerId: 'P8', status: 'RESERVE' }]));
    accepted(l.change('hawks', '2024-10-08', [{ op: 'DROP', playerId: 'P7' }]));
    expect(l.roster('hawks', '2024-10-08').map((m) => m.playerId)).toContain('P3');
  });

  it('OQ-26: grandfathered players count when someone joins', () => {
    const l = ranked({ P2: 130 });
    l.register('hawks', { players: ids(1, 8) });
    l.players.set('P3', { ...l.players.get('P3')!, ifpaRank: 100 });
    const r = refusalOf(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P21', status: 'STARTER' }]));
    expect(r).toMatchObject({ rule: 'R-II.B.1.2', code: 'RANKING_CAP' });
  });

  it('OQ-26: grandfathering survives into the next season while membership is continuous', () => {
    const l = ranked({ P2: 100, P3: 300, P4: 400 });
    // Every player continues from last season's team: no addition, so no cap check.
    accepted(l.submit('hawks', 'REGISTRATION', SEASON_START, registrationEdits({ players: ids(1, 8) }), local(SEASON_START, '09:00'), 'P1', ids(1, 8)));
    // A newcomer among them makes the registration an addition: all currently ranked players count.
    const r = refusalOf(l.submit('aces', 'REGISTRATION', SEASON_START, registrationEdits({ players: ids(1, 8) }), local(SEASON_START, '09:00'), 'P1', ids(1, 7)));
    expect(r.rule).toBe('R-II.B.1.1');
  });
});

describe('R-II.B.2 the season top-150 list', () => {
  it('R-II.B.2: the list holds the players ranked in the top 150 on the reference date', () => {
    const list = buildRestrictedList(season(), [...people(20, { P4: 150, P5: 151, P6: 1 }).values()], '2024-08-15', 1, '2024-08-15');
    expect(list).toEqual({ ok: true, value: { referenceDate: '2024-08-15', builtAt: 1, playerIds: ['P4', 'P6'] } });
  });

  it('R-II.B.2.1: a player on the list is restricted whatever their rank when they joined', () => {
    const l = ranked({ P2: 400 });
    l.register('hawks', { players: ids(1, 8) }); // joined at 400
    const s = { ...season(), restrictedList: { referenceDate: '2024-08-31', builtAt: 0, playerIds: ['P2'] } };
    expect(restrictedPlayers(s, l.rosters).has('P2')).toBe(true);
  });

  it('R-II.B.2.2: the list is fixed once the season has started; before that it may be rebuilt', () => {
    const s = { ...season(), restrictedList: { referenceDate: '2024-08-15', builtAt: 1, playerIds: [] } };
    const r = buildRestrictedList(s, [], '2024-09-10', 2, '2024-09-10');
    expect(r).toMatchObject({ ok: false, refusal: { rule: 'R-II.B.2.2', code: 'LIST_FIXED' } });
    expect(buildRestrictedList(s, [], '2024-08-20', 2, '2024-08-20').ok).toBe(true);
  });

  it('R-II.B.2.2 / OQ-26b: a player joining mid-season is judged on their rank at joining; nobody else changes', () => {
    const l = ranked({ P20: 140, P21: 160 });
    l.register('hawks', { players: ids(1, 8) });
    l.season = { ...l.season, restrictedList: { referenceDate: '2024-08-31', builtAt: local('2024-08-31'), playerIds: [] } };
    accepted(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P20', status: 'STARTER' }]));
    accepted(l.change('hawks', '2024-10-08', [{ op: 'ADD', playerId: 'P21', status: 'STARTER' }]));
    l.players.set('P3', { ...l.players.get('P3')!, ifpaRank: 5 }); // climbs, but is not re-evaluated
    expect([...restrictedPlayers(l.season, l.rosters)]).toEqual(['P20']);
  });
});

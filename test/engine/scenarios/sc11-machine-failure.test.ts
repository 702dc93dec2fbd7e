import { describe, expect, it } from 'vitest';
import { currentEntries } from '../../../shared';
import { AWAY, HOME } from '../harness';
import { answer, declare, eveningMatch, gameOf, lastEntryOf, outcome, play, playEvening, points, refusedDeclaration, seatInDeclaredOrder, slot } from './script';

describe('SC-11 machine failure during a round (R-VII.L.2.3, R-VII.L.2.3.2, R-VII.L.2.7, R-VII.L.2.7.1, R-VII.L.2.7.1.1, R-VII.L.2.7.1.2, R-VII.L.2.7.2, R-VII.O.3, R-III.B.6, OQ-38)', () => {
  it('SC-11: M2 fails outright in R3 G3; AWAY (its chooser) moves G3 and G4 to M3; only those lineups may change; G3 starts again', () => {
    const m = eveningMatch();
    playEvening(m, [[HOME, AWAY], [HOME, AWAY]]);
    // R3 (AWAY FD): G1, G2 on M1; G3, G4 on M2
    declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M2', 'A3'), slot('M2', 'A4')]);
    declare(m, HOME, 3, [answer('H1'), answer('H2'), answer('H3'), answer('H4')]);
    m.ok(HOME, { type: 'startGame', payload: { round: 3, game: 1 } });
    m.ok(HOME, { type: 'startGame', payload: { round: 3, game: 2 } });
    seatInDeclaredOrder(m, 3, 3);
    m.score(HOME, 3, 3, 'H3', 4_000_000); // G3 started: H3 has played ball 1
    m.ok(AWAY, { type: 'enterScore', payload: { round: 3, game: 3, playerId: 'A3', points: 2_000_000 } });
    const unconfirmed = lastEntryOf(m, AWAY);
    expect(gameOf(m.state, 3, 4).startedAt).toBeNull();

    // 1. M2's left flipper sticks during G3: a major failure, recorded and confirmed; M2 is eliminated (R-VII.L.2.3)
    m.ok(HOME, { type: 'recordIncident', payload: { round: 3, game: 3, incident: { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE', note: 'left flipper stuck' } } });
    expect(m.state.machineStatus.M2).toBe('WORKING');
    m.ok(AWAY, { type: 'confirmEntry', payload: { entryId: lastEntryOf(m, HOME) } });
    expect(m.state.machineStatus.M2).toBe('ELIMINATED');
    // the failed game and the unstarted game on M2 both wait for a machine (OQ-38); G1, G2 go on
    expect(m.state.rounds[2]!.games.map((g) => g.awaitingMachine)).toEqual([false, false, true, true]);
    expect(gameOf(m.state, 3, 1)).toMatchObject({ machineId: 'M1', awaitingMachine: false });

    // 2. the replacement is AWAY's (R-VII.L.2.7) and must respect VII.O (R-VII.O.3)
    expect(m.no(HOME, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M3' }, { game: 4, machineId: 'M3' }] } }).rule).toBe('R-VII.L.2.7');
    expect(m.no(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M1' }] } }).rule).toBe('R-VII.O.3');
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M3' }, { game: 4, machineId: 'M3' }] } });
    expect(m.state.rounds[2]!.games.map((g) => g.machineId)).toEqual(['M1', 'M1', 'M3', 'M3']);

    // 3. HOME swaps its G3 and G4 players (R-VII.L.2.7.1.1); G1 stays (R-VII.L.2.7.1.2); A1 is already in G1 (R-III.B.6)
    m.ok(HOME, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 3, players: ['H4'] }, { game: 4, players: ['H3'] }] } });
    expect(m.state.rounds[2]!.games.map((g) => g.players.HOME)).toEqual([['H1'], ['H2'], ['H4'], ['H3']]);
    expect(m.no(HOME, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 1, players: ['H5'] }] } }).rule).toBe('R-VII.L.2.7.1.2');
    expect(m.no(AWAY, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 4, players: ['A1'] }] } }).rule).toBe('R-III.B.6');

    // 4. G3 is replayed from scratch: its earlier scores no longer count (R-VII.L.2.7.2)
    const g3 = gameOf(m.state, 3, 3);
    expect(g3.startedAt).toBeNull();
    expect(currentEntries(m.state, 3, 3, g3.generation)).toEqual([]);
    expect(m.no(HOME, { type: 'confirmEntry', payload: { entryId: unconfirmed } }).rule).toBe('R-VII.L.2.7.2');
    play(m, 3, 1, HOME);
    play(m, 3, 2, HOME);
    play(m, 3, 3, AWAY);
    play(m, 3, 4, AWAY);
    expect(outcome(m, 3, 3)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 1_000_000, AWAY: 10_000_000 } });
    expect(points(m)).toEqual({ HOME: 6, AWAY: 6 });
    // R4: M2 cannot be selected again (R-VII.L.2.3.2)
    expect(refusedDeclaration(m, HOME, 4, [slot('M2', 'H5'), slot('M1', 'H6'), slot('M3', 'H7'), slot('M4', 'H8')]).rule).toBe('R-VII.L.2.3.2');
    declare(m, HOME, 4, [slot('M1', 'H5'), slot('M1', 'H6'), slot('M3', 'H7'), slot('M4', 'H8')]);
  });
});

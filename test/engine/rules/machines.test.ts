import { describe, expect, it } from 'vitest';
import { countedScore, type CommandInput, currentEntries, gameOutcome, type Incident, type ScoreEntry } from '../../../shared';
import { answerLineup, AWAY, firstLineup, HOME, Match, playDoubles, readyMatch } from '../harness';

/** Machines of a round (R-VII.O, SC-02) and play one game at a time (R-VII.O.5). */

const r3 = (...machines: string[]) => firstLineup(3, ...machines.map((m, i): [string, string] => [m, `A${i + 1}`]));

/** Through round 2 at a venue of `n` working machines, AWAY about to declare round 3 (SC-02 setup). */
function atRound3(machines = 3) {
  const m = readyMatch({ machines });
  const two = machines === 1 ? ['M1', 'M1'] : ['M1', 'M2'];
  m.ok(AWAY, firstLineup(1, [two[0]!, 'A1', 'A2'], [two[1]!, 'A3', 'A4']));
  m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']));
  m.playRound(1, [HOME, HOME]);
  m.ok(HOME, firstLineup(2, [two[0]!, 'H5', 'H6'], [two[1]!, 'H1', 'H3']));
  m.ok(AWAY, answerLineup(2, ['A5', 'A6'], ['A1', 'A3']));
  m.playRound(2, [AWAY, AWAY]);
  return m;
}

describe('machines per round (R-VII.O.1-4)', () => {
  it('R-VII.O.1: with more than one working machine, any working machine may be chosen', () => {
    const m = readyMatch();
    m.ok(AWAY, firstLineup(1, ['M4', 'A1', 'A2'], ['M3', 'A3', 'A4']));
    expect(m.state.rounds[0]!.games.map((g) => g.machineId)).toEqual(['M4', 'M3']);
  });

  it('R-VII.O.2: with more than one working machine, a round uses at least 2 machines (SC-02 step 1)', () => {
    const m = readyMatch({ machines: 3 });
    const r = m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M1', 'A3', 'A4']));
    expect(r.rule).toBe('R-VII.O.2');
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M3', 'A3', 'A4']));
  });

  it('R-VII.O.2: a singles round too, even with 2 games on each allowed', () => {
    const m = atRound3();
    expect(m.no(AWAY, r3('M2', 'M2', 'M2', 'M2')).rule).toBe('R-VII.O.3');
    expect(m.no(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M1', 'A3'], ['M1', 'A4'])).rule).toBe('R-VII.O.3');
  });

  it('R-VII.O.3: no more than 2 games of a round on one machine (SC-02 step 4)', () => {
    const m = atRound3();
    expect(m.no(AWAY, r3('M1', 'M1', 'M1', 'M2')).rule).toBe('R-VII.O.3');
    m.ok(AWAY, r3('M1', 'M1', 'M2', 'M2'));
    expect(m.state.rounds[2]!.games.map((g) => g.machineId)).toEqual(['M1', 'M1', 'M2', 'M2']);
  });

  it('R-VII.O.3: with exactly 2 working machines a singles round is split 2 + 2', () => {
    const m = atRound3(2);
    expect(m.no(AWAY, r3('M1', 'M2', 'M2', 'M2')).rule).toBe('R-VII.O.3');
    m.ok(AWAY, r3('M2', 'M1', 'M2', 'M1'));
  });

  it('R-VII.O.3: at a one-machine venue all four singles games go on that machine (SC-02 step 6)', () => {
    const m = atRound3(1);
    expect(m.state.rounds.slice(0, 2).flatMap((r) => r.games.map((g) => g.machineId))).toEqual(['M1', 'M1', 'M1', 'M1']);
    m.ok(AWAY, r3('M1', 'M1', 'M1', 'M1'));
    expect(m.state.rounds[2]!.games.map((g) => g.machineId)).toEqual(['M1', 'M1', 'M1', 'M1']);
  });

  it('R-VII.O.4: M1 and M2 can host every round; nobody has to rotate machines', () => {
    const m = atRound3(4);
    m.ok(AWAY, r3('M1', 'M1', 'M2', 'M2'));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H5'], ['H6']));
    m.playRound(3, [HOME, AWAY, HOME, AWAY]);
    m.ok(HOME, firstLineup(4, ['M2', 'H1'], ['M1', 'H2'], ['M2', 'H3'], ['M1', 'H4']));
    const used = new Set(m.state.rounds.flatMap((r) => r.games.map((g) => g.machineId)));
    expect([...used].sort()).toEqual(['M1', 'M2']);
  });

  it('R-VII.O.2 / R-VII.L.1.2.3: a machine removed by both captains is not working any more (SC-02 step 5)', () => {
    const m = atRound3();
    m.ok(AWAY, r3('M1', 'M1', 'M2', 'M2'));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H5'], ['H6']));
    m.playRound(3, [HOME, AWAY, HOME, AWAY]);
    m.ok(HOME, { type: 'propose', payload: { kind: 'REMOVE_MACHINE', machineId: 'M3' } });
    m.ok(AWAY, { type: 'accept', payload: { proposalId: m.state.proposals[0]!.id } });
    expect(m.state.machineStatus).toEqual({ M1: 'WORKING', M2: 'WORKING', M3: 'REMOVED' });
    expect(m.no(HOME, firstLineup(4, ['M3', 'H1'], ['M1', 'H2'], ['M2', 'H3'], ['M1', 'H4'])).rule).toBe('R-VII.L.1.2.3');
    expect(m.no(AWAY, { type: 'propose', payload: { kind: 'REMOVE_MACHINE', machineId: 'M2' } }).rule).toBe('R-VII.L.1.2.2');
    m.ok(HOME, firstLineup(4, ['M2', 'H1'], ['M1', 'H2'], ['M2', 'H3'], ['M1', 'H4']));
  });
});

describe('one game at a time (R-VII.O.5)', () => {
  const sideBySide = (round: number, game: number, incident: Omit<Incident, 'kind'>): CommandInput =>
    ({ type: 'recordIncident', payload: { round, game, incident: { kind: 'SIDE_BY_SIDE', ...incident } } });

  /** Round 1 declared and ordered, one-at-a-time agreed; G1 under way (H1 has a ball-1 score in). */
  function agreed() {
    const m = readyMatch();
    m.ok(HOME, { type: 'propose', payload: { kind: 'ONE_AT_A_TIME' } });
    m.ok(AWAY, { type: 'accept', payload: { proposalId: m.state.proposals[0]!.id } });
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']));
    m.order(1, 1, ['H1', 'A1', 'H2', 'A2']);
    m.order(1, 2, ['H3', 'A3', 'H4', 'A4']);
    m.ok(HOME, { type: 'startGame', payload: { round: 1, game: 1 } });
    return m;
  }
  const confirmLast = (m: Match, by: 'HOME' | 'AWAY') => m.ok(by, { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
  const scoresOf = (m: Match, round: number, game: number) => {
    const g = m.game(round, game);
    return currentEntries(m.state, round, game, g.generation).filter((e): e is ScoreEntry => e.kind === 'SCORE');
  };

  it('R-VII.O.5.1: both captains may agree to play one game at a time; the agreement is recorded once', () => {
    const m = readyMatch();
    m.ok(HOME, { type: 'propose', payload: { kind: 'ONE_AT_A_TIME' } });
    expect(m.state.oneAtATime).toBe(false);
    m.ok(AWAY, { type: 'accept', payload: { proposalId: m.state.proposals[0]!.id } });
    expect(m.state.oneAtATime).toBe(true);
    expect(m.no(AWAY, { type: 'propose', payload: { kind: 'ONE_AT_A_TIME' } }).rule).toBe('R-VII.O.5.1');
  });

  it('R-VII.O.5.2: a game started beside another is an incident only under the one-at-a-time agreement', () => {
    const m = readyMatch();
    playDoubles(m);
    const r = m.no(HOME, sideBySide(2, 2, { side: AWAY, playerId: 'A1' }));
    expect(r.rule).toBe('R-VII.O.5.2');
  });

  it('R-VII.O.5.2.1 / R-VII.O.5.2.1.1: when the second game\'s players had all finished ball 1, both games go on', () => {
    const m = agreed();
    m.ok(AWAY, { type: 'startGame', payload: { round: 1, game: 2 } });
    m.score(HOME, 1, 2, 'H3', 500_000);
    m.ok(HOME, sideBySide(1, 2, { side: AWAY, playerId: 'A3', note: 'stop asked after every ball 1' }));
    confirmLast(m, AWAY);
    expect(m.game(1, 2).generation).toBe(0);
    expect(scoresOf(m, 1, 2).map((e) => [e.playerId, e.points])).toEqual([['H3', 500_000]]);
  });

  it('R-VII.O.5.2.1.2: a second game stopped before all its ball 1s were done starts over, and its scores so far no longer count', () => {
    const m = agreed();
    m.ok(AWAY, { type: 'startGame', payload: { round: 1, game: 2 } });
    m.score(HOME, 1, 2, 'H3', 500_000);
    m.ok(HOME, sideBySide(1, 2, { side: AWAY, playerId: 'A3', action: 'RESTART_GAME' }));
    confirmLast(m, AWAY);
    expect(m.game(1, 2).generation).toBe(1);
    expect(scoresOf(m, 1, 2)).toEqual([]);
    expect(gameOutcome(m.state, m.game(1, 2))).toEqual({ kind: 'PENDING' });
  });

  it('R-VII.O.5.2.2: a first-game player set beside an opponent adds a compensation ball 1 to their score', () => {
    const m = agreed();
    m.ok(AWAY, { type: 'startGame', payload: { round: 1, game: 2 } });
    m.ok(AWAY, sideBySide(1, 1, { side: HOME, playerId: 'H1', note: 'A3 started beside H1' }));
    confirmLast(m, HOME);
    m.score(HOME, 1, 1, 'H1', 10_000_000);
    m.score(HOME, 1, 1, 'H1', 2_500_000, 2);
    expect(countedScore(scoresOf(m, 1, 1), 'H1')).toBe(12_500_000);
  });

  it('R-VII.O.5.2.2.1: H2, who began a ball while A3 was playing next door, gets no extra ball', () => {
    const m = agreed();
    m.ok(AWAY, { type: 'startGame', payload: { round: 1, game: 2 } });
    m.ok(AWAY, sideBySide(1, 1, { side: HOME, playerId: 'H1', note: 'H1 compensated; H2 started beside A3 and gets none' }));
    confirmLast(m, HOME);
    m.score(HOME, 1, 1, 'H2', 10_000_000);
    const r = m.no(HOME, { type: 'enterScore', payload: { round: 1, game: 1, playerId: 'H2', points: 1_000_000, segment: 2 } });
    expect(r.rule).toBe('R-VII.L.2.5.2');
  });

  it('R-VII.O.5.2.3: teammates side by side get no compensation ball', () => {
    const m = agreed();
    m.ok(HOME, { type: 'startGame', payload: { round: 1, game: 2 } });
    m.ok(AWAY, sideBySide(1, 2, { side: HOME, playerId: 'H3', note: 'H3 beside teammate H1: no compensation' }));
    confirmLast(m, HOME);
    m.score(HOME, 1, 1, 'H1', 10_000_000);
    const r = m.no(HOME, { type: 'enterScore', payload: { round: 1, game: 1, playerId: 'H1', points: 1_000_000, segment: 2 } });
    expect(r.rule).toBe('R-VII.L.2.5.2');
  });

  it('R-VII.O.5.2.4: when it is unclear which started first, every game without all its ball 1s is restarted', () => {
    const m = agreed();
    m.ok(AWAY, { type: 'startGame', payload: { round: 1, game: 2 } });
    m.score(HOME, 1, 1, 'H1', 1_000_000);
    m.score(AWAY, 1, 2, 'A3', 2_000_000);
    m.ok(HOME, sideBySide(1, 1, { side: HOME, playerId: 'H1', action: 'RESTART_GAME', note: 'unclear which game started first' }));
    confirmLast(m, AWAY);
    m.ok(HOME, sideBySide(1, 2, { side: AWAY, playerId: 'A3', action: 'RESTART_GAME', note: 'unclear which game started first' }));
    confirmLast(m, AWAY);
    expect([m.game(1, 1).generation, m.game(1, 2).generation]).toEqual([1, 1]);
    expect([...scoresOf(m, 1, 1), ...scoresOf(m, 1, 2)]).toEqual([]);
  });
});

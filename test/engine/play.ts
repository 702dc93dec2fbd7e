import type { DeclaredGame, Side } from '../../shared';
import { at, AWAY, HOME, Match, type SetupOptions } from './harness';

/**
 * Shortcuts to a given point of a lawful match (the lineups of fullMatch.test.ts), so a rule test starts where its
 * rule applies: round r about to be declared, a round declared and under way, or an 8-8 tie after round 4.
 */

/** The lineups every test uses, round by round: FD's games (with machines), then SD's players. */
export const LINEUPS: Record<number, { fd: Side; fdGames: DeclaredGame[]; sdGames: DeclaredGame[]; orders: string[][] }> = {
  1: {
    fd: AWAY,
    fdGames: [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M2', players: ['A3', 'A4'] }],
    sdGames: [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }],
    orders: [['H1', 'A1', 'H2', 'A2'], ['H3', 'A3', 'H4', 'A4']],
  },
  2: {
    fd: HOME,
    fdGames: [{ machineId: 'M3', players: ['H5', 'H6'] }, { machineId: 'M4', players: ['H1', 'H3'] }],
    sdGames: [{ players: ['A5', 'A6'] }, { players: ['A1', 'A3'] }],
    orders: [['A5', 'H5', 'A6', 'H6'], ['A1', 'H1', 'A3', 'H3']],
  },
  3: {
    fd: AWAY,
    fdGames: [{ machineId: 'M1', players: ['A1'] }, { machineId: 'M2', players: ['A2'] }, { machineId: 'M1', players: ['A3'] }, { machineId: 'M2', players: ['A4'] }],
    sdGames: [{ players: ['H5'] }, { players: ['H6'] }, { players: ['H2'] }, { players: ['H4'] }],
    orders: [],
  },
  4: {
    fd: HOME,
    fdGames: [{ machineId: 'M1', players: ['H1'] }, { machineId: 'M2', players: ['H2'] }, { machineId: 'M1', players: ['H3'] }, { machineId: 'M2', players: ['H4'] }],
    sdGames: [{ players: ['A5'] }, { players: ['A6'] }, { players: ['A2'] }, { players: ['A4'] }],
    orders: [],
  },
};

/** A match with H1-H6 and A1-A6 present from before 20:00, the clock at 20:01. */
export function newMatch(o: SetupOptions = {}): Match {
  const m = new Match(o);
  m.arrive(HOME, ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'], at('19:50'));
  m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], at('19:55'));
  m.clock = at('20:01');
  return m;
}

/** Declares both lineups of a round (the standard ones unless given) and sets the doubles play orders. */
export function declareRound(m: Match, round: number, fdGames?: DeclaredGame[], sdGames?: DeclaredGame[]) {
  const l = LINEUPS[round]!;
  const sd: Side = l.fd === HOME ? AWAY : HOME;
  m.ok(l.fd, { type: 'declareLineup', payload: { round, games: fdGames ?? l.fdGames } });
  m.ok(sd, { type: 'declareLineup', payload: { round, games: sdGames ?? l.sdGames } });
  if (!fdGames && !sdGames) l.orders.forEach((order, i) => m.order(round, i + 1, order));
}

/** The players of a game, by side. */
export function playersOf(m: Match, round: number, game: number): Record<Side, string[]> {
  const g = m.state.rounds[round - 1]!.games[game - 1]!;
  return g.seated ?? g.players;
}

/**
 * Enters (and has the other team confirm) every score of a game: each player of `winner` scores 2,000,000 and each
 * opponent 1,000,000; 'EQUAL' gives everyone 1,000,000. HOME enters HOME's scores, AWAY AWAY's.
 */
export function playGame(m: Match, round: number, game: number, winner: Side | 'EQUAL') {
  const p = playersOf(m, round, game);
  for (const side of [HOME, AWAY]) {
    const pts = winner === side ? 2_000_000 : 1_000_000;
    for (const id of p[side]) m.score(side, round, game, id, pts);
  }
}

/** Declares a round with the standard lineups and plays every game; `winners` gives each game's winner. */
export function playRound(m: Match, round: number, winners: readonly Side[]) {
  declareRound(m, round);
  winners.forEach((w, i) => playGame(m, round, i + 1, w));
}

/** Default results: HOME wins rounds 1-3, AWAY round 4 (12-4 to HOME). */
const DEFAULT_WINNERS: Record<number, Side[]> = {
  1: [HOME, HOME],
  2: [HOME, HOME],
  3: [HOME, HOME, HOME, HOME],
  4: [AWAY, AWAY, AWAY, AWAY],
};

/** A match whose rounds before `round` are played (HOME leading), with round `round` not yet declared. */
export function reachRound(round: number, o: SetupOptions = {}, winners: Record<number, readonly Side[]> = DEFAULT_WINNERS): Match {
  const m = newMatch(o);
  for (let r = 1; r < round; r++) playRound(m, r, winners[r]!);
  return m;
}

/** Every round played: 8-8 after round 4 (HOME wins R1, AWAY R2, 2-2 in R3 and R4). */
export const TIE_WINNERS: Record<number, Side[]> = {
  1: [HOME, HOME],
  2: [AWAY, AWAY],
  3: [HOME, AWAY, HOME, AWAY],
  4: [HOME, AWAY, HOME, AWAY],
};

export function reachTie(o: SetupOptions = {}): Match {
  return reachRound(5, o, TIE_WINNERS);
}

/** Every round played with the default results: 12-4 to HOME, ready to sign. */
export function reachEnd(o: SetupOptions = {}): Match {
  return reachRound(5, o);
}

/** Records an incident as `by` and has the other team confirm it; returns the incident entry id. */
export function incident(m: Match, by: Side, round: number, game: number, inc: Record<string, unknown>, confirm = true): string {
  m.ok(by, { type: 'recordIncident', payload: { round, game, incident: inc as never } });
  const id = m.state.entries[m.state.entries.length - 1]!.id;
  if (confirm) m.ok(by === HOME ? AWAY : HOME, { type: 'confirmEntry', payload: { entryId: id } });
  return id;
}

/** Enters one score without confirmation; returns its entry id. */
export function enter(m: Match, by: Side, round: number, game: number, playerId: string, points: number, segment = 1): string {
  m.ok(by, { type: 'enterScore', payload: { round, game, playerId, points, segment } });
  return m.lastEntryId();
}

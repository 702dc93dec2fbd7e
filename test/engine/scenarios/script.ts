import {
  type DeclaredGame, gameOutcome, type GameOutcome, matchResult, type MatchState, other, positionsFor, type Side,
} from '../../../shared';
import { at, Match, type PlayerSpec } from '../harness';

/**
 * Small verbs for the catalogue's worked scenarios (SC-01..SC-12), on top of the engine test harness. Every verb goes
 * through `decide` like a captain's tap does; none of them writes the state directly.
 */

/** A roster of STARTERS `prefix1..prefixN` (the first is captain), plus named extras (restricted, reserve, ...). */
export function roster(prefix: string, n: number, extra: PlayerSpec[] = []): PlayerSpec[] {
  const base: PlayerSpec[] = Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}`, captain: i === 0 }));
  return [...base, ...extra].map((p) => ({ status: 'STARTER', ...p, name: p.id }) as PlayerSpec);
}

/** Both teams' listed players marked present at the given time (20:00 unless said otherwise). */
export function present(m: Match, home: string[], away: string[], time = at('20:00')) {
  m.arrive('HOME', home, time);
  m.arrive('AWAY', away, time);
}

export const ids = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

/** A game slot of a declaration: the FD gives the machine, the SD only players. */
export const slot = (machineId: string | null | undefined, ...players: string[]): DeclaredGame =>
  machineId === undefined ? { players } : { machineId, players };
export const answer = (...players: string[]): DeclaredGame => ({ players });

export function declare(m: Match, side: Side, round: number, games: DeclaredGame[], time = m.clock) {
  return m.ok(side, { type: 'declareLineup', payload: { round, games } }, time);
}

export function refusedDeclaration(m: Match, side: Side, round: number, games: DeclaredGame[], time = m.clock) {
  return m.no(side, { type: 'declareLineup', payload: { round, games } }, time);
}

export const gameOf = (state: MatchState, round: number, game: number) => state.rounds[round - 1]!.games[game - 1]!;

/** Each team seats its players in the order they were declared, on the positions the rules give it (R-III.C). */
export function seatInDeclaredOrder(m: Match, round: number, game: number) {
  const g = gameOf(m.state, round, game);
  const fd = m.state.rounds[round - 1]!.fd;
  const seated = {
    HOME: g.forfeitedBy.includes('HOME') ? [] : g.players.HOME,
    AWAY: g.forfeitedBy.includes('AWAY') ? [] : g.players.AWAY,
  };
  for (const side of ['HOME', 'AWAY'] as const) {
    if (seated[side].length < 2) continue;
    const positions = positionsFor({ HOME: seated.HOME.length, AWAY: seated.AWAY.length }, fd, side);
    const seats = seated[side].map((playerId, i) => ({ playerId, position: positions[i]! }));
    m.ok(side, { type: 'setPlayOrder', payload: { round, game, seats } });
  }
}

/**
 * Plays a game to the given result: every seated player gets a score, entered by their own captain and confirmed by
 * the other. `winner` players score 10,000,000 each and the others 1,000,000, so a lone winner beats a pair; 'EQUAL'
 * gives every player of both teams scores with equal team totals.
 */
export function play(m: Match, round: number, game: number, winner: Side | 'EQUAL') {
  const g = gameOf(m.state, round, game);
  if (g.startedAt === null) seatInDeclaredOrder(m, round, game);
  const now = gameOf(m.state, round, game);
  const seated = now.seated ?? now.players;
  for (const side of ['HOME', 'AWAY'] as const) {
    const mine = seated[side];
    for (const p of mine) {
      const points = winner === 'EQUAL' ? 12_000_000 / mine.length : winner === side ? 10_000_000 : 1_000_000;
      m.score(side, round, game, p, points);
    }
  }
}

/** Plays a whole round: `winners[i]` wins game i+1 (forfeited slots are skipped). */
export function playRound(m: Match, round: number, winners: (Side | null)[]) {
  winners.forEach((w, i) => {
    if (w !== null) play(m, round, i + 1, w);
  });
}

export const outcome = (m: Match, round: number, game: number): GameOutcome => gameOutcome(m.state, gameOf(m.state, round, game));
export const points = (m: Match) => matchResult(m.state).points;

/** Another match that continues from this one's state (states are immutable, so both can go on independently). */
export function branch(m: Match): Match {
  const copy = new Match();
  copy.state = m.state;
  copy.log = [...m.log];
  copy.clock = m.clock;
  return copy;
}

export const opponentOf = other;

/**
 * The shared setup's evening with everyone present from 20:00 and all 8 players of each team playing: round 1
 * {A1,A2},{A3,A4} v {H1,H2},{H3,H4}; round 2 {H5,H6},{H7,H8} v {A5,A6},{A7,A8}; singles rounds 3 (A1-A4 v H1-H4 on
 * M1,M1,M2,M2) and 4 (H5-H8 v A5-A8 on M3,M3,M4,M4). `winners[r]` gives the winner of each game of round r+1;
 * rounds not listed are left undeclared.
 */
export function playEvening(m: Match, winners: (Side | null)[][]) {
  const lineups: [Side, DeclaredGame[], DeclaredGame[]][] = [
    ['AWAY', [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')], [answer('H1', 'H2'), answer('H3', 'H4')]],
    ['HOME', [slot('M3', 'H5', 'H6'), slot('M4', 'H7', 'H8')], [answer('A5', 'A6'), answer('A7', 'A8')]],
    ['AWAY', [slot('M1', 'A1'), slot('M1', 'A2'), slot('M2', 'A3'), slot('M2', 'A4')], [answer('H1'), answer('H2'), answer('H3'), answer('H4')]],
    ['HOME', [slot('M3', 'H5'), slot('M3', 'H6'), slot('M4', 'H7'), slot('M4', 'H8')], [answer('A5'), answer('A6'), answer('A7'), answer('A8')]],
  ];
  winners.forEach((w, i) => {
    const [fd, fdGames, sdGames] = lineups[i]!;
    declare(m, fd, i + 1, fdGames);
    declare(m, other(fd), i + 1, sdGames);
    playRound(m, i + 1, w);
  });
}

/** A match of the shared setup, everyone present from 20:00, clock at 20:01. */
export function eveningMatch(): Match {
  const m = new Match();
  present(m, ids('H', 1, 8), ids('A', 1, 8));
  m.clock = at('20:01');
  return m;
}

export function lastEntryOf(m: Match, side: Side): string {
  const mine = m.state.entries.filter((e) => e.by === side);
  return mine[mine.length - 1]!.id;
}

/** A tie-breaker score entered by `side`'s captain and confirmed by the other. */
export function tiebreakerScore(m: Match, side: Side, points: number) {
  m.ok(side, { type: 'enterTiebreakerScore', payload: { side, points } });
  m.ok(other(side), { type: 'confirmEntry', payload: { entryId: lastEntryOf(m, side) } });
}

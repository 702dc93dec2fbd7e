import type { DeclaredGame, PayloadOf } from '../commands';
import type { Side } from '../league';
import { other } from '../league';
import { findPlayer, type GameState, type MatchState, playerName, type RoundState } from '../state';
import { canStillFit, owedGames, writtenIn } from '../views/minimumPlay';
import { gameOutcome, hasOutcome } from '../views/outcome';
import { clock, eligibleForRound, isPresent, presentPlayers, windowCloses } from '../views/presence';
import { positionsFor } from '../views/seating';
import { type Ctx, findRound, matchOpen, roundStarted, workingMachineIds } from './context';
import { checkRoundMachines } from './machines';
import { accept, type Check, type Decision, refuse } from './refusal';

/** R-III.B lineup declaration, with the short-team shapes of R-VI.A / R-VI.B and top-150 limits of R-II.B.2.3. */

const ROUND_NAMES = ['', 'round 1', 'round 2', 'round 3', 'round 4'];

/**
 * R-III.B.1 / OQ-19 and the start of the match (R-III.A, R-VI.C.2): may this round be declared now? The waiting
 * window and the forfeit check concern only AWAY's round-1 declaration, which starts the match: once it is in, HOME
 * answers whatever happens to attendance (a team that drops below 3 later forfeits game by game, OQ-12).
 * R-III.0.3 / R-VI.0.1: at the close (R-VI.C.2.3) a team of 4 plays normally, a team of exactly 3 plays at a penalty
 * (R-VI.C.2.3.2, its declarations are short), a team under 3 forfeits (claimForfeit, attendance.ts).
 */
function roundOpen(ctx: Ctx, r: RoundState): Check {
  const { state, at } = ctx;
  if (r.round === 1 && ctx.side === r.fd) {
    const s = state.setup;
    if (at < s.scheduledStart && s.settings.earlyStartNeedsAgreement && !state.earlyStart) {
      return refuse('OQ-28', `The match starts at ${clock(state, s.scheduledStart)}; an earlier start needs both captains' agreement.`, 'TOO_EARLY');
    }
    const counts = { HOME: presentPlayers(state, 'HOME', at).length, AWAY: presentPlayers(state, 'AWAY', at).length };
    const close = windowCloses(state);
    if ((counts.HOME < 4 || counts.AWAY < 4) && at < close) {
      return refuse('R-VI.C.2.1', `A team has fewer than 4 players present: both teams wait until ${clock(state, close)} (or until both have 4).`, 'WAITING_WINDOW');
    }
    for (const side of ['HOME', 'AWAY'] as const) {
      if (counts[side] < 3) {
        return refuse('R-VI.C.2.3.1', `${side} has ${counts[side]} players present when the window has closed: that is a forfeit to claim, not a match to declare.`, 'FORFEIT_DUE');
      }
    }
    return null;
  }
  if (r.round === 1) return null;
  const prev = state.rounds[r.round - 2]!;
  if (state.setup.settings.declareAfterPreviousRoundEnds && !prev.games.every((g) => hasOutcome(gameOutcome(state, g)))) {
    return refuse('OQ-19', `Every game of ${ROUND_NAMES[prev.round]} needs its result before ${ROUND_NAMES[r.round]} is declared.`, 'PREVIOUS_ROUND_OPEN');
  }
  return null;
}

/** The lone player of a team in a doubles round (one player in a game), for R-VI.A.2.3. */
function loneOf(state: MatchState, round: RoundState, side: Side): string | null {
  for (const g of round.games) {
    const names = (g.seated ?? g.players)[side];
    if (names.length === 1) return names[0]!;
  }
  return null;
}

/** The same key whichever way round the pair is named (compared as strings, as a sort would). */
const pairKey = (a: string, b: string) => (a < b ? `${a}+${b}` : `${b}+${a}`);

/** Pairs a team has used in doubles games of this match, except in the games being (re)declared now. */
function usedPairs(state: MatchState, side: Side, skip: (round: number, game: number) => boolean): Set<string> {
  const pairs = new Set<string>();
  for (const r of state.rounds) {
    if (r.format !== 'DOUBLES') continue;
    for (const g of r.games) {
      if (skip(g.round, g.game)) continue;
      const names = (g.seated ?? g.players)[side]; // OQ-42: a write-in who never came formed no pair
      if (names.length === 2) pairs.add(pairKey(names[0]!, names[1]!));
    }
  }
  return pairs;
}

interface Validated {
  short: boolean;
  /** Fewer than 4 eligible players: the team may leave slots empty, and an FD's empty slot takes no machine. */
  few: boolean;
  forfeited: number[];
}

type Games = { players: string[]; writeIn?: string | undefined }[];

/** What the declaring team has to work with in this round, and which of the slots it answers. */
interface Frame {
  ctx: Ctx;
  r: RoundState;
  games: Games;
  replacing: number[];
  isFd: boolean;
  /** Present players who may be written into this round (R-VI.C.1.2, R-II.B.2.3, OQ-40). */
  eligible: number;
  /** The whole round is being declared (not a re-declaration of some games after a machine failure). */
  whole: boolean;
}

/**
 * Slots the FD gave up without a machine (OQ-04): the SD places nobody there. A game whose machine was cleared while
 * it waits for a replacement (R-VII.L.2.7, a relocation) is not one: the FD did not forfeit it.
 */
const fdForfeitedSlot = (f: Frame, gameNo: number) => {
  const g = f.r.games[gameNo - 1]!;
  return !f.isFd && g.machineId === null && g.forfeitedBy.includes(f.r.fd);
};

/**
 * The shape of the declaration: how many players per game. Checked before the names, so a team of 3 that writes two
 * pairs is told how a team of 3 declares (R-VI.A.2.1), not that its fourth name is absent.
 */
function checkShape(f: Frame): Check {
  const { r, games, replacing, eligible, whole } = f;
  const doubles = r.format === 'DOUBLES';
  const size = doubles ? 2 : 1;
  for (const [i, g] of games.entries()) {
    if (g.players.length > size) {
      return refuse(doubles ? 'R-III.D.2' : 'R-III.E.2', `Game ${replacing[i]} has too many players: ${doubles ? 'doubles games are 2 v 2' : 'singles games are 1 v 1'}.`, 'BAD_SHAPE');
    }
    if (fdForfeitedSlot(f, replacing[i]!) && g.players.length > 0) {
      return refuse('OQ-04', `Game ${replacing[i]} was forfeited by ${r.fd}: it takes no player.`, 'BAD_SHAPE');
    }
  }
  const open = games.filter((_, i) => !fdForfeitedSlot(f, replacing[i]!));
  const written = open.reduce((n, g) => n + g.players.length, 0);
  const empty = open.filter((g) => g.players.length === 0).length;
  const hasWriteIn = games.some((g) => g.writeIn !== undefined);
  if (doubles) {
    // A team of 3 answering an FD that gave up a doubles slot (OQ-12) has players enough for a pair in each open slot.
    if (eligible >= 4 || hasWriteIn || (eligible === 3 && open.length < games.length)) {
      if (open.some((g) => g.players.length !== 2)) return refuse('R-III.D.2', 'Each doubles game needs two of your players.', 'BAD_SHAPE');
      return null;
    }
    if (!whole) return null;
    const counts = games.map((g) => g.players.length).sort();
    // The lone player's score then meets the pair's sum like any doubles total (R-VI.A.2.2, CALC-1 in outcome.ts).
    if (eligible === 3 && counts.join() !== '1,2') {
      return refuse('R-VI.A.2.1', 'With 3 players present, declare one pair and one player alone (a 3-player game).', 'BAD_SHAPE');
    }
  } else {
    if (eligible >= 4 && empty > 0) return refuse('R-III.E.2', 'Each singles game needs one of your players.', 'BAD_SHAPE');
    // R-VI.A.3.1 / R-VI.B.2: a team of 3 is without a player in exactly one slot of the round, counting the slot
    // a short FD already gave up (both teams short: they forfeit the same slot).
    // When a FD below 3 gave up two slots (OQ-12), the team of 3 fills the two that are left.
    const without = empty + (games.length - open.length);
    if (eligible === 3 && whole && without !== Math.max(1, games.length - open.length)) {
      return refuse('R-VI.A.3.1', 'With 3 players present, fill 3 singles games and leave exactly one slot empty: it is forfeited.', 'BAD_SHAPE');
    }
  }
  // OQ-12: a team below 3 after the match started forfeits only the slots it cannot fill; it benches nobody.
  if (eligible < 3 && whole && written < Math.min(eligible, open.length * size)) {
    return refuse('OQ-12', 'Write in every player you have present; only the slots you cannot fill are forfeited.', 'BAD_SHAPE');
  }
  return null;
}

/** Each name: on the roster, once in the round (R-III.B.6), allowed by the league, present, and top-150 limits. */
function checkNames(f: Frame): Check {
  const { ctx, r, games, replacing, isFd } = f;
  const { state, side, at } = ctx;
  const seen = new Set<string>();
  for (const g of r.games) if (!replacing.includes(g.game)) for (const p of g.players[side]) seen.add(p);
  for (const [i, game] of games.entries()) {
    const gameNo = replacing[i]!;
    for (const id of game.players) {
      const player = findPlayer(state, side, id);
      if (!player) return refuse('R-VI.C.1.2', `"${id}" is not on your roster.`, 'NOT_ON_ROSTER');
      if (seen.has(id)) return refuse('R-III.B.6', `${player.name} is already playing in this round; nobody plays twice in a round.`, 'PLAYS_TWICE');
      seen.add(id);
      if (player.ineligible) return refuse(player.ineligible.rule, `${player.name} cannot play in this match: ${player.ineligible.reason}`, 'INELIGIBLE');
      if (game.writeIn !== id && !isPresent(state, side, id, at)) {
        return refuse('R-VI.C.1.2', `${player.name} is not marked present; late players can be written in once they arrive.`, 'NOT_PRESENT');
      }
      if (player.restricted && !isFd) {
        // R-II.B.2.3.1: allowed only against a restricted opponent in the same game.
        const theirs = r.games[gameNo - 1]!.players[other(side)];
        if (!theirs.some((o) => findPlayer(state, other(side), o)?.restricted)) {
          return refuse('R-II.B.2.3', `${player.name} is on the top-150 list and may play only in games where ${side} picks the machines, or against a top-150 opponent.`, 'RESTRICTED');
        }
      }
    }
  }
  return null;
}

/** The last play position the team `them` holds in game `g` once the other team writes `mine` players into it. */
function lastPosition(r: RoundState, mine: number, g: GameState, them: Side): number {
  const counts = { [other(them)]: mine, [them]: g.players[them].length } as Record<Side, number>;
  return Math.max(...positionsFor(counts, r.fd, them));
}

/**
 * R-II.B.2.3.1 through a keying fix (OQ-37) or a re-declaration (R-VII.L.2.7.1.3): a change may not take away the
 * top-150 player that an opposing top-150 player relies on, either to play at all (the answering team's) or for a
 * position other than the last one that it already holds (OQ-08). A first declaration never trips this: the other
 * team has no players or no play order in the game yet.
 */
function checkReliedOn(f: Frame): Check {
  const { ctx, r, games, replacing } = f;
  const { state, side } = ctx;
  const them = other(side);
  const restricted = (s: Side, id: string) => findPlayer(state, s, id)?.restricted === true;
  for (const [i, game] of games.entries()) {
    if (game.players.some((id) => restricted(side, id))) continue;
    const g = r.games[replacing[i]! - 1]!;
    for (const id of g.players[them]) {
      if (!restricted(them, id)) continue;
      const seat = g.seats[them][id];
      const relies = them !== r.fd || (r.format === 'DOUBLES' && seat !== undefined && seat !== lastPosition(r, game.players.length, g, them));
      if (relies) {
        return refuse('R-II.B.2.3.1', `${playerName(state, id)} (top-150) plays game ${g.game} as it is only against a top-150 player of yours: keep one there.`, 'RESTRICTED');
      }
    }
  }
  return null;
}

/** R-VI.A.2.4: a short team at a one-machine venue may write a missing player into round 1 game 2. */
function checkWriteIn(f: Frame): Check {
  const { ctx, r, games, replacing, eligible } = f;
  const { state, side, at } = ctx;
  for (const [i, game] of games.entries()) {
    if (game.writeIn === undefined) continue;
    const wi = game.writeIn;
    const player = findPlayer(state, side, wi);
    if (!player || !game.players.includes(wi)) return refuse('R-VI.A.2.4', 'The written-in player must be a rostered player named in that game.', 'BAD_WRITE_IN');
    if (r.round !== 1 || replacing[i] !== 2) return refuse('R-VI.A.2.4.1', 'A missing player can be written in only in the second game of round 1.', 'BAD_WRITE_IN');
    if (eligible !== 3 || workingMachineIds(state).length !== 1) {
      return refuse('R-VI.A.2.4', 'Writing in a missing player is only for a team of 3 at a venue with a single working machine.', 'BAD_WRITE_IN');
    }
    if (isPresent(state, side, wi, at)) return refuse('R-VI.A.2.4', `${player.name} is present: write them in normally.`, 'BAD_WRITE_IN');
  }
  return null;
}

/** R-III.D.5 pairs, then for a team of 3 the lone player (R-VI.A.2.3) and, both short, who faces whom (R-VI.B.1). */
function checkDoubles(f: Frame): Check {
  const { ctx, r, games, replacing, isFd, eligible, whole } = f;
  const { state, side } = ctx;
  const pairs = usedPairs(state, side, (round, game) => round === r.round && replacing.includes(game));
  const mine = new Set<string>();
  for (const g of games) {
    if (g.players.length !== 2) continue;
    const key = pairKey(g.players[0]!, g.players[1]!);
    if (pairs.has(key) || mine.has(key)) {
      return refuse('R-III.D.5', `${playerName(state, g.players[0]!)} and ${playerName(state, g.players[1]!)} have already played together as a pair in this match.`, 'PAIR_REPEATED');
    }
    mine.add(key);
  }
  const loneAt = games.findIndex((g) => g.players.length === 1 && g.writeIn === undefined);
  if (eligible !== 3 || !whole || loneAt < 0) return null;
  const lone = games[loneAt]!.players[0]!;
  for (const x of state.rounds) {
    if (x.format === 'DOUBLES' && x.round !== r.round && loneOf(state, x, side) === lone) {
      return refuse('R-VI.A.2.3', `${playerName(state, lone)} already played alone in the other doubles round.`, 'LONE_TWICE');
    }
  }
  // R-VI.B.1 with OQ-05: when both teams are short, each lone player faces the other team's pair.
  if (!isFd && r.declarations[r.fd]?.short && r.games[replacing[loneAt]! - 1]!.players[r.fd].length !== 2) {
    return refuse('R-VI.B.1', "Both teams have 3: put your lone player against the other team's pair.", 'BAD_SHAPE');
  }
  return null;
}

/**
 * Validates a team's declaration for a round against everything but the order of declaring. `replacing` lists the
 * game numbers whose lineup this declaration (re)writes: all of them for a declaration, some for a re-declaration.
 */
export function validatePlayers(ctx: Ctx, r: RoundState, games: Games, replacing: number[]): Validated | Decision {
  const eligible = eligibleForRound(ctx.state, ctx.side, r.round, ctx.at).length;
  const f: Frame = { ctx, r, games, replacing, isFd: ctx.side === r.fd, eligible, whole: replacing.length === r.games.length };
  const bad = checkShape(f) ?? checkNames(f) ?? checkReliedOn(f) ?? checkWriteIn(f) ?? (r.format === 'DOUBLES' ? checkDoubles(f) : null);
  if (bad) return bad;
  // An empty slot is forfeited. The slot a short FD gave up (OQ-04) goes to the SD, unless the SD has no player to
  // spare either: then neither side has a player there and it is VOID (R-VI.B.2, CALC-1). So one short team still
  // leaves 16 points to share (R-VI.A.4), two short teams 14 (R-VI.B.3).
  const forfeited = games.flatMap((g, i) => {
    const n = replacing[i]!;
    if (fdForfeitedSlot(f, n)) return eligible <= 3 ? [n] : [];
    return g.players.length === 0 ? [n] : [];
  });
  return { short: eligible === 3, few: eligible < 4, forfeited };
}

/**
 * OQ-09 (b): refuse a lineup after which the team's present STARTERS who have not played can no longer all be
 * fitted into the remaining rounds, when they still could before this lineup (so the lineup is what broke it).
 */
function minimumPlayCheck(ctx: Ctx, r: RoundState, games: { players: string[] }[]): Check {
  const { state, side, at } = ctx;
  if (state.setup.settings.minimumPlayLineupCheck !== 'REFUSE') return null;
  const waiting = owedGames(state, side)
    .map((o) => o.player)
    .filter((p) => isPresent(state, side, p.id, at) && !writtenIn(state, side, p.id));
  const chosen = new Set(games.flatMap((g) => g.players));
  const after = waiting.filter((p) => !chosen.has(p.id));
  const seats = presentPlayers(state, side, at).length >= 4 ? 4 : 3;
  const later = state.rounds.filter((x) => x.round > r.round).map((x) => x.round);
  if (canStillFit(state, side, after, later, seats)) return null;
  if (!canStillFit(state, side, waiting, [r.round, ...later], seats)) return null;
  const names = after.map((p) => `${p.name}, STARTER present since ${clock(state, state.attendance[side][p.id]!.arrivedAt!)},`).join(' ');
  const when = later.length === 0 ? `${ROUND_NAMES[r.round]} is the last chance` : 'the remaining rounds cannot seat them all';
  return refuse('R-III.F.2', `Starters who attend must play: ${names} ${after.length === 1 ? 'has' : 'have'} not played; ${when}.`, 'MINIMUM_PLAY');
}

/** R-VII.R.1: with the time limit on, a selection that took longer than the limit is logged (OQ-29), not refused. */
function overran(ctx: Ctx, r: RoundState): boolean {
  const { state, at } = ctx;
  if (state.timeLimitSince === null || ctx.side !== r.fd) return false;
  const prev = state.rounds[r.round - 2];
  const from = Math.max(state.timeLimitSince, prev?.lastActivityAt ?? state.setup.scheduledStart);
  return at - from > state.setup.settings.selectionLimitMinutes * 60_000;
}

function checkDeclaredMachines(ctx: Ctx, r: RoundState, games: DeclaredGame[], few: boolean): Check {
  const { state, side } = ctx;
  if (side === r.fd) {
    for (const [i, g] of games.entries()) {
      if (g.machineId === undefined) return refuse('R-III.B.2', `Game ${i + 1} needs a machine: the first declarer picks every machine of the round.`, 'NO_MACHINE');
      if (g.machineId === null) {
        // OQ-04 (and OQ-12 below 3 players): only a slot the team gives up for lack of players has no machine.
        const lawful = few && g.players.length === 0;
        if (!lawful) return refuse('R-III.B.2', `Game ${i + 1} needs a machine (only a short team's forfeited slot has none, OQ-04).`, 'NO_MACHINE');
      } else if (g.players.length === 0 && few) {
        return refuse('OQ-04', `Game ${i + 1}: the slot you forfeit takes no machine.`, 'BAD_SHAPE');
      }
    }
    return checkRoundMachines(state, games.map((g) => g.machineId ?? null));
  }
  for (const [i, g] of games.entries()) {
    const fdMachine = r.games[i]!.machineId;
    if (g.machineId !== undefined && g.machineId !== fdMachine) {
      return refuse('R-III.B.2', `${r.fd} picks the machines in ${ROUND_NAMES[r.round]}; you answer on the machines it chose.`, 'NOT_CHOOSER');
    }
  }
  return null;
}

/** R-VI.A.2.4.2: a written-in name stays, even through a keying correction (OQ-37). */
function writeInChange(before: DeclaredGame[], after: DeclaredGame[]): Check {
  const was = before.map((g) => g.writeIn).filter((w) => w !== undefined);
  const now = after.map((g) => g.writeIn).filter((w) => w !== undefined);
  if (was.length === 0 || was.join() === now.join()) return null;
  return refuse('R-VI.A.2.4.2', `The written-in name (${was.join()}) cannot be changed.`, 'WRITE_IN_LOCKED');
}

export function declareLineup(ctx: Ctx, p: PayloadOf<'declareLineup'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const r = findRound(state, p.round);
  if (!r) return refuse('R-III.0.1', `There is no round ${p.round}.`, 'NO_SUCH_ROUND');
  const declared = r.declarations[side];
  if (declared) {
    const wi = writeInChange(declared.games, p.games);
    if (wi) return wi;
    // Not even for a player who has just arrived (R-VI.C.3.3).
    return refuse('R-III.B.5', 'Your lineup for this round is declared and cannot change.', 'ALREADY_DECLARED');
  }
  if (side !== r.fd && !r.declarations[r.fd]) {
    return refuse('R-III.B.3', `${r.fd} declares first in ${ROUND_NAMES[r.round]}; you answer once its lineup is in.`, 'NOT_YOUR_TURN');
  }
  const open = roundOpen(ctx, r);
  if (open) return open;
  const expected = r.games.length;
  if (p.games.length !== expected) {
    return refuse(r.format === 'DOUBLES' ? 'R-III.D.2' : 'R-III.E.2', `${ROUND_NAMES[r.round]} has ${expected} games; declare all of them at once.`, 'BAD_SHAPE');
  }
  const v = validatePlayers(ctx, r, p.games, r.games.map((g) => g.game));
  if ('ok' in v) return v;
  const m = checkDeclaredMachines(ctx, r, p.games, v.few);
  if (m) return m;
  const mp = minimumPlayCheck(ctx, r, p.games);
  if (mp) return mp;
  // R-III.B.4: the SD's players go into the FD's slots, on the machines the FD chose. Built as a literal, not as
  // `{ ...g, machineId }`: in Node 20 a spread followed by a field its source lacks (the SD sends no machines) gives
  // every result a hidden class of its own, and these objects stay in the state all evening (bench/HISTORY.md,
  // "A thirtieth host").
  const games = p.games.map((g, i) => {
    const game: DeclaredGame = { machineId: side === r.fd ? (g.machineId ?? null) : r.games[i]!.machineId, players: g.players };
    if (g.writeIn !== undefined) game.writeIn = g.writeIn;
    return game;
  });
  return accept({ type: 'LineupDeclared', at, by: side, round: p.round, side, short: v.short, games, forfeited: v.forfeited, overrun: overran(ctx, r) });
}

/** OQ-37: a keying error in a declared lineup, fixed before the round starts with the other captain's confirmation. */
export function validateLineupFix(ctx: Ctx, round: number, games: DeclaredGame[]): Validated | Decision {
  const { state, side } = ctx;
  const r = findRound(state, round);
  if (!r || !r.declarations[side]) return refuse('OQ-37', 'Only a declared lineup can be corrected.', 'NOT_DECLARED');
  if (roundStarted(r)) return refuse('R-III.B.5', 'The round has started: its lineups cannot change.', 'ROUND_STARTED');
  if (games.length !== r.games.length) return refuse('OQ-37', 'A correction restates the whole lineup of the round.', 'BAD_SHAPE');
  const wi = writeInChange(r.declarations[side]!.games, games);
  if (wi) return wi;
  // Check the corrected lineup as if the old one had never been declared.
  const cleared: MatchState = {
    ...state,
    rounds: state.rounds.map((x) =>
      x.round !== round ? x : { ...x, games: x.games.map((g) => ({ ...g, players: { ...g.players, [side]: [] } })) },
    ),
  };
  const sub = { ...ctx, state: cleared };
  const rr = cleared.rounds[round - 1]!;
  const v = validatePlayers(sub, rr, games, rr.games.map((g) => g.game));
  if ('ok' in v) return v;
  return checkDeclaredMachines(sub, rr, games, v.few) ?? v;
}

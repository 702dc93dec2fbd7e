import type { DeclaredGame, PayloadOf } from '../commands';
import type { Side } from '../league';
import { other } from '../league';
import { findPlayer, type MatchState, playerName, type RoundState } from '../state';
import { canStillFit, owedGames, writtenIn } from '../views/minimumPlay';
import { gameOutcome, hasOutcome } from '../views/outcome';
import { clock, eligibleForRound, isPresent, presentPlayers, windowCloses } from '../views/presence';
import { type Ctx, findRound, matchOpen, roundStarted, workingMachineIds } from './context';
import { checkRoundMachines } from './machines';
import { accept, type Check, type Decision, refuse } from './refusal';

/** R-III.B lineup declaration, with the short-team shapes of R-VI.A / R-VI.B and top-150 limits of R-II.B.2.3. */

const ROUND_NAMES = ['', 'round 1', 'round 2', 'round 3', 'round 4'];

/** R-III.B.1 / OQ-19 and the start of the match (R-III.A, R-VI.C.2): may this round be declared now? */
function roundOpen(ctx: Ctx, r: RoundState): Check {
  const { state, at } = ctx;
  if (r.round === 1) {
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

const pairKey = (a: string, b: string) => [a, b].sort().join('+');

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
  forfeited: number[];
}

/**
 * Validates a team's declaration for a round against everything but the order of declaring. `replacing` lists the
 * game numbers whose lineup this declaration (re)writes: all of them for a declaration, some for a re-declaration.
 */
export function validatePlayers(ctx: Ctx, r: RoundState, games: { players: string[]; writeIn?: string | undefined }[], replacing: number[]): Validated | Decision {
  const { state, side, at } = ctx;
  const isFd = side === r.fd;
  const doubles = r.format === 'DOUBLES';
  const fdDecl = r.declarations[r.fd];
  const eligible = eligibleForRound(state, side, r.round, at);
  const short = eligible.length === 3;
  const seen = new Set<string>();
  // players already in other games of this round (R-III.B.6)
  for (const g of r.games) if (!replacing.includes(g.game)) for (const p of g.players[side]) seen.add(p);

  for (const [i, game] of games.entries()) {
    const gameNo = replacing[i]!;
    if (game.players.length > (doubles ? 2 : 1)) {
      return refuse(doubles ? 'R-III.D.2' : 'R-III.E.2', `Game ${gameNo} has too many players: ${doubles ? 'doubles games are 2 v 2' : 'singles games are 1 v 1'}.`, 'BAD_SHAPE');
    }
    for (const id of game.players) {
      const player = findPlayer(state, side, id);
      if (!player) return refuse('R-VI.C.1.2', `"${id}" is not on your roster.`, 'NOT_ON_ROSTER');
      if (seen.has(id)) return refuse('R-III.B.6', `${player.name} is already playing in this round; nobody plays twice in a round.`, 'PLAYS_TWICE');
      seen.add(id);
      if (player.ineligible) return refuse(player.ineligible.rule, `${player.name} cannot play in this match: ${player.ineligible.reason}`, 'INELIGIBLE');
      const isWriteIn = game.writeIn === id;
      if (!isWriteIn && !isPresent(state, side, id, at)) {
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
    if (game.writeIn !== undefined) {
      const wi = game.writeIn;
      const player = findPlayer(state, side, wi);
      if (!player || !game.players.includes(wi)) return refuse('R-VI.A.2.4', 'The written-in player must be a rostered player named in that game.', 'BAD_WRITE_IN');
      if (r.round !== 1 || gameNo !== 2) return refuse('R-VI.A.2.4.1', 'A missing player can be written in only in the second game of round 1.', 'BAD_WRITE_IN');
      if (!short || workingMachineIds(state).length !== 1) {
        return refuse('R-VI.A.2.4', 'Writing in a missing player is only for a team of 3 at a venue with a single working machine.', 'BAD_WRITE_IN');
      }
      if (isPresent(state, side, wi, at)) return refuse('R-VI.A.2.4', `${player.name} is present: write them in normally.`, 'BAD_WRITE_IN');
    }
  }

  const counts = games.map((g) => g.players.length);
  const forfeited: number[] = [];
  if (doubles) {
    const hasWriteIn = games.some((g) => g.writeIn !== undefined);
    if (eligible.length >= 4 || hasWriteIn) {
      if (counts.some((n) => n !== 2)) return refuse('R-III.D.2', 'Each doubles game needs two of your players.', 'BAD_SHAPE');
    } else if (short && replacing.length === r.games.length) {
      if (!(counts.includes(1) && counts.includes(2))) {
        return refuse('R-VI.A.2.1', 'With 3 players present, declare one pair and one player alone (a 3-player game).', 'BAD_SHAPE');
      }
      const lone = games[counts.indexOf(1)]!.players[0]!;
      for (const other_ of state.rounds) {
        if (other_.format === 'DOUBLES' && other_.round !== r.round && loneOf(state, other_, side) === lone) {
          return refuse('R-VI.A.2.3', `${playerName(state, lone)} already played alone in the other doubles round.`, 'LONE_TWICE');
        }
      }
      // R-VI.B.1 with OQ-05: when both teams are short, each lone player faces the other team's pair.
      if (!isFd && fdDecl?.short) {
        const loneGame = replacing[counts.indexOf(1)]!;
        if (r.games[loneGame - 1]!.players[r.fd].length !== 2) {
          return refuse('R-VI.B.1', "Both teams have 3: put your lone player against the other team's pair.", 'BAD_SHAPE');
        }
      }
    }
    games.forEach((g, i) => g.players.length === 0 && forfeited.push(replacing[i]!));
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
  } else {
    // singles: the FD's own forfeited slot (no machine) needs no answer (OQ-04)
    for (const [i, g] of games.entries()) {
      if (!isFd && r.games[replacing[i]! - 1]!.machineId === null && g.players.length > 0) {
        return refuse('OQ-04', `Game ${replacing[i]} was forfeited by ${r.fd}: it takes no player.`, 'BAD_SHAPE');
      }
    }
    const open = games.map((_, i) => replacing[i]!).filter((g) => isFd || r.games[g - 1]!.machineId !== null);
    const empty = open.filter((g) => games[replacing.indexOf(g)]!.players.length === 0);
    if (eligible.length >= 4 && empty.length > 0) return refuse('R-III.E.2', 'Each singles game needs one of your players.', 'BAD_SHAPE');
    if (short && replacing.length === r.games.length && empty.length !== 1) {
      return refuse('R-VI.A.3.1', 'With 3 players present, fill 3 singles games and leave exactly one slot empty: it is forfeited.', 'BAD_SHAPE');
    }
    forfeited.push(...empty);
    // R-VI.B.2: when both teams are short they forfeit the same slot, the one the FD left without a machine.
    if (!isFd && short && fdDecl?.short) {
      const fdSlot = r.games.find((g) => g.machineId === null && replacing.includes(g.game));
      if (fdSlot && !forfeited.includes(fdSlot.game)) forfeited.push(fdSlot.game);
    }
  }
  return { short, forfeited };
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
  const names = after.map((p) => `${p.name} (present since ${clock(state, state.attendance[side][p.id]!.arrivedAt!)})`).join(', ');
  const when = later.length === 0 ? `${ROUND_NAMES[r.round]} is the last chance` : 'the remaining rounds cannot seat them all';
  return refuse('R-III.F.2', `Starters who attend must play: ${names} ${after.length === 1 ? 'has' : 'have'} not played and ${when}.`, 'MINIMUM_PLAY');
}

/** R-VII.R.1: with the time limit on, a selection that took longer than the limit is logged (OQ-29), not refused. */
function overran(ctx: Ctx, r: RoundState): boolean {
  const { state, at } = ctx;
  if (state.timeLimitSince === null || ctx.side !== r.fd) return false;
  const prev = state.rounds[r.round - 2];
  const from = Math.max(state.timeLimitSince, prev?.lastActivityAt ?? state.setup.scheduledStart);
  return at - from > state.setup.settings.selectionLimitMinutes * 60_000;
}

function checkDeclaredMachines(ctx: Ctx, r: RoundState, games: DeclaredGame[], short: boolean): Check {
  const { state, side } = ctx;
  if (side === r.fd) {
    for (const [i, g] of games.entries()) {
      if (g.machineId === undefined) return refuse('R-III.B.2', `Game ${i + 1} needs a machine: the first declarer picks every machine of the round.`, 'NO_MACHINE');
      if (g.machineId === null) {
        const lawful = r.format === 'SINGLES' && short && g.players.length === 0;
        if (!lawful) return refuse('R-III.B.2', `Game ${i + 1} needs a machine (only a short team's forfeited singles slot has none, OQ-04).`, 'NO_MACHINE');
      } else if (g.players.length === 0 && r.format === 'SINGLES' && short) {
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

export function declareLineup(ctx: Ctx, p: PayloadOf<'declareLineup'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const r = findRound(state, p.round);
  if (!r) return refuse('R-III.0.1', `There is no round ${p.round}.`, 'NO_SUCH_ROUND');
  if (r.declarations[side]) return refuse('R-III.B.5', 'Your lineup for this round is declared and cannot change.', 'ALREADY_DECLARED');
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
  const m = checkDeclaredMachines(ctx, r, p.games, v.short);
  if (m) return m;
  const mp = minimumPlayCheck(ctx, r, p.games);
  if (mp) return mp;
  const games = p.games.map((g, i) => ({ ...g, machineId: side === r.fd ? (g.machineId ?? null) : r.games[i]!.machineId }));
  return accept({ type: 'LineupDeclared', at, by: side, round: p.round, side, short: v.short, games, forfeited: v.forfeited, overrun: overran(ctx, r) });
}

/** OQ-37: a keying error in a declared lineup, fixed before the round starts with the other captain's confirmation. */
export function validateLineupFix(ctx: Ctx, round: number, games: DeclaredGame[]): Validated | Decision {
  const { state, side } = ctx;
  const r = findRound(state, round);
  if (!r || !r.declarations[side]) return refuse('OQ-37', 'Only a declared lineup can be corrected.', 'NOT_DECLARED');
  if (roundStarted(r)) return refuse('R-III.B.5', 'The round has started: its lineups cannot change.', 'ROUND_STARTED');
  if (games.length !== r.games.length) return refuse('OQ-37', 'A correction restates the whole lineup of the round.', 'BAD_SHAPE');
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
  return checkDeclaredMachines(sub, rr, games, v.short) ?? v;
}

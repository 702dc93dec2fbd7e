import {
  gameOutcome, gamePoints, gamePointsTotal, type GameState, type MatchEvent, matchResult,
  type MatchState, other, owedGames, positionsFor, presentPlayers, isPresent, roundFormats, roundsComplete, type Side,
  SIDES, standingsEntry, tiebreakerRequired, tiebreakerSeats, turnOrder,
} from '../../../shared';
import type { Step } from './lawfulMatch';

/**
 * The catalogue's match invariants (INV-01..INV-21, INV-26, INV-27) as checks on the engine's states and events.
 * `stepInvariants` runs after every accepted command (it sees the state before and after, and the events);
 * `endInvariants` runs on the final state of an evening. A violated invariant throws with its ID. Each check counts
 * how often its premise actually applied, so a test can prove the random evenings did exercise it.
 */

export type InvariantId =
  | 'INV-01' | 'INV-02' | 'INV-03' | 'INV-04' | 'INV-05' | 'INV-06' | 'INV-07' | 'INV-08' | 'INV-09' | 'INV-10'
  | 'INV-11' | 'INV-12' | 'INV-13' | 'INV-14' | 'INV-15' | 'INV-16' | 'INV-17' | 'INV-18' | 'INV-19' | 'INV-20'
  | 'INV-21' | 'INV-26' | 'INV-27';

export class InvariantChecker {
  readonly exercised = new Map<InvariantId, number>();

  constructor(private readonly only: ReadonlySet<InvariantId>) {}

  private on(id: InvariantId): boolean {
    if (!this.only.has(id)) return false;
    this.exercised.set(id, (this.exercised.get(id) ?? 0) + 1);
    return true;
  }

  private assert(ok: boolean, id: InvariantId, message: () => string) {
    if (!ok) throw new Error(`${id} violated: ${message()}`);
  }

  /** After every accepted command. */
  step = ({ pre, post, events, command }: Step) => {
    this.state(post);
    for (const e of events) this.event(pre, post, e);
    if (command.type === 'confirmEntry') this.penalty(pre, post, command.payload.entryId, events);
    this.lineupChanges(pre, post, events);
  };

  // -------------------------------------------------------------------------------------------------------------
  // invariants of any state

  private state(s: MatchState) {
    if (this.on('INV-01')) {
      const formats = roundFormats(s.setup.settings.roundOrder);
      this.assert(s.rounds.length === 4 && s.rounds.every((r, i) => r.round === i + 1 && r.format === formats[i]), 'INV-01', () => 'rounds are not the 4 configured rounds');
      const slots = s.rounds.map((r) => r.games.length);
      this.assert(slots.every((n, i) => n === (formats[i] === 'DOUBLES' ? 2 : 4)) && slots.reduce((a, b) => a + b, 0) === 12, 'INV-01', () => `slots ${slots}`);
      this.assert(formats.filter((f) => f === 'DOUBLES').length === 2, 'INV-01', () => 'not 2 doubles rounds');
    }
    if (this.on('INV-02')) {
      this.assert(s.rounds.map((r) => r.fd).join() === 'AWAY,HOME,AWAY,HOME', 'INV-02', () => `FDs ${s.rounds.map((r) => r.fd)}`);
      for (const side of SIDES) {
        const mine = s.rounds.filter((r) => r.fd === side);
        this.assert(mine.length === 2, 'INV-02', () => `${side} is FD ${mine.length} times`);
        if (s.setup.settings.roundOrder === 'DDSS') this.assert(new Set(mine.map((r) => r.format)).size === 2, 'INV-02', () => `${side} is FD twice in one format`);
      }
    }
    // one outcome per game per step: the views are the expensive part of these checks
    const perGame = this.only.has('INV-05') || this.only.has('INV-21') ? s.rounds.map((r) => r.games.map((g) => gamePoints(s, g))) : [];
    if (this.on('INV-05')) {
      const p = { HOME: 0, AWAY: 0 };
      for (const pts of perGame.flat()) for (const side of SIDES) p[side] += pts[side];
      const r = s.outcome ? matchResult(s).points : p;
      for (const side of SIDES) this.assert(p[side] >= 0 && p[side] <= 16 && r[side] >= 0 && r[side] <= 16, 'INV-05', () => `${side} has ${p[side]} / ${r[side]}`);
    }
    if (s.outcome && this.on('INV-08')) this.wholeMatch(s);
    for (const r of s.rounds) {
      if (this.on('INV-09')) {
        for (const side of SIDES) {
          const names = r.games.flatMap((g) => g.players[side]);
          this.assert(new Set(names).size === names.length, 'INV-09', () => `round ${r.round}: ${side} plays ${names}`);
        }
      }
      for (const g of r.games) {
        if (this.on('INV-21')) {
          const pts = perGame[r.round - 1]![g.game - 1]!;
          const worth = r.format === 'DOUBLES' ? 2 : 1;
          const shape = [pts.HOME, pts.AWAY].sort().join();
          this.assert(shape === '0,0' || shape === `0,${worth}`, 'INV-21', () => `R${g.round}G${g.game} gives ${JSON.stringify(pts)}`);
        }
        this.seating(s, g);
        this.restricted(s, g);
      }
    }
    if (this.on('INV-10')) {
      for (const side of SIDES) {
        const pairs = s.rounds
          .filter((r) => r.format === 'DOUBLES')
          .flatMap((r) => r.games.map((g) => (g.seated ?? g.players)[side]))
          .filter((names) => names.length === 2)
          .map((names) => [...names].sort().join('+'));
        this.assert(new Set(pairs).size === pairs.length, 'INV-10', () => `${side} pairs ${pairs}`);
      }
    }
    if (s.tiebreaker && this.on('INV-27')) {
      const seats = tiebreakerSeats(s)!;
      this.assert(seats[0]!.position === 1 && seats[0]!.side === 'AWAY', 'INV-27', () => 'AWAY is not Player 1');
    }
  }

  /** INV-12: who holds which turn. */
  private seating(s: MatchState, g: GameState) {
    const seated = g.seated ?? g.players;
    const counts = { HOME: seated.HOME.length, AWAY: seated.AWAY.length };
    if (counts.HOME === 0 || counts.AWAY === 0 || !this.on('INV-12')) return;
    const fd = s.rounds[g.round - 1]!.fd;
    const sd = other(fd);
    for (const side of SIDES) {
      const allowed = positionsFor(counts, fd, side);
      for (const pos of Object.values(g.seats[side])) this.assert(allowed.includes(pos), 'INV-12', () => `R${g.round}G${g.game} ${side} seated at ${pos}, allowed ${allowed}`);
    }
    const turns = turnOrder(s, g).map((t) => t.side);
    const total = counts.HOME + counts.AWAY;
    const expected = total === 2 ? [sd, fd] : total === 4 ? [sd, fd, sd, fd] : [sd, fd, counts.HOME === 2 ? 'HOME' : 'AWAY'];
    this.assert(turns.join() === expected.join(), 'INV-12', () => `R${g.round}G${g.game} turns ${turns}, expected ${expected}`);
  }

  /** INV-16: a top-150 player plays only in its team's FD rounds, 4th in doubles, unless facing a top-150 opponent. */
  private restricted(s: MatchState, g: GameState) {
    const r = s.rounds[g.round - 1]!;
    const restrictedIn = (side: Side) => g.players[side].filter((id) => roster(s, side).find((p) => p.id === id)?.restricted);
    for (const side of SIDES) {
      const mine = restrictedIn(side);
      if (mine.length === 0 || !this.on('INV-16')) continue;
      if (restrictedIn(other(side)).length > 0) continue; // R-II.B.2.3.1 with OQ-08
      this.assert(side === r.fd, 'INV-16', () => `${mine} plays R${g.round} where ${side} is SD`);
      if (r.format !== 'DOUBLES') continue;
      const seated = g.seated ?? g.players;
      const positions = positionsFor({ HOME: seated.HOME.length, AWAY: seated.AWAY.length }, r.fd, side);
      for (const id of mine) {
        const pos = g.seats[side][id];
        if (pos !== undefined) this.assert(pos === Math.max(...positions), 'INV-16', () => `${id} at position ${pos} of ${positions}`);
      }
    }
  }

  /** INV-08: whole-match outcomes. */
  private wholeMatch(s: MatchState) {
    const o = s.outcome!;
    const r = matchResult(s);
    this.assert(r.status === 'DECIDED', 'INV-08', () => 'a whole-match outcome without a result');
    if (r.status !== 'DECIDED') return;
    const pts = [r.points.HOME, r.points.AWAY];
    if (o.kind === 'FORFEIT') {
      this.assert(r.winner === other(o.forfeiting) && r.points[o.forfeiting] === 0 && r.points[other(o.forfeiting)] === (o.fullEvening ? 12 : 9), 'INV-08', () => JSON.stringify(r));
    } else if (o.kind === 'DOUBLE_FORFEIT') {
      this.assert(r.winner === null && pts.join() === '0,0', 'INV-08', () => JSON.stringify(r));
    } else {
      const loser = o.kind === 'IMPROPER_MOVE' ? 'HOME' : o.refusing;
      this.assert(r.winner === other(loser) && r.points[loser] === 0 && r.points[other(loser)] === 12, 'INV-08', () => JSON.stringify(r));
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // invariants of events

  private event(pre: MatchState, post: MatchState, e: MatchEvent) {
    switch (e.type) {
      case 'LineupDeclared': {
        const r = pre.rounds[e.round - 1]!;
        if (this.on('INV-03')) {
          if (e.side === r.fd) this.assert(r.declarations[other(r.fd)] === null, 'INV-03', () => `R${e.round}: the SD declared before the FD`);
          else {
            this.assert(r.declarations[r.fd] !== null && r.declarations[r.fd]!.at <= e.at, 'INV-03', () => `R${e.round}: ${e.side} declared before the FD`);
            this.assert(e.games.every((g, i) => (g.machineId ?? null) === r.games[i]!.machineId), 'INV-03', () => `R${e.round}: the SD's declaration moved a machine`);
          }
        }
        this.lineupPlayers(pre, e.side, e.at, e.games);
        if (e.side === r.fd) this.assignment(pre, e.games.map((g) => g.machineId ?? null), 'declaration');
        if (e.short) this.shortShape(pre, post, e);
        return;
      }
      case 'GamesRedeclared':
        this.lineupPlayers(pre, e.side, e.at, e.games);
        return;
      case 'LineupFixed':
        this.lineupPlayers(pre, e.side, e.at, e.games);
        return;
      case 'MachineReplaced': {
        const r = pre.rounds[e.round - 1]!;
        if (this.on('INV-03')) this.assert(e.by === r.fd, 'INV-03', () => `R${e.round}: ${e.by} replaced a machine chosen by ${r.fd}`);
        if (this.on('INV-14')) for (const x of e.games) this.assert(pre.machineStatus[x.machineId] === 'WORKING', 'INV-14', () => `${x.machineId} is ${pre.machineStatus[x.machineId]}`);
        const after = post.rounds[e.round - 1]!.games.map((g) => g.machineId);
        if (working(post) >= 2 && this.on('INV-13')) this.limits(after, 'INV-13', `R${e.round} after a replacement`);
        return;
      }
      case 'TiebreakerChosen': {
        if (this.on('INV-07')) this.assert(tiebreakerRequired(pre), 'INV-07', () => `a tie-breaker at ${JSON.stringify(gamePointsTotal(pre))}`);
        if (this.on('INV-14')) this.assert(pre.machineStatus[e.machineId] === 'WORKING', 'INV-14', () => `tie-breaker on ${e.machineId}`);
        if (this.on('INV-27')) {
          this.assert(e.by === 'HOME', 'INV-27', () => `${e.by} chose the tie-breaker`);
          this.tiebreakerPlayers(pre, 'HOME', e.players, e.format);
        }
        return;
      }
      case 'TiebreakerPlayersDeclared':
        if (this.on('INV-27')) {
          this.assert(e.by === 'AWAY', 'INV-27', () => `${e.by} answered the tie-breaker`);
          this.tiebreakerPlayers(pre, 'AWAY', e.players, pre.tiebreaker!.format);
        }
        return;
      case 'TiebreakerStarted':
      case 'TiebreakerScoreEntered':
      case 'TiebreakerReplayed':
      case 'TiebreakerMachineFailed':
      case 'TiebreakerMachineReplaced':
        if (this.on('INV-07')) {
          const a = gamePointsTotal(pre);
          const b = gamePointsTotal(post);
          this.assert(a.HOME === b.HOME && a.AWAY === b.AWAY, 'INV-07', () => 'the tie-breaker changed match points');
        }
        return;
      case 'GameChallenged': {
        if (!this.on('INV-26')) return;
        const next = pre.rounds[e.round];
        if (next) this.assert(next.games.every((g) => g.startedAt === null), 'INV-26', () => `challenge on R${e.round} after R${e.round + 1} started`);
        else this.assert((pre.tiebreaker?.startedAt ?? null) === null && !pre.signoffs.HOME && !pre.signoffs.AWAY, 'INV-26', () => 'challenge on round 4 after the tie-breaker or a signature');
        return;
      }
      case 'SignedOff':
        if (!e.flagMinimumPlay && !pre.outcome && this.on('INV-18')) {
          for (const side of SIDES) {
            const owed = owedGames(pre, side);
            this.assert(owed.length === 0, 'INV-18', () => `signed while ${owed.map((o) => o.player.id)} of ${side} had not played`);
          }
        }
        return;
      case 'FullEveningClaimed':
        if (this.on('INV-08')) this.assert(presentPlayers(pre, e.side, e.at).length >= 4, 'INV-08', () => `12 points with ${presentPlayers(pre, e.side, e.at).length} present`);
        return;
      default:
    }
  }

  /** INV-11: every name in a lineup is on the roster, allowed by the league, and present (a write-in excepted). */
  private lineupPlayers(pre: MatchState, side: Side, at: number, games: { players: string[]; writeIn?: string | undefined }[]) {
    if (!this.on('INV-11')) return;
    for (const g of games) {
      for (const id of g.players) {
        const p = roster(pre, side).find((x) => x.id === id);
        this.assert(p !== undefined, 'INV-11', () => `${id} is not on ${side}'s roster`);
        this.assert(!p!.ineligible, 'INV-11', () => `${id} is barred from this match`);
        this.assert(g.writeIn === id || isPresent(pre, side, id, at), 'INV-11', () => `${id} was not present`);
      }
    }
  }

  /** INV-13 / INV-14 for an FD's machine assignment. */
  private assignment(pre: MatchState, machines: (string | null)[], what: string) {
    const used = machines.filter((m): m is string => m !== null);
    if (this.on('INV-14')) for (const m of used) this.assert(pre.machineStatus[m] === 'WORKING', 'INV-14', () => `${what} on ${m} (${pre.machineStatus[m]})`);
    if (!this.on('INV-13')) return;
    if (working(pre) >= 2) this.limits(machines, 'INV-13', what);
    else this.assert(new Set(used).size <= 1, 'INV-13', () => `${what} uses ${used} with one working machine`);
  }

  private limits(machines: (string | null)[], id: InvariantId, what: string) {
    const used = machines.filter((m): m is string => m !== null);
    const per = new Map<string, number>();
    for (const m of used) per.set(m, (per.get(m) ?? 0) + 1);
    this.assert([...per.values()].every((n) => n <= 2), id, () => `${what}: ${used}`);
    if (used.length >= 2) this.assert(per.size >= 2, id, () => `${what}: a single machine ${used}`);
  }

  /** INV-17: the shape a short team declares. */
  private shortShape(pre: MatchState, post: MatchState, e: Extract<MatchEvent, { type: 'LineupDeclared' }>) {
    if (!this.on('INV-17')) return;
    const r = pre.rounds[e.round - 1]!;
    const fdGaveUp = e.side !== r.fd ? r.games.filter((g) => g.machineId === null).length : 0;
    const counts = e.games.map((g) => g.players.length);
    if (r.format === 'DOUBLES') {
      if (fdGaveUp > 0 || e.games.some((g) => g.writeIn !== undefined)) return;
      this.assert([...counts].sort().join() === '1,2', 'INV-17', () => `short doubles declaration ${counts}`);
      const lone = e.games.find((g) => g.players.length === 1)!.players[0];
      for (const x of post.rounds) {
        if (x.format !== 'DOUBLES' || x.round === e.round || !x.declarations[e.side]?.short) continue;
        const theirs = x.declarations[e.side]!.games.find((g) => g.players.length === 1)?.players[0];
        this.assert(theirs !== lone, 'INV-17', () => `${lone} alone in both doubles rounds`);
      }
    } else {
      const filled = counts.filter((n) => n === 1).length;
      const without = counts.length - filled;
      this.assert(filled === Math.min(3, counts.length - fdGaveUp) && without === Math.max(1, fdGaveUp), 'INV-17', () => `short singles declaration ${counts}`);
    }
  }

  private tiebreakerPlayers(pre: MatchState, side: Side, players: string[], format: 'SHARED_GAME' | 'SPLIT_FLIPPER') {
    const n = format === 'SHARED_GAME' ? 3 : 2;
    this.assert(players.length === n && new Set(players).size === n, 'INV-27', () => `${side} names ${players} for ${format}`);
    this.assert(players.every((id) => roster(pre, side).some((p) => p.id === id)), 'INV-27', () => `${side} names a player not on its roster`);
  }

  /** INV-19: confirming a penalty against a team never raises its points nor lowers the opponent's. */
  private penalty(pre: MatchState, post: MatchState, entryId: string, events: MatchEvent[]) {
    const entry = pre.entries.find((x) => x.id === entryId);
    if (entry?.kind !== 'INCIDENT' || !PENALTY_KINDS.has(entry.incident.kind)) return;
    if (events.some((e) => e.type === 'GameRestarted' || e.type === 'MachineEliminated')) return; // a restart, not a penalty
    if (!this.on('INV-19')) return;
    const side = entry.incident.side;
    const a = gamePointsTotal(pre);
    const b = gamePointsTotal(post);
    this.assert(b[side] <= a[side] && b[other(side)] >= a[other(side)], 'INV-19', () => `${entry.incident.kind} against ${side}: ${JSON.stringify(a)} -> ${JSON.stringify(b)}`);
  }

  /** INV-15: a declared lineup changes only by a re-declaration after a machine failure; play order locks at the start. */
  private lineupChanges(pre: MatchState, post: MatchState, events: MatchEvent[]) {
    if (!this.only.has('INV-15')) return;
    for (const r of pre.rounds) {
      for (const g of r.games) {
        const after = post.rounds[g.round - 1]!.games[g.game - 1]!;
        for (const side of SIDES) {
          if (!r.declarations[side] || g.players[side].join() === after.players[side].join()) continue;
          this.on('INV-15');
          const lawful = events.some((e) =>
            (e.type === 'GamesRedeclared' && e.round === g.round && g.redeclarable && e.games.some((x) => x.game === g.game)) ||
            (e.type === 'LineupFixed' && e.round === g.round && r.games.every((x) => x.startedAt === null)));
          this.assert(lawful, 'INV-15', () => `R${g.round}G${g.game} ${side} changed ${g.players[side]} -> ${after.players[side]}`);
        }
        if (g.startedAt !== null && after.startedAt !== null && after.generation === g.generation && this.on('INV-15')) {
          this.assert(JSON.stringify(g.seats) === JSON.stringify(after.seats), 'INV-15', () => `R${g.round}G${g.game} play order changed after the start`);
        }
      }
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // invariants of a finished evening

  end(s: MatchState, log: readonly MatchEvent[], complete: boolean) {
    if (this.on('INV-03')) this.machineAuthors(s, log);
    if (s.outcome) {
      if (this.on('INV-08')) this.wholeMatch(s);
    } else if (roundsComplete(s)) {
      const voidWorth = s.rounds.flatMap((r) => r.games.map((g) => ({ g, worth: r.format === 'DOUBLES' ? 2 : 1 })))
        .filter(({ g }) => ['VOID', 'NO_RESULT'].includes(gameOutcome(s, g).kind))
        .reduce((n, x) => n + x.worth, 0);
      const p = gamePointsTotal(s);
      if (this.on('INV-04')) this.assert(p.HOME + p.AWAY === 16 - voidWorth, 'INV-04', () => `${p.HOME} + ${p.AWAY} with ${voidWorth} void`);
      this.shortBounds(s, log);
      if (this.on('INV-07')) {
        const equal = p.HOME === p.AWAY && !s.left && !s.abandoned;
        this.assert((s.tiebreaker !== null) === equal, 'INV-07', () => `tie-breaker ${s.tiebreaker !== null} at ${p.HOME}-${p.AWAY}`);
      }
    }
    if (complete && this.on('INV-06')) {
      const r = matchResult(s);
      const st = standingsEntry(s);
      this.assert(r.status === 'DECIDED' && st !== null, 'INV-06', () => 'a signed match without a result');
      const results = [st!.HOME.result, st!.AWAY.result].sort().join();
      if (s.outcome?.kind === 'DOUBLE_FORFEIT') this.assert(results === 'L,L', 'INV-06', () => results);
      else this.assert(results === 'L,W', 'INV-06', () => `results ${results}`);
      if (r.status === 'DECIDED' && !s.outcome && !s.tiebreaker && !s.left && r.points.HOME + r.points.AWAY === 16) {
        this.assert(Math.max(r.points.HOME, r.points.AWAY) >= 9, 'INV-06', () => `winner with ${JSON.stringify(r.points)}`);
      }
    }
    if (complete && !s.outcome && this.on('INV-18')) {
      const flagged = s.signoffs.HOME?.flagMinimumPlay || s.signoffs.AWAY?.flagMinimumPlay;
      for (const side of SIDES) this.assert(flagged || owedGames(s, side).length === 0, 'INV-18', () => `${side} owes ${owedGames(s, side).map((o) => o.player.id)}`);
    }
  }

  /** INV-03: every machine of every slot was assigned by the round's FD (declaration, correction or replacement). */
  private machineAuthors(s: MatchState, log: readonly MatchEvent[]) {
    const machine = new Map<string, string | null>();
    const key = (round: number, game: number) => `${round}/${game}`;
    for (const e of log) {
      if (e.type === 'LineupDeclared' || e.type === 'LineupFixed') {
        if (e.side !== s.rounds[e.round - 1]!.fd) continue;
        this.assert(e.by === e.side, 'INV-03', () => `${e.by} declared for ${e.side}`);
        e.games.forEach((g, i) => machine.set(key(e.round, i + 1), g.machineId ?? null));
      } else if (e.type === 'MachineReplaced') {
        this.assert(e.by === s.rounds[e.round - 1]!.fd, 'INV-03', () => `${e.by} replaced a machine in R${e.round}`);
        for (const x of e.games) machine.set(key(e.round, x.game), x.machineId);
      } else if (e.type === 'MachineEliminated') {
        for (const n of e.games) machine.set(key(e.round, n), null);
      } else if (e.type === 'Relocated') {
        for (const k of e.unseated) machine.set(key(k.round, k.game), null);
      }
    }
    for (const r of s.rounds) {
      for (const g of r.games) {
        this.assert((machine.get(key(g.round, g.game)) ?? null) === g.machineId, 'INV-03', () => `R${g.round}G${g.game} on ${g.machineId}, FD chose ${machine.get(key(g.round, g.game))}`);
      }
    }
  }

  /** INV-04 / INV-05 for short teams. */
  private shortBounds(s: MatchState, log: readonly MatchEvent[]) {
    const singles = s.rounds.filter((r) => r.format === 'SINGLES');
    const shortIn = (side: Side) => singles.every((r) => r.declarations[side]?.short);
    const fullIn = (side: Side) => singles.every((r) => r.declarations[side] && !r.declarations[side]!.short && r.games.filter((g) => g.players[side].length > 0).length === 4);
    const calm = !log.some((e) => e.type === 'PlayerDeparted' || e.type === 'OpponentLeft' || e.type === 'MatchAbandoned');
    const noResult = s.rounds.some((r) => r.games.some((g) => gameOutcome(s, g).kind === 'NO_RESULT'));
    const p = gamePointsTotal(s);
    for (const side of SIDES) {
      if (!shortIn(side)) continue;
      if (this.on('INV-05')) {
        this.assert(p[side] <= 14, 'INV-05', () => `${side}, short in both singles rounds, has ${p[side]}`);
        if (fullIn(other(side)) && calm) this.assert(p[other(side)] >= 2, 'INV-05', () => `${other(side)} has ${p[other(side)]} against a short team`);
      }
      if (calm && !noResult && (shortIn(other(side)) || fullIn(other(side))) && this.on('INV-04')) {
        // one team short: still 16; both short in both singles rounds: 14. Those totals speak of the singles rounds:
        // a doubles game both teams forfeited (late in round 1, R-VII.H) is void and costs its 2 points on top.
        const doublesVoid = s.rounds.filter((r) => r.format === 'DOUBLES')
          .reduce((n, r) => n + 2 * r.games.filter((g) => gameOutcome(s, g).kind === 'VOID').length, 0);
        const expected = (shortIn(other(side)) ? 14 : 16) - doublesVoid;
        this.assert(p.HOME + p.AWAY === expected, 'INV-04', () => `short team(s) shared ${p.HOME + p.AWAY}, expected ${expected}`);
      }
    }
  }
}

const PENALTY_KINDS = new Set(['OUT_OF_TURN', 'SLAM_TILT', 'MACHINE_DAMAGE', 'TILTED_OPPONENT', 'DEATH_SAVE', 'STUCK_BALL_ADVANTAGE', 'PRACTICE', 'LOGGED_IN']);

const roster = (s: MatchState, side: Side) => (side === 'HOME' ? s.setup.home : s.setup.away).players;
const working = (s: MatchState) => Object.values(s.machineStatus).filter((x) => x === 'WORKING').length;

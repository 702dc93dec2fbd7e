import type { Command, Refusal } from '../../shared/index';
import { eveningConflict, LeaguePlayerSchema, ScheduledMatchSchema, SeasonTeamSchema, type ScheduledMatch } from '../../shared/season/index';
import { COLLECTIONS, isTombstone, type LeagueStore, readAll, readDoc, readRaw } from './leagueStore';

/**
 * R-VII.P.3.1 (INV-23) at declaration time: a player on two teams playing the same evening may be written into a
 * lineup of only one of the two matches. The match engine sees one match at a time, so this check needs the
 * league: the room's command path calls the guard before `decide` for every command and refuses with its answer.
 * It also refuses every command in the room of a match the commissioner took off the schedule (NOT_SCHEDULED).
 * Once a room holds an event, only lineup commands read the league (see MAX_STARTED). Matches the league did not
 * schedule (the demo) pass.
 */
export type EveningGuard = (matchId: string, command: Command) => Promise<Refusal | null>;

/** The player ids a command writes into a lineup. */
export function lineupPlayers(command: Command): string[] {
  switch (command.type) {
    case 'declareLineup':
      return command.payload.games.flatMap((g) => [...g.players, ...(g.writeIn ? [g.writeIn] : [])]);
    case 'redeclareGames':
      return command.payload.games.flatMap((g) => g.players);
    case 'chooseTiebreaker':
    case 'declareTiebreakerPlayers':
      return command.payload.players;
    default:
      return [];
  }
}

/** A match taken off the schedule (its room may exist): every command in its room is refused with this. */
export const NOT_SCHEDULED: Refusal = {
  rule: 'SCHEDULE',
  code: 'NOT_SCHEDULED',
  message: 'The commissioner took this match off the schedule: it will not be played, and nothing can be recorded in it.',
};

/**
 * Matches this process has seen with at least one event, with their schedule entry (null: not on the schedule). A
 * match whose room holds an event was in use before any delete could land (see `claim` below), so it can never
 * become withdrawn, and its entry cannot change either: the schedule refuses to edit the entry of a room that is open
 * or in use, and to schedule an id that already has a room. So once seen started, its commands skip the withdrawal check and its
 * lineups skip reading the entry, for good. That keeps the hot path (a match under way, ~200 commands/s per
 * process) free of league reads but for what R-VII.P.3.1 needs (the other rooms of a scheduled match's evening);
 * only a room's first commands, before anything is stored in it, read (and once write) its schedule entry.
 * Bounded: a forgotten match costs one more read, never a wrong answer.
 */
const MAX_STARTED = 50_000;
/** Lost compare-and-sets on one schedule entry before the command is answered "try again". */
const MAX_ATTEMPTS = 5;

const BUSY: Refusal = { rule: 'SCHEDULE', code: 'BUSY', message: 'The schedule entry of this match kept changing; try again.' };

export function createEveningGuard(store: LeagueStore, clock: () => number = Date.now): EveningGuard {
  const started = new Map<string, ScheduledMatch | null>();
  const markStarted = (matchId: string, entry: ScheduledMatch | null) => {
    started.set(matchId, entry);
    if (started.size > MAX_STARTED) {
      const oldest = started.keys().next().value;
      if (oldest !== undefined) started.delete(oldest);
    }
  };

  /**
   * Before a room stores anything: refuses if the match was taken off the schedule, else marks its schedule entry
   * in use (roomInUseSince) with compare-and-set on the entry's revision. The delete route decides on the same
   * revision, so of a first tap and a delete racing each other exactly one wins: the tap is stored and the delete
   * is refused (STARTED), or the match is withdrawn and the tap refused (NOT_SCHEDULED). Matches the league did not
   * schedule (no entry) pass.
   */
  const claim = async (matchId: string): Promise<Refusal | null> => {
    if (started.has(matchId)) return null;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [raw, room] = await Promise.all([readRaw(store, COLLECTIONS.matches, matchId), store.load(matchId)]);
      if (raw && isTombstone(raw.doc)) return NOT_SCHEDULED;
      const entry = raw ? ScheduledMatchSchema.safeParse(raw.doc) : null;
      if (room && room.version > 0) {
        markStarted(matchId, entry?.success ? entry.data : null);
        return null;
      }
      if (!raw || !entry?.success || entry.data.roomInUseSince !== null) return null;
      const put = await store.putDoc(COLLECTIONS.matches, matchId, { ...entry.data, roomInUseSince: clock() }, raw.rev);
      if (put.kind === 'ok') return null;
    }
    return BUSY;
  };

  /** R-VII.P.3.1: the lineup's players against the lineups of the other rooms open that evening. */
  const sameEveningConflict = async (me: ScheduledMatch, players: string[]): Promise<Refusal | null> => {
    const sameEvening = (await readAll(store, COLLECTIONS.matches, ScheduledMatchSchema)).filter(
      (m) => m.id !== me.id && m.date === me.date && m.roomOpenedAt !== null,
    );
    if (sameEvening.length === 0) return null;
    // All rooms at once: a league night's lineup declaration waits for one round trip, not one per match open that
    // evening. The order is the schedule's, so the refusal names the same match whichever way it is read.
    const rooms = (await Promise.all(sameEvening.map(async (m) => ({ m, room: await store.load(m.id) })))).flatMap(({ m, room }) =>
      room ? [{ m, state: room.snapshot }] : [],
    );
    // The lineups decide; the names the refusal gives (the teams, the player) are read only when there is one to give,
    // not for every declaration of the evening.
    if (!eveningConflict(players, rooms.map(({ m, state }) => ({ matchId: m.id, label: m.id, state })), (id) => id)) return null;
    const teamName = async (teamId: string) => (await readDoc(store, COLLECTIONS.teams, teamId, SeasonTeamSchema))?.doc.name ?? teamId;
    const [others, leaguePlayers] = await Promise.all([
      Promise.all(
        rooms.map(async ({ m, state }) => {
          const [home, away] = await Promise.all([teamName(m.homeTeamId), teamName(m.awayTeamId)]);
          return { matchId: m.id, label: `${home} v ${away}`, state };
        }),
      ),
      readAll(store, COLLECTIONS.players, LeaguePlayerSchema),
    ]);
    const names = new Map(leaguePlayers.map((p) => [p.id, p.name]));
    return eveningConflict(players, others, (id) => names.get(id) ?? id);
  };

  return async (matchId, command) => {
    const players = lineupPlayers(command);
    const known = started.get(matchId);
    if (known !== undefined) return known && players.length > 0 ? sameEveningConflict(known, players) : null;
    if (players.length > 0) {
      // Withdrawn first (it says more than a lineup conflict), then the evening; the room is marked in use (claim)
      // only for a command the guard lets through. One read of the schedule entry serves both.
      const raw = await readRaw(store, COLLECTIONS.matches, matchId);
      if (raw && isTombstone(raw.doc)) return NOT_SCHEDULED;
      const entry = raw ? ScheduledMatchSchema.safeParse(raw.doc) : null;
      if (entry?.success) {
        const conflict = await sameEveningConflict(entry.data, players);
        if (conflict) return conflict;
      }
    }
    return claim(matchId);
  };
}

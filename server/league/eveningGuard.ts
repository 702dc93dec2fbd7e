import type { Command, MatchState, Refusal } from '../../shared/index';
import { eveningConflict, ScheduledMatchSchema, type ScheduledMatch } from '../../shared/season/index';
import { COLLECTIONS, isTombstone, type LeagueStore, readDoc, readRaw } from './leagueStore';
import { RecentMap } from '../recentMap';
import { type LiveRooms, roomStates } from './roomStates';
import { eveningIds, scheduleListed } from './scheduleLists';

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
 * process) free of league reads but for what R-VII.P.3.1 needs: a lineup of a scheduled match reads its evening's
 * list of matches, and loads only the rooms that have one of its players on a team (see `openRooms`); only a room's
 * first commands, before anything is stored in it, read (and once write) its schedule entry.
 * Bounded (this and `openRooms`): a forgotten match costs one more read, never a wrong answer.
 */
const MAX_STARTED = 50_000;
/** Lost compare-and-sets on one schedule entry before the command is answered "try again". */
const MAX_ATTEMPTS = 5;

const BUSY: Refusal = { rule: 'SCHEDULE', code: 'BUSY', message: 'The schedule entry of this match kept changing; try again.' };

export function createEveningGuard(store: LeagueStore, clock: () => number = Date.now, live?: LiveRooms): EveningGuard {
  const started = new RecentMap<string, ScheduledMatch | null>(MAX_STARTED);
  const markStarted = (matchId: string, entry: ScheduledMatch | null) => started.set(matchId, entry);

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
      // A room this process holds at a version above 0 has started for good (its copy can only be behind).
      const held = live?.peek(matchId);
      const [raw, room] = await Promise.all([readRaw(store, COLLECTIONS.matches, matchId), held && held.version > 0 ? held : store.load(matchId)]);
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

  /**
   * The other rooms of an evening as far as R-VII.P.3.1 needs them: a lineup (a write-in too) names only players on
   * the room's own rosters, which its setup fixed when it opened, so only a room whose rosters hold one of the
   * lineup's players can clash with it, and only such rooms are loaded. Kept for good once seen open: neither the
   * setup nor the date of an open match can change (the schedule refuses to edit it).
   */
  const openRooms = new RecentMap<string, { date: string; label: string; players: ReadonlyMap<string, string> }>(MAX_STARTED);
  const rememberRoom = (id: string, date: string, state: MatchState) => {
    const { home, away } = state.setup;
    openRooms.set(id, { date, label: `${home.name} v ${away.name}`, players: new Map([...home.players, ...away.players].map((p) => [p.id, p.name])) });
  };
  // A schedule written before its lists existed is listed once per process, started here with the match rooms.
  scheduleListed(store).catch(() => undefined);

  /**
   * Whether room `id` is open on the evening of `date`; if so it is remembered in `openRooms`. The answer is the
   * room's state as just loaded from the store (for the caller to use as current), or null: not open that evening,
   * or held by this process's room layer, whose copy gives the setup without a load and is brought up to date by
   * roomStates if the room turns out to matter.
   * Lineups of many rooms that arrive together share one look per room: the first lineups of an evening all come
   * within a minute or two, and each would otherwise read and load every other room of the evening that nobody had
   * looked at yet, a number of loads that grows with the square of the evening's rooms (at 200 rooms, a stall of
   * half a second for every room of the process in the bench's league night; bench/HISTORY.md, "The start of a
   * league night").
   */
  const looking = new Map<string, Promise<MatchState | null>>();
  const lookAt = (id: string, date: string): Promise<MatchState | null> => {
    const key = `${date} ${id}`;
    const pending = looking.get(key);
    if (pending) return pending;
    const look = (async () => {
      const entry = await readDoc(store, COLLECTIONS.matches, id, ScheduledMatchSchema);
      if (!entry || entry.doc.date !== date || (entry.doc.roomOpenedAt === null && entry.doc.roomInUseSince === null)) return null;
      const held = live?.peek(id);
      if (held) {
        rememberRoom(id, date, held.state);
        return null;
      }
      const room = await store.load(id);
      if (!room) return null;
      rememberRoom(id, date, room.snapshot);
      return room.snapshot;
    })().finally(() => looking.delete(key));
    looking.set(key, look);
    return look;
  };

  /** R-VII.P.3.1: the lineup's players against the lineups of the other rooms open that evening. */
  const sameEveningConflict = async (me: ScheduledMatch, players: string[]): Promise<Refusal | null> => {
    await scheduleListed(store);
    const ids = (await eveningIds(store, me.date)).filter((id) => id !== me.id);
    // Rooms not seen open yet: their entry says whether they are tonight's and open (or in use: a crash can lose the
    // open mark). All at once: a lineup waits for one round trip, not one per match of the evening.
    const fresh = new Map<string, MatchState>();
    await Promise.all(
      ids.filter((id) => !openRooms.has(id)).map(async (id) => {
        const state = await lookAt(id, me.date);
        if (state) fresh.set(id, state);
      }),
    );
    const suspects = ids.flatMap((id) => {
      const room = openRooms.get(id);
      return room && room.date === me.date && players.some((p) => room.players.has(p)) ? [{ id, room }] : [];
    });
    if (suspects.length === 0) return null;
    // A suspect's current lineups: its copy kept by this process (or the room's own) with the events it got since.
    const states = await roomStates(store, suspects.flatMap(({ id }) => (fresh.has(id) ? [] : [id])), live);
    // In the evening's order (the ids'), so the refusal names the same match whichever room asks.
    const others = suspects.flatMap(({ id, room }) => {
      const state = fresh.get(id) ?? states.get(id);
      return state ? [{ matchId: id, label: room.label, names: room.players, state }] : [];
    });
    const names = new Map(others.flatMap((o) => [...o.names]));
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

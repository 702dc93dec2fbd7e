import { type MatchState, type Venue, VenueSchema } from '../../shared/index';
import {
  countedResult, type LeagueMatchResult, type LeaguePlayer, LeaguePlayerSchema, type LeagueZone, type RecordedResult,
  RecordedResultSchema, type ScheduledMatch, type Season, type SeasonRosters, SeasonRostersSchema,
  SeasonSchema, type SeasonTeam, SeasonTeamSchema, localTimeOf, type LocalDate,
} from '../../shared/season/index';
import { sharedDoc, sharedDocs } from './docCache';
import { COLLECTIONS, type LeagueStore } from './leagueStore';
import { type LiveRooms, roomStates } from './roomStates';
import { seasonSchedule } from './scheduleLists';

/**
 * Everything the league rules of one season look at, read from the store in one go. The tables are computed on
 * every read from the match snapshots, so the standings move the moment a match is signed, on any server process.
 *
 * The documents in it (the season, teams, venues, players, rosters, schedule entries, recorded results) are shared
 * with every other read of this process and frozen (docCache.ts); the rooms' states are shared too, not frozen
 * (roomStates.ts). A route that changes the bundle replaces a field or builds new objects, never changes one in
 * place.
 */
export interface SeasonBundle {
  season: Season;
  seasonRev: number;
  zone: LeagueZone;
  teams: SeasonTeam[];
  venues: readonly Venue[];
  players: Map<string, LeaguePlayer>;
  rosters: SeasonRosters;
  rostersRev: number;
  schedule: ScheduledMatch[];
  recorded: Map<string, RecordedResult>;
  /** Snapshots of the matches whose rooms are open. */
  states: Map<string, MatchState>;
  /** CALC-4: results that count, by match id. */
  results: Map<string, LeagueMatchResult>;
  /** The date in the league's zone when this was read: whether the regular season is over depends on it. */
  today: LocalDate;
}

export const emptyRosters = (seasonId: string): SeasonRosters => ({ seasonId, teams: {} });

export async function loadSeason(store: LeagueStore, seasonId: string, zoneFor: (tz: string) => LeagueZone, now: number, live?: LiveRooms): Promise<SeasonBundle | null> {
  const found = await sharedDoc(store, COLLECTIONS.seasons, seasonId, SeasonSchema);
  if (!found) return null;
  const [teams, venues, players, rosters, mine, recorded] = await Promise.all([
    sharedDocs(store, COLLECTIONS.teams, SeasonTeamSchema),
    sharedDocs(store, COLLECTIONS.venues, VenueSchema),
    sharedDocs(store, COLLECTIONS.players, LeaguePlayerSchema),
    sharedDoc(store, COLLECTIONS.rosters, seasonId, SeasonRostersSchema),
    seasonSchedule(store, seasonId),
    sharedDocs(store, COLLECTIONS.results, RecordedResultSchema),
  ]);
  const states = await roomStates(store, mine.filter((m) => m.roomOpenedAt !== null).map((m) => m.id), live);
  const recordedById = new Map(recorded.filter((r) => r.seasonId === seasonId).map((r) => [r.matchId, r]));
  const results = new Map<string, LeagueMatchResult>();
  for (const m of mine) {
    const r = countedResult(m, recordedById.get(m.id), states.get(m.id) ?? null);
    if (r) results.set(m.id, r);
  }
  const zone = zoneFor(found.doc.timeZone);
  return {
    season: found.doc,
    seasonRev: found.rev,
    zone,
    teams: teams.filter((t) => t.seasonId === seasonId),
    venues,
    players: new Map(players.map((p) => [p.id, p])),
    rosters: rosters?.doc ?? emptyRosters(seasonId),
    rostersRev: rosters?.rev ?? 0,
    schedule: mine,
    recorded: recordedById,
    states,
    results,
    today: localTimeOf(now, zone).date,
  };
}

export const teamMap = (b: SeasonBundle) => new Map(b.teams.map((t) => [t.id, t]));
export const venueMap = (b: SeasonBundle) => new Map(b.venues.map((v) => [v.id, v]));
export const nameOf = (b: SeasonBundle) => (id: string) => b.players.get(id)?.name ?? id;

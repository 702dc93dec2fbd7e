import type { Command, MatchState, Refusal } from '../../shared/index';
import { eveningConflict, LeaguePlayerSchema, ScheduledMatchSchema, SeasonTeamSchema } from '../../shared/season/index';
import { COLLECTIONS, isTombstone, type LeagueStore, readAll, readDoc, readRaw } from './leagueStore';

/**
 * R-VII.P.3.1 (INV-23) at declaration time: a player on two teams playing the same evening may be written into a
 * lineup of only one of the two matches. The match engine sees one match at a time, so this check needs the
 * league: the room's command path calls the guard before `decide` for lineup commands and refuses with its answer.
 * Matches the league did not schedule (the demo) pass untouched.
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

export function createEveningGuard(store: LeagueStore): EveningGuard {
  return async (matchId, command) => {
    const players = lineupPlayers(command);
    if (players.length === 0) return null;
    const raw = await readRaw(store, COLLECTIONS.matches, matchId);
    // A match taken off the schedule before it started (its room may already exist): nobody may play it now.
    if (raw && isTombstone(raw.doc)) return { rule: 'SCHEDULE', code: 'NOT_SCHEDULED', message: 'The commissioner took this match off the schedule: it will not be played.' };
    const scheduled = await readDoc(store, COLLECTIONS.matches, matchId, ScheduledMatchSchema);
    if (!scheduled) return null;
    const me = scheduled.doc;
    const sameEvening = (await readAll(store, COLLECTIONS.matches, ScheduledMatchSchema)).filter(
      (m) => m.id !== me.id && m.date === me.date && m.roomOpenedAt !== null,
    );
    if (sameEvening.length === 0) return null;
    const others: { matchId: string; label: string; state: MatchState }[] = [];
    for (const m of sameEvening) {
      const loaded = await store.load(m.id);
      if (!loaded) continue;
      const [home, away] = await Promise.all([
        readDoc(store, COLLECTIONS.teams, m.homeTeamId, SeasonTeamSchema),
        readDoc(store, COLLECTIONS.teams, m.awayTeamId, SeasonTeamSchema),
      ]);
      others.push({ matchId: m.id, label: `${home?.doc.name ?? m.homeTeamId} v ${away?.doc.name ?? m.awayTeamId}`, state: loaded.snapshot });
    }
    const names = new Map((await readAll(store, COLLECTIONS.players, LeaguePlayerSchema)).map((p) => [p.id, p.name]));
    return eveningConflict(players, others, (id) => names.get(id) ?? id);
  };
}

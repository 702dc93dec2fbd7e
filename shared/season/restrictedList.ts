import type { LocalDate } from './calendar';
import { inTop, type LeaguePlayer, TOP_150 } from './people';
import { inForceOrder, type SeasonRosters } from './roster';
import type { RestrictedList, Season } from './season';
import { granted, refused, type Verdict } from './verdict';

/**
 * R-II.B.2: the season's top-150 list. It is built once, from the ranks recorded on the commissioner's reference
 * date, and stays fixed for the season (R-II.B.2.2); whatever rank a player had when joining does not matter
 * (R-II.B.2.1). A player who joins a team after the list was built is judged on the rank recorded when they join,
 * and nobody else's standing changes (OQ-26b).
 */

export function buildRestrictedList(
  season: Season,
  players: readonly LeaguePlayer[],
  referenceDate: LocalDate,
  builtAt: number,
  today: LocalDate,
): Verdict<RestrictedList> {
  if (season.restrictedList && today >= season.regularSeason.start) {
    return refused('R-II.B.2.2', `The top-${TOP_150} list is fixed for the season once it has started (${season.regularSeason.start}); it is rebuilt next season.`, 'LIST_FIXED');
  }
  const playerIds = players.filter((p) => inTop(p.ifpaRank, TOP_150)).map((p) => p.id).sort();
  return granted({ referenceDate, builtAt, playerIds });
}

/** Everyone restricted this season: the list, plus later joiners ranked in the top 150 when they joined (OQ-26b). */
export function restrictedPlayers(season: Season, rosters: SeasonRosters): Set<string> {
  const list = season.restrictedList;
  const restricted = new Set(list?.playerIds ?? []);
  if (!list) return restricted;
  for (const history of Object.values(rosters.teams)) {
    for (const b of inForceOrder(history.batches)) {
      if (b.submittedAt <= list.builtAt) continue;
      for (const e of b.edits) if (e.op === 'ADD' && inTop(b.ranks[e.playerId], TOP_150)) restricted.add(e.playerId);
    }
  }
  return restricted;
}

import type { Venue } from '../league';

/**
 * R-V.C.1: candidate venues for a final-round match (and for a standings tie-breaker match, R-IV.A.5.3), ranked by
 * (1) not a home venue of any team in the match, then (2) not a venue where any of them played in these playoffs.
 * The choice itself stays with the commissioner or a third party (R-V.C.2); this is the ranked list they start from.
 */
export interface RankedVenue {
  venueId: string;
  name: string;
  /** Criterion (1): no team of the match has it as home venue. */
  notAHomeVenue: boolean;
  /** Criterion (2): no team of the match played there in the current playoffs. */
  notPlayedInPlayoffs: boolean;
}

/**
 * The league's bars in name order, computed once per list: a standings view ranks them for every tie of every
 * conference (in a season's first week every team is 0-0, so each conference is one tie), and sorting 200 bars by
 * name 20 times was most of a standings view's time (bench/HISTORY.md, "A league night"). Lists are never changed in
 * place, so a list's order is kept with it.
 */
const byNameOrder = new WeakMap<readonly Venue[], readonly Venue[]>();
const byName = new Intl.Collator('en').compare;

function sortedByName(venues: readonly Venue[]): readonly Venue[] {
  let sorted = byNameOrder.get(venues);
  if (!sorted) {
    sorted = [...venues].sort((a, b) => byName(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    byNameOrder.set(venues, sorted);
  }
  return sorted;
}

export function rankNeutralVenues(
  venues: readonly Venue[],
  homeVenueIds: readonly string[],
  playoffVenueIds: readonly string[],
): RankedVenue[] {
  const homes = new Set(homeVenueIds);
  const played = new Set(playoffVenueIds);
  // From name order, a stable sort on the two criteria keeps names in order within each group.
  return sortedByName(venues)
    .map((v) => ({ venueId: v.id, name: v.name, notAHomeVenue: !homes.has(v.id), notPlayedInPlayoffs: !played.has(v.id) }))
    .sort((a, b) => Number(b.notAHomeVenue) - Number(a.notAHomeVenue) || Number(b.notPlayedInPlayoffs) - Number(a.notPlayedInPlayoffs));
}

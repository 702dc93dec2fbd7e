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

export function rankNeutralVenues(
  venues: readonly Venue[],
  homeVenueIds: readonly string[],
  playoffVenueIds: readonly string[],
): RankedVenue[] {
  const homes = new Set(homeVenueIds);
  const played = new Set(playoffVenueIds);
  return venues
    .map((v) => ({ venueId: v.id, name: v.name, notAHomeVenue: !homes.has(v.id), notPlayedInPlayoffs: !played.has(v.id) }))
    .sort(
      (a, b) =>
        Number(b.notAHomeVenue) - Number(a.notAHomeVenue) ||
        Number(b.notPlayedInPlayoffs) - Number(a.notPlayedInPlayoffs) ||
        a.name.localeCompare(b.name, 'en') ||
        (a.venueId < b.venueId ? -1 : a.venueId > b.venueId ? 1 : 0),
    );
}

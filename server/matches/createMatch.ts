import { initialState, type MatchSetup } from '../../shared/index';
import { hashToken, newToken } from '../auth/tokens';
import type { RoomStore } from './roomStore';

export interface MatchLinks {
  matchId: string;
  /** Secret: whoever opens one acts for that team. Shown once; the store keeps only the tokens' hashes. */
  captainLinks: { HOME: string; AWAY: string };
  spectatorLink: string;
}

export const spectatorLink = (matchId: string) => `/m/${encodeURIComponent(matchId)}`;
export const captainLink = (matchId: string, token: string) => `${spectatorLink(matchId)}?t=${token}`;

/**
 * Opens a match room at version 0 with fresh captain tokens. 'exists' when the id is taken: the existing match and
 * its links are left alone (its captain tokens cannot be shown again; they were never stored in clear).
 */
export async function createMatch(
  store: RoomStore,
  setup: MatchSetup,
  now: number,
): Promise<{ kind: 'created'; links: MatchLinks } | { kind: 'exists' }> {
  const tokens = { HOME: newToken(), AWAY: newToken() };
  const meta = { captainTokenHashes: { HOME: hashToken(tokens.HOME), AWAY: hashToken(tokens.AWAY) }, createdAt: now };
  const created = await store.create(setup.matchId, meta, initialState(setup));
  if (created === 'exists') return { kind: 'exists' };
  return {
    kind: 'created',
    links: {
      matchId: setup.matchId,
      captainLinks: { HOME: captainLink(setup.matchId, tokens.HOME), AWAY: captainLink(setup.matchId, tokens.AWAY) },
      spectatorLink: spectatorLink(setup.matchId),
    },
  };
}

import { SIDES, type Actor } from '../../shared/index';
import type { MatchMeta } from '../matches/matchMeta';
import { hashToken, tokenMatches } from './tokens';

export interface Identity {
  actor: Actor;
  /** A token was presented but matched nothing: the connection is read only and the phone is told so. */
  tokenRejected: boolean;
}

/**
 * The role of a connection, fixed at the handshake and never taken from a message: a captain token of this match
 * -> that team's captain; the admin secret -> commissioner; anything else -> spectator (read only).
 */
export function identify(meta: MatchMeta, adminToken: string, token: string | undefined): Identity {
  if (token === undefined) return { actor: { role: 'spectator' }, tokenRejected: false };
  for (const side of SIDES) {
    if (tokenMatches(token, meta.captainTokenHashes[side])) return { actor: { role: 'captain', side }, tokenRejected: false };
  }
  if (isAdminToken(token, adminToken)) return { actor: { role: 'commissioner' }, tokenRejected: false };
  return { actor: { role: 'spectator' }, tokenRejected: true };
}

export function isAdminToken(presented: string, adminToken: string): boolean {
  return tokenMatches(presented, hashOf(adminToken));
}

// The admin token's hash is computed once per distinct token rather than on every request.
let cached: { token: string; hash: string } | null = null;
function hashOf(token: string): string {
  if (cached?.token !== token) cached = { token, hash: hashToken(token) };
  return cached.hash;
}

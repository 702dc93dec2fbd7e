import { SIDES, type Actor } from '../../shared/index';
import { type CaptainLinks, hashesInForce, type ReplacedLink } from '../matches/captainLinks';
import type { MatchMeta } from '../matches/matchMeta';
import { hashToken, tokenMatches } from './tokens';

export interface Identity {
  actor: Actor;
  /** A token was presented but matched nothing: the connection is read only and the phone is told so. */
  tokenRejected: boolean;
  /**
   * The token is a captain link the commissioner replaced: the handshake should be refused with this reason (the
   * captain asks for the new link) rather than let in as a spectator.
   */
  replaced?: { reason: string };
}

/**
 * The role of a connection, fixed at the handshake and never taken from a message: a captain token of this match
 * (the one in force: `links` holds the commissioner's replacements, captainLinks.ts) -> that team's captain; the
 * admin secret -> commissioner; anything else -> spectator (read only).
 */
export function identify(meta: MatchMeta, adminToken: string, token: string | undefined, links: CaptainLinks | null = null): Identity {
  if (token === undefined) return { actor: { role: 'spectator' }, tokenRejected: false };
  const hashes = hashesInForce(meta, links);
  for (const side of SIDES) {
    if (tokenMatches(token, hashes[side])) return { actor: { role: 'captain', side }, tokenRejected: false };
  }
  if (isAdminToken(token, adminToken)) return { actor: { role: 'commissioner' }, tokenRejected: false };
  const old = links ? replacedLink(links, token) : null;
  if (old) return { actor: { role: 'spectator' }, tokenRejected: true, replaced: { reason: replacedText(old) } };
  return { actor: { role: 'spectator' }, tokenRejected: true };
}

/** The replaced link a token belongs to, if any (compared on hashes; the last replacement of it wins). */
function replacedLink(links: CaptainLinks, token: string): ReplacedLink | null {
  return [...links.replaced].reverse().find((r) => tokenMatches(token, r.hash)) ?? null;
}

const replacedText = (old: ReplacedLink) =>
  `This ${old.side} captain link was replaced by the commissioner at ${new Date(old.replacedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC. Ask your commissioner for the new link.`;

export function isAdminToken(presented: string, adminToken: string): boolean {
  return tokenMatches(presented, hashOf(adminToken));
}

// The admin token's hash is computed once per distinct token rather than on every request.
let cached: { token: string; hash: string } | null = null;
function hashOf(token: string): string {
  if (cached?.token !== token) cached = { token, hash: hashToken(token) };
  return cached.hash;
}

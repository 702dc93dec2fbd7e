import type { Request } from 'express';
import type { Actor } from '../../shared/index';
import { identify } from '../auth/roles';
import { bearerToken } from './adminAuth';
import { type LinkStore, readCaptainLinks } from '../matches/captainLinks';
import type { MatchMeta } from '../matches/matchMeta';

/**
 * Who an HTTP request on a match is, the way the room's handshake decides it (room/roomGate.ts): the bearer token
 * is a captain link in force for this match (the commissioner's replacement included), the admin secret, or
 * nothing that opens it. A replaced link is told why.
 */
export type MatchRequester =
  | { ok: true; actor: Exclude<Actor, { role: 'spectator' }> }
  | { ok: false; status: 401 | 403; message: string };

export async function matchRequester(req: Request, meta: MatchMeta, matchId: string, links: LinkStore, adminToken: string): Promise<MatchRequester> {
  const token = bearerToken(req);
  // Link tokens are short; a header longer than any link could carry is no link (the bound the handshake's schema has).
  if (!token || token.length > 200) return { ok: false, status: 401, message: "Open the match with your captain link: this needs the link's token." };
  const { actor, replaced } = identify(meta, adminToken, token, await readCaptainLinks(links, matchId));
  if (replaced) return { ok: false, status: 403, message: replaced.reason };
  if (actor.role === 'spectator') return { ok: false, status: 403, message: 'That link is not a captain link of this match.' };
  return { ok: true, actor };
}

import { z } from 'zod';
import { SIDES, type Side } from '../../shared/index';
import { hashToken, newToken } from '../auth/tokens';
import type { PutDocResult } from '../store/matchStore';
import { captainLink } from './createMatch';
import type { MatchMeta } from './matchMeta';

/**
 * Captain links replaced by the commissioner (a link shared too widely, a captain who left the team). The match
 * meta keeps the hashes the room was opened with and never changes (the room caches it for good), so a replacement
 * is a document of its own beside it: per side, the hash now in force, and the hashes it replaced, so a phone
 * presenting an old link is told why it no longer works rather than silently becoming a spectator.
 */

export const CAPTAIN_LINKS = 'match.captainLinks';

/** At most this many replaced links are remembered per match (older ones are then refused as unknown tokens). */
const MAX_REPLACED = 20;

const ReplacedSchema = z.object({ side: z.enum(SIDES), hash: z.string().regex(/^[0-9a-f]{64}$/), replacedAt: z.number().int().nonnegative() });
export const CaptainLinksSchema = z.object({
  matchId: z.string().min(1),
  current: z.object({ HOME: z.string().regex(/^[0-9a-f]{64}$/).nullable(), AWAY: z.string().regex(/^[0-9a-f]{64}$/).nullable() }),
  replaced: z.array(ReplacedSchema).max(MAX_REPLACED),
});
export type CaptainLinks = z.infer<typeof CaptainLinksSchema>;
export type ReplacedLink = z.infer<typeof ReplacedSchema>;

/** What this file needs from the store: its generic documents. */
export interface LinkStore {
  getDoc<D>(collection: string, id: string): Promise<{ rev: number; doc: D } | null>;
  putDoc<D>(collection: string, id: string, doc: D, expectedRev: number | null): Promise<PutDocResult>;
}

export async function readCaptainLinks(store: LinkStore, matchId: string): Promise<CaptainLinks | null> {
  const found = await store.getDoc<unknown>(CAPTAIN_LINKS, matchId);
  return found ? CaptainLinksSchema.parse(found.doc) : null;
}

/** The hash of each side's captain link in force: the replacement if there is one, else the one the room opened with. */
export function hashesInForce(meta: Pick<MatchMeta, 'captainTokenHashes'>, links: CaptainLinks | null): Record<Side, string> {
  return { HOME: links?.current.HOME ?? meta.captainTokenHashes.HOME, AWAY: links?.current.AWAY ?? meta.captainTokenHashes.AWAY };
}

/** Lost compare-and-sets (two commissioners replacing at once) before giving up. */
const MAX_ATTEMPTS = 5;

/**
 * Issues a new captain link for one side of a match; the old one stops working (the room refuses it at connect;
 * sockets already connected with it are for the caller to disconnect). Compare-and-set on the document, so two
 * replacements at once each retire what they saw in force and the last one stored is the link that works.
 */
export async function replaceCaptainLink(store: LinkStore, matchId: string, meta: Pick<MatchMeta, 'captainTokenHashes'>, side: Side, now: number): Promise<{ link: string } | { busy: true }> {
  const token = newToken();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const found = await store.getDoc<unknown>(CAPTAIN_LINKS, matchId);
    const links = found ? CaptainLinksSchema.parse(found.doc) : { matchId, current: { HOME: null, AWAY: null }, replaced: [] };
    const retired: ReplacedLink = { side, hash: hashesInForce(meta, links)[side], replacedAt: now };
    const next: CaptainLinks = { ...links, current: { ...links.current, [side]: hashToken(token) }, replaced: [...links.replaced, retired].slice(-MAX_REPLACED) };
    const put = await store.putDoc(CAPTAIN_LINKS, matchId, next, found?.rev ?? null);
    if (put.kind === 'ok') return { link: captainLink(matchId, token) };
  }
  return { busy: true };
}

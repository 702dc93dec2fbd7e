import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { RecentMap } from '../recentMap';
import type { SeasonBundle } from './seasonData';

/**
 * The standings, bracket and schedule answers of a season, ready to send, computed again only when what they are
 * computed from changed: the season, its teams, bars and schedule, the counted results and the date (shared/season's
 * SeasonData).
 * On a league night spectators open the standings every few tenths of a second while the results change a few times
 * an evening (a match counts once signed): computing the tables and their JSON was ~4 ms of the rooms' event loop per
 * view at 400 teams (bench/HISTORY.md, "A league night").
 *
 * The key: the season's documents by identity (a season read shares them, frozen, while their collection is
 * unchanged: docCache.ts; a changed document is a new object, and an identity is never given twice), the results by
 * content (they are built on every read), and the date. A read whose documents were not shared (a collection with no
 * stamp) gets new objects every time, so its key never repeats: computed every time, as before.
 */

/** Seasons kept per kind of answer (a league has a few open at once). */
const MAX_SEASONS = 50;

const identities = new WeakMap<object, number>();
let lastIdentity = 0;
const identity = (o: object): number => {
  let id = identities.get(o);
  if (id === undefined) {
    id = ++lastIdentity;
    identities.set(o, id);
  }
  return id;
};

function inputsKey(b: SeasonBundle): string {
  const parts: (string | number)[] = [identity(b.season), b.today, 'T'];
  for (const t of b.teams) parts.push(identity(t));
  parts.push('V');
  for (const v of b.venues) parts.push(identity(v));
  parts.push('S');
  for (const m of b.schedule) parts.push(identity(m));
  parts.push('R');
  for (const [id, r] of b.results) parts.push(id, JSON.stringify(r));
  return parts.join(',');
}

export type TableKind = 'standings' | 'bracket' | 'schedule';

/**
 * An answer ready to send: its bytes, gzipped once (a season's standings or schedule is tens to hundreds of KB of
 * JSON, sent to phones on a bar's mobile signal many times an evening), and its ETag, so a phone that has it gets a
 * 304 instead of the body and express does not hash the body again for every view.
 */
export interface KeptAnswer {
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
}

/** Below this a gzip member's own header and the CPU are not worth it. */
const GZIP_FROM_BYTES = 1024;

const answers = new Map<TableKind, RecentMap<string, { key: string; answer: KeptAnswer }>>();

/** `build(bundle)` as an answer to send, reused while the season's inputs are the same. */
export function tableAnswer(kind: TableKind, bundle: SeasonBundle, build: (b: SeasonBundle) => unknown): KeptAnswer {
  const bySeason = answers.get(kind) ?? new RecentMap<string, { key: string; answer: KeptAnswer }>(MAX_SEASONS);
  answers.set(kind, bySeason);
  const key = inputsKey(bundle);
  const known = bySeason.get(bundle.season.id);
  if (known && known.key === key) return known.answer;
  const body = Buffer.from(JSON.stringify(build(bundle)));
  const answer: KeptAnswer = {
    body,
    gzip: body.length >= GZIP_FROM_BYTES ? gzipSync(body) : null,
    // Weak: the gzipped and the plain body are the same answer, whichever a phone got.
    etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
  };
  bySeason.set(bundle.season.id, { key, answer });
  return answer;
}

/**
 * Sends a kept answer as JSON: gzipped to a client that takes gzip (every browser), a 304 to one that already has it
 * (express's send compares If-None-Match with the ETag set here).
 */
export function sendAnswer(req: Request, res: Response, answer: KeptAnswer): void {
  res.type('application/json').set('ETag', answer.etag).vary('Accept-Encoding');
  if (answer.gzip && req.acceptsEncodings('gzip') === 'gzip') {
    res.set('Content-Encoding', 'gzip').send(answer.gzip);
    return;
  }
  res.send(answer.body);
}

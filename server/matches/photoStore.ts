import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type PhotoContentType, PhotoContentTypeSchema, type PhotoRef } from '../../shared/index';
import type { PutDocResult } from '../store/matchStore';

/**
 * The bytes of challenge report photos (R-VII.D.3.4), kept as store documents so they live wherever the match
 * lives (Redis, or the embedded store's fsync'ed file) with no second storage to back up. One collection per match,
 * so a match's photos sit together and no league listing ever reads them; a photo's id is its SHA-256, so storing
 * the same photo twice (a retried upload) writes nothing new. The engine only ever sees the reference.
 */
export interface PhotoDocs {
  getDoc<D>(collection: string, id: string): Promise<{ rev: number; doc: D } | null>;
  putDoc<D>(collection: string, id: string, doc: D, expectedRev: number | null): Promise<PutDocResult>;
}

const collection = (matchId: string) => `match.challengePhotos.${matchId}`;

const StoredPhotoSchema = z.object({
  contentType: PhotoContentTypeSchema,
  bytes: z.number().int().positive(),
  /** The bytes, base64: documents are JSON. */
  data: z.string(),
});

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Stores the photo (or finds it stored already) and returns its reference; resolves only once it is durable. */
export async function storePhoto(store: PhotoDocs, matchId: string, contentType: PhotoContentType, body: Buffer): Promise<PhotoRef> {
  const ref: PhotoRef = { contentType, bytes: body.length, sha256: sha256Hex(body) };
  const put = await store.putDoc(collection(matchId), ref.sha256, { contentType, bytes: body.length, data: body.toString('base64') }, null);
  // A conflict is the same bytes stored before (same SHA-256): nothing to write, the reference is the same.
  if (put.kind === 'conflict' && put.rev === 0) throw new Error('photo document conflict without a stored document');
  return ref;
}

/** The stored bytes of a photo, checked against the reference the match holds (a damaged document is not served). */
export async function readPhoto(store: PhotoDocs, matchId: string, ref: PhotoRef): Promise<{ contentType: PhotoContentType; body: Buffer } | null> {
  const found = await store.getDoc<unknown>(collection(matchId), ref.sha256);
  const parsed = StoredPhotoSchema.safeParse(found?.doc);
  if (!parsed.success) return null;
  const body = Buffer.from(parsed.data.data, 'base64');
  if (sha256Hex(body) !== ref.sha256) return null;
  return { contentType: parsed.data.contentType, body };
}

/**
 * What the bytes are, from their first bytes: the declared Content-Type must match, so a page or a script sent as
 * "image/png" is never stored and later served as a picture.
 */
export function sniffPhoto(body: Uint8Array): PhotoContentType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => body[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

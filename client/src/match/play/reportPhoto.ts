import { MAX_PHOTO_BYTES, PHOTO_CONTENT_TYPES } from '$shared/index';
import { nextStep, retryAfterMs, type Attempt } from './photoRetry';

/**
 * A challenge report's photo (R-VII.D.3.4) on the phone: made small before it leaves (bar wifi), sent over HTTP
 * with the captain link's token, and shown from bytes fetched with that token (an <img src> cannot send it).
 */

/** Longest side of the picture sent: a scoresheet stays readable, and a photo is a few hundred KB, not 5 MB. */
const LONGEST_SIDE = 1600;
const JPEG_QUALITY = 0.82;

/** The photo as a JPEG whose longest side is at most 1600 px; the original if the phone cannot re-encode it. */
export async function downscale(file: Blob): Promise<Blob> {
  try {
    const image = await decode(file);
    const scale = Math.min(1, LONGEST_SIDE / Math.max(image.width, image.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.width * scale));
    canvas.height = Math.max(1, Math.round(image.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(image.source, 0, 0, canvas.width, canvas.height);
    image.close();
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    // A small PNG screenshot may be smaller as it is; keep whichever is smaller and can be sent.
    if (!jpeg) return file;
    return sendable(file) && file.size <= jpeg.size ? file : jpeg;
  } catch {
    return file;
  }
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close(): void;
}

/** createImageBitmap turns the photo upright from its EXIF orientation; older phones get an <img>. */
async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  await img.decode();
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

const sendable = (blob: Blob) => (PHOTO_CONTENT_TYPES as readonly string[]).includes(blob.type) && blob.size <= MAX_PHOTO_BYTES;

/**
 * What one upload attempt came to: the attempt as the retry decision reads it (photoRetry.ts), and in words for the
 * captain when it was not stored.
 */
export type UploadOutcome = { ok: true; attempt: Attempt } | { ok: false; attempt: Attempt; message: string; rule?: string };

/** The server's JSON answer, checked by hand like every message the phone reads (live/wire.ts: no zod here). */
function asAnswer(v: unknown): { status?: string; rule?: string; message?: string } {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  const o = v as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === 'string' ? x.slice(0, 500) : undefined);
  const [status, rule, message] = [text(o.status), text(o.rule), text(o.message)];
  return { ...(status ? { status } : {}), ...(rule ? { rule } : {}), ...(message ? { message } : {}) };
}

/** The picture can go as it is: a type and size the server takes (checked before it is kept for sending). */
export function cannotSend(photo: Blob): string | null {
  return sendable(photo) ? null : `This picture cannot be sent: it must be a JPEG, PNG or WebP under ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`;
}

/** One attempt; the same `commandId` on every attempt of one photo, so the server stores it once whatever happens. */
export async function uploadPhoto(matchId: string, challengeId: string, token: string, photo: Blob, commandId: string): Promise<UploadOutcome> {
  let res: Response;
  try {
    res = await fetch(`/api/matches/${encodeURIComponent(matchId)}/challenges/${encodeURIComponent(challengeId)}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': photo.type, 'x-command-id': commandId },
      body: photo,
    });
  } catch {
    return { ok: false, attempt: { kind: 'network' }, message: 'Not sent yet: no connection. It goes by itself when the phone is back online.' };
  }
  const answer = asAnswer(await res.json().catch(() => null));
  const retryAfter = res.headers.get('retry-after');
  const stored = res.ok && answer.status === 'accepted';
  const attempt: Attempt = { kind: 'answer', status: res.status, stored, retryAfter };
  if (stored) return { ok: true, attempt };
  // The server takes only a few photos a minute from one link (server/http/uploadLimit.ts): nothing is wrong with the
  // photo, so say how long it waits; it goes by itself then.
  if (res.status === 429) return { ok: false, attempt, message: `Not sent yet: this link sent several photos just now, and the server takes only a few a minute. It goes by itself in ${waitWords(retryAfter)}.` };
  const message = answer.message ?? `The server answered ${res.status}.`;
  const again = nextStep(attempt, 0).then === 'wait';
  return { ok: false, attempt, message: again ? `Not sent yet: ${message} It goes again by itself.` : message, ...(answer.rule ? { rule: answer.rule } : {}) };
}

/** Retry-After as words, read as the retry decision reads it (photoRetry.ts); a minute if it is missing or zero. */
function waitWords(header: string | null): string {
  const ms = retryAfterMs(header);
  if (ms === null || ms <= 0) return 'a minute';
  const seconds = Math.ceil(ms / 1000);
  return seconds === 1 ? 'a second' : `${seconds} seconds`;
}

/** An object URL of a stored photo, fetched with the token; null if it cannot be shown. The caller revokes it. */
export async function photoUrl(matchId: string, photoId: string, token: string): Promise<string | null> {
  try {
    const res = await fetch(`/api/matches/${encodeURIComponent(matchId)}/photos/${encodeURIComponent(photoId)}`, { headers: { authorization: `Bearer ${token}` } });
    return res.ok ? URL.createObjectURL(await res.blob()) : null;
  } catch {
    return null;
  }
}

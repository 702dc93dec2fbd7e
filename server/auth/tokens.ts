import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Captain links carry a secret token. Only its SHA-256 is stored (in the match meta), so a leaked store dump does
 * not hand out captain seats. 18 random bytes = 144 bits: far beyond guessing, and 24 characters in a link.
 */
export const newToken = (): string => randomBytes(18).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Constant-time comparison of a presented token with a stored hash (hashing first equalises the lengths). */
export function tokenMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

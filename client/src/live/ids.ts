import { readJson, writeJson } from './storage';

/**
 * Ids the phone chooses: command ids (the server answers a repeated id with its first answer, so a resend after a
 * dropped connection never applies twice) and the device id (the newest connection of a device replaces the older
 * one). Both match the protocol's ClientIdSchema: letters, digits, `-`, 8 to 64 characters.
 */

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; a bar laptop served over plain http on the LAN is not one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const newCommandId = (): string => randomId();

export function deviceId(): string {
  const known = readJson<string>('device');
  if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
  const id = randomId();
  writeJson('device', id);
  return id;
}

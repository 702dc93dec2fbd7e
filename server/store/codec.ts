// Argument checks and JSON encoding shared by both backends, so they reject the same bad input the
// same way (the contract suite relies on it). Internal to server/store.

/** JSON text of `value`; throws instead of silently storing nothing (JSON.stringify(undefined)). */
export function toJson(value: unknown, what: string): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  return text;
}

export function checkName(value: string, what: string): void {
  if (typeof value !== 'string' || value.length === 0) throw new TypeError(`${what} must be a non-empty string`);
}

export function checkVersion(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be an integer >= 0, got ${value}`);
}

export function checkRev(value: number | null): void {
  if (value !== null) checkVersion(value, 'expectedRev');
}

export function checkEvents(events: readonly unknown[]): void {
  if (!Array.isArray(events) || events.length === 0) {
    throw new TypeError('append needs at least one event; use recordAnswer for a command that changes nothing');
  }
}

/** The argument checks of `append`, identical in both backends. */
export function checkAppend(matchId: string, expectedVersion: number, events: readonly unknown[], commandId: string): void {
  checkName(matchId, 'matchId');
  checkVersion(expectedVersion, 'expectedVersion');
  checkEvents(events);
  checkName(commandId, 'commandId');
}

/** Stored event texts after `version`, numbered as the log numbers them (1-based). */
export function storedEvents<E>(jsons: readonly string[], version: number): { version: number; event: E }[] {
  return jsons.map((json, i) => ({ version: version + i + 1, event: JSON.parse(json) as E }));
}

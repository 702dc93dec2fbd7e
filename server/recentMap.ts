/**
 * Sets `key` in a map used as a bounded cache of what was used last (a Map keeps its keys in insertion order): the key
 * moves to the back, and past `capacity` the key used longest ago is dropped and returned, so a caller can drop what
 * it keeps beside it under the same key.
 */
export function setRecent<K, V>(map: Map<K, V>, key: K, value: V, capacity: number): K | undefined {
  map.delete(key);
  map.set(key, value);
  if (map.size <= capacity) return undefined;
  const oldest = map.keys().next().value;
  if (oldest !== undefined) map.delete(oldest);
  return oldest;
}

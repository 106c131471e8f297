/**
 * Sets `key` as the newest entry of `map` and drops the oldest once it holds more than `max`.
 * A Map keeps insertion order, so re-inserting on use makes this least-recently-used.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  return value;
}

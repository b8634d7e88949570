/**
 * DataLoader's contract: exactly one result per key, in key order. Rows come
 * back from SQL in any order, some keys may have none.
 */
export function orderByKeys<K, R, M>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K, missing: (key: K) => M): (R | M)[] {
  const byKey = new Map<K, R>();
  for (const row of rows) byKey.set(keyOf(row), row);
  return keys.map((k) => (byKey.has(k) ? (byKey.get(k) as R) : missing(k)));
}

/** Distinct values in first-seen order: a list of ids gets one answer per distinct id. */
export const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)];

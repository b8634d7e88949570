// Loaders whose keys carry field arguments (page, window, period …) besides
// the profile id: keys sharing the arguments are fetched in one statement,
// whatever the number of profiles.
import type DataLoader from 'dataloader';
import { RequestLoader } from './request-loader';

/** Rows grouped by a key, in row order. */
export function groupRows<R, K>(rows: readonly R[], keyOf: (r: R) => K): Map<K, R[]> {
  const out = new Map<K, R[]>();
  for (const r of rows) out.set(keyOf(r), [...(out.get(keyOf(r)) ?? []), r]);
  return out;
}

export interface GroupedLoaderSpec<K, Id, R> {
  idOf: (key: K) => Id;
  /** The non-id part of a key; keys with equal arguments share one fetch. */
  argsOf: (key: K) => unknown;
  /** One statement for all ids of a group; `sample` carries the group's arguments. */
  fetch: (ids: Id[], sample: K) => Promise<R[]>;
  rowId: (row: R) => Id;
}

/** A loader of row lists per key (an empty list when the id has none). */
export function groupedLoader<K, Id, R>(spec: GroupedLoaderSpec<K, Id, R>): DataLoader<K, R[], string> {
  const groupOf = (k: K) => JSON.stringify(spec.argsOf(k));
  return new RequestLoader<K, R[], string>(async (keys) => {
    const groups = groupRows(keys, groupOf);
    const answers = new Map<string, Map<Id, R[]>>();
    for (const [g, ks] of groups) {
      answers.set(g, groupRows(await spec.fetch([...new Set(ks.map(spec.idOf))], ks[0]), spec.rowId));
    }
    return keys.map((k) => answers.get(groupOf(k))?.get(spec.idOf(k)) ?? []);
  }, { cacheKeyFn: (k) => JSON.stringify([spec.idOf(k), spec.argsOf(k)]) });
}

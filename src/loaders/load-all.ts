import type DataLoader from 'dataloader';

/**
 * The values of several keys, in key order, through one batch. Unlike
 * DataLoader's loadMany, which puts a failed batch's Error in the array next to
 * the values, this rejects: a database outage then reaches the client as a 503,
 * never as a silently shorter list. A missing key is the loader's own null or
 * default, as with `load`.
 */
export function loadAll<K, V, C>(loader: DataLoader<K, V, C>, keys: readonly K[]): Promise<V[]> {
  return Promise.all(keys.map((key) => loader.load(key)));
}

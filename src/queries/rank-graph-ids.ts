// The profile ids of a rank graph's nodes, in node order. Node order is id
// order, so a lookup is a binary search and no Map is held. Fids are one
// Int32Array. Lens ids are packed, their UTF-8 bytes in one buffer and their
// ends in an Int32Array, both outside the JS heap: kept as an array of
// strings, every profile was a heap object that each full collection of the
// server had to mark, a pause that grew with the graph; packed, the
// collector has two objects to see (docs/performance.md#personalized-rank).
import { FID } from '../domain/protocols';

/** Ids by node index, and a node's index by id. */
export interface NodeIds<K extends number | string> {
  readonly length: number;
  /** Bytes held. */
  readonly bytes: number;
  at(node: number): K;
  /** The node of an id, -1 when none has it. */
  indexOf(id: K): number;
}

function search<K>(length: number, at: (i: number) => K, compare: (a: K, b: K) => number, id: K): number {
  let lo = 0;
  let hi = length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = compare(at(mid), id);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}

/** Fids in ascending order. */
export function fidIds(sorted: readonly number[]): NodeIds<number> {
  const ids = Int32Array.from(sorted);
  const at = (node: number) => ids[node];
  return { length: ids.length, bytes: ids.byteLength, at, indexOf: (id) => search(ids.length, at, FID.compare, id) };
}

/** Text ids in the order `compare` gives (for Lens: by numeric value, length then text). */
export function textIds(sorted: readonly string[], compare: (a: string, b: string) => number): NodeIds<string> {
  const ends = new Int32Array(sorted.length);
  let total = 0;
  for (let i = 0; i < sorted.length; i++) { total += Buffer.byteLength(sorted[i], 'utf8'); ends[i] = total; }
  const bytes = Buffer.allocUnsafeSlow(total);
  for (let i = 0; i < sorted.length; i++) bytes.write(sorted[i], i === 0 ? 0 : ends[i - 1], 'utf8');
  const at = (node: number) => bytes.toString('utf8', node === 0 ? 0 : ends[node - 1], ends[node]);
  // Nothing here may keep `sorted`: the strings are garbage once packed.
  const length = ends.length;
  return { length, bytes: bytes.byteLength + ends.byteLength, at, indexOf: (id) => search(length, at, compare, id) };
}

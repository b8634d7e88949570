// What the process may count on in memory, for the defaults that scale with it.
import os from 'node:os';

/**
 * Bytes this process may use: the container's limit (cgroup) when there is
 * one below the machine's memory, else the machine's memory. Node reports an
 * unconstrained process as 2^64 (or 0, or nothing, by version).
 */
export function availableMemoryBytes(): number {
  const total = os.totalmem();
  const limit = process.constrainedMemory?.();
  return limit !== undefined && limit > 0 && limit < total ? limit : total;
}

/**
 * Bytes a follow of the personalized rank's graph takes while the graph is
 * loaded: the follower and followed columns read (8), the adjacency built
 * from them (4), and the columns' growth when follows were added between the
 * count and the read (up to a sixteenth more, then copied to their length).
 * Held afterwards: the adjacency's 4. The bound is an upper one: a whole
 * process's peak while loading, the profiles included, stays below it
 * (docs/performance.md#embedded-memory).
 */
export const RANK_LOAD_BYTES_PER_FOLLOW = 16;

/**
 * Default bound of each protocol's personalized-rank graph: the follows whose
 * load fits in an eighth of the memory, so that both protocols loading at
 * once take at most a quarter and leave the rest to the server (and, on a
 * shared machine, to the database). 512 MiB bounds a graph at 4.2 M follows,
 * 2 GiB at 16.8 M, 24 GiB at 201 M (docs/performance.md#embedded-memory).
 */
export const defaultRankMaxEdges = (memoryBytes: number): number =>
  Math.min(500_000_000, Math.floor(memoryBytes / 8 / RANK_LOAD_BYTES_PER_FOLLOW));

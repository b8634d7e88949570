// The personalized rank of a seed set on one protocol: the seeds checked
// against the in-memory graph of the current analytics generation, the rank
// computed (src/analytics/personalized-rank/), and a page of it. Answers are
// ids, scores and ranks; the resolvers turn ids into profiles.
import { DEFAULT_HOPS, MAX_HOPS, personalizedRank, type PersonalizedRankResult } from '../analytics/personalized-rank';
import type { ProtocolName } from '../domain/protocols';
import { badInput, profileNotFound } from '../errors/app-error';
import type { ProtocolStateLoader } from '../loaders/protocol-state-loader';
import { offsetPlan, readOffsetList, type ListPage, type OffsetPageRequest } from './pagination';
import type { RankGraphStore } from './rank-graph-store';

type Id = number | string;

/** Seeds per request. */
export const MAX_SEEDS = 100;
/** Most profiles a rank lists (the best): past them the estimates are within the error of one another. */
export const MAX_RANKED = 1000;
export { DEFAULT_HOPS, MAX_HOPS };

export interface RankedItem { id: Id; score: number; rank: number }

export interface PersonalizedRankAnswer {
  page: ListPage<RankedItem> & { page: number };
  /** The distinct seeds, in id order. */
  seeds: Id[];
  generation: number;
  /** The graph held when the request came was of an older generation (a reload was under way). */
  stale: boolean;
  result: Omit<PersonalizedRankResult, 'nodes' | 'scores'>;
}

/** 400 naming the parameter, as both faces word it. */
export function checkRankArgs(seeds: readonly Id[], hops: number): void {
  if (seeds.length < 1) throw badInput('seeds must list at least 1 profile');
  if (seeds.length > MAX_SEEDS) throw badInput(`seeds must list at most ${MAX_SEEDS} profiles; got ${seeds.length}`);
  if (!Number.isInteger(hops) || hops < 1 || hops > MAX_HOPS) throw badInput(`hops must be an integer between 1 and ${MAX_HOPS}; got ${hops}`);
}

/**
 * The rank from `seeds` within `hops` follows, on the graph of the protocol's
 * current generation (an unknown seed is a 404 naming it), paged by offset.
 */
export async function personalizedRankPage(
  store: RankGraphStore, states: ProtocolStateLoader, protocol: ProtocolName, seeds: readonly Id[], hops: number, request: OffsetPageRequest,
): Promise<PersonalizedRankAnswer> {
  checkRankArgs(seeds, hops);
  const plan = offsetPlan(request);
  const generation = (await states.load(protocol))?.generation ?? 0;
  const graph = await store.graph(protocol, generation);
  const nodes = seeds.map((id) => {
    const node = graph.indexOf(id);
    if (node < 0) throw profileNotFound(id, 'seed ');
    return node;
  });
  const { nodes: ranked, scores, ...result } = personalizedRank(graph.csr, nodes, { hops, limit: MAX_RANKED, maxWork: store.maxWork });
  const count = ranked.length;
  const total = () => Promise.resolve(count);
  // Only the page's ids are looked up (a Lens id is decoded from the graph's packed ids), not all of the up to 1,000 ranked.
  // readOffsetList awaits load in its own async body, so a throw here still rejects.
  const page = await readOffsetList(plan, (read) => {
    const start = read.fromEnd ? Math.max(count - read.offset - read.limit, 0) : read.offset;
    const end = Math.max(read.fromEnd ? count - read.offset : Math.min(read.offset + read.limit, count), start);
    const slice: RankedItem[] = [];
    for (let i = start; i < end; i++) slice.push({ id: graph.idOf(ranked[i]), score: scores[i], rank: i + 1 });
    return Promise.resolve(read.fromEnd ? slice.reverse() : slice);
  }, total);
  const distinct = [...new Set(nodes)].sort((a, b) => a - b).map((n) => graph.idOf(n));
  return { page, seeds: distinct, generation: graph.generation, stale: graph.generation !== generation, result };
}

// Who to follow, for a viewer on one protocol. Candidates are the viewer's
// personalized rank within two follows (the kernel of personalized-rank.ts, on
// the in-memory graph of the current analytics generation), plus, for a viewer
// matched on both protocols, the accounts whose other-protocol account the
// viewer follows there. What the viewer follows live, what the calling key
// dismissed for it, and the viewer itself are left out at request time; the
// reasons are counted on the live follows, so they are exact now even though
// the rank is as of the refresh.
//
// Order: cross-protocol suggestions first (the viewer already chose to follow
// that person elsewhere: the strongest signal there is), then by personalized
// score, highest first, ties (estimates within the rank's error bound) by id
// (numeric). Paged by offset over that list.
import { personalizedRank } from '../analytics/personalized-rank';
import type { Database } from '../db/database';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { badInput, profileNotFound } from '../errors/app-error';
import type { ProtocolStateLoader } from '../loaders/protocol-state-loader';
import { connectorsOf, crossProtocolCandidates, qualityAtLeast, viewerExclusions } from '../repositories/suggestions.repository';
import { offsetPlan, readOffsetList, type ListPage, type OffsetPageRequest } from './pagination';
import type { RankGraphStore } from './rank-graph-store';

type Id = number | string;

/** The neighbourhood's radius: the viewer's follows and theirs. */
export const SUGGESTION_HOPS = 2;
/** Most suggestions a viewer's list holds (of each source), the best of them. */
export const MAX_SUGGESTIONS = 1000;
/** Accounts named in a "followed by" reason: the ones the viewer trusts most. */
export const REASON_NAMES = 3;

export type ReasonKind = 'CROSS_PROTOCOL' | 'FOLLOWED_BY_FOLLOWS' | 'NEIGHBOURHOOD';

export interface SuggestionItem {
  id: Id;
  /** The viewer's personalized rank estimate of the account (0 when outside the ranked neighbourhood). */
  score: number;
  /** The account of the other protocol the viewer follows, for a cross-protocol suggestion. */
  via: Id | null;
  /** The viewer's live follows that follow the account: their number and the best REASON_NAMES by the viewer's trust. */
  followedBy: { count: number; top: Id[] };
}

export interface SuggestionsAnswer {
  page: ListPage<SuggestionItem> & { page: number };
  generation: number;
  stale: boolean;
}

export interface SuggestionDeps {
  db: Database;
  store: RankGraphStore;
  states: ProtocolStateLoader;
  /** Whether the viewer is a known profile (the profile loaders). */
  exists(id: Id): Promise<boolean>;
}

/** 400 naming the argument: a quality score is in [0, 1]. */
export function checkMinQuality(min: number | null | undefined): void {
  if (min != null && !(min >= 0 && min <= 1)) throw badInput(`minQuality must be between 0 and 1; got ${min}`);
}

/**
 * The viewer's suggestions, paged. NOT_FOUND for an unknown viewer; a viewer
 * the graph does not hold (new since the refresh) gets its cross-protocol
 * suggestions only.
 */
export async function suggestedFollowsPage(
  d: SuggestionDeps, protocol: ProtocolName, apiKeyId: string, viewer: Id, request: OffsetPageRequest, minQuality?: number | null,
): Promise<SuggestionsAnswer> {
  checkMinQuality(minQuality);
  const plan = offsetPlan(request);
  const p = PROTOCOLS[protocol];
  const generation = (await d.states.load(protocol))?.generation ?? 0;
  const [exists, graph, exclusions, cross] = await Promise.all([
    d.exists(viewer), d.store.graph(protocol, generation), viewerExclusions(d.db, protocol, apiKeyId, viewer),
    crossProtocolCandidates(d.db, protocol, viewer, MAX_SUGGESTIONS),
  ]);
  if (!exists) throw profileNotFound(viewer, 'viewer ');
  const follows = exclusions.filter((e) => e.why === 'follow');
  const left = new Set<Id>([viewer, ...exclusions.map((e) => p.id.fromRow(e.id))]);

  // Every ranked estimate, the viewer's own follows among them (they rank who the viewer trusts most).
  const trust = new Map<Id, number>();
  let bound = 0;
  const node = graph.indexOf(viewer);
  if (node >= 0) {
    const ranked = personalizedRank(graph.csr, [node], { hops: SUGGESTION_HOPS, limit: MAX_SUGGESTIONS + follows.length, maxWork: d.store.maxWork });
    for (let i = 0; i < ranked.nodes.length; i++) trust.set(graph.idOf(ranked.nodes[i]), ranked.scores[i]);
    bound = ranked.errorBound;
  }
  const candidates = new Map<Id, Id | null>();
  for (const c of cross) { const id = p.id.fromRow(c.id); if (!left.has(id)) candidates.set(id, c.via); }
  let ranked = 0;
  for (const id of trust.keys()) {
    if (ranked >= MAX_SUGGESTIONS) break;
    if (left.has(id) || candidates.has(id)) continue;
    candidates.set(id, null);
    ranked++;
  }
  let ids = [...candidates.keys()];
  if (minQuality != null) ids = await qualityAtLeast(d.db, protocol, ids, minQuality);
  const compare = p.id.compare as (a: Id, b: Id) => number;
  const score = (id: Id) => trust.get(id) ?? 0;
  const crossIds = ids.filter((id) => candidates.get(id) != null);
  const rankedIds = ids.filter((id) => candidates.get(id) == null);
  ids = [...byTrust(crossIds, score, bound, compare), ...byTrust(rankedIds, score, bound, compare)];

  const count = ids.length;
  const page = await readOffsetList(plan, async (read) => {
    const start = read.fromEnd ? Math.max(count - read.offset - read.limit, 0) : read.offset;
    const end = Math.max(read.fromEnd ? count - read.offset : Math.min(read.offset + read.limit, count), start);
    const slice = ids.slice(start, end);
    const connectors = await connectorsOf(d.db, protocol, viewer, slice);
    const by = new Map<Id, Id[]>();
    for (const r of connectors) {
      const id = p.id.fromRow(r.id);
      by.set(id, [...(by.get(id) ?? []), p.id.fromRow(r.connector)]);
    }
    const items = slice.map((id): SuggestionItem => {
      const all = byTrust(by.get(id) ?? [], score, bound, compare);
      return { id, score: score(id), via: candidates.get(id) ?? null, followedBy: { count: all.length, top: all.slice(0, REASON_NAMES) } };
    });
    return read.fromEnd ? items.reverse() : items;
  }, () => Promise.resolve(count));
  return { page, generation: graph.generation, stale: graph.generation !== generation };
}

/**
 * `ids` by score, highest first, where scores within `bound` of the first of
 * a run count as equal and such a run is in id order. The estimates are lower
 * bounds each short of the exact rank by at most the rank's error bound, so
 * two accounts whose exact scores are equal (a symmetric neighbourhood) can
 * have estimates that differ by up to it, in an order that depends only on
 * the order of the pushes: within the bound, the id decides.
 */
export function byTrust(ids: readonly Id[], score: (id: Id) => number, bound: number, compare: (a: Id, b: Id) => number): Id[] {
  const sorted = [...ids].sort((a, b) => score(b) - score(a) || compare(a, b));
  const out: Id[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i + 1;
    while (j < sorted.length && score(sorted[i]) - score(sorted[j]) <= bound) j++;
    out.push(...sorted.slice(i, j).sort(compare));
    i = j;
  }
  return out;
}

/** A reason's words: "followed by 7 you follow: a, b, c", "you follow them on Lens". */
export function reasonText(kind: ReasonKind, count: number, names: readonly string[], otherProtocol: ProtocolName): string {
  if (kind === 'CROSS_PROTOCOL') return `you follow them on ${otherProtocol === 'lens' ? 'Lens' : 'Farcaster'}`;
  if (kind === 'NEIGHBOURHOOD') return 'close to you in the follow graph';
  return `followed by ${count} you follow: ${names.join(', ')}`;
}

/** The reasons of a suggestion, in the order they are shown: cross-protocol first. */
export function reasonKinds(item: SuggestionItem): ReasonKind[] {
  const kinds: ReasonKind[] = [];
  if (item.via !== null) kinds.push('CROSS_PROTOCOL');
  if (item.followedBy.count > 0) kinds.push('FOLLOWED_BY_FOLLOWS');
  if (kinds.length === 0) kinds.push('NEIGHBOURHOOD');
  return kinds;
}

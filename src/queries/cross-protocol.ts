// Across protocols: a matched person's audience overlap and the combined
// ranking, offset-paged, read through the cross-protocol loaders. Answers are
// ids and rows; the resolvers turn them into users and profiles.
import type { CrossProtocolLoaders } from '../loaders/cross-protocol-loaders';
import type { CrossRankRow, OverlapPairRow, PersonKey } from '../repositories/cross-protocol.repository';
import { offsetPlan, readOffsetList, type ListPage, type OffsetPageRequest } from './pagination';

export { personKey } from '../repositories/cross-protocol.repository';

/** Followers on both sides: pairs by fid ascending, then profile id (numeric), with their total. */
export function overlapPairPage(l: CrossProtocolLoaders, person: PersonKey, request: OffsetPageRequest): Promise<ListPage<OverlapPairRow> & { page: number }> {
  return readOffsetList(offsetPlan(request), (read) => l.overlapPage.load({ person, read }), () => l.overlapTotal.load(person));
}

/** The combined ranking of the current generations, by rank, with its total. */
export function rankingPageOf(l: CrossProtocolLoaders, request: OffsetPageRequest): Promise<ListPage<CrossRankRow> & { page: number }> {
  return readOffsetList(offsetPlan(request), (read) => l.rankingPage.load(read), () => l.rankingTotal.load('all'));
}

export interface OverlapSides { lensOnly: number; farcasterOnly: number; union: number }

/** The one-side and union counts of a person's matched followers. */
export async function overlapSidesOf(l: CrossProtocolLoaders, person: PersonKey): Promise<OverlapSides> {
  const s = await l.overlapSides.load(person);
  return { lensOnly: s.lens - s.both, farcasterOnly: s.farcaster - s.both, union: s.lens + s.farcaster - s.both };
}

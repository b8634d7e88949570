// Per-request loaders across protocols: a matched person's audience overlap
// (keyed by `fid:profileId` plus the page read) and the combined rank, one
// statement per field and arguments whatever the number of persons.
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import {
  bestRankOfFids, bestRankOfProfiles, overlapPage, overlapSides, overlapTotals, personKey, rankingPage, rankingTotal,
  type CrossRankRow, type OverlapPairRow, type OverlapSidesRow, type PersonKey,
} from '../repositories/cross-protocol.repository';
import type { OffsetRead } from '../repositories/paging.sql';
import { groupedLoader } from './grouped-loader';
import { orderByKeys } from './order-by-keys';

export interface OverlapPageKey { person: PersonKey; read: OffsetRead }

const rowPerson = (r: { fid: number; profile: string }) => personKey(r.fid, r.profile);

export function crossProtocolLoaders(db: Database) {
  const sides = new RequestLoader<PersonKey, OverlapSidesRow>(async (keys) =>
    orderByKeys(keys, await overlapSides(db, keys), rowPerson, () => ({ fid: 0, profile: '', lens: 0, farcaster: 0, both: 0 })));
  return {
    /** A page of the person's overlap pairs, in list order (or flipped when read from the end). */
    overlapPage: groupedLoader<OverlapPageKey, PersonKey, OverlapPairRow>({
      idOf: (k) => k.person, argsOf: (k) => k.read, fetch: (keys, k) => overlapPage(db, keys, k.read), rowId: rowPerson,
    }),
    overlapTotal: new RequestLoader<PersonKey, number>(async (keys) =>
      orderByKeys(keys, await overlapTotals(db, keys), rowPerson, () => ({ total: 0 })).map((r) => r.total)),
    /** Each side's matched followers and both: read only for the one-side and union counts. */
    overlapSides: sides,
    bestRankOfFid: new RequestLoader<number, CrossRankRow | null>(async (fids) =>
      orderByKeys(fids, await bestRankOfFids(db, fids), (r) => r.fid, () => null)),
    bestRankOfProfile: new RequestLoader<string, CrossRankRow | null>(async (ids) =>
      orderByKeys(ids, await bestRankOfProfiles(db, ids), (r) => r.profile_id, () => null)),
    rankingPage: new RequestLoader<OffsetRead, CrossRankRow[], string>(async (reads) =>
      Promise.all(reads.map((r) => rankingPage(db, r))), { cacheKeyFn: (r) => JSON.stringify(r) }),
    rankingTotal: new RequestLoader<'all', number>(async (keys) => { const n = await rankingTotal(db); return keys.map(() => n); }),
  };
}

export type CrossProtocolLoaders = ReturnType<typeof crossProtocolLoaders>;

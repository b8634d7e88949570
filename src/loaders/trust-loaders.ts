// Per-request loaders over the trust tables and the rank history, one set per protocol.
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import type { ProtocolName } from '../domain/protocols';
import type { TrustStrategy } from '../domain/trust';
import { rankHistory, trustRows, trustRuns, type RankHistoryRow, type TrustRow, type TrustRunRow } from '../repositories/trust.repository';
import { groupedLoader } from './grouped-loader';
import { orderByKeys } from './order-by-keys';

type Id = string | number;
export interface TrustKey { id: Id; strategy: TrustStrategy }
export interface RankHistoryKey { id: Id; from: string | null; to: string | null }

export function trustLoaders(db: Database, protocol: ProtocolName) {
  return {
    /** The profile's row under the strategy, as a list: empty when it has none. */
    trust: groupedLoader<TrustKey, Id, TrustRow>({
      idOf: (k) => k.id, argsOf: (k) => k.strategy, fetch: (ids, k) => trustRows(db, protocol, k.strategy, ids), rowId: (r) => r.id }),
    /** What the strategy ran with in the current generation; null before a refresh wrote it. */
    run: new RequestLoader<TrustStrategy, TrustRunRow | null>(async (strategies) =>
      orderByKeys(strategies, await trustRuns(db, protocol, strategies), (r) => r.strategy, () => null)),
    /** The profile's history points in the range, oldest first. */
    rankHistory: groupedLoader<RankHistoryKey, Id, RankHistoryRow>({
      idOf: (k) => k.id, argsOf: (k) => [k.from, k.to], fetch: (ids, k) => rankHistory(db, protocol, ids, k.from, k.to), rowId: (r) => r.id }),
  };
}

export type TrustLoaders = ReturnType<typeof trustLoaders>;

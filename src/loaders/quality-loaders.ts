// The per-request loader of quality scores, one per protocol: a batch of
// accounts is one statement; an account the refresh did not score is null.
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { qualityRows, type QualityRow } from '../repositories/quality.repository';
import { orderByKeys } from './order-by-keys';

type Id = string | number;

export function qualityLoader(db: Database, protocol: ProtocolName) {
  const fromRow = PROTOCOLS[protocol].id.fromRow;
  return new RequestLoader<Id, QualityRow | null>(async (ids) =>
    orderByKeys(ids, await qualityRows(db, protocol, ids), (r) => fromRow(r.id), () => null));
}

export type QualityLoader = ReturnType<typeof qualityLoader>;

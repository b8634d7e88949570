// protocol_state is the one source of every answer's freshness; a request reads
// it once (both protocols in one statement) and every resolver and
// the REST headers share that read, so one answer never mixes two states.
import type DataLoader from 'dataloader';
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import { PROTOCOL_NAMES, type ProtocolName } from '../domain/protocols';
import { protocolStates, type ProtocolStateRow } from '../repositories/analytics.repository';
import { orderByKeys } from './order-by-keys';

export type ProtocolStateLoader = DataLoader<ProtocolName, ProtocolStateRow | null>;

/**
 * Whichever protocol is asked first, both rows are read (two rows cost nothing)
 * and the other is primed, so a request asking one now and the other a tick
 * later still makes one read. The other may also be asked while that read is
 * still on its way (its batch is then a new one, since priming waits for the
 * rows): it waits on the same read. A failed read is forgotten, so the next
 * load tries again.
 */
export function protocolStateLoader(db: Database): ProtocolStateLoader {
  let reading: Promise<ProtocolStateRow[]> | undefined;
  const readBoth = (): Promise<ProtocolStateRow[]> => {
    if (!reading) {
      const read = protocolStates(db, PROTOCOL_NAMES);
      reading = read;
      read.catch(() => { if (reading === read) reading = undefined; });
    }
    return reading;
  };
  const loader: ProtocolStateLoader = new RequestLoader(async (protocols) => {
    const rows = await readBoth();
    for (const p of PROTOCOL_NAMES) if (!protocols.includes(p)) loader.prime(p, rows.find((r) => r.protocol === p) ?? null);
    return orderByKeys(protocols, rows, (r) => r.protocol, () => null);
  });
  return loader;
}

export interface Freshness {
  protocol: ProtocolName;
  /** What live data (and the import-based protocol's newest event) is as of. */
  asOf: Date | null;
  /** What the analytics generation readers use is as of; as_of until a refresh has recorded it. */
  analyticsAsOf: Date | null;
  refreshedAt: Date | null;
}

export function freshnessOf(protocol: ProtocolName, row: ProtocolStateRow | null): Freshness {
  return {
    protocol,
    asOf: row?.as_of ?? null,
    // Rows written before analytics_as_of existed have none until their next refresh.
    analyticsAsOf: row?.analytics_as_of ?? row?.as_of ?? null,
    refreshedAt: row?.refreshed_at ?? null,
  };
}

export async function loadFreshness(states: ProtocolStateLoader, protocol: ProtocolName): Promise<Freshness> {
  return freshnessOf(protocol, await states.load(protocol));
}

import { PROTOCOL_NAMES } from '../domain/protocols';
import { loadAll } from '../loaders/load-all';
import type { ProtocolStateLoader } from '../loaders/protocol-state-loader';

/**
 * What an answer depends on besides its inputs: both protocols' data versions
 * (read through the request's protocol_state loader, the one read its resolvers
 * and freshness headers share) and the UTC day, which answers fall back to when
 * a database holds no data yet.
 */
export async function dataVersions(states: ProtocolStateLoader): Promise<string> {
  const rows = await loadAll(states, PROTOCOL_NAMES);
  const versions = PROTOCOL_NAMES.map((p, i) => `${p}=${rows[i]?.data_version ?? '-'}`);
  return `${versions.join(',')};${new Date().toISOString().slice(0, 10)}`;
}

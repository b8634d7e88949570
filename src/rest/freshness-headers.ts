// Every REST answer says how fresh it is: X-Data-As-Of (the protocol's as_of)
// and X-Analytics-As-Of (its analytics generation's as-of time). A route whose
// data mixes both protocols gives the older of each, so the header never claims
// more than the staler half of the answer is worth.
import { PROTOCOL_NAMES, type ProtocolName } from '../domain/protocols';
import { loadFreshness, type Freshness, type ProtocolStateLoader } from '../loaders/protocol-state-loader';

export const DATA_AS_OF_HEADER = 'X-Data-As-Of';
export const ANALYTICS_AS_OF_HEADER = 'X-Analytics-As-Of';

/** The protocols a route's data comes from: fixed, or read from the request's variables (trending names it in the body). */
export type RouteProtocols = readonly ProtocolName[] | ((variables: Record<string, unknown>) => readonly ProtocolName[]);

export const FARCASTER_DATA: RouteProtocols = ['farcaster'];
export const LENS_DATA: RouteProtocols = ['lens'];
export const BOTH_PROTOCOLS: RouteProtocols = PROTOCOL_NAMES;
/** Answers computed from no protocol's data (the fixed category taxonomy): no freshness to tell. */
export const NO_PROTOCOL_DATA: RouteProtocols = [];

export const protocolsOf = (p: RouteProtocols, variables: Record<string, unknown>): readonly ProtocolName[] =>
  (typeof p === 'function' ? p(variables) : p);

/** Oldest of the times; a protocol with no data yet (null) has nothing to be stale about. */
const oldest = (times: (Date | null)[]): Date | null =>
  times.reduce<Date | null>((min, t) => (t && (!min || t < min) ? t : min), null);

export function headersOf(states: Freshness[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const data = oldest(states.map((s) => s.asOf));
  const analytics = oldest(states.map((s) => s.analyticsAsOf));
  if (data) headers[DATA_AS_OF_HEADER] = data.toISOString();
  if (analytics) headers[ANALYTICS_AS_OF_HEADER] = analytics.toISOString();
  return headers;
}

/** The headers of an answer over these protocols, through the request's protocol_state loader (the same read its resolvers use). */
export async function freshnessHeaders(states: ProtocolStateLoader, protocols: readonly ProtocolName[]): Promise<Record<string, string>> {
  return headersOf(await Promise.all(protocols.map((p) => loadFreshness(states, p))));
}

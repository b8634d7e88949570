import { ApolloClient, InMemoryCache, type InMemoryCacheConfig, type TypePolicies } from '@apollo/client';
import { possibleTypes } from './generated/cache-policies.js';
import type { ClientOptions } from './client.js';
export { possibleTypes };
/**
 * The type policies the schema calls for:
 * - entities are keyed by `id` (an id that may be null leaves that object embedded, rather than one shared `Type:null`);
 * - embedded values (stats, metadata, ranks …) merge into the value already stored for the same field, so two
 *   queries selecting different parts of a profile's stats keep both, and Apollo has no data to warn about losing;
 * - every connection field pages Relay-style: `fetchMore` with `after` appends, with `before` prepends, and the
 *   arguments other than the cursors (a window, a viewer, a filter) keep separate lists.
 */
export declare function buildTypePolicies(): TypePolicies;
export declare const typePolicies: TypePolicies;
/**
 * An InMemoryCache with the generated `possibleTypes` and type policies. `config` is passed on; its
 * `possibleTypes` are added to the generated ones and its `typePolicies` merged over them, per type and field.
 */
export declare function createApolloCache(config?: InMemoryCacheConfig): InMemoryCache;
export interface ApolloClientOptions extends ClientOptions {
    /** Another cache (default `createApolloCache()`). */
    cache?: InMemoryCache;
}
/** An ApolloClient for the service's GraphQL endpoint: the apikey header on every request, the generated cache. */
export declare function createApolloClient({ url, apiKey, fetch, headers, cache }: ApolloClientOptions): ApolloClient;

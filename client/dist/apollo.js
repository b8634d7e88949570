// Apollo Client 4 set up for this service: the cache configuration generated
// from the schema, and a client on an HttpLink that sends the API key.
// Its own entry (`@social-graph-analytics/client/apollo`), so an app that uses
// only the fetch client never resolves @apollo/client.
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { connectionFields, embeddedTypes, entityTypes, nullableIdTypes, possibleTypes } from './generated/cache-policies.js';
export { possibleTypes };
/**
 * The type policies the schema calls for:
 * - entities are keyed by `id` (an id that may be null leaves that object embedded, rather than one shared `Type:null`);
 * - embedded values (stats, metadata, ranks …) merge into the value already stored for the same field, so two
 *   queries selecting different parts of a profile's stats keep both, and Apollo has no data to warn about losing;
 * - every connection field pages Relay-style: `fetchMore` with `after` appends, with `before` prepends, and the
 *   arguments other than the cursors (a window, a viewer, a filter) keep separate lists.
 */
export function buildTypePolicies() {
    const policies = {};
    for (const t of entityTypes)
        policies[t] = { keyFields: ['id'] };
    for (const t of nullableIdTypes)
        policies[t] = { keyFields: (object) => (object.id == null ? false : ['id']) };
    for (const t of embeddedTypes)
        policies[t] = { merge: true };
    for (const [t, fields] of Object.entries(connectionFields)) {
        policies[t] = {
            ...policies[t],
            fields: Object.fromEntries(Object.entries(fields).map(([field, keyArgs]) => [field, relayStylePagination(keyArgs.length ? [...keyArgs] : false)])),
        };
    }
    return policies;
}
export const typePolicies = buildTypePolicies();
/**
 * An InMemoryCache with the generated `possibleTypes` and type policies. `config` is passed on; its
 * `possibleTypes` are added to the generated ones and its `typePolicies` merged over them, per type and field.
 */
export function createApolloCache(config = {}) {
    const cache = new InMemoryCache({
        ...config,
        possibleTypes: { ...possibleTypes, ...config.possibleTypes },
        typePolicies: buildTypePolicies(),
    });
    if (config.typePolicies)
        cache.policies.addTypePolicies(config.typePolicies);
    return cache;
}
/** An ApolloClient for the service's GraphQL endpoint: the apikey header on every request, the generated cache. */
export function createApolloClient({ url, apiKey, fetch, headers, cache }) {
    return new ApolloClient({
        link: new HttpLink({ uri: url, fetch, headers: { ...headers, apikey: apiKey } }),
        cache: cache ?? createApolloCache(),
    });
}

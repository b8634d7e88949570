// A Relay environment for this service: a network that sends the API key and
// turns a refused request into the package's ServiceError, over a fresh store.
// Its own entry (`@social-graph-analytics/client/relay`), so an app that uses
// only the fetch client never resolves relay-runtime.
import { Environment, Network, RecordSource, Store } from 'relay-runtime';
import { answerError, createTransport } from './client.js';
/**
 * Relay's fetch function on the service. An answer with data is handed to Relay as it is, its field errors
 * included (Relay keeps them for `@catch` and `@throwOnFieldError`); an answer without data (a NOT_FOUND root,
 * UNAUTHENTICATED, RATE_LIMITED …) rejects with a ServiceError, which Relay passes to the caller.
 */
export function createRelayFetch(options) {
    const send = createTransport(options);
    return async (request, variables) => {
        if (request.text == null)
            throw new Error(`Operation ${request.name} has no text: this service does not take persisted queries`);
        const answer = await send(request.text, variables);
        const { data, errors } = answer.body;
        if (data == null || !answer.ok)
            throw answerError(options.url, answer);
        // The parsed JSON itself: the package types its errors read-only, Relay's type has mutable arrays.
        const response = errors ? { data, errors: errors } : { data };
        return response;
    };
}
/** An Environment with that network and an empty store. */
export function createRelayEnvironment(options) {
    return new Environment({ network: Network.create(createRelayFetch(options)), store: new Store(new RecordSource()) });
}

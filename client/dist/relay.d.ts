import { Environment, type FetchFunction } from 'relay-runtime';
import { type ClientOptions } from './client.js';
/**
 * Relay's fetch function on the service. An answer with data is handed to Relay as it is, its field errors
 * included (Relay keeps them for `@catch` and `@throwOnFieldError`); an answer without data (a NOT_FOUND root,
 * UNAUTHENTICATED, RATE_LIMITED …) rejects with a ServiceError, which Relay passes to the caller.
 */
export declare function createRelayFetch(options: ClientOptions): FetchFunction;
/** An Environment with that network and an empty store. */
export declare function createRelayEnvironment(options: ClientOptions): Environment;

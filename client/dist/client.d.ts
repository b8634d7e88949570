import type { TypedDocumentString } from './generated/graphql.js';
import { ServiceError, type GraphQLErrorEntry } from './errors.js';
export interface ClientOptions {
    /** The service's GraphQL endpoint, e.g. `http://localhost:4000/graphql` (any origin CORS_ORIGINS allows). */
    url: string;
    /** A key from `npm run cli -- keys create`, sent in the `apikey` header. */
    apiKey: string;
    /** Another fetch (tests, SSR, retries); default the global one. */
    fetch?: typeof fetch;
    /** Extra headers on every request (e.g. `x-request-id`). */
    headers?: Record<string, string>;
}
export interface RequestOptions {
    /** Abort the request (a component unmounted, a newer search typed). */
    signal?: AbortSignal;
}
/** Keys a caller must give: an operation whose variables are all optional can be called without them. */
type RequiredKeys<T> = {
    [K in keyof T]-?: object extends Pick<T, K> ? never : K;
}[keyof T];
type Arguments<TVariables> = [RequiredKeys<TVariables>] extends [never] ? [variables?: TVariables, options?: RequestOptions] : [variables: TVariables, options?: RequestOptions];
export interface Client {
    /**
     * Runs one operation and answers its data. Throws a ServiceError when the
     * answer has errors (with the partial data it still resolved), when the
     * service refused the request (401, 429 …), or when no GraphQL answer came.
     */
    request<TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, ...args: Arguments<TVariables>): Promise<TResult>;
}
export interface GraphQLBody<TResult> {
    data?: TResult | null;
    errors?: GraphQLErrorEntry[];
}
/** One POST of a GraphQL request and its parsed answer; what each caller makes of errors in it is its own rule. */
export type Transport = <TResult>(query: string, variables: unknown, signal?: AbortSignal) => Promise<TransportAnswer<TResult>>;
export interface TransportAnswer<TResult> {
    body: GraphQLBody<TResult>;
    status: number;
    ok: boolean;
    /** Seconds from Retry-After, else null. */
    retryAfter: number | null;
}
/**
 * The request the service expects (apikey header, JSON body, the GraphQL-over-HTTP accept).
 * Throws NETWORK_ERROR when no answer came and BAD_RESPONSE when the answer is not GraphQL.
 */
export declare function createTransport(options: ClientOptions): Transport;
/** The ServiceError of an answer with errors: the first error's code, every error, the partial data. */
export declare function answerError<TResult>(url: string, { body, status, ok, retryAfter }: TransportAnswer<TResult>): ServiceError<TResult>;
export declare function createClient(options: ClientOptions): Client;
/**
 * Whether `error` is a ServiceError, typed with the partial data of `document`
 * (a `catch` sees `unknown`; this gives `error.data` the operation's type back).
 */
export declare function isServiceError<TResult>(error: unknown, _document?: TypedDocumentString<TResult, any>): error is ServiceError<TResult>;
export {};

// A typed GraphQL client on plain fetch: the generated documents carry their
// result and variable types, so `request` needs no generics at the call site,
// and the package needs no GraphQL runtime.
import type { TypedDocumentString } from './generated/graphql.js';
import { ServiceError, type ErrorCode, type GraphQLErrorEntry } from './errors.js';

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
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Arguments<TVariables> = [RequiredKeys<TVariables>] extends [never]
  ? [variables?: TVariables, options?: RequestOptions]
  : [variables: TVariables, options?: RequestOptions];

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
export function createTransport(options: ClientOptions): Transport {
  // Called unbound, a browser's fetch throws "Illegal invocation".
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers = {
    ...options.headers,
    apikey: options.apiKey,
    'content-type': 'application/json',
    // The GraphQL-over-HTTP media type: requests refused before they run keep their 4xx status.
    accept: 'application/graphql-response+json, application/json',
  };
  return async <TResult>(query: string, variables: unknown, signal?: AbortSignal) => {
    let response: Response;
    try {
      response = await doFetch(options.url, { method: 'POST', headers, signal, body: JSON.stringify({ query, variables: variables ?? {} }) });
    } catch (cause) {
      // A user's abort is not a service fault: it stays the AbortError the caller expects.
      if (signal?.aborted) throw cause;
      throw new ServiceError<TResult>('NETWORK_ERROR', `No answer from ${options.url}: ${String(cause)}`, [], null, 0, null, { cause });
    }
    const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
    const body = parseBody<TResult>(await response.text());
    if (!body) {
      throw new ServiceError<TResult>('BAD_RESPONSE', `Not a GraphQL answer (HTTP ${response.status}) from ${options.url}`, [], null, response.status, retryAfter);
    }
    return { body, status: response.status, ok: response.ok, retryAfter };
  };
}

/** The ServiceError of an answer with errors: the first error's code, every error, the partial data. */
export function answerError<TResult>(url: string, { body, status, ok, retryAfter }: TransportAnswer<TResult>): ServiceError<TResult> {
  const errors = body.errors ?? [];
  const first = errors[0];
  if (!first) return new ServiceError<TResult>('BAD_RESPONSE', `HTTP ${status} without data from ${url}`, [], null, status, retryAfter);
  const code: ErrorCode = first.extensions?.code ?? (ok ? 'INTERNAL_SERVER_ERROR' : 'BAD_RESPONSE');
  return new ServiceError<TResult>(code, first.message, errors, body.data ?? null, status, retryAfter);
}

export function createClient(options: ClientOptions): Client {
  const send = createTransport(options);
  return {
    async request<TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, ...[variables, requestOptions]: Arguments<TVariables>) {
      const answer = await send<TResult>(document.toString(), variables, requestOptions?.signal);
      const { body, ok } = answer;
      if ((body.errors ?? []).length > 0 || !ok || body.data == null) throw answerError<TResult>(options.url, answer);
      return body.data;
    },
  };
}

function parseBody<TResult>(text: string): GraphQLBody<TResult> | null {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && ('data' in body || 'errors' in body)) return body as GraphQLBody<TResult>;
  } catch {
    // A proxy's HTML error page, an empty body: not a GraphQL answer.
  }
  return null;
}

/** Retry-After in seconds (the service sends seconds; an HTTP date is read too). */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * Whether `error` is a ServiceError, typed with the partial data of `document`
 * (a `catch` sees `unknown`; this gives `error.data` the operation's type back).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-explicit-any -- the document is there only to infer TResult, whatever its variables
export function isServiceError<TResult>(error: unknown, _document?: TypedDocumentString<TResult, any>): error is ServiceError<TResult> {
  return error instanceof ServiceError;
}

import { ServiceError } from './errors.js';
/**
 * The request the service expects (apikey header, JSON body, the GraphQL-over-HTTP accept).
 * Throws NETWORK_ERROR when no answer came and BAD_RESPONSE when the answer is not GraphQL.
 */
export function createTransport(options) {
    // Called unbound, a browser's fetch throws "Illegal invocation".
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const headers = {
        ...options.headers,
        apikey: options.apiKey,
        'content-type': 'application/json',
        // The GraphQL-over-HTTP media type: requests refused before they run keep their 4xx status.
        accept: 'application/graphql-response+json, application/json',
    };
    return async (query, variables, signal) => {
        let response;
        try {
            response = await doFetch(options.url, { method: 'POST', headers, signal, body: JSON.stringify({ query, variables: variables ?? {} }) });
        }
        catch (cause) {
            // A user's abort is not a service fault: it stays the AbortError the caller expects.
            if (signal?.aborted)
                throw cause;
            throw new ServiceError('NETWORK_ERROR', `No answer from ${options.url}: ${String(cause)}`, [], null, 0, null, { cause });
        }
        const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
        const body = parseBody(await response.text());
        if (!body) {
            throw new ServiceError('BAD_RESPONSE', `Not a GraphQL answer (HTTP ${response.status}) from ${options.url}`, [], null, response.status, retryAfter);
        }
        return { body, status: response.status, ok: response.ok, retryAfter };
    };
}
/** The ServiceError of an answer with errors: the first error's code, every error, the partial data. */
export function answerError(url, { body, status, ok, retryAfter }) {
    const errors = body.errors ?? [];
    const first = errors[0];
    if (!first)
        return new ServiceError('BAD_RESPONSE', `HTTP ${status} without data from ${url}`, [], null, status, retryAfter);
    const code = first.extensions?.code ?? (ok ? 'INTERNAL_SERVER_ERROR' : 'BAD_RESPONSE');
    return new ServiceError(code, first.message, errors, body.data ?? null, status, retryAfter);
}
export function createClient(options) {
    const send = createTransport(options);
    return {
        async request(document, ...[variables, requestOptions]) {
            const answer = await send(document.toString(), variables, requestOptions?.signal);
            const { body, ok } = answer;
            if ((body.errors ?? []).length > 0 || !ok || body.data == null)
                throw answerError(options.url, answer);
            return body.data;
        },
    };
}
function parseBody(text) {
    try {
        const body = JSON.parse(text);
        if (body && typeof body === 'object' && ('data' in body || 'errors' in body))
            return body;
    }
    catch {
        // A proxy's HTML error page, an empty body: not a GraphQL answer.
    }
    return null;
}
/** Retry-After in seconds (the service sends seconds; an HTTP date is read too). */
function retryAfterSeconds(header) {
    if (!header)
        return null;
    if (/^\d+$/.test(header.trim()))
        return Number(header);
    const at = Date.parse(header);
    return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
/**
 * Whether `error` is a ServiceError, typed with the partial data of `document`
 * (a `catch` sees `unknown`; this gives `error.data` the operation's type back).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-explicit-any -- the document is there only to infer TResult, whatever its variables
export function isServiceError(error, _document) {
    return error instanceof ServiceError;
}

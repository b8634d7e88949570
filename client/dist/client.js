import { ServiceError } from './errors.js';
export function createClient(options) {
    // Called unbound, a browser's fetch throws "Illegal invocation".
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const headers = {
        ...options.headers,
        apikey: options.apiKey,
        'content-type': 'application/json',
        // The GraphQL-over-HTTP media type: requests refused before they run keep their 4xx status.
        accept: 'application/graphql-response+json, application/json',
    };
    return {
        async request(document, ...[variables, requestOptions]) {
            let response;
            try {
                response = await doFetch(options.url, {
                    method: 'POST', headers, signal: requestOptions?.signal,
                    body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
                });
            }
            catch (cause) {
                // A user's abort is not a service fault: it stays the AbortError the caller expects.
                if (requestOptions?.signal?.aborted)
                    throw cause;
                throw new ServiceError('NETWORK_ERROR', `No answer from ${options.url}: ${String(cause)}`, [], null, 0, null, { cause });
            }
            const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
            const body = parseBody(await response.text());
            if (!body) {
                throw new ServiceError('BAD_RESPONSE', `Not a GraphQL answer (HTTP ${response.status}) from ${options.url}`, [], null, response.status, retryAfter);
            }
            const errors = body.errors ?? [];
            if (errors.length > 0) {
                const first = errors[0];
                const code = first.extensions?.code ?? (response.ok ? 'INTERNAL_SERVER_ERROR' : 'BAD_RESPONSE');
                throw new ServiceError(code, first.message, errors, body.data ?? null, response.status, retryAfter);
            }
            if (!response.ok || body.data == null) {
                throw new ServiceError('BAD_RESPONSE', `HTTP ${response.status} without data from ${options.url}`, [], null, response.status, retryAfter);
            }
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
export function isServiceError(error, _document) {
    return error instanceof ServiceError;
}

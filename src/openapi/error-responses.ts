// The one error body of the REST face ({statusCode, message, error}, written
// by errorBody in src/errors/app-error.ts) and the statuses a route can answer
// with it. The examples are the service's own messages.
import { errorBody, missingScope, UNAUTHORIZED_MESSAGE, UNSUPPORTED_MEDIA_TYPE_MESSAGE } from '../errors/app-error';
import { ANALYTICS_AS_OF_HEADER, DATA_AS_OF_HEADER } from '../rest/freshness-headers';
import type { JsonSchema } from './json-schema';

export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every non-2xx REST answer.',
  properties: {
    statusCode: { type: 'integer', description: 'The HTTP status, repeated.' },
    message: { type: 'string', description: 'What went wrong; a 400 names the parameter as it was sent.' },
    error: { type: 'string', description: 'The status\'s reason phrase (`Bad Request` …).' },
  },
  required: ['statusCode', 'message', 'error'],
  additionalProperties: false,
};

const errorRef = { $ref: '#/components/schemas/Error' };

function errorResponse(status: number, description: string, message: string, headers?: Record<string, unknown>) {
  return {
    description, ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: errorRef, example: errorBody(status, message) } },
  };
}

/** Reusable responses, by the name each route refers to. */
export const ERROR_RESPONSES = {
  BadRequest: errorResponse(400, 'A parameter or the body is not what the route takes; the message names it.', 'limit must be an integer between 1 and 20'),
  Unauthorized: errorResponse(401, 'The `apikey` header is missing, or the key is unknown, revoked or expired.', UNAUTHORIZED_MESSAGE),
  Forbidden: errorResponse(403, 'The key is valid but lacks the scope the route needs (its `x-required-scopes` names it): `webhooks` for the webhook routes, `read` for the others.',
    missingScope('webhooks', 'createWebhook').message),
  NotFound: errorResponse(404, 'The profile (or token) the path names is unknown.', 'Farcaster user 99999999 not found'),
  PayloadTooLarge: errorResponse(413, 'The JSON body is larger than the service reads.', 'Request body is larger than 102400 bytes'),
  UnsupportedMediaType: errorResponse(415, 'A body that is not `application/json`.', UNSUPPORTED_MEDIA_TYPE_MESSAGE),
  TooManyRequests: errorResponse(429, 'The key\'s requests per minute are spent (or this address sent too many failing keys).', 'Rate limit exceeded', {
    'Retry-After': { description: 'Seconds until the budget is renewed.', schema: { type: 'integer', minimum: 0 } },
  }),
  ServiceUnavailable: errorResponse(503, 'The database cannot be reached, or the request ran past its time limit.', 'Database unavailable'),
} as const;

export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

const text = (description: string) => ({ description, schema: { type: 'string' } });
const time = (description: string) => ({ description, schema: { type: 'string', format: 'date-time' } });

/** The headers of a success, by name, for components/headers. */
export const SUCCESS_HEADERS: Record<string, JsonSchema> = {
  RateLimit: text('`"default";r=<left>;t=<seconds to reset>` for this key (draft-ietf-httpapi-ratelimit-headers).'),
  'RateLimit-Policy': text('`"default";q=<requests>;w=60` for this key.'),
  [DATA_AS_OF_HEADER]: time('The time the protocol data of the answer is as of (the older of the two protocols for a route over both); absent before any data.'),
  [ANALYTICS_AS_OF_HEADER]: time('The as-of time of the analytics (ranks, gains, trending, histograms) the answer read; absent before any data.'),
};

/** Headers of every 200 with a key: its budget (RateLimit draft) and, for routes over protocol data, how fresh the answer is; as $refs to SUCCESS_HEADERS. */
export function successHeaders(freshness: boolean): Record<string, unknown> {
  const names = ['RateLimit', 'RateLimit-Policy', ...(freshness ? [DATA_AS_OF_HEADER, ANALYTICS_AS_OF_HEADER] : [])];
  return Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
}

// Keys never reach the logs, whichever way they came. By name: the `apikey`
// header, and a query parameter named apikey or api_key in any case (the
// explorer pages take the key from ?apikey=), taken out of every request's
// url and query by the one `req` serializer, which the request log uses too.
// By shape: a key's secret anywhere in a line (a body, a message, an error, a
// parameter of another name) is replaced as the line is written, whatever
// logged it.
import pino, { type DestinationStream, type Logger } from 'pino';

const CENSOR = '[redacted]';

/** Fields that hold a key when an object is logged as it is. */
const REDACT = ['req.headers.apikey', 'req.headers.authorization', 'key', 'apikey'];

/** The shape of a key's secret (src/auth/key-secret.ts): `sga_` and base64url, longer than the prefix `keys list` shows. */
export const KEY_SECRET = /sga_[A-Za-z0-9_-]{20,}/g;

const decoded = (name: string) => {
  try { return decodeURIComponent(name.replace(/\+/g, ' ')); } catch { return name; }
};

/** Whether a query parameter's name (as sent, percent-encoded or not) is one a key travels in. */
const isKeyParameter = (name: string) => /^api_?key$/i.test(decoded(name).trim());

/** The url with the value of every key parameter replaced; everything else as it was sent. */
export function redactedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq >= 0 && isKeyParameter(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=${CENSOR}` : pair;
  });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** A request as logged (pino's standard one, or the bindings of a request's logger): url and query without keys. */
export function requestSerializer(req: unknown): unknown {
  if (!req || typeof req !== 'object') return req;
  const out: Record<string, unknown> = { ...req };
  if (typeof out.url === 'string') out.url = redactedUrl(out.url);
  if (out.query && typeof out.query === 'object') {
    out.query = Object.fromEntries(Object.entries(out.query).map(([k, v]) => [k, isKeyParameter(k) ? CENSOR : v]));
  }
  return out;
}

/** Every key secret in a written line replaced (the check for the prefix first keeps lines without one cheap). */
export const withoutKeySecrets = (line: string): string => (line.includes('sga_') ? line.replace(KEY_SECRET, CENSOR) : line);

/** `destination`: where lines go (stdout unless given; tests capture them). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level, redact: { paths: REDACT, censor: CENSOR }, serializers: { req: requestSerializer }, hooks: { streamWrite: withoutKeySecrets },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger };

// Malformed requests over every REST route. The parameter names are not
// listed by hand: each route's own `variables` function is run on a recording
// request, so a parameter added to a route is fuzzed without touching this file.
import zlib from 'node:zlib';
import fc from 'fast-check';
import type { Request } from 'express';
import type { RestRoute } from '../../src/rest/rest-route.type';
import { GOOD, nastyString, percentEncode, urlValue } from './fuzz-values';
import type { RawRequest } from './raw-http';

/** `arb` in one case of `oneIn`, else null (fc.option's freq is the other way round: 1/freq is null). */
export const oneIn = <T>(oneIn: number, arb: fc.Arbitrary<T>) => fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

export interface RouteShape { method: RestRoute['method']; path: string; pathParams: string[]; query: string[]; body: string[] }

/** The path, query and body names a route reads, recorded while its variables function runs. */
export function shapeOf(route: RestRoute): RouteShape {
  const read = { query: new Set<string>(), body: new Set<string>() };
  const recorder = (into: Set<string>) => new Proxy({}, { get: (_t, k) => { if (typeof k === 'string') into.add(k); return undefined; } });
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const req = { params: Object.fromEntries(pathParams.map((p) => [p, 'x'])), query: recorder(read.query), body: recorder(read.body) };
  route.variables(req as unknown as Request);
  return { method: route.method, path: route.path, pathParams, query: [...read.query], body: [...read.body] };
}

/** A fixture value that makes the route answer 200, so a broken value beside it reaches the database. */
const goodPathValue = (param: string) => (param === 'fid' ? GOOD.fid : param === 'id' ? GOOD.lensId : GOOD.word);

const pathValue = (param: string) => fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...goodPathValue(param)) },
  { weight: 5, arbitrary: urlValue },
  { weight: 1, arbitrary: fc.constantFrom('', '.', '..', '%2F', '%2e%2e', 'a/b', '%5C') },
);

const STRANGE_NAMES = ['__proto__', 'constructor', 'toString', 'fids[]', 'fids[0]', 'ids[]', 'date[a]', 'limit[]', '', '%FF', 'a%00', 'x'];

/** One `name=value` pair (or a bare name, or a name with `=` and nothing). */
const queryPair = (names: string[]) => fc.tuple(
  fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...(names.length ? names : ['x'])) }, { weight: 1, arbitrary: fc.constantFrom(...STRANGE_NAMES) }),
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...GOOD.day, ...GOOD.word, '1', '5', '20', '100', '2024', '6').map(percentEncode) }, { weight: 6, arbitrary: urlValue }),
  fc.constantFrom('pair', 'pair', 'pair', 'pair', 'bare', 'empty'),
).map(([n, v, form]) => (form === 'bare' ? n : form === 'empty' ? `${n}=` : `${n}=${v}`));

const LONG_QUERY = fc.integer({ min: 1000, max: 8000 }).chain((n) => fc.constantFrom(`limit=${'9'.repeat(n)}`, `date=${'%00'.repeat(Math.floor(n / 3))}`, `fids=${'1,'.repeat(Math.floor(n / 2))}1`));

/** A JSON value as text: numbers JSON.parse cannot hold exactly, deep nesting, NUL in strings. */
export const jsonText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyString.map((s) => JSON.stringify(s)) },
  { weight: 2, arbitrary: fc.constantFrom('1', '0', '-1', '20', '100', '101', '2147483648', '1e400', '-0', '1.5', '1e-400', '99999999999999999999', 'true', 'null', '{}', '[]', '"week"', '"lens"', '"farcaster"') },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: -5, max: 20 }), { maxLength: 60 }).map((a) => JSON.stringify(a)) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 3000 }).map((n) => `${'['.repeat(n)}1${']'.repeat(n)}`) },
);

/** A request body as bytes: a JSON object of the route's fields, or something that is not one. */
const jsonBody = (fields: string[]) => fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(fields.length ? fields : ['x'])), fc.constantFrom('__proto__', 'constructor', 'x')), jsonText), { maxLength: 6 })
    .map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`) },
  { weight: 2, arbitrary: jsonText },
  { weight: 2, arbitrary: fc.constantFrom('', '{', '{"page":}', "{'page':1}", '\uFEFF{}', '{"a":1}{"b":2}', 'null', '"str"', '[1,2]', '{"page":1,}', 'page=1', '\u0000') },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1')) },
).map((text) => Buffer.from(text, 'utf8'));

const CONTENT_TYPES = ['application/json', 'application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/json; charset=latin1',
  'application/json; charset=bogus', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/graphql', '*/*', 'application/json;;;',
  'application/vnd.api+json', 'application/json; charset=', 'bogus'];
const ENCODINGS = ['gzip', 'deflate', 'br', 'identity', 'IDENTITY', 'GZIP', 'compress', 'x-gzip', 'bogus', 'gzip, deflate', 'zstd', ''];

/** Encodes the body as its header claims, or sends the bytes uncompressed under a compressed label. */
function encode(body: Buffer, encoding: string, honest: boolean): Buffer {
  if (!honest) return body;
  switch (encoding.toLowerCase()) {
    case 'gzip': return zlib.gzipSync(body);
    case 'deflate': return zlib.deflateSync(body);
    case 'br': return zlib.brotliCompressSync(body);
    default: return body;
  }
}

/** Headers and body: mostly a JSON body as the client meant it, often with a lying or odd header. */
export const bodyAndHeaders = (fields: string[]) => fc.record({
  body: jsonBody(fields),
  contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined, freq: 8 }),
  encoding: oneIn(3, fc.constantFrom(...ENCODINGS)),
  honest: fc.boolean(),
}).map(({ body, contentType, encoding, honest }) => ({
  headers: { ...(contentType !== undefined ? { 'content-type': contentType } : {}), ...(encoding !== null ? { 'content-encoding': encoding } : {}) },
  body: encode(body, encoding ?? '', honest),
}));

/** The apikey header: mostly the test key, sometimes missing or wrong (those must be 401s with the error body). */
export const apiKeyHeader = (key: string) => fc.oneof(
  { weight: 12, arbitrary: fc.constant<Record<string, string>>({ apikey: key }) },
  { weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({}, { apikey: '' }, { apikey: `${key}x` }, { apikey: ` ${key} ` }, { apikey: 'sga_%00' }, { apikey: 'x'.repeat(300) }) },
);

export function restRequest(shapes: RouteShape[], key: string): fc.Arbitrary<RawRequest> {
  return fc.constantFrom(...shapes).chain((shape) => fc.record({
    params: fc.tuple(...shape.pathParams.map(pathValue)),
    pairs: fc.array(queryPair(shape.query), { maxLength: 6 }),
    long: oneIn(25, LONG_QUERY),
    method: fc.oneof({ weight: 15, arbitrary: fc.constant(shape.method.toUpperCase()) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') }),
    key: apiKeyHeader(key),
    payload: shape.method === 'post' ? bodyAndHeaders(shape.body) : oneIn(10, bodyAndHeaders([])),
  }).map(({ params, pairs, long, method, key: keyHeader, payload }) => {
    let path = shape.path;
    shape.pathParams.forEach((p, i) => { path = path.replace(`:${p}`, params[i]); });
    const query = [...pairs, ...(long ? [long] : [])].join('&');
    return {
      method, path: query ? `${path}?${query}` : path,
      headers: { ...keyHeader, ...(payload?.headers ?? {}) },
      ...(payload ? { body: payload.body } : {}),
    };
  }));
}

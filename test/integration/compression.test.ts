// Answers of 1 KB or more are compressed as Accept-Encoding asks (brotli or
// gzip), small ones and event streams never. fetch decompresses on its own, so
// these requests go through node:http to see the bytes as sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { answerCompression } from '../../src/http/app';
import { requestDeadline } from '../../src/http/request-deadline';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface RawAnswer { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

function getRaw(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const decode = (a: RawAnswer): unknown => {
  const encoding = a.headers['content-encoding'];
  const bytes = encoding === 'br' ? zlib.brotliDecompressSync(a.body) : encoding === 'gzip' ? zlib.gunzipSync(a.body) : a.body;
  return JSON.parse(bytes.toString('utf8'));
};

// 100 fids (the most one request may ask): one entry each, about 3 KB of JSON; fid 1 has 4 followers in api-basic.
const LARGE = `/api/farcaster/followersCount?fids=${Array.from({ length: 100 }, (_, i) => i + 1).join(',')}`;
const TINY = '/api/farcaster/followersCount?fids=1';

describe('answer compression (the app)', () => {
  let s: TestServer;
  let plain: RawAnswer;
  beforeAll(async () => {
    s = await startTestServer({ fixture: 'api-basic' });
    plain = await getRaw(`${s.baseUrl}${LARGE}`, { apikey: s.key, 'accept-encoding': 'identity' });
  });
  afterAll(async () => { await s.close(); });

  it('when nothing but identity is accepted, then the large answer is sent as plain JSON', () => {
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(2048);
    const entries = JSON.parse(plain.body.toString('utf8'));
    expect(entries).toHaveLength(100);
    expect(entries).toContainEqual({ fid: 1, followersCount: 4 });
  });

  it('when the client names no encoding, then the large answer is the same plain JSON, marked as varying by Accept-Encoding', async () => {
    const res = await getRaw(`${s.baseUrl}${LARGE}`, { apikey: s.key });
    expect([res.status, res.headers['content-encoding'], res.headers.vary?.toLowerCase()]).toEqual([200, undefined, 'accept-encoding']);
    expect(res.body.equals(plain.body)).toBe(true);
  });

  it.each(['br', 'gzip'])('when a large answer is asked with accept-encoding %s, then it is sent so and decodes to the same JSON', async (encoding) => {
    const res = await getRaw(`${s.baseUrl}${LARGE}`, { apikey: s.key, 'accept-encoding': encoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(res.body.length).toBeLessThan(plain.body.length / 2);
    expect(decode(res)).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('when both are accepted, then brotli is chosen', async () => {
    const res = await getRaw(`${s.baseUrl}${LARGE}`, { apikey: s.key, 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode(res)).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('when an answer is under 1 KB, then it is not compressed', async () => {
    const res = await getRaw(`${s.baseUrl}${TINY}`, { apikey: s.key, 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeLessThan(1024);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual([{ fid: 1, followersCount: 4 }]);
  });
});

describe('answer compression and the response-size limit', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'api-basic', config: { GRAPHQL_MAX_RESPONSE_BYTES: 2000 } }); });
  afterAll(async () => { await s.close(); });

  it('when the answer is over the limit, then 400 with the whole error body, whatever the encoding asked', async () => {
    const res = await getRaw(`${s.baseUrl}${LARGE}`, { apikey: s.key, 'accept-encoding': 'br' });
    expect(res.status).toBe(400);
    expect(decode(res)).toMatchObject({ statusCode: 400, message: expect.stringMatching(/exceeds the limit of 2000 bytes/) });
  });
});

describe('answer compression around other middleware', () => {
  let server: http.Server;
  let base: string;
  const bigJson = { items: Array.from({ length: 200 }, (_, i) => ({ i, text: `item ${i}` })) };
  beforeAll(async () => {
    const app = express();
    app.use(requestDeadline(150));
    app.use(answerCompression());
    app.get('/events', (_req, res) => {
      res.setHeader('Content-Type', 'text/event-stream');
      res.end(Array.from({ length: 100 }, (_, i) => `data: event ${i}\n\n`).join(''));
    });
    app.get('/json', (_req, res) => { res.json(bigJson); });
    // Never answers: the deadline does.
    app.get('/hang', () => undefined);
    server = await new Promise((resolve) => { const srv = app.listen(0, '127.0.0.1', () => resolve(srv)); });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => { await new Promise<void>((resolve) => server.close(() => resolve())); });

  it('when the answer is an event stream, then it is never compressed, while JSON of the same size is', async () => {
    const events = await getRaw(`${base}/events`, { 'accept-encoding': 'br, gzip' });
    expect(events.body.length).toBeGreaterThan(1024);
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body.toString('utf8')).toMatch(/^data: event 0\n\n/);
    const json = await getRaw(`${base}/json`, { 'accept-encoding': 'br, gzip' });
    expect(json.headers['content-encoding']).toBe('br');
    expect(decode(json)).toEqual(bigJson);
  });

  it('when the request deadline passes, then the 503 still arrives through the compressor', async () => {
    const started = Date.now();
    const res = await getRaw(`${base}/hang`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(503);
    expect(decode(res)).toMatchObject({ statusCode: 503, message: 'The request took longer than the 150 ms limit' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

// The request's id and logger, at a level that logs every answer and at one
// that does not (where the logger is made only when something logs).
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestLog } from '../../src/http/request-log';

async function serve(level: string) {
  const lines: Record<string, any>[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l)); done(); } });
  const app = express();
  app.use(requestLog(pino({ level }, sink)));
  app.get('/quiet', (_req, res) => { res.json({ ok: true }); });
  app.get('/noisy', (req, res) => { req.log.warn('something to say'); res.json({ ok: true }); });
  const server: Server = await new Promise((resolve) => { const s = app.listen(0, '127.0.0.1', () => resolve(s)); });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { lines, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('request log', () => {
  it.each(['info', 'warn'])('at %s, then every answer carries its id, the caller\'s own when it sends a valid one', async (level) => {
    const s = await serve(level);
    try {
      const given = await fetch(`${s.base}/quiet`, { headers: { 'x-request-id': 'trace-1.a' } });
      expect(given.headers.get('x-request-id')).toBe('trace-1.a');
      const made = (await fetch(`${s.base}/quiet`, { headers: { 'x-request-id': 'not valid!' } })).headers.get('x-request-id');
      expect(made).toMatch(/^[0-9a-f-]{36}$/);
    } finally { await s.close(); }
  });

  it('at info, then each answer is logged with its request id', async () => {
    const s = await serve('info');
    try {
      await fetch(`${s.base}/quiet`, { headers: { 'x-request-id': 'r-1' } });
      await new Promise((r) => setTimeout(r, 20));
      expect(s.lines.map((l) => [l.msg, l.req?.id, l.res?.statusCode])).toEqual([['request completed', 'r-1', 200]]);
    } finally { await s.close(); }
  });

  it('at warn, then a plain answer logs nothing and what a handler logs carries the request', async () => {
    const s = await serve('warn');
    try {
      await fetch(`${s.base}/quiet`, { headers: { 'x-request-id': 'r-2' } });
      await fetch(`${s.base}/noisy?x=1`, { headers: { 'x-request-id': 'r-3' } });
      await new Promise((r) => setTimeout(r, 20));
      expect(s.lines.map((l) => [l.msg, l.req])).toEqual([['something to say', { id: 'r-3', method: 'GET', url: '/noisy?x=1' }]]);
    } finally { await s.close(); }
  });
});

// The HTTP edge: CORS for browsers on other origins (preflight needs no key),
// security headers, and the key checked before the body is read (a busy port:
// test/system/port-in-use.test.ts, a real process).
import { startTestServer, type TestServer } from '../helpers/test-server';

describe('HTTP edge', () => {
  let s: TestServer;
  let restricted: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ fixture: 'api-basic' });
    restricted = await startTestServer({ config: { CORS_ORIGINS: 'https://app.example, http://localhost:3000' } });
  });
  afterAll(async () => { await s.close(); await restricted.close(); });

  it('when a browser preflights a REST call from another origin, then 204 with the apikey header allowed, no key needed', async () => {
    const res = await fetch(`${s.baseUrl}/api/farcaster/user/profile/1`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.split(',')).toContain('apikey');
    const get = await fetch(`${s.baseUrl}/api/farcaster/user/profile/1`, { headers: { origin: 'https://elsewhere.example', apikey: s.key } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('when CORS_ORIGINS lists origins, then only those are allowed', async () => {
    const preflight = (origin: string) => fetch(`${restricted.baseUrl}/graphql`, {
      method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,content-type' },
    });
    expect((await preflight('https://app.example')).headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect((await preflight('http://localhost:3000')).headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when any answer is sent, then it carries the usual security headers', async () => {
    const res = await fetch(`${s.baseUrl}/api/farcaster/user/profile/1`, { headers: { apikey: s.key } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('when a body is malformed and no key is sent, then 401 (the key is checked before the body is read)', async () => {
    for (const p of ['/api/trending/find', '/graphql']) {
      const res = await fetch(`${s.baseUrl}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
      expect(res.status).toBe(401);
    }
    const withKey = await s.rest('/api/trending/find', { method: 'POST', body: '{not json' });
    expect(withKey.status).toBe(400);
  });

  it('when a query comes over GET with only the apikey header, then it is answered without an extra anti-CSRF header', async () => {
    const query = encodeURIComponent('{ farcasterUsers(fids: [1]) { fid } }');
    const res = await fetch(`${s.baseUrl}/graphql?query=${query}`, { headers: { apikey: s.key } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { farcasterUsers: [{ fid: 1 }] } });
    const noKey = await fetch(`${s.baseUrl}/graphql?query=${query}`);
    expect(noKey.status).toBe(401);
  });
});

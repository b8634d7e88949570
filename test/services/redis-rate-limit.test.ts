// Runs when TEST_REDIS_URL is set (jest.config.js): two service instances on
// one database share a key's per-minute budget through Redis.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig } from '../../src/config/load-config';
import { createApp, type App } from '../../src/http/app';
import { createLogger } from '../../src/logging/logger';
import { KeyService } from '../../src/auth/key.service';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
const instances: { app: App; server: Server; base: string }[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  for (let i = 0; i < 2; i++) {
    const config = loadConfig({}, { LOG_LEVEL: 'silent', KEY_CACHE_SECONDS: 0, REDIS_URL: process.env.TEST_REDIS_URL });
    const app = await createApp(config, t.db, createLogger('silent'));
    const server: Server = await new Promise((resolve) => { const s = app.app.listen(0, '127.0.0.1', () => resolve(s)); });
    instances.push({ app, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
});
afterAll(async () => {
  for (const i of instances) { i.server.close(); await i.app.close(); }
  await t.close();
});

describe('rate limit shared through Redis', () => {
  it('when a key spends its budget across two instances, then the next request on either is 429', async () => {
    // A fresh key id per run, so state left in Redis by an earlier run cannot interfere.
    const { key } = await new KeyService(t.db, 600, 0).create({ name: `redis-${randomUUID()}`, rateLimit: 3 });
    const get = (i: number) => fetch(`${instances[i].base}/api/lens/followersCount?ids=0x01`, { headers: { apikey: key } });
    expect([(await get(0)).status, (await get(1)).status, (await get(0)).status]).toEqual([200, 200, 200]);
    const limited = await get(1);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

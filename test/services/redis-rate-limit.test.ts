// Runs when TEST_REDIS_URL is set (jest.config.js): two service instances on
// one database share a key's per-minute budget through Redis.
import { randomUUID } from 'node:crypto';
import { KeyService } from '../../src/auth/key.service';
import { serve, type ServedApp } from '../helpers/serve-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
const instances: ServedApp[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  for (let i = 0; i < 2; i++) {
    instances.push(await serve(t.db, { REDIS_URL: process.env.TEST_REDIS_URL }));
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

// Runs when TEST_REDIS_URL is set (jest.config.js): two service instances on
// one database share answers through Redis; a write moves both past them; a
// second database on the same Redis never sees the first one's answers.
import { ingest } from '../../src/jobs/ingest';
import { applyOps } from '../../src/sync/apply-ops';
import { serve, testConfig, type ServedApp } from '../helpers/serve-app';
import { fixture } from '../helpers/test-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const dbs: TestDatabase[] = [];
const instances: ServedApp[] = [];
const keys: string[] = [];

beforeAll(async () => {
  for (const dir of ['api-basic', 'farcaster-surface']) {
    const t = await createTestDatabase();
    await ingest(t.db, testConfig(), { import: { dir: fixture(dir), progress: 'silent' }, refresh: {} });
    dbs.push(t);
  }
  // Two instances on the first database, one on the second; all on one Redis.
  for (const t of [dbs[0], dbs[0], dbs[1]]) {
    const s = await serve(t.db, { REDIS_URL: process.env.TEST_REDIS_URL, ANSWER_CACHE_MB: 8, KEY_CACHE_SECONDS: 300 });
    instances.push(s);
    keys.push((await s.app.keys.create({ name: 'redis-answers', rateLimit: 100000 })).key);
  }
});
afterAll(async () => {
  for (const i of instances) { i.server.close(); await i.app.close(); }
  for (const t of dbs) await t.close();
});

const get = async (i: number, url: string) => (await fetch(`${instances[i].base}${url}`, { headers: { apikey: keys[i] } })).text();
async function statements(t: TestDatabase, run: () => Promise<unknown>): Promise<number> {
  const before = t.db.statementCount;
  await run();
  return t.db.statementCount - before;
}

describe('answers shared through Redis', () => {
  it('when one instance answered, then the other answers the same text with only the version read; after a write both compute again', async () => {
    const url = '/api/farcaster/user/profile/1';
    await get(1, '/api/farcaster/followers/total/1'); // warms instance 1's key cache
    const first = await get(0, url);
    // The store is not awaited by the first answer: give it a moment to land.
    await new Promise((r) => setTimeout(r, 100));
    let second = '';
    expect(await statements(dbs[0], async () => { second = await get(1, url); })).toBe(1);
    expect(second).toBe(first);

    await applyOps(dbs[0].db.sql, [{ kind: 'userData', fid: 1, type: 3, value: 'a bio written by the sync', ts: new Date('2030-01-01T00:00:00Z') }]);
    let third = '';
    expect(await statements(dbs[0], async () => { third = await get(1, url); })).toBeGreaterThan(1);
    expect(JSON.parse(third).metadata.bio).toBe('a bio written by the sync');
  });

  it('when another database has the same data versions, then its instance never answers from the first database\'s entries', async () => {
    // Both databases at the same versions (as two fresh databases often are).
    for (const t of dbs) await t.db.sql.query('UPDATE protocol_state SET data_version = 424242');
    const url = '/api/farcaster/user/profile/1';
    const ours = await get(0, url);
    await new Promise((r) => setTimeout(r, 100));
    let theirs = '';
    expect(await statements(dbs[1], async () => { theirs = await get(2, url); })).toBeGreaterThan(1);
    expect(theirs).not.toBe(ours);
  });
});

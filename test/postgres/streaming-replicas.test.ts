// Reads from a real streaming replica: a throwaway primary and a hot standby
// of it (initdb, pg_basebackup -R, own ports and directory), two service
// instances reading from the standby and sharing Redis (TEST_REDIS_URL, when
// set), and a third on the primary alone as the reference. Every REST route's
// example and a GraphQL query answer as the primary does while the reads run
// on the standby (its statement log says so); writes go to the primary and
// are read back from the standby once replayed; a stopped standby, or one
// whose replay is paused past the lag bound, is skipped and the answers come
// from the primary; once it is back, reads return to it.
import { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { ingest } from '../../src/jobs/ingest';
import { exampleUrl } from '../../src/rest/rest-docs';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { isKeyScoped } from '../../src/rest/rest-route.type';
import { applyOps } from '../../src/sync/apply-ops';
import { startReplicaCluster, type ReplicaCluster } from '../helpers/replica-cluster';
import { serve, testConfig, type ServedApp } from '../helpers/serve-app';
import { fixture } from '../helpers/test-server';

const MAX_LAG_MS = 1000;
const QUERY = '{ farcasterUser(fid: 1) { fid username bio stats { followers following } } lensProfile(id: "0x01") { id: nativeId stats { followers } } }';
/** The statement every request runs first (its one protocol_state read). */
const STATE_READ = 'FROM protocol_state WHERE protocol = ANY';

let cluster: ReplicaCluster;
let primaryDb: Database;
let reference: ServedApp;
const replicaDbs: Database[] = [];
const instances: ServedApp[] = [];
let key: string;
/** Requests of one answersOf round that read the database (all but an answer that needs no data). */
let reading = 0;

beforeAll(async () => {
  cluster = await startReplicaCluster();
  primaryDb = Database.open({ databaseUrl: cluster.primaryUrl, dataDir: '', poolSize: 4 });
  await migrate(primaryDb.sql);
  await ingest(primaryDb, testConfig(), { import: { dir: fixture('api-basic'), progress: 'silent' }, classify: {}, refresh: {} });
  reference = await serve(primaryDb, { KEY_CACHE_SECONDS: 300 });
  for (let i = 0; i < 2; i++) {
    const db = Database.open({
      databaseUrl: cluster.primaryUrl, replicaUrls: [cluster.standbyUrl], replicaMaxLagMs: MAX_LAG_MS, dataDir: '', poolSize: 4,
      // A generous ping bound: CI runs this beside other test files on two cores, and a ping slowed by that is not an outage.
      health: { intervalMs: 100, timeoutMs: 2000 },
    });
    db.startHealthMonitor();
    replicaDbs.push(db);
    instances.push(await serve(db, { REDIS_URL: process.env.TEST_REDIS_URL, ANSWER_CACHE_MB: 8, KEY_CACHE_SECONDS: 300 }));
  }
  // Created through a replica-reading instance: keys are written to and looked up on the primary.
  ({ key } = await instances[0].app.keys.create({ name: 'replicas', rateLimit: 100000 }));
}, 90_000);

afterAll(async () => {
  for (const s of [...instances, reference].filter(Boolean)) { await new Promise((r) => s.server.close(r)); await s.app.close(); }
  for (const db of [...replicaDbs, primaryDb].filter(Boolean)) await db.close();
  await cluster?.destroy();
});

async function call(s: ServedApp, url: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${s.base}${url}`, {
    method: init.method ?? 'GET',
    headers: { apikey: key, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, text: await res.text() };
}

type Answers = Record<string, { status: number; text: string }>;

/** Every REST route's example and the GraphQL query, as one app answers them. */
async function answersOf(s: ServedApp): Promise<Answers> {
  const out: Answers = {};
  // The webhook routes answer the key's own records, written on the primary: not the replicated data compared here.
  for (const r of REST_ROUTES.filter((route) => !isKeyScoped(route))) out[r.name] = await call(s, exampleUrl(r), { method: r.method.toUpperCase(), body: r.example.body });
  out.graphql = await call(s, '/graphql', { method: 'POST', body: { query: QUERY } });
  return out;
}

interface Reads { primaryRequests: number; replicas: { usable: boolean; requests: number; lagMs: number | null; health: string }[] }
async function reads(s: ServedApp): Promise<Reads> {
  const res = await fetch(`${s.base}/readyz`);
  // Not ready (503) still tells where reads went; the body is the same shape.
  const body = await res.json() as { reads?: Reads };
  if (!body.reads) throw new Error(`/readyz ${res.status} without reads: ${JSON.stringify(body)}`);
  return body.reads;
}

const count = (text: string, part: string) => text.split(part).length - 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds; fails with its last value after `ms`. Returns the time it took. */
async function within<T>(ms: number, probe: () => Promise<T>, check: (v: T) => boolean): Promise<number> {
  const started = Date.now();
  let last: T | undefined;
  while (Date.now() - started < ms) {
    last = await probe();
    if (check(last)) return Date.now() - started;
    await sleep(50);
  }
  throw new Error(`not within ${ms} ms; last seen: ${JSON.stringify(last)}`);
}

const usable = async () => Promise.all(instances.map(async (s) => (await reads(s)).replicas[0].usable));
const bothUsable = (u: boolean[]) => u.every(Boolean);
const bioOf = async (s: ServedApp) => JSON.parse((await call(s, '/api/farcaster/user/profile/1')).text).metadata?.bio;

describe('reads from a streaming replica', () => {
  it('when the standby is current, then every route answers as the primary does, its reads run on the standby, and a key made on the primary works at once', async () => {
    await within(5000, usable, bothUsable);
    const want = await answersOf(reference);
    expect(Object.values(want).every((a) => a.status === 200)).toBe(true);
    const before = { standby: count(cluster.log('standby'), STATE_READ), primary: count(cluster.log('primary'), STATE_READ) };
    const readsBefore = await Promise.all(instances.map(reads));
    for (const s of instances) expect(await answersOf(s)).toEqual(want);
    const readsAfter = await Promise.all(instances.map(reads));
    const delta = readsAfter.map((r, i) => r.replicas[0].requests - readsBefore[i].replicas[0].requests);
    reading = delta[0];
    expect(delta[1]).toBe(reading);
    expect(reading).toBeGreaterThanOrEqual(Object.keys(want).length - 1);
    expect(readsAfter.map((r, i) => r.primaryRequests - readsBefore[i].primaryRequests)).toEqual([0, 0]);
    // The servers' own logs: each of those requests read protocol_state (once) on the standby, none on the primary.
    await sleep(200);
    expect(count(cluster.log('standby'), STATE_READ) - before.standby).toBe(2 * reading);
    expect(count(cluster.log('primary'), STATE_READ) - before.primary).toBe(0);
  });

  it('when the service writes (a sync transaction, a refresh), then it writes on the primary and the standby answers the new data once replayed', async () => {
    await applyOps(replicaDbs[0].sql, [{ kind: 'userData', fid: 1, type: 3, value: 'written on the primary', ts: new Date('2030-01-01T00:00:00Z') }]);
    await ingest(replicaDbs[1], testConfig(), { refresh: {} });
    const [generation] = await cluster.query<{ generation: number }>('primary', "SELECT generation FROM protocol_state WHERE protocol = 'farcaster'");
    await within(5000, async () => (await cluster.query<{ generation: number }>('standby', "SELECT generation FROM protocol_state WHERE protocol = 'farcaster'"))[0],
      (g) => g.generation === generation.generation);
    const standbyBefore = (await Promise.all(instances.map(reads))).map((r) => r.replicas[0].requests);
    const want = await answersOf(reference);
    for (const s of instances) expect(await answersOf(s)).toEqual(want);
    expect(await bioOf(instances[1])).toBe('written on the primary');
    const standbyAfter = (await Promise.all(instances.map(reads))).map((r) => r.replicas[0].requests);
    expect(standbyAfter.every((n, i) => n > standbyBefore[i])).toBe(true);
  });

  it('when the standby stops, then within a bounded time every answer is 200 from the primary; when it is back, then reads return to it', async () => {
    const want = await answersOf(reference);
    await cluster.stopStandby();
    const failover = await within(3000, async () => Promise.all(instances.map((s) => call(s, '/api/farcaster/user/profile/1'))),
      (rs) => rs.every((r) => r.status === 200 && r.text === want.getUserProfile.text));
    expect(failover).toBeLessThan(3000);
    for (const s of instances) expect(await answersOf(s)).toEqual(want);
    expect((await Promise.all(instances.map(reads))).every((r) => !r.replicas[0].usable)).toBe(true);

    await cluster.startStandby();
    await within(10_000, usable, bothUsable);
    const before = (await Promise.all(instances.map(reads))).map((r) => r.replicas[0].requests);
    for (const s of instances) expect(await answersOf(s)).toEqual(want);
    const after = (await Promise.all(instances.map(reads))).map((r) => r.replicas[0].requests);
    expect(after.map((n, i) => n - before[i])).toEqual([reading, reading]);
  });

  it('when the standby\'s replay is paused past the lag bound, then it is skipped and the answer is the primary\'s fresh one; resumed, it is used again', async () => {
    await within(5000, usable, bothUsable);
    await cluster.query('standby', 'SELECT pg_wal_replay_pause()');
    try {
      await applyOps(primaryDb.sql, [{ kind: 'userData', fid: 1, type: 3, value: 'written while the standby lags', ts: new Date('2030-01-02T00:00:00Z') }]);
      // Skipped once the lag passes the bound (measured every 100 ms): well within three times the bound.
      const skipped = await within(3 * MAX_LAG_MS, async () => Promise.all(instances.map(reads)),
        (rs) => rs.every((r) => !r.replicas[0].usable && (r.replicas[0].lagMs ?? 0) > MAX_LAG_MS));
      expect(skipped).toBeGreaterThanOrEqual(MAX_LAG_MS - 200);
      const [stale] = await cluster.query<{ bio: string }>('standby', "SELECT value AS bio FROM fc_user_data WHERE fid = 1 AND type = 3");
      expect(stale?.bio).not.toBe('written while the standby lags');
      const want = await answersOf(reference);
      const primaryBefore = (await Promise.all(instances.map(reads))).map((r) => r.primaryRequests);
      for (const s of instances) expect(await answersOf(s)).toEqual(want);
      expect(await bioOf(instances[0])).toBe('written while the standby lags');
      const primaryAfter = (await Promise.all(instances.map(reads))).map((r) => r.primaryRequests);
      expect(primaryAfter.map((n, i) => n - primaryBefore[i])).toEqual([reading + 1, reading]);
    } finally {
      await cluster.query('standby', 'SELECT pg_wal_replay_resume()');
    }
    await within(5000, usable, bothUsable);
    expect(await bioOf(instances[1])).toBe('written while the standby lags');
  });
});

// Two real server processes with SYNC=auto on one Postgres database, following
// one node double: the advisory lock lets exactly one of them sync, both answer
// the same exact counts, and when the syncing one is stopped the other takes over
// from the stored cursor (its lock retry is the server's, 15 s).
import { Client } from 'pg';
import { KeyService } from '../../src/auth/key.service';
import { SYNC_LOCK } from '../../src/sync/sync-worker';
import { HubDouble } from '../helpers/hub-double/hub-double';
import { farcasterSeconds, idRegisterEvent, MessageFactory } from '../helpers/hub-double/message-factory';
import { staysEqual, waitForEqual, waitUntil } from '../helpers/sync-wait';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';


describe('two server processes on one database', () => {
  let t: TestDatabase;
  let double: HubDouble;
  let pg: Client;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    double = new HubDouble({ numShards: 2 });
    pg = new Client({ connectionString: t.url });
    await pg.connect();
  });
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) { s.child.kill('SIGTERM'); await s.exited; }
    await pg.end();
    await double.stop();
    await t.close();
  });

  it('when both run SYNC=auto, then one holds the lock and syncs, both answer the exact counts, and the other takes over when it stops', async () => {
    const url = await double.start();
    const { key } = await new KeyService(t.db, 600, 0).create({ name: 'two-instances', rateLimit: 100000 });
    const env = {
      DATABASE_URL: t.url!, HUB_URL: url, SYNC: 'auto', SYNC_BACKFILL: 'off', SYNC_RECONCILE_INTERVAL: '0',
      SYNC_HEAD_POLL_MS: '100', SYNC_STALL_MS: '2000', SYNC_RECONNECT_MIN_MS: '50', SYNC_RECONNECT_MAX_MS: '400',
    };
    servers.push(await startServerProcess(env), await startServerProcess(env));
    const total = (s: ServerProcess, fid: number) => async () => {
      const r = await fetch(`http://127.0.0.1:${s.port}/api/farcaster/followers/total/${fid}`, { headers: { apikey: key } });
      return r.status === 200 ? ((await r.json()) as { totalFollowers: number }).totalFollowers : r.status;
    };
    // Advisory locks are per database: other test files hold the same lock id in theirs.
    const lockHolders = async () => (await pg.query<{ pid: number }>(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`, [SYNC_LOCK])).rows.length;
    const holder = async () => (await pg.query<{ holder: string }>('SELECT holder FROM sync_status WHERE id = 1')).rows[0]?.holder ?? null;

    await waitUntil('a syncer with both streams open', () => double.openStreams, (n) => n === 2, { timeoutMs: 20_000 });
    const name = (await waitUntil('the holder in sync_status', holder, (h) => h !== null, { timeoutMs: 10_000 }));
    await staysEqual(async () => [await lockHolders(), double.openStreams], [1, 2], 1_000);

    const f = new MessageFactory();
    const target = 20000;
    const fans = Array.from({ length: 20 }, (_, i) => 20001 + i);
    const at = farcasterSeconds() - 100;
    double.onChain(idRegisterEvent({ fid: target }));
    double.submit(await Promise.all(fans.slice(0, 10).map((fan) => f.linkAdd(fan, target, { at }))));
    await waitForEqual('followers on one server', total(servers[0], target), 10, { timeoutMs: 10_000 });
    expect(await total(servers[1], target)()).toBe(10);

    // The holder is `host:pid` of the node process tsx started: signal it, and its tsx exits with it.
    process.kill(Number(name.split(':').pop()), 'SIGTERM');
    const syncing = await Promise.race(servers.map((s) => s.exited.then(() => s)));
    const other = servers.find((s) => s !== syncing)!;
    expect(other.child.exitCode).toBeNull();
    // Merged while no one syncs: the survivor must pick them up from the cursor.
    double.submit(await Promise.all(fans.slice(10).map((fan) => f.linkAdd(fan, target, { at }))));
    await waitForEqual('followers after the takeover', total(other, target), 20, { timeoutMs: 25_000, everyMs: 200 });
    expect(await holder()).not.toBe(name);
    expect(await lockHolders()).toBe(1);
    await staysEqual(total(other, target), 20, 500);
  }, 60_000);
});

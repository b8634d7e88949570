// The live sync when things go wrong between it and the node: dropped and stalled
// streams, a node that refuses calls, a restart, two instances on one database,
// and a steady stream of follows. Judged by what the running app answers: every
// follow the node merged is counted exactly once, whatever happened on the way.
import { status, type Message } from '@farcaster/hub-nodejs';
import type { SyncEngine } from '../../src/sync/sync-engine';
import { startSyncWorker, type SyncWorker } from '../../src/sync/sync-worker';
import { farcasterSeconds } from '../helpers/hub-double/message-factory';
import { LiveRig } from '../helpers/sync-rig';
import { quantile, silentLog, sleep, staysEqual, waitForEqual, waitUntil } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let rig: LiveRig;

beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
beforeEach(async () => { rig = await new LiveRig(server).open(); });
afterEach(async () => { await rig.close(); });

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

/** The `sync` detail of /readyz, as any instance shows it. */
async function readySync(): Promise<{ state: string; holder: string; lastError: { message: string } | null; shards: { shard: number; stalls: number; reconnects: number }[] } | null> {
  const r = await server.rest('/readyz');
  return r.body.sync ?? null;
}

/** One sample of /metrics, by name and labels as written (`sga_sync_stalls_total{shard="2"}`). */
async function metric(nameAndLabels: string): Promise<number | null> {
  const r = await server.rest('/metrics');
  const line = String(r.body).split('\n').find((l) => l.startsWith(`${nameAndLabels} `));
  return line ? Number(line.slice(nameAndLabels.length + 1)) : null;
}

const followers = (target: number) => async () => {
  const u = await rig.answers.user(target);
  return { rest: await rig.answers.followersTotal(target), graphql: u.totalFollowers, stats: u.stats.followers };
};
const exactly = (n: number) => ({ rest: n, graphql: n, stats: n });

async function follows(fans: number[], target: number, at = farcasterSeconds() - 100): Promise<Message[]> {
  return Promise.all(fans.map((fan) => rig.f.linkAdd(fan, target, { at })));
}

const shardsOf = (engine: SyncEngine) => engine.status.data.shards;

describe('live sync: disconnects and restarts (7)', () => {
  it('when the node drops the streams while follows keep coming, then the engine reconnects and each follow counts once', async () => {
    const { double } = rig;
    const engine = await rig.engine();
    const target = 7000;
    const fans = range(7001, 30);
    await rig.register(target);
    const messages = await follows(fans, target);

    for (const [i, m] of messages.entries()) {
      double.submit([m]);
      if (i === 9 || i === 19) {
        // Each drop hits both shards' open streams; the next wave goes out while they reconnect.
        const opened = double.streamsOpened;
        double.dropStreams();
        if (i === 9) await waitUntil('both streams reopened', () => double.openStreams === 2 && double.streamsOpened >= opened + 2, (ok) => ok);
      }
    }

    await waitForEqual('followers after the drops', followers(target), exactly(30));
    expect(shardsOf(engine).map((s) => s.reconnects >= 2)).toEqual([true, true]);
    expect((await rig.answers.followersCounts([target])).get(target)).toBe(30);
    await engine.flushed();
    await staysEqual(followers(target), exactly(30), 400);
    await waitForEqual('the cursors at the node\'s heads', () => rig.cursors(), rig.nodeHeads());
  });

  it('when a new engine starts after one stopped, then it resumes from the stored cursor: what came meanwhile is counted once, duplicates too', async () => {
    const { double } = rig;
    const first = await rig.engine();
    const target = 7100;
    const fans = range(7101, 20);
    await rig.register(target);
    double.submit(await follows(fans.slice(0, 10), target));
    await waitForEqual('followers before the stop', followers(target), exactly(10));
    await first.flushed();
    await rig.stopEngine(first);
    const stopped = await rig.cursors();

    // While nothing syncs: ten more follows and one unfollow of an earlier follow.
    double.submit(await follows(fans.slice(10), target));
    double.submit([await rig.f.linkRemove(fans[0], target, { at: farcasterSeconds() - 50 })]);
    const heads = rig.nodeHeads();
    expect(Object.keys(heads).some((s) => heads[Number(s)] > stopped[Number(s)])).toBe(true);
    expect(await rig.answers.followersTotal(target)).toBe(10);

    double.duplicateDelivery(true);
    const second = await rig.engine();
    await waitForEqual('followers after the restart', followers(target), exactly(19));
    await waitForEqual('the cursors at the node\'s heads', () => rig.cursors(), heads);
    await second.flushed();
    await staysEqual(followers(target), exactly(19), 400);
    expect((await rig.answers.rest(`/api/farcaster/followers/${target}`)).total).toBe(19);
  });
});

describe('live sync: a stalled stream (8)', () => {
  it('when an open stream goes silent while the head moves, then it is restarted, the follow shows, and /readyz and /metrics count the stall', async () => {
    const { double, f } = rig;
    const engine = await rig.engine();
    const target = 8000;
    // Both fans on one shard (shard = 1 + fid % 2): only that shard's head moves during the stall.
    const [fanA, fanB] = [8001, 8003];
    const shard = double.store.shardOf(fanA);
    const other = shard === 1 ? 2 : 1;
    await rig.register(target);
    double.submit([await f.linkAdd(fanA, target, { at: farcasterSeconds() - 100 })]);
    await waitForEqual('the first follow', followers(target), exactly(1));

    double.stallOpenStreams();
    const stalledAt = Date.now();
    double.submit([await f.linkAdd(fanB, target, { at: farcasterSeconds() - 90 })]);
    // stallMs is 800: found on a head poll (100 ms), reconnected after 50 ms, then stored.
    await waitForEqual('the follow sent during the stall', followers(target), exactly(2), { timeoutMs: 4_000 });
    const visibleAfterMs = Date.now() - stalledAt;
    expect(visibleAfterMs).toBeLessThan(800 + 2_000);

    const s = engine.status.shard(shard);
    expect(s.stalls).toBeGreaterThanOrEqual(1);
    // The other shard's stream is frozen too, but its head did not move: nothing is missing there.
    expect(engine.status.shard(other).stalls).toBe(0);

    const ready = await waitUntil('/readyz showing the stall', readySync, (r) => (r?.shards.find((x) => x.shard === shard)?.stalls ?? 0) >= 1);
    expect(ready!.shards.find((x) => x.shard === other)?.stalls).toBe(0);
    const stalls = await waitUntil('/metrics showing the stall', () => metric(`sga_sync_stalls_total{shard="${shard}"}`), (n) => (n ?? 0) >= 1);
    expect(stalls).toBe(s.stalls);
    expect(await metric(`sga_sync_stalls_total{shard="${other}"}`)).toBe(0);
    await staysEqual(followers(target), exactly(2), 300);
  });
});

describe('live sync: a node that errors (9)', () => {
  it('when subscribe fails three times, then the engine retries with backoff, converges, and shows the error', async () => {
    const { double } = rig;
    double.failNext('subscribe', status.UNAVAILABLE, 3);
    const engine = await rig.engine();
    const target = 9000;
    await rig.register(target);
    double.submit(await follows(range(9001, 10), target));
    await waitForEqual('followers after the failed subscribes', followers(target), exactly(10));

    // Two streams that each connected once, after three refusals between them.
    expect(double.calls('subscribe')).toBe(5);
    expect(shardsOf(engine).reduce((a, s) => a + s.reconnects, 0)).toBe(3);
    expect(engine.status.data.lastError?.message).toMatch(/UNAVAILABLE/);
    const ready = await waitUntil('/readyz with the last error', readySync, (r) => r?.state === 'live' && Boolean(r.lastError));
    expect(ready!.lastError!.message).toMatch(/UNAVAILABLE/);
    expect(await metric('sga_sync_up')).toBe(1);
  });

  it('when getInfo fails at start, then the worker keeps retrying with state error and the reason stored; once the node answers, it syncs', async () => {
    const { double } = rig;
    // Far more refusals than the test waits through; lifted below.
    double.failNext('getInfo', status.UNAVAILABLE, 1_000_000);
    const worker = startSyncWorker(server.testDb.db, rig.options({ holder: 'worker-9b' }), silentLog, 100);
    try {
      const failing = await waitUntil('/readyz with the start error', readySync, (r) => r?.state === 'error');
      expect({ holder: failing!.holder, error: failing!.lastError?.message }).toEqual({ holder: 'worker-9b', error: expect.stringMatching(/^getInfo: .*UNAVAILABLE/) });
      const calls = double.calls('getInfo');
      await waitUntil('more getInfo attempts', () => double.calls('getInfo'), (n) => n >= calls + 2);
      expect(worker.engine()).toBeNull();
      expect(await metric('sga_sync_up')).toBe(0);

      double.failNext('getInfo', status.UNAVAILABLE, 0);
      await waitUntil('the worker\'s engine', () => worker.engine(), (e) => e !== null, { timeoutMs: 3_000 });
      await waitUntil('/readyz live', readySync, (r) => r?.state === 'live');
      const target = 9100;
      await rig.register(target);
      double.submit(await follows([9101, 9102], target));
      await waitForEqual('followers once the node answers', followers(target), exactly(2));
    } finally {
      await worker.stop();
    }
  });
});

describe('live sync: two instances, one syncer (12)', () => {
  it('two workers on one database: one syncs, events are stored once; when it stops the other takes over from the cursor', async () => {
    const { double } = rig;
    const lockRetryMs = 200;
    const db = server.testDb.db;
    const workers: SyncWorker[] = [];
    try {
      const a = startSyncWorker(db, rig.options({ holder: 'instance-a' }), silentLog, lockRetryMs);
      workers.push(a);
      await waitUntil('instance a syncing', () => a.engine(), (e) => e !== null);
      const b = startSyncWorker(db, rig.options({ holder: 'instance-b' }), silentLog, lockRetryMs);
      workers.push(b);

      const target = 12000;
      const fans = range(12001, 30);
      await rig.register(target);
      double.submit(await follows(fans.slice(0, 10), target));
      await waitForEqual('followers with two instances', followers(target), exactly(10));
      // Several of b's lock retries pass: it never starts, and only a's two streams are open.
      await staysEqual(() => [a.engine() !== null, b.engine() !== null, double.openStreams], [true, false, 2], 3 * lockRetryMs);
      expect((await readySync())?.holder).toBe('instance-a');

      await a.stop();
      const stoppedAt = Date.now();
      // Submitted between the holder's stop and the takeover: the cursor must carry them over.
      double.submit(await follows(fans.slice(10, 20), target));
      await waitUntil('instance b syncing', () => b.engine(), (e) => e !== null, { timeoutMs: lockRetryMs + 3_000 });
      expect(Date.now() - stoppedAt).toBeLessThan(lockRetryMs + 1_500);
      double.submit(await follows(fans.slice(20), target));

      await waitForEqual('followers after the takeover', followers(target), exactly(30));
      await waitForEqual('the cursors at the node\'s heads', () => rig.cursors(), rig.nodeHeads());
      await waitUntil('/readyz naming instance b', readySync, (r) => r?.holder === 'instance-b' && r.state === 'live');
      await staysEqual(followers(target), exactly(30), 300);
      expect(double.openStreams).toBe(2);
    } finally {
      for (const w of workers) await w.stop();
    }
  });
});

describe('live sync: lag at a steady rate (13)', () => {
  // The lag target (visible within 2 s at 1,000 events/s) is a benchmark's: `npm run bench:sync` on Postgres and
  // with --store embedded (docs/performance.md#sync). Timed here, it measured the machine: a CI run beside another
  // test file missed it many times over where an idle run is far inside it. This test holds what does not depend on the machine:
  // at a steady rate every event is stored and becomes visible over REST in order, and the counts are exact.
  it('1000 follows a second for 5 s are all stored and visible over REST, on the embedded store as on Postgres', async () => {
    const { double, f } = rig;
    const engine = await rig.engine();
    const targets = range(13000, 50);
    const probe = 13100;
    const fans = range(13200, 100);
    // The probe's fans share a shard, so the probe's total counts its follows in the order they were stored.
    const probeFans = range(0, 50).map((i) => 13400 + 2 * i);
    await rig.register(...targets, probe);

    // Signed before the clock starts: signing is the test's cost, not the sync's.
    const at = farcasterSeconds() - 100;
    const bulk: Message[] = [];
    for (const target of targets) for (const fan of fans) bulk.push(await f.linkAdd(fan, target, { at }));
    const probes = await Promise.all(probeFans.map((fan) => f.linkAdd(fan, probe, { at })));

    double.streamRate(1000);
    const ticks = 500;
    const perTick = bulk.length / ticks;
    type Sent = { id: number; at: number; storedAt: number };
    const sent: Sent[] = [];
    const byShard = new Map<number, Sent[]>([[1, []], [2, []]]);
    const probeSent: number[] = [];
    const probeSeenAt: number[] = [];

    // Stored: the shard's cursor in the engine's status has passed the event (a shard's events are sent in id order).
    let watching = true;
    const watchStatus = (async () => {
      const next = new Map<number, number>();
      while (watching) {
        const now = Date.now();
        for (const [shard, mine] of byShard) {
          const cursor = engine.status.shard(shard).eventId ?? 0;
          let i = next.get(shard) ?? 0;
          while (i < mine.length && mine[i].id <= cursor) mine[i++].storedAt = now;
          next.set(shard, i);
        }
        await sleep(5);
      }
    })();
    // Visible: the probe's REST total has reached the probe's rank. Read every 100 ms: the reads share the
    // embedded database with the writer. A request that fails under load is tried again.
    let restErrors = 0;
    const watchRest = (async () => {
      while (watching && probeSeenAt.length < probes.length) {
        try {
          const total = await rig.answers.followersTotal(probe);
          const now = Date.now();
          while (probeSeenAt.length < Math.min(total, probeSent.length)) probeSeenAt.push(now);
        } catch { restErrors += 1; }
        await sleep(100);
      }
    })();

    const start = Date.now();
    for (let k = 0; k < ticks; k++) {
      const wait = start + k * 10 - Date.now();
      if (wait > 0) await sleep(wait);
      const batch = bulk.slice(k * perTick, (k + 1) * perTick);
      if (k % 10 === 0) batch.push(probes[k / 10]);
      const now = Date.now();
      for (const e of double.submit(batch)) {
        const one = { id: e.id, at: now, storedAt: 0 };
        sent.push(one);
        byShard.get(e.shardIndex)!.push(one);
        if (e.mergeMessageBody?.message?.data?.linkBody?.targetFid === probe) probeSent.push(now);
      }
    }
    const submitMs = Date.now() - start;

    // Not a waitUntil: the lag figures are printed before anything is asserted, so a failure shows how far behind it was.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (sent.some((e) => !e.storedAt) || probeSeenAt.length < probes.length)) await sleep(50);
    watching = false;
    await Promise.all([watchStatus, watchRest]);
    const end = Date.now();

    // An event not stored (or not seen) by the deadline counts with its wait so far: a lower bound.
    const stored = sent.map((e) => (e.storedAt || end) - e.at);
    const visible = probeSent.map((t, i) => (probeSeenAt[i] ?? end) - t);
    const ms = (xs: number[]) => ({ p50: quantile(xs, 0.5), p99: quantile(xs, 0.99), max: Math.max(...xs) });
    console.info(`sync lag on ${server.testDb.db.sql.kind}, ${sent.length} follows submitted over ${submitMs} ms ` +
      `(${Math.round((sent.length * 1000) / submitMs)}/s): stored ${JSON.stringify(ms(stored))} ms, ` +
      `${sent.filter((e) => e.storedAt).length}/${sent.length} stored by the deadline; REST-visible ${JSON.stringify(ms(visible))} ms ` +
      `(${probeSeenAt.length}/${probeSent.length} probes seen, ${restErrors} failed reads); ` +
      `writer: ${engine.status.data.batches} transactions for ${engine.status.data.eventsStored} events`);

    expect(sent.filter((e) => !e.storedAt).length).toBe(0);
    expect(probeSeenAt.length).toBe(probes.length);
    const counts = await rig.answers.followersCounts([...targets, probe]);
    expect([...targets, probe].map((t) => counts.get(t))).toEqual([...targets.map(() => fans.length), probes.length]);
  }, 60_000);
});

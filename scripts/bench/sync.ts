// Benchmark of the live sync: throughput and lag against the node double.
//
//   npm run bench:sync -- [--events 100000] [--fids 5000] [--lag-rate 1000] [--lag-seconds 30]
//     [--lag2-rate 5000] [--lag2-seconds 30] [--batch 5000] [--shards 2] [--seed 1]
//     [--threads N] [--cache-dir DIR | --no-cache] [--keep] [--out docs/bench/sync.json]
//     [--store postgres|embedded]
//
// Every event is a distinct message signed with the package's builders (MessageFactory),
// signed before anything is timed (and cached under --cache-dir). The double runs on its
// own thread. A fresh database `sga_bench_sync` on BENCH_DATABASE_URL's server (with
// --store embedded: a fresh PGlite data directory, the store `npm start` runs on without
// DATABASE_URL; results in docs/bench/sync-embedded.json) is migrated and a SyncEngine
// (backfill off) follows the double:
//   1. throughput: --events events preloaded at once and streamed as fast as the sync takes
//      them; events/s from the engine's stored count, memory sampled every second;
//   2. lag: --lag-rate events/s for --lag-seconds (then --lag2-rate, 0 = skip): per event,
//      commit time − the time the double wrote it to its stream, and the time a SQL read of
//      sync_cursor (polled every 50 ms) first shows it.
// Statement times inside the writer's transactions come from a timing SqlClient around the
// engine's. Results: a summary on stdout and docs/bench/sync.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance as perfHooks } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Pool } from 'pg';
import { createLogger } from '../../src/logging/logger';
import { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { projectRoot } from '../../src/project-root';
import { SyncEngine, type SyncOptions } from '../../src/sync/sync-engine';
import type { WriteItem } from '../../src/sync/batch-writer';
import { benchServerUrl, databaseUrl, dropDatabase, log } from './bench-db';
import { MIX, defaultThreads, eventTemplates, signedMessages, typeCounts, type Plan } from './sync-events';
import { NodeThread, wallMs, type SentTimes } from './sync-node';
import { SqlTimings, timedSql } from './timed-sql';

const DB_NAME = 'sga_bench_sync';
const EVENTS_PER_BLOCK = 500;

function parseCli() {
  const { values } = parseArgs({
    args: process.argv.slice(2), allowPositionals: false, strict: true,
    options: {
      events: { type: 'string', default: '100000' }, fids: { type: 'string', default: '5000' },
      'lag-rate': { type: 'string', default: '1000' }, 'lag-seconds': { type: 'string', default: '30' },
      'lag2-rate': { type: 'string', default: '5000' }, 'lag2-seconds': { type: 'string', default: '30' },
      batch: { type: 'string', default: '5000' }, shards: { type: 'string', default: '2' }, seed: { type: 'string', default: '1' },
      threads: { type: 'string', default: String(defaultThreads()) },
      'cache-dir': { type: 'string', default: path.join(os.tmpdir(), 'sga-sync-bench') }, 'no-cache': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false }, out: { type: 'string' },
      store: { type: 'string', default: 'postgres' },
    },
  });
  const store = values.store;
  if (store !== 'postgres' && store !== 'embedded') throw new Error('--store must be postgres or embedded');
  const int = (name: string, v: string | undefined, min: number) => {
    if (!v || !/^\d+$/.test(v) || Number(v) < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return Number(v);
  };
  return {
    events: int('events', values.events, 1000), fids: int('fids', values.fids, 10),
    lagRate: int('lag-rate', values['lag-rate'], 0), lagSeconds: int('lag-seconds', values['lag-seconds'], 1),
    lag2Rate: int('lag2-rate', values['lag2-rate'], 0), lag2Seconds: int('lag2-seconds', values['lag2-seconds'], 1),
    batch: int('batch', values.batch, 1), shards: int('shards', values.shards, 1), seed: int('seed', values.seed, 0),
    threads: int('threads', values.threads, 1),
    cacheDir: values['no-cache'] ? null : values['cache-dir'], keep: values.keep, store,
    out: values.out ?? path.join(projectRoot(), 'docs', 'bench', store === 'embedded' ? 'sync-embedded.json' : 'sync.json'),
  };
}

type Cli = ReturnType<typeof parseCli>;

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const mb = (b: number) => round(b / 2 ** 20);

function percentiles(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: round(quantile(s, 0.5)), p95: round(quantile(s, 0.95)), p99: round(quantile(s, 0.99)), max: round(s[s.length - 1] ?? NaN) };
}

/** Whole-machine CPU busy share since `from` (os.cpus() tick counters). */
function cpuTicks() { return os.cpus().reduce((a, c) => ({ busy: a.busy + c.times.user + c.times.nice + c.times.sys + c.times.irq, idle: a.idle + c.times.idle }), { busy: 0, idle: 0 }); }

interface MemorySample { t: number; rssMb: number; heapUsedMb: number; externalMb: number; stored: number; queued: number }

/**
 * Per live event, when the writer received it and when its batch committed. Only
 * public faces are used: every push is a live event (backfill is off), and the writer
 * stores items in push order, so a commit of n events is the next n pushed.
 */
class CommitClock {
  recording = false;
  readonly received = new Map<number, number>();
  readonly committed = new Map<number, number>();
  readonly batchSizes: number[] = [];
  private fifo: number[] = [];
  private head = 0;

  attach(engine: SyncEngine): void {
    const push = engine.writer.push.bind(engine.writer);
    engine.writer.push = (item: WriteItem) => {
      const key = item.position ? eventKey(item.position.shard, item.position.eventId) : -1;
      this.fifo.push(key);
      if (this.recording && key >= 0) this.received.set(key, wallMs());
      return push(item);
    };
    const stored = engine.status.stored.bind(engine.status);
    engine.status.stored = (events: number, now?: number) => {
      stored(events, now);
      const at = wallMs();
      this.batchSizes.push(events);
      for (let i = 0; i < events; i++) {
        const key = this.fifo[this.head++];
        if (this.recording && key >= 0) this.committed.set(key, at);
      }
      if (this.head > 100_000) { this.fifo = this.fifo.slice(this.head); this.head = 0; }
    };
  }
}

const eventKey = (shard: number, id: number) => id * 64 + shard;

/** Events of steps [from, to) split by the double's shard of their fid, in order. */
function byShard(plan: Plan, templates: Uint8Array[], from: number, shards: number): Map<number, Uint8Array[]> {
  const out = new Map<number, Uint8Array[]>();
  for (let s = 1; s <= shards; s++) out.set(s, []);
  templates.forEach((t, k) => out.get(1 + (plan.steps[from + k].fid % shards))!.push(t));
  return out;
}

async function waitFor(cond: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Reader { query<T>(text: string): Promise<T[]> }

/**
 * The database the sync writes to and a reader beside it (the visible-lag polls and the rows
 * check): on Postgres a connection of its own; embedded, the one PGlite instance the writer
 * uses too, as in the server (its reads queue behind the writer's transactions).
 */
async function openStore(cli: Cli): Promise<{ db: Database; reader: Reader; close: () => Promise<void> }> {
  if (cli.store === 'embedded') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sga-bench-sync-'));
    log(`embedded store in ${dataDir}`);
    const db = Database.open({ dataDir });
    return {
      db, reader: { query: (text) => db.sql.query(text) },
      close: async () => { await db.close(); if (!cli.keep) rmSync(dataDir, { recursive: true, force: true }); },
    };
  }
  const serverUrl = benchServerUrl();
  const url = databaseUrl(serverUrl, DB_NAME);
  await dropDatabase(serverUrl, DB_NAME);
  const admin = new Pool({ connectionString: serverUrl, max: 1 });
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const db = Database.open({ databaseUrl: url, dataDir: '' });
  const pool = new Pool({ connectionString: url, max: 1 });
  return {
    db, reader: { query: async <T>(text: string) => (await pool.query(text)).rows as T[] },
    close: async () => { await pool.end(); await db.close(); if (!cli.keep) await dropDatabase(serverUrl, DB_NAME); },
  };
}

async function main(): Promise<void> {
  const cli = parseCli();
  const lagEvents = cli.lagRate * cli.lagSeconds;
  const lag2Events = cli.lag2Rate ? cli.lag2Rate * cli.lag2Seconds : 0;
  const total = cli.events + lagEvents + lag2Events;

  log(`building ${total} distinct signed messages over ${cli.fids} fids (${cli.threads} signing threads)`);
  const built = await signedMessages({ fids: cli.fids, seed: cli.seed }, total, cli.cacheDir, cli.threads, log);
  const { plan, messages } = built;
  log(built.cached ? `messages from the cache in ${cli.cacheDir}` : `signed in ${built.signSeconds!.toFixed(1)}s`);
  const hashes = new Set(messages.map((m) => Buffer.from(m).toString('base64')));
  if (hashes.size !== messages.length) throw new Error(`${messages.length - hashes.size} messages repeat: events must be distinct`);
  const lastUserData = new Map<string, number>();

  const target = await openStore(cli);
  const { db, reader } = target;
  await migrate(db.sql);
  const [{ server_version: pgVersion }] = await reader.query<{ server_version: string }>('SHOW server_version');

  const node = new NodeThread();
  const address = await node.start(cli.shards);
  await node.rate('max');
  const timings = new SqlTimings();
  const opts: SyncOptions = {
    url: address, tls: false, apiKeyHeader: 'x-api-key', callTimeoutMs: 10_000, stallMs: 15_000, headPollMs: 2_000,
    reconnectMinMs: 500, reconnectMaxMs: 30_000, maxBatchEvents: cli.batch, backfill: 'off', backfillConcurrency: 1,
    reconcileIntervalS: 0, reconcileSample: 1, reconcilePerSecond: 1, statusEveryMs: 2_000, holder: 'bench',
  };
  const engine = new SyncEngine(timedSql(db.sql, timings), opts, createLogger('warn'));
  const clock = new CommitClock();
  clock.attach(engine);
  await engine.start();
  await waitFor(async () => (await node.info()).openStreams === cli.shards, 'the engine\'s streams', 10_000);

  /** Preloads steps [from, to) and resolves with each shard's last event id. */
  const preload = async (from: number, to: number) => {
    const templates = eventTemplates(plan, messages, from, to, lastUserData);
    const heads = new Map<number, number>();
    let sent = 0;
    for (const [shard, events] of byShard(plan, templates, from, cli.shards)) {
      if (!events.length) continue;
      const r = await node.preload(shard, events, EVENTS_PER_BLOCK);
      heads.set(shard, r.lastId);
      sent += events.length + Math.ceil(events.length / EVENTS_PER_BLOCK);
    }
    return { heads, sent };
  };
  const caughtUp = (heads: Map<number, number>) => [...heads].every(([shard, id]) => (engine.status.shard(shard).eventId ?? 0) >= id);

  // ---- 1. throughput ----
  log(`throughput: ${cli.events} events at the double's full rate`);
  const templatesAt = performance.now();
  // Templates are encoded before the clock starts (that is the node's work, not the sync's).
  const tp = { from: 0, to: cli.events };
  const memory: MemorySample[] = [];
  const t0 = wallMs();
  const storedBefore = engine.status.data.eventsStored;
  const batchesBefore = engine.status.data.batches;
  const sample = () => {
    const m = process.memoryUsage();
    memory.push({ t: round((wallMs() - t0) / 1000, 2), rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external),
      stored: engine.status.data.eventsStored - storedBefore, queued: engine.status.data.eventsQueued });
  };
  sample();
  const sampler = setInterval(sample, 1000);
  const cpu0 = cpuTicks(); const proc0 = process.cpuUsage(); const elu0 = perfHooks.eventLoopUtilization();
  timings.reset();
  const firstStored = { at: 0 };
  const probe = setInterval(() => { if (!firstStored.at && engine.status.data.eventsStored > storedBefore) firstStored.at = wallMs(); }, 5);
  const { heads: tpHeads, sent: tpSent } = await preload(tp.from, tp.to);
  log(`preloaded in ${((performance.now() - templatesAt) / 1000).toFixed(1)}s (templates encoded and decoded by the double, streaming already)`);
  await waitFor(() => caughtUp(tpHeads), 'the throughput events to be stored', 30 * 60_000);
  const tEnd = wallMs();
  clearInterval(sampler); clearInterval(probe);
  sample();
  const cpu1 = cpuTicks(); const proc1 = process.cpuUsage(proc0); const elu = perfHooks.eventLoopUtilization(elu0);
  const storedEvents = engine.status.data.eventsStored - storedBefore;
  const seconds = (tEnd - t0) / 1000;
  // Steady state: between the samples at 10% and 90% of the stored count.
  const lo = memory.find((m) => m.stored >= storedEvents * 0.1)!; const hi = [...memory].reverse().find((m) => m.stored <= storedEvents * 0.9)!;
  const steady = hi && lo && hi.t > lo.t ? (hi.stored - lo.stored) / (hi.t - lo.t) : NaN;
  const tpBatches = clock.batchSizes.slice(batchesBefore);
  const statementTop = timings.top(14).map((s) => ({ ...s, ms: Math.round(s.ms), msPerCall: round(s.ms / s.calls, 2) }));
  const machineBusy = (cpu1.busy - cpu0.busy) / ((cpu1.busy - cpu0.busy) + (cpu1.idle - cpu0.idle));
  const throughput = {
    events: storedEvents, messageEvents: tp.to - tp.from, sentByDouble: tpSent,
    seconds: round(seconds, 2), eventsPerSecond: Math.round(storedEvents / seconds),
    eventsPerSecondFromFirstCommit: Math.round(storedEvents / ((tEnd - (firstStored.at || t0)) / 1000)),
    steadyEventsPerSecond: Math.round(steady),
    batches: { count: tpBatches.length, ...percentiles(tpBatches), mean: round(storedEvents / Math.max(1, tpBatches.length)) },
    memory: {
      start: memory[0], peak: { rssMb: Math.max(...memory.map((m) => m.rssMb)), heapUsedMb: Math.max(...memory.map((m) => m.heapUsedMb)) },
      end: memory[memory.length - 1], samples: memory,
    },
    cpu: {
      machineBusyPercent: round(machineBusy * 100), cores: os.cpus().length,
      nodeProcessCpuSeconds: round((proc1.user + proc1.system) / 1e6, 2), mainThreadEventLoopUtilization: round(elu.utilization, 3),
    },
    writer: {
      transactions: timings.transactions, transactionMs: Math.round(timings.transactionMs),
      statementMs: Math.round(statementTop.reduce((a, s) => a + s.ms, 0)), statements: statementTop,
    },
    typeCounts: typeCounts(messages, tp.from, tp.to),
  };
  log(`throughput: ${throughput.events} events in ${throughput.seconds}s = ${throughput.eventsPerSecond}/s (steady ${throughput.steadyEventsPerSecond}/s)`);

  // ---- 2. lag at steady rates ----
  const lagRuns = [];
  let next = cli.events;
  for (const [rate, secs, n] of [[cli.lagRate, cli.lagSeconds, lagEvents], [cli.lag2Rate, cli.lag2Seconds, lag2Events]] as const) {
    if (!rate || !n) continue;
    log(`lag: ${rate} events/s for ${secs}s`);
    const range = { from: next, to: next + n };
    next += n;
    const templates = eventTemplates(plan, messages, range.from, range.to, lastUserData);
    const shardsOf = byShard(plan, templates, range.from, cli.shards);
    // streamRate is per subscriber (one per shard): each gets its shard's share of the rate.
    await node.rate(rate / cli.shards);
    await node.record(true);
    clock.recording = true; clock.received.clear(); clock.committed.clear();
    const b0 = clock.batchSizes.length;
    timings.reset();
    const polls: { at: number; cursor: Map<number, number> }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const rows = await reader.query<{ shard: number; event_id: string }>('SELECT shard, event_id::text FROM sync_cursor');
        polls.push({ at: wallMs(), cursor: new Map(rows.map((r) => [r.shard, Number(r.event_id)])) });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const heads = new Map<number, number>();
    const cpuA = cpuTicks();
    for (const [shard, events] of shardsOf) {
      if (!events.length) continue;
      heads.set(shard, (await node.preload(shard, events, EVENTS_PER_BLOCK)).lastId);
    }
    await waitFor(() => caughtUp(heads), `the ${rate}/s events to be stored`, (secs * 4 + 120) * 1000);
    await new Promise((r) => setTimeout(r, 200));
    polling = false; await poller;
    const cpuB = cpuTicks();
    clock.recording = false;
    await node.record(false);
    const sent: SentTimes = await node.sent();
    const commitLag: number[] = []; const receiveLag: number[] = []; const visibleLag: number[] = [];
    const pointer = new Map<number, number>();
    for (let k = 0; k < sent.id.length; k++) {
      const key = eventKey(sent.shard[k], sent.id[k]);
      const c = clock.committed.get(key); const r = clock.received.get(key);
      if (c !== undefined) commitLag.push(c - sent.at[k]);
      if (r !== undefined) receiveLag.push(r - sent.at[k]);
      // First cursor poll that shows the event (polls are in time order; ids of a shard rise with k).
      let p = pointer.get(sent.shard[k]) ?? 0;
      while (p < polls.length && !((polls[p].cursor.get(sent.shard[k]) ?? -1) >= sent.id[k] && polls[p].at >= sent.at[k])) p++;
      pointer.set(sent.shard[k], p);
      if (p < polls.length) visibleLag.push(polls[p].at - sent.at[k]);
    }
    const span = (sent.at.reduce((a, b) => Math.max(a, b), -Infinity) - sent.at.reduce((a, b) => Math.min(a, b), Infinity)) / 1000;
    const batches = clock.batchSizes.slice(b0);
    const run = {
      targetEventsPerSecond: rate, targetSeconds: secs, messageEvents: n, sentEvents: sent.id.length,
      sentSeconds: round(span, 2), sentEventsPerSecond: Math.round(sent.id.length / span),
      commitLagMs: percentiles(commitLag), receiveLagMs: percentiles(receiveLag),
      sqlVisibleLagMs: { ...percentiles(visibleLag), pollMs: 50, polls: polls.length },
      unmatched: sent.id.length - commitLag.length,
      batches: { count: batches.length, ...percentiles(batches) },
      machineBusyPercent: round(((cpuB.busy - cpuA.busy) / ((cpuB.busy - cpuA.busy) + (cpuB.idle - cpuA.idle))) * 100),
      writerStatements: timings.top(6).map((s) => ({ ...s, ms: Math.round(s.ms), msPerCall: round(s.ms / s.calls, 2) })),
    };
    lagRuns.push(run);
    log(`lag at ${rate}/s: commit p50 ${run.commitLagMs.p50} p95 ${run.commitLagMs.p95} p99 ${run.commitLagMs.p99} max ${run.commitLagMs.max} ms`);
  }

  // ---- rows check: everything streamed is in the tables ----
  const expect = expectedRows(plan, next);
  const [rows] = await reader.query<Record<string, number>>(`
    SELECT (SELECT count(*)::int FROM fc_cast) AS casts, (SELECT count(*)::int FROM fc_cast WHERE deleted_at IS NOT NULL) AS casts_removed,
      (SELECT count(*)::int FROM fc_reaction) AS reactions, (SELECT count(*)::int FROM fc_reaction WHERE deleted_at IS NOT NULL) AS reactions_removed,
      (SELECT count(*)::int FROM fc_link) AS links, (SELECT count(*)::int FROM fc_link WHERE deleted_at IS NOT NULL) AS links_removed,
      (SELECT count(*)::int FROM fc_user_data) AS user_data, (SELECT count(*)::int FROM fc_verification) AS verifications,
      (SELECT count(*)::int FROM fc_verification WHERE deleted_at IS NOT NULL) AS verifications_removed`);
  const mismatched = Object.entries(expect).filter(([k, v]) => rows[k] !== v);

  await engine.stop();
  await node.stop();
  await target.close();

  const result = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}` },
    node: process.version, store: cli.store, postgres: pgVersion,
    settings: { ...cli, out: undefined, eventsPerBlock: EVENTS_PER_BLOCK },
    messages: {
      distinct: messages.length, reused: 0, fids: cli.fids, seed: cli.seed, mix: MIX,
      signedSeconds: built.signSeconds, fromCache: built.cached,
    },
    throughput,
    lag: lagRuns,
    rowsCheck: { expected: expect, stored: rows, ok: mismatched.length === 0 },
    engineStatus: { eventsStored: engine.status.data.eventsStored, batches: engine.status.data.batches, lastError: engine.status.data.lastError },
  };
  mkdirSync(path.dirname(cli.out), { recursive: true });
  writeFileSync(cli.out, `${JSON.stringify(result, null, 2)}\n`);
  printSummary(result.throughput, lagRuns, result);
  if (mismatched.length) throw new Error(`stored rows differ from the plan: ${mismatched.map(([k, v]) => `${k} ${rows[k]} ≠ ${v}`).join(', ')}`);
}

/** Row counts the first `to` steps must leave (each step is a distinct fact by construction). */
function expectedRows(plan: Plan, to: number): Record<string, number> {
  const c = { casts: 0, casts_removed: 0, reactions: 0, reactions_removed: 0, links: 0, links_removed: 0, user_data: 0, verifications: 0, verifications_removed: 0 };
  const ud = new Set<string>();
  for (const s of plan.steps.slice(0, to)) {
    switch (s.kind) {
      case 'cast': case 'reply': case 'quote': c.casts++; break;
      case 'castRemove': c.casts_removed++; break;
      case 'like': case 'recast': c.reactions++; break;
      case 'unreact': c.reactions_removed++; break;
      case 'follow': c.links++; break;
      case 'unfollow': c.links_removed++; break;
      case 'userData': ud.add(`${s.fid}|${s.n}`); break;
      case 'verifyEth': case 'verifySol': c.verifications++; break;
      case 'unverify': c.verifications_removed++; break;
    }
  }
  c.user_data = ud.size;
  return c;
}

function printSummary(tp: { events: number; seconds: number; eventsPerSecond: number; steadyEventsPerSecond: number; batches: { mean: number; max: number }; memory: { start: MemorySample; peak: { rssMb: number; heapUsedMb: number }; end: MemorySample }; cpu: object; writer: { transactions: number; transactionMs: number; statements: { statement: string; calls: number; ms: number; msPerCall: number }[] } },
  lag: { targetEventsPerSecond: number; sentEventsPerSecond: number; commitLagMs: ReturnType<typeof percentiles>; sqlVisibleLagMs: ReturnType<typeof percentiles>; receiveLagMs: ReturnType<typeof percentiles>; batches: { p50: number; max: number } }[],
  r: { machine: object; node: string; store: string; postgres: string; messages: { distinct: number }; rowsCheck: { ok: boolean } }): void {
  const out: string[] = [];
  out.push(`sync bench — node ${r.node}, ${r.store === 'embedded' ? 'embedded PGlite' : 'Postgres'} ${r.postgres}, ${JSON.stringify(r.machine)}`);
  out.push(`messages: ${r.messages.distinct} distinct signed messages, none reused; rows check ${r.rowsCheck.ok ? 'ok' : 'FAILED'}`);
  out.push(`throughput: ${tp.events} events in ${tp.seconds}s = ${tp.eventsPerSecond} events/s (steady 10–90%: ${tp.steadyEventsPerSecond}/s); batches mean ${tp.batches.mean}, max ${tp.batches.max}`);
  out.push(`memory (main thread heap; rss is the whole process incl. the double's thread): start rss ${tp.memory.start.rssMb} MB heap ${tp.memory.start.heapUsedMb} MB | peak rss ${tp.memory.peak.rssMb} heap ${tp.memory.peak.heapUsedMb} | end rss ${tp.memory.end.rssMb} heap ${tp.memory.end.heapUsedMb}`);
  out.push(`cpu: ${JSON.stringify(tp.cpu)}`);
  out.push(`writer: ${tp.writer.transactions} transactions, ${tp.writer.transactionMs} ms inside them; top statements:`);
  for (const s of tp.writer.statements.slice(0, 10)) out.push(`  ${String(s.ms).padStart(7)} ms ${String(s.calls).padStart(5)}× ${String(s.msPerCall).padStart(7)} ms  ${s.statement}`);
  for (const l of lag) {
    out.push(`lag at ${l.targetEventsPerSecond}/s (sent ${l.sentEventsPerSecond}/s): commit p50/p95/p99/max ${l.commitLagMs.p50}/${l.commitLagMs.p95}/${l.commitLagMs.p99}/${l.commitLagMs.max} ms; `
      + `SQL-visible ${l.sqlVisibleLagMs.p50}/${l.sqlVisibleLagMs.p95}/${l.sqlVisibleLagMs.p99}/${l.sqlVisibleLagMs.max} ms; received ${l.receiveLagMs.p50}/${l.receiveLagMs.p99} ms; batch p50 ${l.batches.p50} max ${l.batches.max}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

main().then(() => process.exit(0), (err: unknown) => { process.stderr.write(`${String((err as Error | undefined)?.stack ?? err)}\n`); process.exit(1); });

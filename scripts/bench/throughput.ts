// Throughput benchmark: the service against a bare baseline server that runs
// the same SQL and writes the same JSON (scripts/bench/bare-*.ts), so the
// ratio of their request rates is what the service's layers cost.
//
//   npm run bench:throughput -- [--scale medium] [--database sga_bench_api_NAME] [--setup]
//     [--rounds 3] [--duration 10] [--connections 16] [--warmup 3] [--ids 200]
//     [--only REGEX] [--out FILE] [--wait-idle SECONDS] [--seed 1] [--data-dir DIR]
//     [--node-flags='--flag …' (default: package.json's start script's; '' for none)]
//
// Database: `sga_bench_api_<scale>` on BENCH_DATABASE_URL's server, the one
// `npm run bench:analytics -- --keep` sets up (scripts/bench/bench-db.ts). It
// is only read (and one API key added, revoked at the end); a database that is
// missing or not set up is refused unless --setup, which generates and
// imports the dataset (the longest step of a run). Nothing is ever dropped.
//
// Servers: each in a child process of its own, with the same pool size (10,
// the service's default): the service from the production build (`npm
// start`'s, rebuilt when stale; log level warn; a key with no practical rate
// limit), and the bare server (node:http + pg). The load generator,
// autocannon, runs in this process.
//
// Per route (throughput-routes.ts): first every request of its list goes to
// both servers once, and the answers (status and body, byte for byte) and the
// statements each ran must be the same, else the run stops. Then a warm-up of
// each, then --rounds alternating rounds (service, then bare) of --duration
// seconds at --connections, each server's median req/s and the ratio. Then
// both at half the bare server's median rate (autocannon's overallRate: a
// per-second budget per connection, so each second starts with a burst, for
// both alike), where their p99 latencies are compared. Resident memory is
// sampled every 200 ms during the load. Statements are counted below Prisma
// and the pool in both processes (count-statements.cjs) while the answers are
// compared, one request at a time, so the per-request figures are exact (the
// health monitor's pings left out).
//
// Writes docs/bench/throughput-<scale>.json (a run with --only writes only to --out).
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { KeyService } from '../../src/auth/key.service';
import { SCALES, type Scale } from '../../src/datagen/generate';
import { Database } from '../../src/db/database';
import { projectRoot } from '../../src/project-root';
import { benchServerUrl, databaseReady, databaseUrl, ensureDataset, log, prepareDatabase } from './bench-db';
import { loadAverage, machineInfo, otherActivity, waitForIdle } from './machine';
import { runLoad, type LoadResult } from './throughput-load';
import { buildService, cpuMs, peakRss, rssMiB, startBare, startScriptNodeFlags, startService, type ServerChild } from './throughput-processes';
import { drawSample, THROUGHPUT_ROUTES, TOP_FOLLOWED, type BenchRequest, type ThroughputRoute } from './throughput-routes';

/** The service's default DB_POOL_SIZE; the bare server gets a pool as large. */
const POOL_SIZE = 10;
/** The p99 comparison runs both servers at this share of the bare server's rate. */
const RATE_SHARE = 0.5;
/** Service p99 ÷ bare p99 at that rate to stay within (docs/performance.md#throughput). */
const P99_GOAL = 2;
/** A p99 is "at that rate" only when the server kept up with it (autocannon's budget leaves a little short at best). */
const RATE_KEPT = 0.95;
/** The service's resident memory to stay within, at start and under load (docs/performance.md#throughput). */
const RSS_GOAL_MIB = 250;

function parseCli() {
  const { values } = parseArgs({
    args: process.argv.slice(2), allowPositionals: false, strict: true,
    options: {
      scale: { type: 'string', default: 'medium' },
      database: { type: 'string' },
      setup: { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      'data-dir': { type: 'string' },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
      warmup: { type: 'string', default: '3' },
      ids: { type: 'string', default: '200' },
      only: { type: 'string' },
      out: { type: 'string' },
      'wait-idle': { type: 'string', default: '0' },
      'node-flags': { type: 'string' },
    },
  });
  const scale = values.scale as Scale;
  if (!(scale in SCALES)) throw new Error(`unknown scale ${scale}; one of ${Object.keys(SCALES).join(', ')}`);
  if (values.database !== undefined && !/^sga_bench_api_[a-z0-9_]+$/.test(values.database)) throw new Error('--database must be named sga_bench_api_…');
  const int = (name: string, v: string | undefined, min: number) => {
    if (!v || !/^\d+$/.test(v) || Number(v) < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return Number(v);
  };
  return {
    scale, database: values.database ?? `sga_bench_api_${scale}`, setup: values.setup, seed: int('seed', values.seed, 0),
    dataDir: values['data-dir'] ?? (scale === 'medium' ? '/tmp/sga-bench-api-data' : `/tmp/sga-bench-api-data-${scale}`),
    rounds: int('rounds', values.rounds, 1), duration: int('duration', values.duration, 1), connections: int('connections', values.connections, 1),
    warmup: int('warmup', values.warmup, 0), ids: int('ids', values.ids, TOP_FOLLOWED), waitIdle: int('wait-idle', values['wait-idle'], 0),
    only: values.only ? new RegExp(values.only) : null,
    // The service's Node flags: package.json's start script's unless given (--node-flags '' for none, to compare).
    nodeFlags: values['node-flags'] !== undefined ? values['node-flags'].split(/\s+/).filter(Boolean) : startScriptNodeFlags(),
    // A filtered run does not overwrite the committed figures unless told where to write.
    out: values.out ?? (values.only ? null : path.join(projectRoot(), 'docs', 'bench', `throughput-${scale}.json`)),
  };
}

type Options = ReturnType<typeof parseCli>;

const r2 = (x: number) => Math.round(x * 100) / 100;
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- statements

/** The service's health monitor pings every 100 ms whatever the load: not a request's statement. */
const isHealthPing = (sql: string) => sql === 'SELECT 1';
/** The service checks its key once per cache period: real work, but not the request's SQL the bare server mirrors. */
const isKeyCheck = (sql: string) => sql.includes('"public"."api_key"');

function delta(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [sql, n] of after) if (!isHealthPing(sql) && n > (before.get(sql) ?? 0)) out.set(sql, n - (before.get(sql) ?? 0));
  return out;
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/**
 * Waits (up to 10 s) until the server runs no statement for 300 ms: autocannon
 * stops without waiting for the answers in flight, and their statements
 * must not be counted for the next run.
 */
async function settle(server: ServerChild): Promise<void> {
  const until = Date.now() + 10_000;
  let before = await server.statements();
  while (Date.now() < until) {
    await pause(300);
    const now = await server.statements();
    if (total(delta(before, now)) === 0) return;
    before = now;
  }
  log(`warning: the ${server.name} still runs statements 10 s after its load stopped`);
}

// ---------------------------------------------------------------- one route

/** One load run as the report keeps it: latencies in ms; failed = non-2xx answers, connection errors and timeouts. */
interface Run {
  reqPerSec: number; p50: number; p99: number; max: number; failed: number; statuses: Record<string, number>;
  /** The server's CPU time (user + system) per response: what a heap setting costs shows here even on a busy machine, where req/s swings with the load. */
  cpuMsPerResponse: number | null;
}

interface Side {
  /** The rounds at full load, in order. */
  rounds: Run[];
  medianReqPerSec: number;
  statementsPerRequest: number;
  peakRssMiB: number | null;
  atRate: Run & { targetRate: number };
}

interface RouteResult {
  key: string; name: string; goal: number; requestsInList: number;
  service: Side; bare: Side;
  ratio: number; meetsGoal: boolean;
  p99RatioAtRate: number; meetsP99Goal: boolean;
  /** The statements each ran per request while the answers were compared (text folded, cut at 140 characters). */
  statements: { sql: string; service: number; bare: number }[];
}

const failuresOf = (r: LoadResult) => r.non2xx + r.errors + r.timeouts;
const runOf = (r: LoadResult, cpu: number | null): Run => ({
  reqPerSec: r.reqPerSec, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, failed: failuresOf(r), statuses: r.statuses,
  cpuMsPerResponse: cpu === null || !r.responses ? null : r2(cpu / r.responses),
});

/** `run` (a load on `pid`), with the CPU time `pid` used meanwhile. */
async function withCpu<T>(pid: number, run: () => Promise<T>): Promise<T & { cpu: number | null }> {
  const before = cpuMs(pid);
  const result = await run();
  const after = cpuMs(pid);
  return { ...result, cpu: before === null || after === null ? null : after - before };
}

async function fetchText(base: string, r: BenchRequest, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const res = await fetch(base + r.path, { method: r.method, headers: r.body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, body: r.body });
  return { status: res.status, body: await res.text() };
}

/**
 * Every request once to each server, one after the other: the same status,
 * 200, and the same body; the same statements as many times (the service's key
 * checks aside). Sequential and settled, so the counts are exact: they are the
 * statements per request of the figures (the requests under load are these).
 */
async function compareAnswers(route: ThroughputRoute, requests: BenchRequest[], service: ServerChild, bare: ServerChild, headers: Record<string, string>) {
  await settle(service);
  await settle(bare);
  const [s0, b0] = [await service.statements(), await bare.statements()];
  const problems: string[] = [];
  for (const r of requests) {
    const [a, b] = [await fetchText(service.base, r, headers), await fetchText(bare.base, r, headers)];
    if (a.status !== 200) problems.push(`${r.method} ${r.path} ${r.body ?? ''}: the service answered ${a.status} ${a.body.slice(0, 200)}`);
    else if (a.status !== b.status || a.body !== b.body) problems.push(`${r.method} ${r.path} ${r.body ?? ''}: the answers differ\n  service ${a.status} ${a.body.slice(0, 300)}\n  bare    ${b.status} ${b.body.slice(0, 300)}`);
    if (problems.length >= 3) break;
  }
  const ran = { service: delta(s0, await service.statements()), bare: delta(b0, await bare.statements()) };
  // The key checks come once per cache period, not with each request: over a few requests they would read as a share of each.
  for (const sql of ran.service.keys()) if (isKeyCheck(sql)) ran.service.delete(sql);
  const perRequest = { service: r2(total(ran.service) / requests.length), bare: r2(total(ran.bare) / requests.length) };
  const texts = [...new Set([...ran.service.keys(), ...ran.bare.keys()])];
  const statements = texts.map((sql) => ({ sql: sql.slice(0, 140), service: r2((ran.service.get(sql) ?? 0) / requests.length), bare: r2((ran.bare.get(sql) ?? 0) / requests.length) }));
  for (const s of statements) if (s.service !== s.bare) problems.push(`${route.key}: the service ran ${s.service} and the bare server ${s.bare} per request of: ${s.sql}`);
  if (problems.length) throw new Error(`${route.name}: the servers do not answer alike, so their rates cannot be compared:\n${problems.join('\n')}`);
  return { statements, perRequest };
}

async function measureRoute(route: ThroughputRoute, requests: BenchRequest[], servers: { service: ServerChild; bare: ServerChild }, headers: Record<string, string>, opts: Options): Promise<RouteResult> {
  const { statements, perRequest } = await compareAnswers(route, requests, servers.service, servers.bare, headers);
  const load = { connections: opts.connections, headers };
  if (opts.warmup) for (const s of [servers.service, servers.bare]) await runLoad(s.base, requests, { ...load, duration: opts.warmup });

  type Measured = { r: LoadResult; rss: number | null; cpu: number | null };
  const runs = { service: [] as Measured[], bare: [] as Measured[] };
  for (let round = 1; round <= opts.rounds; round++) {
    for (const s of [servers.service, servers.bare]) {
      await settle(s);
      const { result, peakMiB, cpu } = await withCpu(s.pid, () => peakRss(s.pid, () => runLoad(s.base, requests, { ...load, duration: opts.duration })));
      runs[s.name].push({ r: result, rss: peakMiB, cpu });
      log(`${route.key} round ${round} ${s.name}: ${Math.round(result.reqPerSec)} req/s, p99 ${result.latency.p99} ms, ${runOf(result, cpu).cpuMsPerResponse ?? '?'} CPU ms per response${failuresOf(result) ? `, ${failuresOf(result)} failed (${JSON.stringify(result.statuses)})` : ''}`);
    }
  }
  const bareMedian = median(runs.bare.map((x) => x.r.reqPerSec));
  const targetRate = Math.max(1, Math.round(bareMedian * RATE_SHARE));
  const atRate: Partial<Record<ServerChild['name'], Measured>> = {};
  for (const s of [servers.service, servers.bare]) {
    await settle(s);
    const { result, peakMiB, cpu } = await withCpu(s.pid, () => peakRss(s.pid, () => runLoad(s.base, requests, { ...load, duration: opts.duration, overallRate: targetRate })));
    atRate[s.name] = { r: result, rss: peakMiB, cpu };
    log(`${route.key} at ${targetRate} req/s ${s.name}: ${Math.round(result.reqPerSec)} req/s, p99 ${result.latency.p99} ms`);
  }

  const side = (name: ServerChild['name']): Side => {
    const rs = runs[name];
    const at = atRate[name]!;
    const peaks = [...rs.map((x) => x.rss), at.rss].filter((x): x is number => x !== null);
    return {
      rounds: rs.map((x) => runOf(x.r, x.cpu)), medianReqPerSec: r2(median(rs.map((x) => x.r.reqPerSec))),
      statementsPerRequest: perRequest[name],
      peakRssMiB: peaks.length ? Math.max(...peaks) : null,
      atRate: { targetRate, ...runOf(at.r, at.cpu) },
    };
  };
  const service = side('service');
  const bare = side('bare');
  const ratio = r2(service.medianReqPerSec / Math.max(bare.medianReqPerSec, 0.01));
  const p99RatioAtRate = r2(service.atRate.p99 / Math.max(bare.atRate.p99, 0.01));
  return {
    key: route.key, name: route.name, goal: route.goal, requestsInList: requests.length, service, bare,
    ratio, meetsGoal: ratio >= route.goal && service.rounds.every((x) => x.failed === 0),
    p99RatioAtRate, meetsP99Goal: p99RatioAtRate <= P99_GOAL && service.atRate.failed === 0 && service.atRate.reqPerSec >= RATE_KEPT * targetRate,
    statements,
  };
}

// ---------------------------------------------------------------- report

/** The figures as the Markdown table of docs/performance.md (copied from this output). */
function printTable(results: RouteResult[]): void {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
  const lines = [
    '',
    '| route | service req/s | bare req/s | ratio | goal | met | rate for p99 | service reached | p99 service ms | p99 bare ms | × | ≤ 2× | statements / request (service / bare) | service RSS MiB |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---:|---:|',
    ...results.map((r) => `| ${r.name} | ${n(r.service.medianReqPerSec)} | ${n(r.bare.medianReqPerSec)} | ${r.ratio.toFixed(2)} | ${r.goal.toFixed(2)} | ${yes(r.meetsGoal)} | ${n(r.service.atRate.targetRate)} | ${n(r.service.atRate.reqPerSec)} | ${r.service.atRate.p99.toFixed(1)} | ${r.bare.atRate.p99.toFixed(1)} | ${r.p99RatioAtRate.toFixed(1)} | ${yes(r.meetsP99Goal)} | ${r.service.statementsPerRequest} / ${r.bare.statementsPerRequest} | ${r.service.peakRssMiB ?? '?'} |`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function gitCommit(): string | null {
  const res = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: projectRoot(), encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

// ---------------------------------------------------------------- main

async function main() {
  const opts = parseCli();
  const serverUrl = benchServerUrl();
  const url = databaseUrl(serverUrl, opts.database);
  if (!(await databaseReady(serverUrl, opts.database))) {
    if (!opts.setup) throw new Error(`${opts.database} is missing or not set up (import and refresh): run npm run bench:analytics -- --keep, or this benchmark with --setup`);
    const dataset = await ensureDataset(opts.dataDir, opts.scale, opts.seed);
    const { db } = await prepareDatabase({ serverUrl, name: opts.database, datasetDir: dataset.dir, reuse: true });
    await db.close();
  }
  log(`reading ${opts.database}`);
  const db = Database.open({ databaseUrl: url, dataDir: '', poolSize: 2 });
  const keys = new KeyService(db, 600, 0);
  const children: ServerChild[] = [];
  let keyId: string | undefined;
  try {
    const [{ version }] = await db.sql.query<{ version: string }>('SHOW server_version');
    const sample = await drawSample((text, params) => db.sql.query(text, params), opts.ids, opts.seed);
    if (sample.fids.length < opts.ids || sample.lensIds.length < opts.ids) throw new Error(`${opts.database} holds fewer than ${opts.ids} refreshed profiles per protocol`);
    const routes = THROUGHPUT_ROUTES.filter((r) => !opts.only || opts.only.test(r.key) || opts.only.test(r.name));
    if (!routes.length) throw new Error(`no route matches ${opts.only}`);

    buildService();
    // Waited for before the servers start, so a long wait does not leave them idle for minutes.
    if (opts.waitIdle) await waitForIdle(opts.waitIdle);
    const key = await keys.create({ name: 'bench-throughput', rateLimit: 1_000_000_000 });
    keyId = key.id;
    const service = await startService(url, POOL_SIZE, opts.nodeFlags);
    children.push(service);
    const bare = await startBare(url, POOL_SIZE);
    children.push(bare);
    const rssAtStart = { service: rssMiB(service.pid), bare: rssMiB(bare.pid) };
    log(`service pid ${service.pid} on ${service.base} (${rssAtStart.service} MiB), bare pid ${bare.pid} on ${bare.base} (${rssAtStart.bare} MiB)`);

    const loadBefore = loadAverage();
    const busyBefore = await otherActivity(db);
    if (busyBefore.length) log(`warning: other sessions are active on the server: ${busyBefore.join(' | ')}`);
    const headers = { apikey: key.key };
    const results: RouteResult[] = [];
    const loadPerRoute: Record<string, number[]> = {};
    for (const route of routes) {
      loadPerRoute[route.key] = loadAverage();
      results.push(await measureRoute(route, route.requests(sample), { service, bare }, headers, opts));
    }
    const loadAfter = loadAverage();
    const busyAfter = await otherActivity(db);
    if (loadBefore[0] >= os.cpus().length * 0.5) log(`warning: load average was ${loadBefore[0]} when measuring started: the machine was busy, figures are pessimistic`);
    printTable(results);

    const peak = (name: 'service' | 'bare') => Math.max(...results.map((r) => r[name].peakRssMiB ?? 0));
    const report = {
      scale: opts.scale, seed: opts.seed, generatedAt: new Date().toISOString(), commit: gitCommit(),
      machine: machineInfo(version),
      database: { name: opts.database, poolSizeEach: POOL_SIZE },
      method: {
        rounds: opts.rounds, durationSeconds: opts.duration, connections: opts.connections, warmupSeconds: opts.warmup,
        order: 'per route: answers compared, warm-up of each, then rounds alternating service and bare; ratio = median service req/s ÷ median bare req/s',
        atRate: `both at ${RATE_SHARE * 100} % of the bare server's median req/s (autocannon overallRate: a per-second budget per connection), p99 compared; goal: service p99 ≤ ${P99_GOAL} × bare p99, the service keeping at least ${RATE_KEPT * 100} % of that rate`,
        latency: 'client-side, per response, nearest rank',
        statements: 'counted in each server process at node-postgres Client#query while every request of the list is sent once, one after the other; the service\'s health pings and key checks (two statements once per 10 s key cache period) left out',
        service: `production build (node ${[...opts.nodeFlags, 'dist/src/index.js'].join(' ')}), LOG_LEVEL warn, one key with a rate limit of 1e9/min`,
        bare: 'node:http + pg Pool, scripts/bench/bare-server.ts; no auth, no logging, no validation beyond the benchmark\'s requests',
        client: 'autocannon 9 in the bench process, one counter cycling each route\'s request list over all connections',
        sample: `${opts.ids} ids per protocol: the ${TOP_FOLLOWED} most-followed plus md5(id || ':' || seed) picks, shuffled with the seed`,
        filter: opts.only ? String(opts.only) : null,
      },
      loadAverage: { before: loadBefore, after: loadAfter, atRouteStart: loadPerRoute },
      otherServerActivity: { before: busyBefore, after: busyAfter },
      /** The service's own warnings during the run (its log at warn level): why a request failed, if one did. */
      serviceWarnings: service.warnings(),
      rss: {
        goalMiB: RSS_GOAL_MIB,
        service: { atStartMiB: rssAtStart.service, peakUnderLoadMiB: peak('service') },
        bare: { atStartMiB: rssAtStart.bare, peakUnderLoadMiB: peak('bare') },
        meetsGoal: peak('service') <= RSS_GOAL_MIB,
      },
      summary: {
        routes: results.length,
        meetingRatioGoal: results.filter((r) => r.meetsGoal).map((r) => r.key),
        meetingP99Goal: results.filter((r) => r.meetsP99Goal).map((r) => r.key),
      },
      routes: results,
    };
    if (opts.out) {
      mkdirSync(path.dirname(opts.out), { recursive: true });
      writeFileSync(opts.out, `${JSON.stringify(report, null, 2)}\n`);
      log(`wrote ${path.relative(process.cwd(), opts.out)}`);
    }
  } catch (err) {
    for (const c of children) process.stderr.write(`--- ${c.name} output (last lines) ---\n${c.output().slice(-3000)}\n`);
    throw err;
  } finally {
    for (const c of children) await c.stop();
    if (keyId) await keys.revoke(keyId).catch((err) => log(`could not revoke the bench key: ${String(err)}`));
    await db.close();
  }
}

main().then(() => process.exit(0), (err) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});

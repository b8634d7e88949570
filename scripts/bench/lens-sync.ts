// Benchmark of the Lens Chain sync: throughput and lag against the JSON-RPC double.
//
//   npm run bench:lens-sync -- [--events 50000] [--per-block 500] [--chunk 20] [--accounts 5000]
//     [--lag-rate 500] [--lag-seconds 20] [--block-ms 200] [--poll-ms 100] [--seed 1] [--keep]
//     [--out docs/bench/lens-sync.json]
//
// Every event is a real ABI-encoded log (test/helpers/lens-rpc-double/lens-events.ts), encoded
// before anything is timed; the double serves them over HTTP on 127.0.0.1 from this process.
// A fresh database `sga_bench_lens_sync` on BENCH_DATABASE_URL's server is migrated and a
// LensSyncEngine follows the double:
//   1. throughput: --events events in blocks of --per-block, preloaded, then read from block 0
//      in chunks of --chunk blocks; events/s = events / time until the last block is applied;
//   2. lag: --lag-rate events/s for --lag-seconds, one block every --block-ms, confirmations 0,
//      head polled every --poll-ms; per event, commit time − the time its block was made
//      (with N confirmations a block waits N block times more before it is applied).
// The mix: accounts, usernames, follows, unfollows, posts (a quarter of them comments) and collects.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { LensSyncEngine } from '../../src/lens-sync/sync-engine';
import { lensSyncOptionsOf } from '../../src/lens-sync/sync-worker';
import { loadConfig } from '../../src/config/load-config';
import { createLogger } from '../../src/logging/logger';
import { projectRoot } from '../../src/project-root';
import { LensRpcDouble } from '../../test/helpers/lens-rpc-double/lens-rpc-double';
import {
  accountCreated, actionExecuted, addr, followed, MAINNET, postCreated, unfollowed, usernameAssigned, type EventLog,
} from '../../test/helpers/lens-rpc-double/lens-events';
import { benchServerUrl, databaseUrl, dropDatabase, log } from './bench-db';
import { loadAverage, machineInfo } from './machine';
import { prng } from './prng';
import { SqlTimings, timedSql } from './timed-sql';

const DB_NAME = 'sga_bench_lens_sync';

function parseCli() {
  const { values } = parseArgs({
    args: process.argv.slice(2), strict: true,
    options: {
      events: { type: 'string', default: '50000' }, 'per-block': { type: 'string', default: '500' }, chunk: { type: 'string', default: '20' },
      accounts: { type: 'string', default: '5000' }, 'lag-rate': { type: 'string', default: '500' }, 'lag-seconds': { type: 'string', default: '20' },
      'block-ms': { type: 'string', default: '200' }, 'poll-ms': { type: 'string', default: '100' }, seed: { type: 'string', default: '1' },
      keep: { type: 'boolean', default: false }, out: { type: 'string' },
    },
  });
  const int = (name: string, min: number) => {
    const v = values[name as keyof typeof values];
    if (typeof v !== 'string' || !/^\d+$/.test(v) || Number(v) < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return Number(v);
  };
  return {
    events: int('events', 1), perBlock: int('per-block', 1), chunk: int('chunk', 1), accounts: int('accounts', 2),
    lagRate: int('lag-rate', 0), lagSeconds: int('lag-seconds', 0), blockMs: int('block-ms', 10), pollMs: int('poll-ms', 10),
    seed: int('seed', 0), keep: values.keep, out: values.out ?? path.join(projectRoot(), 'docs', 'bench', 'lens-sync.json'),
  };
}

/** Events of the mix, accounts first (the rest refers to them). */
class EventMaker {
  private posts = 0n;
  private readonly follows: [number, number][] = [];
  constructor(private readonly rand: () => number, private readonly accounts: number) {}

  private account = () => 1 + Math.floor(this.rand() * this.accounts);

  creations(): EventLog[] {
    return Array.from({ length: this.accounts }, (_, i) => accountCreated(addr(0x10000 + i + 1), addr(0x90000 + i + 1)));
  }

  next(): EventLog {
    const r = this.rand();
    const who = addr(0x10000 + this.account());
    if (r < 0.05) return usernameAssigned(`user${Math.floor(this.rand() * 1e9)}`, who);
    if (r < 0.55) {
      const pair: [number, number] = [this.account(), this.account()];
      this.follows.push(pair);
      return followed(addr(0x10000 + pair[0]), addr(0x10000 + pair[1]));
    }
    if (r < 0.6 && this.follows.length) {
      const [a, b] = this.follows[Math.floor(this.rand() * this.follows.length)];
      return unfollowed(addr(0x10000 + a), addr(0x10000 + b));
    }
    if (r < 0.95 || this.posts === 0n) {
      this.posts += 1n;
      const replied = this.posts > 1n && this.rand() < 0.25 ? 1n + BigInt(Math.floor(this.rand() * Number(this.posts - 1n))) : undefined;
      return postCreated({ id: this.posts, author: who, replied, root: replied });
    }
    return actionExecuted({ action: MAINNET.collectAction, sender: who, postId: 1n + BigInt(Math.floor(this.rand() * Number(this.posts))), postAuthor: who, amount: 10n ** 18n, token: addr(0x60) });
  }
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
};

async function main(): Promise<void> {
  const cli = parseCli();
  const serverUrl = benchServerUrl();
  await dropDatabase(serverUrl, DB_NAME);
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  await admin.sql.exec(`CREATE DATABASE ${DB_NAME}`);
  const [{ server_version: version }] = await admin.sql.query<{ server_version: string }>('SHOW server_version');
  await admin.close();
  const db = Database.open({ databaseUrl: databaseUrl(serverUrl, DB_NAME), dataDir: '' });
  const double = await new LensRpcDouble().start();
  try {
    await migrate(db.sql);
    const maker = new EventMaker(prng(cli.seed), cli.accounts);
    log(`encoding ${cli.events} events`);
    const all = [...maker.creations()];
    while (all.length < cli.events) all.push(maker.next());
    for (let i = 0; i < all.length; i += cli.perBlock) double.mine(all.slice(i, i + cli.perBlock));
    const lastBlock = double.head;
    const config = loadConfig({}, { LOG_LEVEL: 'silent', LENS_RPC_URL: double.url });
    const quiet = createLogger('silent');

    // 1. Throughput: everything preloaded, read from block 0.
    const timings = new SqlTimings();
    const t = new LensSyncEngine(timedSql(db.sql, timings), lensSyncOptionsOf(config, {
      confirmations: 0, chunkBlocks: cli.chunk, headPollMs: cli.pollMs, fromBlock: 0, toBlock: lastBlock, statusEveryMs: 2_000,
    }), quiet);
    await t.start();
    const started = performance.now();
    await t.run();
    const seconds = (performance.now() - started) / 1000;
    const throughput = Math.round(t.status.data.eventsStored / seconds);
    log(`transactions: ${timings.transactions}, ${(timings.transactionMs / 1000).toFixed(1)} s; statements with parameters, most costly first:`);
    for (const c of timings.top(6)) log(`  ${c.ms.toFixed(0)} ms in ${c.calls} calls: ${c.statement}`);
    log(`throughput: ${t.status.data.eventsStored} events in ${seconds.toFixed(1)} s = ${throughput} events/s (${t.status.data.batches} batches)`);

    // 2. Lag at a steady rate.
    const made = new Map<bigint, { at: number; events: number }>();
    const lags: number[] = [];
    const lag = new LensSyncEngine(db.sql, lensSyncOptionsOf(config, { confirmations: 0, chunkBlocks: cli.chunk, headPollMs: cli.pollMs, statusEveryMs: 2_000 }), quiet);
    lag.onApplied = (_ops, to) => {
      const now = performance.now();
      for (const [block, m] of made) {
        if (block > to) continue;
        for (let i = 0; i < m.events; i += 1) lags.push(now - m.at);
        made.delete(block);
      }
    };
    await lag.start();
    const running = lag.run();
    const perBlock = Math.max(1, Math.round((cli.lagRate * cli.blockMs) / 1000));
    const until = performance.now() + cli.lagSeconds * 1000;
    let next = performance.now();
    let sent = 0;
    while (performance.now() < until) {
      const events = Array.from({ length: perBlock }, () => maker.next());
      const block = double.mine(events);
      made.set(BigInt(block.number), { at: performance.now(), events: events.length });
      sent += events.length;
      next += cli.blockMs;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    const drainUntil = performance.now() + 30_000;
    while (made.size && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
    await lag.stop();
    await running;
    const lagMs = { p50: pct(lags, 50), p99: pct(lags, 99), max: pct(lags, 100) };
    log(`lag at ${cli.lagRate} events/s (${perBlock} per block every ${cli.blockMs} ms, poll ${cli.pollMs} ms): p50 ${lagMs.p50} ms, p99 ${lagMs.p99} ms, max ${lagMs.max} ms (${sent} events)`);

    const result = {
      command: `npm run bench:lens-sync -- ${process.argv.slice(2).join(' ')}`.trim(), machine: machineInfo(version), loadAverage: loadAverage(),
      throughput: { events: t.status.data.eventsStored, blocks: lastBlock, perBlock: cli.perBlock, chunkBlocks: cli.chunk, seconds: Math.round(seconds * 10) / 10, eventsPerSecond: throughput },
      lag: { rate: cli.lagRate, seconds: cli.lagSeconds, blockMs: cli.blockMs, pollMs: cli.pollMs, confirmations: 0, events: sent, ms: lagMs },
    };
    writeFileSync(cli.out, `${JSON.stringify(result, null, 2)}\n`);
    log(`written ${path.relative(process.cwd(), cli.out)}`);
  } finally {
    await double.close();
    await db.close();
    if (!cli.keep) await dropDatabase(serverUrl, DB_NAME);
  }
}

main().catch((err) => { console.error(err); process.exit(1); });

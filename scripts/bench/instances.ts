// Throughput of 1 and 2 service instances (separate processes, the real
// server) on one database, and of one instance reading from a streaming
// replica, measured with autocannon spreading its connections over the
// instances as a load balancer would. The answer cache is off: every request
// reads the database.
//   npx tsx scripts/bench/instances.ts                 1 → 2 instances on BENCH_DATABASE_URL (default: the local server)
//   BENCH_REPLICA=1 npx tsx scripts/bench/instances.ts  also 1 instance on a throwaway primary, without and with its hot standby
// BENCH_SECONDS (10), BENCH_CONNECTIONS (16), BENCH_PATH (/api/farcaster/user/profile/1).
// autocannon is not a dependency of the project: `npm i --no-save autocannon` first.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../../src/config/load-config';
import { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { KeyService } from '../../src/auth/key.service';
import { ingest } from '../../src/jobs/ingest';
import { startReplicaCluster } from '../../test/helpers/replica-cluster';

interface AutocannonResult { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }
// autocannon ships no type declarations: the part used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: { url: string[]; connections: number; duration: number; headers: Record<string, string> }) => Promise<AutocannonResult>;

const ROOT = path.join(__dirname, '..', '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUTE = process.env.BENCH_PATH ?? '/api/farcaster/user/profile/1';
const NAME = 'sga_bench_instances';

/** A fresh database with the api-basic fixture and a key; its URL and the key. */
async function prepare(serverUrl: string): Promise<{ url: string; key: string }> {
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  await admin.sql.exec(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin.sql.exec(`CREATE DATABASE ${NAME}`);
  await admin.close();
  const u = new URL(serverUrl);
  u.pathname = `/${NAME}`;
  const db = Database.open({ databaseUrl: u.toString(), dataDir: '' });
  await migrate(db.sql);
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  await ingest(db, config, { import: { dir: path.join(ROOT, 'test', 'fixtures', 'api-basic'), progress: 'silent' }, refresh: {} });
  const { key } = await new KeyService(db, 1_000_000, 300, 100).create({ name: 'bench', rateLimit: 100_000_000 });
  await db.close();
  return { url: u.toString(), key };
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/index.ts'], {
    cwd: ROOT, stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', ANSWER_CACHE_MB: '0', KEY_CACHE_SECONDS: '300', DEMO_DATA: 'off', ...env },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    if (ready) return child;
    if (Date.now() > deadline) { child.kill(); throw new Error(`instance on ${port} not ready`); }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function measure(label: string, instances: number, env: Record<string, string>, key: string) {
  const ports = Array.from({ length: instances }, (_, i) => 4700 + i);
  const children = await Promise.all(ports.map((p) => startServer(p, env)));
  try {
    const urls = ports.map((p) => `http://127.0.0.1:${p}${ROUTE}`);
    const run = (duration: number) => autocannon({ url: urls, connections: CONNECTIONS, duration, headers: { apikey: key } });
    await run(2); // warm-up: JIT, pools, plans
    const r = await run(SECONDS);
    const row = { label, instances, requestsPerSecond: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
  }
}

async function main() {
  const local = await prepare(process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  await measure('local Postgres', 1, { DATABASE_URL: local.url }, local.key);
  await measure('local Postgres', 2, { DATABASE_URL: local.url }, local.key);
  if (process.env.BENCH_REPLICA) {
    const cluster = await startReplicaCluster();
    try {
      const primary = await prepare(cluster.primaryUrl);
      const standby = new URL(cluster.standbyUrl);
      standby.pathname = `/${NAME}`;
      await measure('throwaway primary only', 1, { DATABASE_URL: primary.url }, primary.key);
      await measure('reads on its standby (one snapshot per request)', 1,
        { DATABASE_URL: primary.url, DATABASE_REPLICA_URLS: standby.toString() }, primary.key);
    } finally {
      await cluster.destroy();
    }
  }
}

main().catch((err) => { console.error(err); process.exit(1); });

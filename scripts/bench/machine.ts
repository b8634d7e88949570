// What the benchmarks record about the machine they ran on, and how they wait
// for it to be quiet: on a shared machine other work skews every figure, so
// the load and the server's other sessions are written next to the figures.
import os from 'node:os';
import type { Database } from '../../src/db/database';
import { log } from './bench-db';

const r2 = (x: number) => Math.round(x * 100) / 100;

export function machineInfo(postgres: string) {
  const cpus = os.cpus();
  return { cpus: cpus.length, cpuModel: cpus[0]?.model ?? null, memoryGiB: r2(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}`, postgres };
}

/** The 1-, 5- and 15-minute load averages, rounded. */
export const loadAverage = () => os.loadavg().map(r2);

/** Other sessions running statements on the server would skew the figures. */
export async function otherActivity(db: Database): Promise<string[]> {
  const rows = await db.sql.query<{ datname: string | null; query: string }>(`
    SELECT datname, left(query, 100) AS query FROM pg_stat_activity
    WHERE state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`);
  return rows.map((r) => `${r.datname}: ${r.query.replace(/\s+/g, ' ')}`);
}

/**
 * On a shared machine other work skews the figures: wait (up to `seconds`) until
 * the 1-minute load average is below half a core per CPU, then go on regardless.
 */
export async function waitForIdle(seconds: number): Promise<void> {
  const limit = os.cpus().length * 0.5;
  const until = Date.now() + seconds * 1000;
  while (os.loadavg()[0] >= limit && Date.now() < until) {
    log(`load average ${os.loadavg()[0].toFixed(2)} ≥ ${limit}: waiting for the machine to calm down`);
    await new Promise((r) => setTimeout(r, 15_000));
  }
}

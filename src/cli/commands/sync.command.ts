import { parseArgs } from 'node:util';
import pino from 'pino';
import { migrate } from '../../db/migrate';
import { withAdvisoryLock } from '../../db/advisory-lock';
import { createLogger } from '../../logging/logger';
import { parseFid } from '../../domain/ids';
import { replayUnhandled } from '../../sync/replay-unhandled';
import { SyncEngine } from '../../sync/sync-engine';
import { readSyncStatus, type SyncStatusData } from '../../sync/sync-status';
import { SYNC_LOCK, syncOptionsOf } from '../../sync/sync-worker';
import { UsageError, type CommandContext } from '../cli-context';

const fidsOf = (words: string[]) => words.map((w) => {
  const fid = parseFid(w);
  if (fid === null) throw new UsageError(`not a fid: ${w}`);
  return fid;
});

/** Counts per type as `type n, …`, by type. */
const countsList = (counts: Record<string, number>) =>
  Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)).map(([type, n]) => `${type} ${n}`).join(', ');

/** One progress line: where the sync stands. */
export function statusLine(s: SyncStatusData): string {
  const b = s.backfill.state === 'running' ? ` | backfill ${s.backfill.fidsDone}${s.backfill.fidsTotal ? `/${s.backfill.fidsTotal}` : ''} fids, ${s.backfill.messages} messages` : '';
  const err = s.lastError ? ` | last error ${s.lastError.at}: ${s.lastError.message}` : '';
  const kept = countsList(s.unhandled ?? {});
  const unhandled = kept ? ` | kept raw, no rule: ${kept}` : '';
  return `${s.state}: ${s.eventsPerSecond} events/s, ${s.eventsStored} stored, ${s.eventsQueued} queued, `
    + `lag ${s.secondsBehind ?? '?'} s / ${s.blocksBehind ?? '?'} blocks${b}${unhandled}${err}`;
}

/**
 * `sync`: follow the node in the foreground until interrupted (progress every 2 s).
 * `--backfill all|FID…` backfills first (beside the live streams), `--reconcile FID…`
 * compares and repairs those fids; `--once` exits after that work instead of following.
 * `--status` prints the status the syncing instance last stored. `--replay-unhandled` applies the
 * kept events whose type this version has a rule for (after an upgrade), with no node needed; the
 * writers lock the rows they merge, so it may run beside a syncing instance.
 */
export async function syncCommand(argv: string[], { config, io, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: {
      backfill: { type: 'boolean' }, reconcile: { type: 'boolean' }, once: { type: 'boolean' }, status: { type: 'boolean' },
      'replay-unhandled': { type: 'boolean' },
    },
  });
  if (values.backfill && values.reconcile) throw new UsageError('--backfill and --reconcile are separate runs');
  if (!values.backfill && !values.reconcile && positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (values.once && !values.backfill && !values.reconcile) throw new UsageError('--once goes with --backfill or --reconcile');
  await withDatabase(async (db) => {
    await migrate(db.sql);
    if (values['replay-unhandled']) {
      const r = await replayUnhandled(db.sql);
      io.out(`replayed: ${countsList(r.applied) || 'none'}; still without a rule: ${countsList(r.kept) || 'none'}`);
      return;
    }
    if (values.status) {
      const row = await readSyncStatus(db.sql);
      io.out(row ? `${statusLine(row.status)} (by ${row.holder}, ${row.ageSeconds.toFixed(0)} s ago)` : 'no sync has run on this database');
      return;
    }
    const target = values.backfill ? (positionals.length === 1 && positionals[0] === 'all' ? 'all' as const : fidsOf(positionals)) : null;
    if (values.backfill && target !== 'all' && !target?.length) throw new UsageError('--backfill takes all or fids');
    const reconcileFids = values.reconcile ? fidsOf(positionals) : null;
    if (values.reconcile && !reconcileFids?.length) throw new UsageError('--reconcile takes fids');
    const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, pino.destination(2));
    const ran = await withAdvisoryLock(db.sql, SYNC_LOCK, async () => {
      const engine = new SyncEngine(db.sql, syncOptionsOf(config), log);
      const progress = setInterval(() => io.out(statusLine(engine.status.refresh())), 2000);
      let stop: () => void = () => undefined;
      const interrupted = new Promise<void>((resolve) => { stop = resolve; });
      process.once('SIGINT', stop); process.once('SIGTERM', stop);
      try {
        await engine.start();
        io.out(`following ${config.HUB_URL} (${engine.status.data.shards.length} shards)`);
        if (target) {
          const r = await engine.runBackfill(target, false);
          io.out(`backfilled ${r.fids} fids, ${r.messages} messages`);
        }
        if (reconcileFids) {
          const r = await engine.reconcileNow(reconcileFids);
          io.out(`reconciled ${reconcileFids.length} fids, repaired: ${Object.entries(r).map(([k, n]) => `${k} ${n}`).join(', ')}`);
        }
        if (!values.once) await interrupted;
        await engine.flushed();
      } finally {
        clearInterval(progress);
        process.removeListener('SIGINT', stop); process.removeListener('SIGTERM', stop);
        await engine.stop();
        io.out(statusLine(engine.status.refresh()));
      }
      return true;
    });
    if (ran === null) {
      const row = await readSyncStatus(db.sql);
      throw new Error(`another instance is syncing this database${row ? ` (${row.holder})` : ''}: one syncer at a time`);
    }
  });
}

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { migrate } from '../../db/migrate';
import { withAdvisoryLock } from '../../db/advisory-lock';
import { createLogger } from '../../logging/logger';
import { parseFid } from '../../domain/ids';
import { ingest } from '../../jobs/ingest';
import { dumpTimeOf, shardPosition, writeDumpCursors, type ShardPosition } from '../../sync/dump-start';
import { replayUnhandled } from '../../sync/replay-unhandled';
import type { SqlClient } from '../../db/sql-client';
import { SyncEngine } from '../../sync/sync-engine';
import { readSyncStatus, type SyncStatusData } from '../../sync/sync-status';
import { SYNC_LOCK, syncOptionsOf } from '../../sync/sync-worker';
import { UsageError, type CommandContext } from '../cli-context';
import { ingestOutput } from '../ingest-output';

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
 * writers lock the rows they merge, so it may run beside a syncing instance. `--from-dump DIR` brings up a new
 * deployment: the dump is imported, each shard's stream starts at the dump's time less the overlap, and a
 * sample of fids is reconciled once the streams reach the heads the node had when they started.
 */
export async function syncCommand(argv: string[], { config, io, cwd, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: {
      backfill: { type: 'boolean' }, reconcile: { type: 'boolean' }, once: { type: 'boolean' }, status: { type: 'boolean' },
      'replay-unhandled': { type: 'boolean' }, 'from-dump': { type: 'string' }, 'overlap-minutes': { type: 'string' },
      'skip-classify': { type: 'boolean' }, 'skip-refresh': { type: 'boolean' },
    },
  });
  const fromDump = values['from-dump'];
  if (fromDump !== undefined && (values.backfill || values.reconcile || values.status || values['replay-unhandled'])) {
    throw new UsageError('--from-dump starts a new deployment: it takes no --backfill, --reconcile, --status or --replay-unhandled');
  }
  if (fromDump === undefined && (values['overlap-minutes'] !== undefined || values['skip-classify'] || values['skip-refresh'])) {
    throw new UsageError('--overlap-minutes, --skip-classify and --skip-refresh go with --from-dump');
  }
  const overlapMinutes = values['overlap-minutes'] === undefined ? 60 : Number(values['overlap-minutes']);
  if (!Number.isInteger(overlapMinutes) || overlapMinutes < 0) throw new UsageError('--overlap-minutes must be a whole number of minutes, 0 or more');
  const dumpDir = fromDump === undefined ? null : path.resolve(cwd, fromDump);
  if (dumpDir && (!existsSync(dumpDir) || !statSync(dumpDir).isDirectory())) throw new UsageError(`not a folder: ${fromDump}`);
  // Before the import, which is long at the network's size: the node is what the run goes on from.
  if (dumpDir && !config.HUB_URL) throw new UsageError('--from-dump follows the node at HUB_URL after the import: set it');
  if (values.backfill && values.reconcile) throw new UsageError('--backfill and --reconcile are separate runs');
  if (!values.backfill && !values.reconcile && positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (values.once && !values.backfill && !values.reconcile && !dumpDir) throw new UsageError('--once goes with --backfill, --reconcile or --from-dump');
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
    let dumpSince: Date | null = null;
    if (dumpDir) {
      const [{ n }] = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM sync_cursor');
      if (n > 0) throw new UsageError('this database already follows a node: --from-dump starts a new deployment (run sync to go on)');
      await ingest(db, config, {
        import: { dir: dumpDir, progress: 'auto', progressOut: io.progress },
        classify: values['skip-classify'] ? undefined : {},
        refresh: values['skip-refresh'] ? undefined : {},
      }, ingestOutput(io));
      const at = await dumpTimeOf(db.sql);
      if (!at) throw new Error(`the dump in ${fromDump} holds no Farcaster casts, reactions or follows to take its time from`);
      dumpSince = new Date(at.getTime() - overlapMinutes * 60_000);
      io.out(`dump time ${at.toISOString()}: following the node from ${dumpSince.toISOString()}`);
    }
    const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, pino.destination(2));
    const ran = await withAdvisoryLock(db.sql, SYNC_LOCK, async () => {
      const engine = new SyncEngine(db.sql, syncOptionsOf(config), log);
      const progress = setInterval(() => io.out(statusLine(engine.status.refresh())), 2000);
      let stop: () => void = () => undefined;
      let interruptedYet = false;
      const interrupted = new Promise<void>((resolve) => { stop = () => { interruptedYet = true; resolve(); }; });
      process.once('SIGINT', stop); process.once('SIGTERM', stop);
      try {
        const caughtUpAt = dumpSince ? await startAtDump(engine, db.sql, dumpSince, io.out) : null;
        await engine.start();
        io.out(`following ${config.HUB_URL} (${engine.status.data.shards.length} shards)`);
        if (caughtUpAt) {
          await caughtUp(engine, caughtUpAt, () => interruptedYet);
          if (!interruptedYet) {
            const r = await engine.reconcileNow();
            const repaired = Object.entries(r).filter(([, n]) => n > 0);
            io.out(`caught up with the node; reconciled a sample of fids: ${repaired.length ? `repaired ${repaired.map(([k, n]) => `${k} ${n}`).join(', ')}` : 'no differences'}`);
          }
        }
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

/**
 * Each shard's position at the dump's time, stored as its cursor before the engine starts (it then resumes from
 * them as from any stored cursor, with no backfill). Returns the heads the node had meanwhile: the streams have
 * caught up once they pass them.
 */
async function startAtDump(engine: SyncEngine, sql: SqlClient, since: Date, out: (line: string) => void): Promise<Map<number, number>> {
  const info = await engine.hub.call<'getInfo', object, { shardInfos: { shardId: number; maxHeight: number }[] }>('getInfo', {});
  const heads = new Map(info.shardInfos.filter((s) => s.shardId > 0).map((s) => [s.shardId, s.maxHeight]));
  const positions: ShardPosition[] = [];
  for (const [shard, head] of [...heads].sort(([a], [b]) => a - b)) positions.push(await shardPosition(engine.hub, shard, head, since));
  await writeDumpCursors(sql, positions);
  out(`replaying ${positions.map((p) => `shard ${p.shard} from block ${p.block}${p.blockTime ? ` (${p.blockTime.toISOString()})` : ' (its head)'}`).join(', ')}`);
  // A shard with no block made since the dump's time has nothing to replay: it is at its head already.
  return new Map(positions.filter((p) => p.block <= (heads.get(p.shard) ?? 0)).map((p) => [p.shard, heads.get(p.shard) ?? 0]));
}

/** Resolves once every shard's stored block reached its head of the start (or the run is interrupted). */
async function caughtUp(engine: SyncEngine, heads: Map<number, number>, interrupted: () => boolean): Promise<void> {
  const done = () => [...heads].every(([shard, head]) => (engine.status.shard(shard).block ?? 0) >= head);
  while (!done() && !interrupted()) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    await engine.flushed();
  }
}

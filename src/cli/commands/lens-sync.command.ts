import { parseArgs } from 'node:util';
import pino from 'pino';
import { migrate } from '../../db/migrate';
import { withAdvisoryLock } from '../../db/advisory-lock';
import { createLogger } from '../../logging/logger';
import { LensSyncEngine } from '../../lens-sync/sync-engine';
import { readLensSyncStatus, type LensSyncStatusData } from '../../lens-sync/lens-sync-status';
import { LENS_SYNC_LOCK, lensSyncOptionsOf } from '../../lens-sync/sync-worker';
import { UsageError, type CommandContext } from '../cli-context';

/** One progress line: where the Lens sync stands. */
export function lensStatusLine(s: LensSyncStatusData): string {
  const err = s.lastError ? ` | last error ${s.lastError.at}: ${s.lastError.message}` : '';
  const reorgs = s.reorgs ? ` | ${s.reorgs} reorgs, ${s.blocksUndone} blocks undone` : '';
  const undecoded = s.undecoded ? ` | ${s.undecoded} logs did not decode` : '';
  return `${s.state}: block ${s.block ?? '-'} of ${s.head ?? '?'}, ${s.eventsPerSecond} events/s, ${s.eventsStored} stored, `
    + `lag ${s.secondsBehind ?? '?'} s / ${s.blocksBehind ?? '?'} blocks${reorgs}${undecoded}${err}`;
}

const blockOf = (text: string | undefined, name: string): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${name} takes a block number`);
  return Number(text);
};

/**
 * `lens-sync`: follow Lens Chain at LENS_RPC_URL in the foreground until interrupted
 * (progress every 2 s). `--from-block N` reads the chain again from block N (a backfill:
 * the merges make blocks read twice change nothing), `--to-block M` stops once M is
 * applied, `--once` once caught up with the confirmed head. `--status`: what the syncing
 * instance last stored.
 */
export async function lensSyncCommand(argv: string[], { config, io, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: { 'from-block': { type: 'string' }, 'to-block': { type: 'string' }, once: { type: 'boolean' }, status: { type: 'boolean' } },
  });
  if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const fromBlock = blockOf(values['from-block'], '--from-block');
  const toBlock = blockOf(values['to-block'], '--to-block');
  if (fromBlock !== undefined && toBlock !== undefined && toBlock < fromBlock) throw new UsageError('--to-block is before --from-block');
  await withDatabase(async (db) => {
    await migrate(db.sql);
    if (values.status) {
      const row = await readLensSyncStatus(db.sql);
      io.out(row ? `${lensStatusLine(row.status)} (by ${row.holder}, ${row.ageSeconds.toFixed(0)} s ago)` : 'no Lens sync has run on this database');
      return;
    }
    const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, pino.destination(2));
    const opts = lensSyncOptionsOf(config, { fromBlock, toBlock, once: values.once ?? false });
    const ran = await withAdvisoryLock(db.sql, LENS_SYNC_LOCK, async () => {
      const engine = new LensSyncEngine(db.sql, opts, log);
      const progress = setInterval(() => io.out(lensStatusLine(engine.status.refresh())), 2000);
      const stop = () => { void engine.stop(); };
      process.once('SIGINT', stop); process.once('SIGTERM', stop);
      try {
        await engine.start();
        io.out(`following ${opts.url} from block ${(engine.status.data.block ?? -1) + 1}`);
        await engine.run();
      } finally {
        clearInterval(progress);
        process.removeListener('SIGINT', stop); process.removeListener('SIGTERM', stop);
        io.out(lensStatusLine(engine.status.refresh()));
      }
      return true;
    });
    if (ran === null) {
      const row = await readLensSyncStatus(db.sql);
      throw new Error(`another instance is syncing Lens on this database${row ? ` (${row.holder})` : ''}: one syncer at a time`);
    }
  });
}

import { parseArgs } from 'node:util';
import type { Config } from '../../config/config.schema';
import { migrate } from '../../db/migrate';
import { refreshAnalytics, type Protocol } from '../../analytics/refresh';
import { refreshOptionsOf } from '../../analytics/refresh-options';
import { UsageError, type CliIo, type CommandContext } from '../cli-context';

export async function refreshCommand(argv: string[], { config, io, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { protocol: { type: 'string' } } });
  if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (values.protocol && !['farcaster', 'lens'].includes(values.protocol)) throw new UsageError('--protocol must be farcaster or lens');
  await withDatabase(async (db) => {
    await migrate(db.sql);
    await runRefresh(db, config, io, values.protocol ? [values.protocol as Protocol] : undefined);
  });
}

/** Shared by `refresh` and the end of `import`. */
export async function runRefresh(db: Parameters<typeof refreshAnalytics>[0], config: Config, io: CliIo, protocols?: Protocol[]): Promise<void> {
  const reports = await refreshAnalytics(db, { ...refreshOptionsOf(config), protocols, log: (l) => io.err(`refresh ${l}`) });
  if (!reports) throw new Error('another refresh is running; try again when it has finished');
  for (const r of reports) {
    io.out(`refreshed ${r.protocol}: generation ${r.generation}, ${r.profiles} profiles, as of ${r.asOf}, ${r.seconds.toFixed(1)}s (graph score: ${r.graph.iterations} iterations)`);
  }
}

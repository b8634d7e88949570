import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from '../../db/migrate';
import { ingest } from '../../jobs/ingest';
import { UsageError, type CommandContext } from '../cli-context';
import { ingestOutput } from '../ingest-output';

/** Imports a dataset folder, then classifies its posts and refreshes the analytics unless told to skip them. */
export async function importCommand(argv: string[], { config, io, cwd, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true, options: { progress: { type: 'string', default: 'auto' }, 'skip-refresh': { type: 'boolean' }, 'skip-classify': { type: 'boolean' } },
  });
  const [dir, extra] = positionals;
  if (!dir || extra) throw new UsageError('import needs exactly one dataset folder');
  if (!['auto', 'plain', 'silent'].includes(values.progress)) throw new UsageError('--progress must be auto, plain or silent');
  const folder = path.resolve(cwd, dir);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new Error(`not a folder: ${dir}`);
  await withDatabase(async (db) => {
    await migrate(db.sql);
    await ingest(db, config, {
      import: { dir: folder, progress: values.progress as 'auto' | 'plain' | 'silent', progressOut: io.progress },
      classify: values['skip-classify'] ? undefined : {},
      refresh: values['skip-refresh'] ? undefined : {},
    }, ingestOutput(io));
  });
}

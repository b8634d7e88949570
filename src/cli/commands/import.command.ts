import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from '../../db/migrate';
import { importDataset } from '../../importer/import-dataset';
import { UsageError, type CommandContext } from '../cli-context';
import { runClassify } from './classify.command';
import { runRefresh } from './refresh.command';

export async function importCommand(argv: string[], { config, io, cwd, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true, options: { progress: { type: 'string', default: 'auto' }, 'skip-refresh': { type: 'boolean' }, 'skip-classify': { type: 'boolean' } },
  });
  const [dir, extra] = positionals;
  if (!dir || extra) throw new UsageError('import needs exactly one dataset folder');
  if (!['auto', 'plain', 'silent'].includes(values.progress!)) throw new UsageError('--progress must be auto, plain or silent');
  const folder = path.resolve(cwd, dir);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new Error(`not a folder: ${dir}`);
  await withDatabase(async (db) => {
    await migrate(db.sql);
    const s = await importDataset(db, { dir: folder, progress: values.progress as 'auto' | 'plain' | 'silent', progressOut: io.progress });
    for (const t of s.tables) for (const f of t.skippedFiles) io.err(`${f.file}: skipped (${f.reason})`);
    for (const t of s.tables.filter((x) => x.rowsBad > 0)) {
      io.err(`${t.table}: ${t.rowsBad} bad rows skipped`);
      for (const b of t.badSamples) io.err(`  ${b.file}:${b.line}: ${b.reason}`);
    }
    io.out(`imported ${s.rowsOk} rows (${s.rowsBad} bad rows skipped) in ${s.seconds.toFixed(1)}s, ${Math.round(s.rowsPerSecond)} rows/s`);
    if (!values['skip-classify']) await runClassify(db, config, io);
    if (!values['skip-refresh']) await runRefresh(db, config, io);
  });
}

import type { Config } from '../../config/config.schema';
import { migrate } from '../../db/migrate';
import { openDatabase, UsageError, type CliIo } from '../cli-context';

export async function migrateCommand(argv: string[], config: Config, io: CliIo): Promise<void> {
  if (argv.length) throw new UsageError(`migrate takes no arguments (got ${argv.join(' ')})`);
  const db = openDatabase(config);
  try {
    const applied = await migrate(db.sql);
    io.out(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await db.close();
  }
}

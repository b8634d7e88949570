import { migrate } from '../../db/migrate';
import { UsageError, type CommandContext } from '../cli-context';

export async function migrateCommand(argv: string[], { io, withDatabase }: CommandContext): Promise<void> {
  if (argv.length) throw new UsageError(`migrate takes no arguments (got ${argv.join(' ')})`);
  await withDatabase(async (db) => {
    const applied = await migrate(db.sql);
    io.out(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  });
}

import { parseArgs } from 'node:util';
import { migrate } from '../../db/migrate';
import { ingest } from '../../jobs/ingest';
import { UsageError, type CommandContext } from '../cli-context';
import { ingestOutput } from '../ingest-output';

/** The classify step of an import alone: labels the posts not labelled yet, or every post with --rebuild. */
export async function classifyCommand(argv: string[], { config, io, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { rebuild: { type: 'boolean' } } });
  if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  await withDatabase(async (db) => {
    await migrate(db.sql);
    await ingest(db, config, { classify: { rebuild: values.rebuild ?? false } }, ingestOutput(io));
  });
}

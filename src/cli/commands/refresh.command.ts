import { parseArgs } from 'node:util';
import type { ProtocolName } from '../../domain/protocols';
import { migrate } from '../../db/migrate';
import { ingest } from '../../jobs/ingest';
import { UsageError, type CommandContext } from '../cli-context';
import { ingestOutput } from '../ingest-output';

/** The refresh step of an import alone, for both protocols or the one given. */
export async function refreshCommand(argv: string[], { config, io, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { protocol: { type: 'string' } } });
  if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (values.protocol && !['farcaster', 'lens'].includes(values.protocol)) throw new UsageError('--protocol must be farcaster or lens');
  await withDatabase(async (db) => {
    await migrate(db.sql);
    await ingest(db, config, { refresh: { protocols: values.protocol ? [values.protocol as ProtocolName] : undefined } }, ingestOutput(io));
  });
}

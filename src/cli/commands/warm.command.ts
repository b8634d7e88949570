import { parseArgs } from 'node:util';
import { warmRelations, type WarmedRelation } from '../../db/warm-relations';
import { UsageError, type CommandContext } from '../cli-context';

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Reads WARM_RELATIONS into the OS page cache; one line per relation as it is done, then the total. */
export async function warmCommand(argv: string[], { io, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { json: { type: 'boolean' } } });
  if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const line = (r: WarmedRelation) => `${r.relation}: ${mib(r.bytes)} in ${r.ms} ms`;
  await withDatabase(async (db) => {
    const report = await warmRelations(db.sql, values.json ? undefined : (r) => io.out(line(r)));
    if (values.json) io.out(JSON.stringify(report));
    else if (report.relations.length === 0) io.out('nothing to warm: the embedded database\'s files are cached by the operating system as they are read');
    else io.out(`warmed ${report.relations.length} relations, ${mib(report.bytes)}, in ${(report.ms / 1000).toFixed(1)} s`);
  });
}

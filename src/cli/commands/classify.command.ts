import { parseArgs } from 'node:util';
import type { Config } from '../../config/config.schema';
import { classifyPosts } from '../../content/classify-posts';
import { createClassifier } from '../../content/create-classifier';
import { LlmClassifier } from '../../content/llm-classifier';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { UsageError, type CliIo, type CommandContext } from '../cli-context';

export async function classifyCommand(argv: string[], { config, io, withDatabase }: CommandContext): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { rebuild: { type: 'boolean' } } });
  if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  await withDatabase(async (db) => {
    await migrate(db.sql);
    await runClassify(db, config, io, values.rebuild ?? false);
  });
}

/** Progress lines at most every 2 s: a medium dataset has ~900k posts. */
function throttled(io: CliIo): (line: string) => void {
  let last = 0;
  return (line) => {
    if (Date.now() - last < 2000) return;
    last = Date.now();
    io.err(line);
  };
}

/** Shared by `classify` and the end of `import`. */
export async function runClassify(db: Database, config: Config, io: CliIo, rebuild = false): Promise<void> {
  const classifier = createClassifier(config, db, (line) => io.err(line));
  const r = await classifyPosts(db, { classifier, rebuild, log: throttled(io) });
  if (!r) throw new Error('another classify run is in progress; try again when it has finished');
  const n = r.classified.farcaster + r.classified.lens;
  io.out(`classified ${n} posts (farcaster ${r.classified.farcaster}, lens ${r.classified.lens}) with ${r.classifier}` +
    `${n ? ` at ${r.classifierPostsPerSecond} posts/s` : ''}, removed ${r.removed.farcaster + r.removed.lens}, ` +
    `recounted ${r.days} days, ${r.seconds.toFixed(1)}s`);
  if (classifier instanceof LlmClassifier) {
    const s = classifier.stats;
    io.out(`llm: ${s.requests} requests, ${s.retries} retries, ${s.cacheHits} texts from the cache, ${s.fallbacks} texts fell back to the built-in classifier`);
  }
}

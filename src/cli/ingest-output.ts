// What `import`, `classify` and `refresh` print: one summary line per step on
// stdout, problems and progress on stderr.
import { LlmClassifier } from '../content/llm-classifier';
import type { IngestSink } from '../jobs/ingest';
import type { CliIo } from './cli-context';
import { problemLines, tableLine, totalsLine } from './import-lines';

/** Progress lines at most every 2 s: a large dataset's pages would otherwise print a flood. */
function throttled(io: CliIo): (line: string) => void {
  let last = 0;
  return (line) => {
    if (Date.now() - last < 2000) return;
    last = Date.now();
    io.err(line);
  };
}

export function ingestOutput(io: CliIo): IngestSink {
  const classifyProgress = throttled(io);
  return {
    imported(s) {
      problemLines(s).forEach((line) => io.err(line));
      s.tables.filter((t) => t.files.length > 0).forEach((t) => io.out(tableLine(t)));
      io.out(totalsLine(s));
    },
    classified(r, classifier) {
      const n = r.classified.farcaster + r.classified.lens;
      io.out(`classified ${n} posts (farcaster ${r.classified.farcaster}, lens ${r.classified.lens}) with ${r.classifier}` +
        `${n ? ` at ${r.classifierPostsPerSecond} posts/s` : ''}, removed ${r.removed.farcaster + r.removed.lens}, ` +
        `recounted ${r.days} days, ${r.seconds.toFixed(1)}s`);
      if (classifier instanceof LlmClassifier) {
        const s = classifier.stats;
        io.out(`llm: ${s.requests} requests, ${s.retries} retries, ${s.cacheHits} texts from the cache, ${s.fallbacks} texts fell back to the built-in classifier`);
      }
    },
    refreshed(reports) {
      for (const r of reports) {
        io.out(`refreshed ${r.protocol}: generation ${r.generation}, ${r.profiles} profiles, as of ${r.asOf}, ${r.seconds.toFixed(1)}s (graph score: ${r.graph.iterations} iterations)`);
      }
    },
    progress(step, line) {
      if (step === 'classify') classifyProgress(line);
      else io.err(`refresh ${line}`);
    },
    warn: (line) => io.err(line),
  };
}

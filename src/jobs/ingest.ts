// Bringing data in: import a dataset folder, label its posts, recompute the
// analytics. The CLI, the demo data of a first start and the test server all
// run this one sequence, so they load a dataset the same way: the classifier
// and the graph-score settings come from the configuration unless a step's
// options say otherwise. A step runs only when its options are given.
import { refreshAnalytics, type ProtocolReport } from '../analytics/refresh';
import { refreshOptionsOf } from '../analytics/refresh-options';
import type { Config } from '../config/config.schema';
import type { PostClassifier } from '../content/classifier.types';
import { classifyPosts, type ClassifyReport } from '../content/classify-posts';
import { createClassifier } from '../content/create-classifier';
import type { Database } from '../db/database';
import type { ProtocolName } from '../domain/protocols';
import { importDataset, type ImportSummary } from '../importer/import-dataset';
import type { ProgressMode, ProgressStream } from '../importer/progress';

export type IngestStep = 'import' | 'classify' | 'refresh';

export interface IngestOptions {
  /** Import this dataset folder first. */
  import?: { dir: string; progress?: ProgressMode; progressOut?: ProgressStream };
  /** Label the posts not labelled yet (every post with rebuild), with the configured classifier unless one is given. */
  classify?: { classifier?: PostClassifier; rebuild?: boolean };
  /** Recompute the analytics of these protocols (default both) with the configured graph-score settings. */
  refresh?: { protocols?: ProtocolName[] };
  /**
   * When another classify or refresh is running, its step fails the ingest
   * (the default: a command must not report work it did not do), or is
   * skipped and the next step runs.
   */
  whenBusy?: 'fail' | 'skip';
}

/** What the caller hears while the ingest runs; every member is optional. */
export interface IngestSink {
  /** A step begins. */
  starting?(step: IngestStep): void;
  imported?(summary: ImportSummary): void;
  /** The classifier is the one that ran, so its own statistics can be read. */
  classified?(report: ClassifyReport, classifier: PostClassifier): void;
  refreshed?(reports: ProtocolReport[]): void;
  /** Progress lines of the classify and refresh steps. */
  progress?(step: 'classify' | 'refresh', line: string): void;
  /** Warnings of the configured classifier, such as an LLM endpoint failing. */
  warn?(line: string): void;
}

export interface IngestReport {
  imported?: ImportSummary;
  /** null: skipped because another classify was running. */
  classified?: ClassifyReport | null;
  /** null: skipped because another refresh was running. */
  refreshed?: ProtocolReport[] | null;
}

export async function ingest(db: Database, config: Config, opts: IngestOptions, sink: IngestSink = {}): Promise<IngestReport> {
  const report: IngestReport = {};
  if (opts.import) {
    sink.starting?.('import');
    const { dir, progress, progressOut } = opts.import;
    report.imported = await importDataset(db, { dir, progress, progressOut });
    sink.imported?.(report.imported);
  }
  if (opts.classify) {
    sink.starting?.('classify');
    const classifier = opts.classify.classifier ?? createClassifier(config, db, sink.warn && ((line) => sink.warn!(line)));
    const classified = await classifyPosts(db, { classifier, rebuild: opts.classify.rebuild, log: sink.progress && ((line) => sink.progress!('classify', line)) });
    if (!classified && opts.whenBusy !== 'skip') throw new Error('another classify run is in progress; try again when it has finished');
    report.classified = classified;
    if (classified) sink.classified?.(classified, classifier);
  }
  if (opts.refresh) {
    sink.starting?.('refresh');
    const refreshed = await refreshAnalytics(db, {
      ...refreshOptionsOf(config), protocols: opts.refresh.protocols, log: sink.progress && ((line) => sink.progress!('refresh', line)),
    });
    if (!refreshed && opts.whenBusy !== 'skip') throw new Error('another refresh is running; try again when it has finished');
    report.refreshed = refreshed;
    if (refreshed) sink.refreshed?.(refreshed);
  }
  return report;
}

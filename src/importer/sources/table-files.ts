// Which files of a dataset a table reads, and which files no table reads.
// A table `folder/NAME` has `NAME.csv`, `NAME.csv.gz`, `NAME.parquet`, every such
// file inside `NAME/` (Spark's `part-*`, BigQuery's `000000000000.csv` shards) and
// the files directly in `folder/` matching its spec's extra name patterns (Neynar's
// `nindexer-follows-<start>-<end>.parquet`). A table with no file is empty.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatOf } from './record-source';

export interface TableSource {
  folder: string;
  name: string;
  /** File names directly in the folder that are also this table's (a readable format is still required). */
  filePatterns?: readonly RegExp[];
}

/** Numeric-aware, so `part-2` comes before `part-10` whatever the padding. */
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * Bookkeeping files, not data: Spark and Hadoop mark theirs (`_SUCCESS`, `.crc`) with a
 * leading `_` or `.`; Neynar writes `<schema>-<table>-<start>-<end>.empty` for an interval with no rows.
 */
const isHidden = (name: string) => name.startsWith('.') || name.startsWith('_') || /-\d+-\d+\.empty$/.test(name);

export function tableFiles(dir: string, table: TableSource): string[] {
  const base = path.join(dir, table.folder);
  const entries = filesIn(base);
  const found = ['csv', 'csv.gz', 'parquet'].map((ext) => `${table.name}.${ext}`).filter((f) => entries.includes(f));
  const patterns = table.filePatterns ?? [];
  found.push(...entries.filter((f) => !found.includes(f) && formatOf(f) && patterns.some((p) => p.test(f))).sort(byName));
  const split = path.join(base, table.name);
  const parts = filesIn(split).filter((f) => formatOf(f)).sort(byName);
  return [...found.map((f) => path.join(base, f)), ...parts.map((f) => path.join(split, f))];
}

/** Every data file under the dataset's top-level folders (files at the top level are not data: READMEs, licences). */
export function datasetFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (isHidden(entry.name)) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(full);
    }
  };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !isHidden(entry.name)) walk(path.join(dir, entry.name));
  }
  return out.sort(byName);
}

function filesIn(folder: string): string[] {
  try {
    if (!statSync(folder).isDirectory()) return [];
    return readdirSync(folder, { withFileTypes: true }).filter((e) => e.isFile() && !isHidden(e.name)).map((e) => e.name);
  } catch {
    return [];
  }
}

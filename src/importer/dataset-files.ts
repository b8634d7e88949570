// Finds the files of one dataset table: `NAME.csv`, or a split `NAME/part-*.csv`.
// A table with no file is empty, not an error. Parquet files are reported as
// skipped (not supported yet) rather than failing the import.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface SkippedFile { file: string; reason: string }
export interface TableFiles { csv: string[]; skipped: SkippedFile[] }

const PARQUET_SKIP = 'parquet not supported yet';
const byPartNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export function findTableFiles(dir: string, folder: string, name: string): TableFiles {
  const base = path.join(dir, folder);
  const found: TableFiles = { csv: [], skipped: [] };
  const single = path.join(base, `${name}.csv`);
  if (isFile(single)) found.csv.push(single);
  const parquet = path.join(base, `${name}.parquet`);
  if (isFile(parquet)) found.skipped.push({ file: parquet, reason: PARQUET_SKIP });

  const split = path.join(base, name);
  if (existsSync(split) && statSync(split).isDirectory()) {
    const parts = readdirSync(split).filter((f) => f.startsWith('part-')).sort(byPartNumber);
    for (const part of parts) {
      const file = path.join(split, part);
      if (!isFile(file)) continue;
      if (part.endsWith('.csv')) found.csv.push(file);
      else if (part.endsWith('.parquet')) found.skipped.push({ file, reason: PARQUET_SKIP });
    }
  }
  return found;
}

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

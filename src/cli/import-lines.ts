// The import report as the CLI prints it: on stdout one line per table that had
// files and a totals line; on stderr unrecognised and unreadable files, bad rows with
// file and line, and warnings about rows stored but not fully understood.
import type { ImportSummary, RowCounts, TableReport } from '../importer/import-dataset';

function unchanged(c: RowCounts): string {
  const { duplicate, notNewer } = c.unchangedReasons;
  const why = [duplicate ? `${duplicate} duplicate` : '', notNewer ? `${notNewer} not newer` : ''].filter(Boolean);
  return `unchanged ${c.rowsUnchanged}${why.length ? ` (${why.join(', ')})` : ''}`;
}

function ignored(t: TableReport): string {
  const reasons = Object.entries(t.ignoredReasons);
  if (reasons.length === 0) return `ignored ${t.rowsIgnored}`;
  const why = reasons.length === 1 ? reasons[0][0] : reasons.map(([reason, n]) => `${n} ${reason}`).join('; ');
  return `ignored ${t.rowsIgnored} (${why})`;
}

const counts = (c: RowCounts) => `stored ${c.rowsStored}, updated ${c.rowsUpdated}, ${unchanged(c)}, bad ${c.rowsBad}`;

export function tableLine(t: TableReport): string {
  return `${t.table}: read ${t.rowsRead}, ${counts(t)}, ${ignored(t)}`;
}

/** Rows per second are rows read per second. */
export function totalsLine(s: ImportSummary): string {
  return `imported ${s.rowsRead} rows read: ${counts(s)}, ignored ${s.rowsIgnored} in ${s.seconds.toFixed(1)}s, ` +
    `${Math.round(s.rowsPerSecond)} rows/s`;
}

export function problemLines(s: ImportSummary): string[] {
  const lines = [...s.warnings];
  for (const t of s.tables) {
    lines.push(...t.unreadableFiles.map((f) => `${f.file}:${f.line}: ${f.reason} (the rest of the file is not read)`));
  }
  for (const t of s.tables.filter((x) => x.rowsBad > 0 || x.badSamples.length > 0)) {
    lines.push(`${t.table}: ${t.rowsBad} bad rows skipped`, ...t.badSamples.map((b) => `  ${b.file}:${b.line}: ${b.reason}`));
  }
  for (const t of s.tables) lines.push(...Object.entries(t.warnings).map(([what, n]) => `${t.table}: ${n} ${what}`));
  return lines;
}

// Streams a CSV file (plain or gzip-compressed) record by record: memory stays flat
// whatever the file size. Records come as arrays: the header is mapped once per
// file (headerIndex), not into an object per row.
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse, type CsvError } from 'csv-parse';
import type { SourceHooks, SourceRecord } from './record-source';

const MAX_RECORD_BYTES = 16 << 20;

/** Yields every record, the header first; blank lines are skipped. */
export async function* csvRecords(file: string, hooks: SourceHooks & { gzip?: boolean } = {}): AsyncGenerator<SourceRecord> {
  const input = createReadStream(file);
  // Compressed bytes: the progress total is the files' size on disk.
  if (hooks.onBytes) input.on('data', (chunk) => hooks.onBytes!(chunk.length));
  // csv-parse's `info` option would give line numbers but costs a copied object per
  // record (half the parse speed); counting newlines inside fields is enough.
  // A stray quote would otherwise make the rest of a huge file one field, in memory;
  // past the limit csv-parse stops reading the file, which the report says.
  const parser = parse({ bom: true, relax_column_count: true, skip_records_with_error: true, max_record_size: MAX_RECORD_BYTES });
  parser.on('skip', (err: CsvError & { lines?: number }) => {
    const rest = err.code === 'CSV_MAX_RECORD_SIZE' ? ' (the rest of the file is not read)' : '';
    hooks.onMalformed?.(err.lines ?? 0, err.message + rest);
  });
  // Errors (a corrupt gzip stream, a read failure) end the parser with that error,
  // which surfaces through the iteration below.
  if (hooks.gzip) pipeline(input, createGunzip(), parser, () => undefined);
  else pipeline(input, parser, () => undefined);
  let line = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    const start = line + 1;
    line = start + newlinesIn(cells);
    if (cells.length === 1 && cells[0] === '') continue;
    yield { cells, line: start };
  }
}

function newlinesIn(cells: string[]): number {
  let n = 0;
  for (const cell of cells) {
    for (let i = cell.indexOf('\n'); i >= 0; i = cell.indexOf('\n', i + 1)) n += 1;
  }
  return n;
}

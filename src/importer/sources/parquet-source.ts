// Streams a Parquet file one row group at a time: the footer first (the column
// names are the header record), then each row group's column chunks are read from
// the file, decoded, turned into rows of text cells and let go before the next.
// Memory holds one row group, whatever the file size; a large row group whose
// pages are indexed (an offset index; small unindexed chunks are simply decoded
// again) is read in slices of pages instead, so memory stays bounded however large
// the writer made its groups. A large group without page indexes is held whole.
import type { RowGroup } from 'hyparquet';
import { parquetReader } from './esm';
import { openFileBuffer } from './file-buffer';
import { cellFormat, takeDecimalScale, TEXT_PARSERS } from './parquet-cells';
import type { SourceHooks, SourceRecord } from './record-source';

/** Rows decoded at once within a large indexed row group: a slice's cells are what memory holds, against a decode call per slice (docs/performance.md#import). */
const SLICE_ROWS = 64_000;
/** A column chunk without an offset index is decoded whole for every slice: only worth it when small. */
const UNINDEXED_CHUNK_BYTES = 8n << 20n;

/** Groups up to twice a slice are read whole: slicing them would only decode their unindexed chunks twice. */
const sliceable = (group: RowGroup) => Number(group.num_rows) > 2 * SLICE_ROWS && group.columns.every((c) =>
  (c.offset_index_offset !== undefined && c.offset_index_length)
  || (c.meta_data?.total_uncompressed_size ?? UNINDEXED_CHUNK_BYTES) < UNINDEXED_CHUNK_BYTES);

export async function* parquetRecords(file: string, hooks: SourceHooks = {}): AsyncGenerator<SourceRecord> {
  const { hyparquet, compressors } = await parquetReader();
  const buffer = await openFileBuffer(file);
  try {
    const metadata = await hyparquet.parquetMetadataAsync(buffer);
    const columns = hyparquet.parquetSchema(metadata).children;
    const formats = columns.map((c) => cellFormat(c, c.children.length ? undefined : takeDecimalScale(c.element)));
    const names = columns.map((c) => c.element.name);
    yield { cells: names, line: 1 };
    const position = new Map(names.map((n, i) => [n, i]));

    let groupStart = 0;
    for (const group of metadata.row_groups) {
      const rows = Number(group.num_rows);
      const sliced = sliceable(group);
      const step = sliced ? SLICE_ROWS : Math.max(rows, 1);
      for (let from = groupStart; from < groupStart + rows; from += step) {
        const to = Math.min(from + step, groupStart + rows);
        const values = names.map(() => new Array<unknown>(to - from));
        await hyparquet.parquetRead({
          file: buffer, metadata, rowStart: from, rowEnd: to, compressors, utf8: false, parsers: TEXT_PARSERS, useOffsetIndex: sliced,
          // Chunks may start before `from` or run past `to` (whole pages): only the slice's rows are kept.
          onChunk: ({ columnName, columnData, rowStart }) => {
            const target = values[position.get(columnName) ?? -1];
            if (!target) return;
            for (let i = Math.max(from - rowStart, 0); i < columnData.length && rowStart + i < to; i++) target[rowStart + i - from] = columnData[i];
          },
        });
        for (let r = 0; r < to - from; r++) {
          yield { cells: formats.map((format, c) => format(values[c][r])), line: from + r + 2 };
        }
      }
      hooks.onBytes?.(Number(group.total_compressed_size ?? group.columns.reduce((n, c) => n + (c.meta_data?.total_compressed_size ?? 0n), 0n)));
      groupStart += rows;
    }
  } finally {
    await buffer.close();
  }
}

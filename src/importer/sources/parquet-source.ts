// Streams a Parquet file one row group at a time: the footer first (the column
// names are the header record), then each row group's column chunks are read from
// the file, decoded, turned into rows of text cells and let go before the next.
// Memory holds one row group, whatever the file size.
import { parquetReader } from './esm';
import { openFileBuffer } from './file-buffer';
import { cellFormat, takeDecimalScale, TEXT_PARSERS } from './parquet-cells';
import type { SourceHooks, SourceRecord } from './record-source';

export async function* parquetRecords(file: string, hooks: SourceHooks = {}): AsyncGenerator<SourceRecord> {
  const { hyparquet, compressors } = await parquetReader();
  const buffer = await openFileBuffer(file);
  try {
    const metadata = await hyparquet.parquetMetadataAsync(buffer);
    const columns = hyparquet.parquetSchema(metadata).children;
    const formats = columns.map((c) => cellFormat(c, c.children.length ? undefined : takeDecimalScale(c.element)));
    const names = columns.map((c) => c.element.name);
    yield { cells: names, line: 1 };

    let groupStart = 0;
    for (const group of metadata.row_groups) {
      const rows = Number(group.num_rows);
      const values = names.map(() => new Array<unknown>(rows));
      const position = new Map(names.map((n, i) => [n, i]));
      await hyparquet.parquetRead({
        file: buffer, metadata, rowStart: groupStart, rowEnd: groupStart + rows, compressors, utf8: false, parsers: TEXT_PARSERS,
        onChunk: ({ columnName, columnData, rowStart }) => {
          const target = values[position.get(columnName) ?? -1];
          if (!target) return;
          for (let i = 0; i < columnData.length; i++) {
            const at = rowStart - groupStart + i;
            if (at >= 0 && at < rows) target[at] = columnData[i];
          }
        },
      });
      for (let r = 0; r < rows; r++) {
        yield { cells: formats.map((format, c) => format(values[c][r])), line: groupStart + r + 2 };
      }
      hooks.onBytes?.(Number(group.total_compressed_size ?? group.columns.reduce((n, c) => n + (c.meta_data?.total_compressed_size ?? 0n), 0n)));
      groupStart += rows;
    }
  } finally {
    await buffer.close();
  }
}

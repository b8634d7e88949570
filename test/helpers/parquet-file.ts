// Writes a small Parquet file with hyparquet-writer, for tests of the Parquet reader.
import { writeFileSync } from 'node:fs';
import type { SchemaElement } from 'hyparquet';
import { parquetWriter } from '../../src/importer/sources/esm';

export interface ParquetColumn { name: string; data: unknown[]; schema: SchemaElement[] }

/** Leaf column helper: one schema element. */
export const leaf = (name: string, data: unknown[], element: Omit<SchemaElement, 'name'>): ParquetColumn =>
  ({ name, data, schema: [{ repetition_type: 'OPTIONAL', ...element, name }] });

/** A LIST column of one leaf type, in the standard three-level layout. */
export const list = (name: string, data: unknown[], element: Omit<SchemaElement, 'name'>): ParquetColumn => ({
  name, data, schema: [
    { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    { repetition_type: 'OPTIONAL', ...element, name: 'element' },
  ],
});

export async function writeParquet(file: string, columns: ParquetColumn[], rowGroupSize: number, pageSize?: number): Promise<void> {
  const { parquetWriteBuffer } = await parquetWriter();
  const schema: SchemaElement[] = [{ name: 'root', num_children: columns.length }, ...columns.flatMap((c) => c.schema)];
  const buffer = parquetWriteBuffer({
    columnData: columns.map((c) => ({ name: c.name, data: c.data as never })), schema, rowGroupSize, pageSize, statistics: false,
  });
  writeFileSync(file, new Uint8Array(buffer));
}

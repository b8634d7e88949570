// Reads PostgreSQL's binary COPY format (`COPY (…) TO STDOUT (FORMAT binary)`)
// as it streams, for statements whose columns are integers or text: one
// statement and no row object per row. The personalized rank's follow graph is
// read this way on Postgres (the largest table the service reads whole), where a
// row object per follow, and a statement per batch, were most of the load's time
// (docs/performance.md#follow-graph-load).
//
// The format (PostgreSQL's COPY documentation, "Binary Format"): an 11-byte
// signature, a 32-bit flags field, a 32-bit header-extension length and the
// extension; then per row a 16-bit field count and, per field, a 32-bit length
// (-1 for NULL) and the value in the type's binary send format (integers big
// endian, text as its bytes); a field count of -1 ends the stream.

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;

/** What a column holds: `int` (int2, int4 or int8, read as a JavaScript number) or `text`. */
export type BinaryColumn = 'int' | 'text';

export class BinaryCopyError extends Error {}

function intOf(buf: Buffer, at: number, length: number): number {
  if (length === 4) return buf.readInt32BE(at);
  if (length === 8) return Number(buf.readBigInt64BE(at));
  if (length === 2) return buf.readInt16BE(at);
  throw new BinaryCopyError(`binary COPY: an integer of ${length} bytes`);
}

/**
 * Calls `onRow` with each row's values, in stream order; the array is reused from row to row (copy what is
 * kept). Returns the number of rows. Throws BinaryCopyError on a stream that is not binary COPY of `columns`
 * (a NULL is refused: these reads name NOT NULL columns), or that ends before its trailer.
 */
export async function readBinaryCopy(
  chunks: AsyncIterable<Buffer>, columns: readonly BinaryColumn[], onRow: (values: (number | string)[]) => void,
): Promise<number> {
  const values = new Array<number | string>(columns.length);
  let pending: Buffer | undefined;
  let started = false;
  let ended = false;
  let rows = 0;
  for await (const chunk of chunks) {
    if (ended) throw new BinaryCopyError('binary COPY: data after the trailer');
    // A row cut by a chunk's end is completed by the next chunk; only that tail is carried over.
    const buf = pending ? Buffer.concat([pending, chunk]) : chunk;
    let pos = 0;
    if (!started) {
      if (buf.length < HEADER_BYTES) { pending = buf; continue; }
      if (!buf.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new BinaryCopyError('binary COPY: no signature');
      const extension = buf.readInt32BE(SIGNATURE.length + 4);
      if (buf.length < HEADER_BYTES + extension) { pending = buf; continue; }
      pos = HEADER_BYTES + extension;
      started = true;
    }
    while (buf.length - pos >= 2) {
      const fields = buf.readInt16BE(pos);
      if (fields === -1) { ended = true; pos += 2; break; }
      if (fields !== columns.length) throw new BinaryCopyError(`binary COPY: a row of ${fields} fields, expected ${columns.length}`);
      let at = pos + 2;
      let whole = true;
      for (let i = 0; i < fields; i++) {
        if (buf.length - at < 4) { whole = false; break; }
        const length = buf.readInt32BE(at);
        at += 4;
        if (length < 0) throw new BinaryCopyError(`binary COPY: NULL in column ${i + 1}`);
        if (buf.length - at < length) { whole = false; break; }
        values[i] = columns[i] === 'int' ? intOf(buf, at, length) : buf.toString('utf8', at, at + length);
        at += length;
      }
      if (!whole) break;
      onRow(values);
      rows += 1;
      pos = at;
    }
    pending = pos < buf.length ? buf.subarray(pos) : undefined;
  }
  if (!ended) throw new BinaryCopyError(started ? 'binary COPY: the stream ended before its trailer' : 'binary COPY: an empty stream');
  if (pending) throw new BinaryCopyError('binary COPY: data after the trailer');
  return rows;
}

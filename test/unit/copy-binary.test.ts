// The binary COPY reader on streams written here by the format's rules
// (PostgreSQL's COPY documentation, "Binary Format"), cut at every byte, and
// refusing what is not that format. test/postgres/copy-out.test.ts reads a real
// server's COPY.
import { BinaryCopyError, readBinaryCopy, type BinaryColumn } from '../../src/db/copy-binary';

type Value = { int4: number } | { int8: bigint } | { int2: number } | { text: string } | null;

function copyStream(rows: Value[][], extension = Buffer.alloc(0), trailer = true): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')];
  const int32 = (n: number) => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b; };
  const int16 = (n: number) => { const b = Buffer.alloc(2); b.writeInt16BE(n); return b; };
  parts.push(int32(0), int32(extension.length), extension);
  for (const row of rows) {
    parts.push(int16(row.length));
    for (const v of row) {
      if (v === null) { parts.push(int32(-1)); continue; }
      let bytes: Buffer;
      if ('int4' in v) bytes = int32(v.int4);
      else if ('int2' in v) bytes = int16(v.int2);
      else if ('int8' in v) { bytes = Buffer.alloc(8); bytes.writeBigInt64BE(v.int8); }
      else bytes = Buffer.from(v.text, 'utf8');
      parts.push(int32(bytes.length), bytes);
    }
  }
  if (trailer) parts.push(int16(-1));
  return Buffer.concat(parts);
}

// The reader under test takes an async iterable; this one has nothing to wait for.
async function* chunksOf(buf: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
  let at = 0;
  for (const cut of [...cuts, buf.length]) { yield buf.subarray(at, cut); at = cut; }
}

async function read(chunks: AsyncIterable<Buffer>, columns: BinaryColumn[]) {
  const rows: (number | string)[][] = [];
  const n = await readBinaryCopy(chunks, columns, (values) => { rows.push([...values]); });
  return { n, rows };
}

const ROWS: Value[][] = [
  [{ int4: 1 }, { text: '0x01' }],
  [{ int4: 2_147_483_647 }, { text: '' }],
  [{ int8: 9_007_199_254_740_991n }, { text: 'é漢🙂' }],
  [{ int2: -5 }, { text: '0x0100' }],
];
const EXPECTED = [[1, '0x01'], [2_147_483_647, ''], [9_007_199_254_740_991, 'é漢🙂'], [-5, '0x0100']];

describe('readBinaryCopy', () => {
  it('when the stream is cut at any byte, or in one-byte chunks, then the same rows in order, the values copied out of a reused array', async () => {
    const buf = copyStream(ROWS, Buffer.from('ext'));
    expect(await read(chunksOf(buf, []), ['int', 'text'])).toEqual({ n: 4, rows: EXPECTED });
    for (let cut = 1; cut < buf.length; cut++) {
      expect((await read(chunksOf(buf, [cut]), ['int', 'text'])).rows).toEqual(EXPECTED);
    }
    const ones = Array.from({ length: buf.length - 1 }, (_, i) => i + 1);
    expect(await read(chunksOf(buf, ones), ['int', 'text'])).toEqual({ n: 4, rows: EXPECTED });
  });

  it('when there are no rows, then none and 0', async () => {
    expect(await read(chunksOf(copyStream([]), [5]), ['int'])).toEqual({ n: 0, rows: [] });
  });

  it('when the stream is not binary COPY of the columns named, then BinaryCopyError saying why', async () => {
    const refuse = (buf: Buffer, columns: BinaryColumn[], why: RegExp) =>
      expect(read(chunksOf(buf, [3]), columns)).rejects.toThrow(why);
    await refuse(Buffer.from('fid,target_fid\n1,2\n'), ['int'], /no signature/);
    await refuse(copyStream([[{ int4: 1 }, null]]), ['int', 'text'], /NULL in column 2/);
    await refuse(copyStream([[{ int4: 1 }]]), ['int', 'text'], /a row of 1 fields, expected 2/);
    await refuse(copyStream([[{ text: 'abc' }]]), ['int'], /an integer of 3 bytes/);
    await refuse(copyStream([[{ int4: 1 }]], undefined, false), ['int'], /ended before its trailer/);
    await refuse(Buffer.concat([copyStream([[{ int4: 1 }]]), Buffer.from([0, 1])]), ['int'], /data after the trailer/);
    await expect(read(chunksOf(Buffer.alloc(0), []), ['int'])).rejects.toBeInstanceOf(BinaryCopyError);
  });
});

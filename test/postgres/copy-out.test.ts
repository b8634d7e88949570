// A real server's binary COPY read by readBinaryCopy: the same rows as a
// SELECT, over many chunks; and a reader that stops early, inside a
// transaction, which must end it at once (not leave the connection waiting on
// a COPY nobody reads) and leave the pool working.
import { readBinaryCopy } from '../../src/db/copy-binary';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const ROWS = 50_000;

describe('binary COPY out (Postgres)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    // Text of 0 to 12 characters, some outside ASCII; integers of 4 and 8 bytes.
    await t.db.sql.exec(`CREATE TABLE copy_probe AS
      SELECT i AS id, (i::bigint * 1000003) AS big, repeat(CASE WHEN i % 7 = 0 THEN 'é' ELSE 'x' END, i % 13) || i::text AS label
      FROM generate_series(1, ${ROWS}) AS i`);
  });
  afterAll(async () => { await t.close(); });

  it(`when ${ROWS.toLocaleString('en-US')} rows are copied out in binary, then they are the SELECT's rows, in its order`, async () => {
    const select = 'SELECT id, big, label FROM copy_probe ORDER BY id';
    const expected = (await t.db.sql.query<{ id: number; big: string; label: string }>(select)).map((r) => [r.id, Number(r.big), r.label]);
    const rows: (number | string)[][] = [];
    let chunks = 0;
    async function* counted() { for await (const c of t.db.sql.copyOut!(`COPY (${select}) TO STDOUT (FORMAT binary)`)) { chunks += 1; yield c; } }
    expect(await readBinaryCopy(counted(), ['int', 'int', 'text'], (v) => { rows.push([...v]); })).toBe(ROWS);
    expect(rows).toEqual(expected);
    expect(chunks).toBeGreaterThan(10);
  });

  it('when the reader stops early inside a transaction, then the transaction fails at once and the pool still answers', async () => {
    const started = Date.now();
    await expect(t.db.sql.transaction(async (tx) => {
      await readBinaryCopy(tx.copyOut!('COPY (SELECT id FROM copy_probe ORDER BY id) TO STDOUT (FORMAT binary)'), ['int'], (v) => {
        if (v[0] === 1000) throw new Error('reader gave up');
      });
    })).rejects.toThrow('reader gave up');
    expect(Date.now() - started).toBeLessThan(5000);
    // Outside a transaction too: the pool's own connection is dropped, not reused mid-COPY.
    await expect(readBinaryCopy(t.db.sql.copyOut!('COPY (SELECT id FROM copy_probe ORDER BY id) TO STDOUT (FORMAT binary)'), ['int'], () => {
      throw new Error('gave up again');
    })).rejects.toThrow('gave up again');
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM copy_probe')));
    expect(answers.map((a) => a[0].n)).toEqual(Array(8).fill(String(ROWS)));
  });
});

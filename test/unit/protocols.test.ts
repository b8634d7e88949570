import { FID, LENS_ID } from '../../src/domain/protocols';
import { createPgliteDatabase, type TestDatabase } from '../helpers/test-database';

// Lens ids in numeric order; canonical ones and ids with an odd digit count.
const NUMERIC = ['0x01', '0x09', '0x0a', '0x0f', '0x10', '0xff', '0x100', '0x0100', '0x01ff', '0xffff', '0x010000'];
const shuffled = ['0xff', '0x0a', '0x010000', '0x100', '0x01', '0xffff', '0x10', '0x09', '0x01ff', '0x0f', '0x0100'];

describe('protocol id orders', () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createPgliteDatabase(); });
  afterAll(async () => { await t.close(); });

  const ordered = async (order: string) =>
    (await t.db.sql.query<{ id: string }>(`SELECT id FROM unnest($1::text[]) AS x(id) ORDER BY ${order}`, [shuffled])).map((r) => r.id);

  it('when Lens ids are ordered in SQL, then by numeric value (0x0a after 0x09, 0x100 after 0xff)', async () => {
    expect(new Set(shuffled).size).toBe(NUMERIC.length);
    // '0x100' and '0x0100' are one number; only the canonical form is stored, so either order of the two is fine.
    const asc = await ordered(LENS_ID.order('id'));
    expect(asc.filter((id) => id !== '0x0100')).toEqual(NUMERIC.filter((id) => id !== '0x0100'));
    expect(asc.indexOf('0x0a')).toBeGreaterThan(asc.indexOf('0x09'));
    expect(asc.indexOf('0x100')).toBeGreaterThan(asc.indexOf('0xff'));
    expect(await ordered(LENS_ID.order('id', 'DESC'))).toEqual([...asc].reverse());
  });

  it('when Lens ids are compared in JavaScript, then in the SQL order', async () => {
    expect([...shuffled].sort(LENS_ID.compare)).toEqual(await ordered(LENS_ID.order('id')));
  });

  it('when a keyset compares Lens ids, then it agrees with the order', async () => {
    const rows = await t.db.sql.query<{ id: string }>(
      `SELECT id FROM unnest($1::text[]) AS x(id) WHERE (${LENS_ID.keys('id')}) < (${LENS_ID.keys('$2::text')}) ORDER BY ${LENS_ID.order('id')}`,
      [shuffled, '0x0a'],
    );
    expect(rows.map((r) => r.id)).toEqual(['0x01', '0x09']);
  });

  it('when fids are ordered, then as integers', async () => {
    const rows = await t.db.sql.query<{ id: number }>(`SELECT id FROM unnest($1::int[]) AS x(id) ORDER BY ${FID.order('id')}`, [[10, 9, 100, 2]]);
    expect(rows.map((r) => r.id)).toEqual([2, 9, 10, 100]);
    expect([10, 9, 100, 2].sort(FID.compare)).toEqual([2, 9, 10, 100]);
  });
});

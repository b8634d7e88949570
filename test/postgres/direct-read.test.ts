// Request reads on Postgres bypass Prisma (src/db/direct-read.ts): every kind
// of value a repository can select comes back as Prisma's raw query returns it.
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.close(); });

const VALUES = `
  SELECT 42::int AS i4, 7::smallint AS i2, 9007199254740993::bigint AS i8, count(*) AS counted, 1.5::float8 AS f8, 0.25::real AS f4,
    12.345::numeric::text AS decimal_text, true AS b, 'x'::text AS t, NULL::int AS missing,
    '2024-02-29'::date AS d, '2024-02-29 13:14:15.678'::timestamp AS ts, '2024-02-29 13:14:15.678+02'::timestamptz AS tstz,
    date_trunc('month', '2024-02-29 13:14:15+00'::timestamptz AT TIME ZONE 'UTC') AS month,
    ARRAY[1, 2]::int[] AS ints, ARRAY['a', NULL]::text[] AS texts, ARRAY[0.5]::float8[] AS floats,
    '{"a": [1, {"b": null}]}'::jsonb AS doc, $1::int[] AS bound_ints, $2::text AS bound_text, $3::bigint AS bound_big
  FROM (VALUES (1), (2)) v(x)`;

describe('direct reads', () => {
  it('when every kind of selected value is read, then it equals what Prisma\'s raw query returns', async () => {
    const params = [[3, 4], 'it\'s', '5000000000'];
    const direct = await t.db.read<Record<string, unknown>>(VALUES, ...params);
    const prisma = await t.db.prisma.$queryRawUnsafe<Record<string, unknown>[]>(VALUES, ...params);
    expect(direct).toEqual(prisma);
    expect(direct[0]).toMatchObject({
      i8: 9007199254740993n, counted: 2n, d: new Date('2024-02-29T00:00:00.000Z'), ts: new Date('2024-02-29T13:14:15.678Z'),
      tstz: new Date('2024-02-29T11:14:15.678Z'), month: new Date('2024-02-01T00:00:00.000Z'), decimal_text: '12.345', bound_big: 5000000000n,
    });
  });

  it('when a request statement runs, then Postgres does not JIT-compile it; the jobs pool keeps the server\'s setting', async () => {
    // A plan whose estimate passes jit_above_cost (100,000 by default) only because of an arm that never runs.
    const costly = `SELECT 1 AS one WHERE false UNION ALL SELECT count(*)::int FROM generate_series(1, 1000000) g, generate_series(1, 10) h WHERE (SELECT $1::boolean)`;
    const plan = async (read: (text: string, ...params: unknown[]) => Promise<{ 'QUERY PLAN': string }[]>) =>
      (await read(`EXPLAIN (ANALYZE, FORMAT TEXT) ${costly}`, false)).map((r) => r['QUERY PLAN']).join('\n');
    const [server] = await t.db.sql.query<{ jit: string }>('SHOW jit');
    expect(await t.db.read('SHOW jit')).toEqual([{ jit: 'off' }]);
    expect(await plan((text, ...params) => t.db.read(text, ...params))).not.toMatch(/JIT:/);
    if (server.jit === 'on') expect(await plan((text, ...params) => t.db.sql.query(text, params))).toMatch(/JIT:/);
  });

  it('when reads run, then each counts as one statement', async () => {
    const before = t.db.statementCount;
    await t.db.read('SELECT 1');
    await t.db.read('SELECT $1::int AS x', 2);
    expect(t.db.statementCount - before).toBe(2);
  });
});

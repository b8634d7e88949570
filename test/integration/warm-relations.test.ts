// The relations `cli warm` reads exist in a migrated database, so that an
// index renamed or dropped by a migration fails here, not on a user's server.
import { WARM_RELATIONS } from '../../src/db/warm-relations';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.close(); });

it('when the database is migrated, then every relation warm reads exists, once', async () => {
  const names = [...WARM_RELATIONS];
  expect(new Set(names).size).toBe(names.length);
  const rows = await t.db.sql.query<{ name: string; found: string | null }>(
    'SELECT n AS name, to_regclass(n)::text AS found FROM unnest($1::text[]) AS n', [names]);
  expect(rows.filter((r) => r.found !== r.name)).toEqual([]);
  expect(rows).toHaveLength(names.length);
});

// The Lens engagement lists the analytics refresh stores (LENS_ENGAGEMENT, read by
// src/repositories/lens-engagement.repository.ts) against the statement that counted
// them per request before: the same lists for every profile and limit once the
// refresh has run; after an import that adds engagement they stay as of the refresh
// until the next one. Generated `tiny` data; PGlite, or Postgres with TEST_DATABASE_URL.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { refreshAnalytics } from '../../src/analytics/refresh';
import type { Database } from '../../src/db/database';
import { LENS, LENS_ID } from '../../src/domain/protocols';
import { existsSql } from '../../src/repositories/protocols.sql';
import { importDataset } from '../../src/importer/import-dataset';
import { lensEngagement, type EngagementRow } from '../../src/repositories/lens-engagement.repository';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database';
import { removeTinyDatasets, tinyDataset } from '../helpers/tiny-dataset';

const DIRECTION = `(ARRAY['inbound', 'outbound'])[list % 2 + 1]`;
const KIND = `(ARRAY['likes', 'comments', 'quotes'])[list / 2 + 1]`;
const CHILD_LIST = (inbound: number) => `CASE c.publication_type WHEN 'COMMENT' THEN ${inbound + 2} ELSE ${inbound + 4} END`;

/** The statement that counted the lists per request before the refresh stored them. */
function counted(db: Database, ids: readonly string[], limit: number): Promise<EngagementRow[]> {
  return db.read<EngagementRow>(`
    WITH counted AS (
      SELECT p.profile_id AS me, 0 AS list, r.actioned_by_profile_id AS other, count(*)::int AS interactions
      FROM lens_publication p JOIN lens_reaction r ON r.publication_id = p.publication_id
      WHERE p.profile_id = ANY($1::text[]) AND r.type = 'UPVOTE' AND NOT p.is_hidden AND r.actioned_by_profile_id <> p.profile_id
      GROUP BY 1, 3
      UNION ALL
      SELECT r.actioned_by_profile_id, 1, p.profile_id, count(*)::int
      FROM lens_reaction r JOIN lens_publication p ON p.publication_id = r.publication_id
      WHERE r.actioned_by_profile_id = ANY($1::text[]) AND r.type = 'UPVOTE' AND NOT p.is_hidden AND r.actioned_by_profile_id <> p.profile_id
      GROUP BY 1, 3
      UNION ALL
      SELECT parent.profile_id, ${CHILD_LIST(0)}, c.profile_id, count(*)::int
      FROM lens_publication parent JOIN lens_publication c ON c.parent_publication_id = parent.publication_id
      WHERE parent.profile_id = ANY($1::text[]) AND c.publication_type IN ('COMMENT', 'QUOTE') AND NOT c.is_hidden AND NOT parent.is_hidden
        AND c.profile_id <> parent.profile_id
      GROUP BY 1, 2, 3
      UNION ALL
      SELECT c.profile_id, ${CHILD_LIST(1)}, parent.profile_id, count(*)::int
      FROM lens_publication c JOIN lens_publication parent ON parent.publication_id = c.parent_publication_id
      WHERE c.profile_id = ANY($1::text[]) AND c.publication_type IN ('COMMENT', 'QUOTE') AND NOT c.is_hidden AND NOT parent.is_hidden
        AND c.profile_id <> parent.profile_id
      GROUP BY 1, 2, 3),
    ranked AS (
      SELECT *, row_number() OVER (PARTITION BY me, list ORDER BY interactions DESC, ${LENS_ID.order('other')}) AS rn FROM counted
      WHERE ${existsSql(LENS, 'counted.other')})
    SELECT me AS profile_id, ${DIRECTION} AS direction, ${KIND} AS kind, other, interactions FROM ranked WHERE rn <= $2
    ORDER BY me, direction, kind, rn`, [...ids], limit);
}

const LIMITS = [1, 2, 20, 100];

/** Every profile's lists at each limit, stored and counted, in batches of 100 profiles (a request's largest). */
async function bothAnswers(db: Database, ids: readonly string[]) {
  const stored: EngagementRow[][] = [];
  const live: EngagementRow[][] = [];
  for (const limit of LIMITS) {
    for (let i = 0; i < ids.length; i += 100) {
      const batch = ids.slice(i, i + 100);
      stored.push(await lensEngagement(db, batch, limit));
      live.push(await counted(db, batch, limit));
    }
  }
  return { stored, live };
}

describe(`Lens engagement lists as of the analytics refresh (${onPostgres() ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestDatabase;
  let extra: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    extra = await mkdtemp(path.join(tmpdir(), 'sga-engagement-'));
  });
  afterAll(async () => { await t.close(); await removeTinyDatasets(); await rm(extra, { recursive: true, force: true }); });

  it('when refreshed, then every profile\'s lists at every limit are those counted from the rows; an import changes them only at the next refresh', async () => {
    const db = t.db;
    await importDataset(db, { dir: await tinyDataset(3), progress: 'silent' });
    await refreshAnalytics(db);
    const ids = (await db.sql.query<{ profile_id: string }>('SELECT profile_id FROM lens_profile ORDER BY 1')).map((r) => r.profile_id);
    const refreshed = await bothAnswers(db, ids);
    expect(refreshed.stored).toEqual(refreshed.live);
    // Long lists are cut at the limit, ties by id: the data has them.
    expect(refreshed.stored.flat().filter((r) => r.kind === 'likes').length).toBeGreaterThan(1000);

    // The profile that likes the least likes every visible publication of the most-liked profile it has not liked yet.
    const [{ liker, author }] = await db.sql.query<{ liker: string; author: string }>(`
      WITH likes AS (SELECT r.actioned_by_profile_id AS liker, p.profile_id AS author FROM lens_reaction r
        JOIN lens_publication p ON p.publication_id = r.publication_id WHERE r.type = 'UPVOTE')
      SELECT (SELECT k.profile_id FROM lens_profile k LEFT JOIN likes l ON l.liker = k.profile_id GROUP BY 1 ORDER BY count(l.author), 1 LIMIT 1) AS liker,
        (SELECT author FROM likes GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS author`);
    const added = await db.sql.query<{ publication_id: string }>(`
      SELECT p.publication_id FROM lens_publication p WHERE p.profile_id = $1 AND NOT p.is_hidden
        AND NOT EXISTS (SELECT 1 FROM lens_reaction r WHERE r.publication_id = p.publication_id AND r.actioned_by_profile_id = $2)`, [author, liker]);
    expect(added.length).toBeGreaterThan(0);
    await mkdir(path.join(extra, 'lens'), { recursive: true });
    await writeFile(path.join(extra, 'lens', 'publication_reaction.csv'), ['publication_id,actioned_by_profile_id,type,action_at',
      ...added.map((p) => `${p.publication_id},${liker},UPVOTE,2024-06-01 00:00:00 UTC`)].join('\n') + '\n');
    await importDataset(db, { dir: extra, progress: 'silent' });

    const imported = await bothAnswers(db, ids);
    expect(imported.stored).toEqual(refreshed.stored);
    expect(imported.live).not.toEqual(refreshed.live);
    const outbound = (rows: EngagementRow[]) => rows.filter((r) => r.profile_id === liker && r.direction === 'outbound' && r.kind === 'likes');
    expect(outbound(await counted(db, [liker], 1))).toEqual([{ profile_id: liker, direction: 'outbound', kind: 'likes', other: author, interactions: expect.any(Number) }]);

    await refreshAnalytics(db);
    const next = await bothAnswers(db, ids);
    expect(next.stored).toEqual(next.live);
    expect(outbound(await lensEngagement(db, [liker], 1))).toEqual(outbound(await counted(db, [liker], 1)));
  }, 600_000);
});

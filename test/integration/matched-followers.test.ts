// The matched-follower counts (fc_matched_followers, lens_matched_followers):
// per profile, its live followers times their matched pairs. Triggers keep them
// in the writer's statement whatever is written (follows on either network,
// verifications and Lens owners that make or break pairs, deletes, truncates);
// the counts route reads them and answers as counting every follower would
// (counted from the rows while an import has marked them); the refresh's recount puts
// damage right.
import { finishImport } from '../../src/importer/finalize';
import { recountMatchedFollowers } from '../../src/analytics/cross-match-repair';
import { prng } from '../../scripts/bench/prng';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'cross-protocol' }); });
afterAll(async () => { await s.close(); });

const sql = <T>(text: string, params: unknown[] = []) => s.testDb.db.sql.query<T>(text, params);

/** The matched pairs from their definition, computed here (case-insensitive on both sides). */
const DEFINED_PAIRS = `SELECT DISTINCT v.fid, p.profile_id FROM fc_verification v JOIN lens_profile p ON lower(p.owned_by) = lower(v.address)
  WHERE v.deleted_at IS NULL AND v.protocol = 'ethereum'`;

const asMap = (rows: { id: string | number; n: number }[]) => Object.fromEntries(rows.map((r) => [String(r.id), Number(r.n)]));
const stored = async () => ({
  fc: asMap(await sql('SELECT fid AS id, n FROM fc_matched_followers ORDER BY fid')),
  lens: asMap(await sql('SELECT profile_id AS id, n FROM lens_matched_followers ORDER BY profile_id')),
});
/** Every live follower (self-follows never) times its pairs, counted from the base tables. */
const defined = async () => ({
  fc: asMap(await sql(`SELECT k.target_fid AS id, count(*)::int AS n FROM fc_link k JOIN (${DEFINED_PAIRS}) m ON m.fid = k.fid
    WHERE k.deleted_at IS NULL AND k.fid <> k.target_fid GROUP BY 1 ORDER BY 1`)),
  lens: asMap(await sql(`SELECT f.profile_id AS id, count(*)::int AS n FROM lens_follow f JOIN (${DEFINED_PAIRS}) m ON m.profile_id = f.follower_profile_id
    WHERE f.deleted_at IS NULL AND f.follower_profile_id <> f.profile_id GROUP BY 1 ORDER BY 1`)),
});
const versions = async () => (await sql<{ data_version: number }>('SELECT data_version FROM protocol_state ORDER BY protocol')).map((r) => Number(r.data_version));
const marked = async () => (await sql("SELECT 1 FROM app_meta WHERE key = 'matched_followers_recount'")).length > 0;


const FIDS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const PROFILES = ['0x01', '0x02', '0x03', '0x0100', '0x05', '0x06', '0x07', '0x08', '0x09', '0x0a', '0x0b'];
const WHEN = ['2024-07-01T00:00:00Z', '2024-07-02T00:00:00Z'];
/** The two follow tables, written the same way (the followee first on Lens, the follower first on Farcaster). */
const FOLLOWS: Record<'farcaster' | 'lens', { table: string; columns: readonly string[]; type: string; ids: readonly (number | string)[] }> = {
  farcaster: { table: 'fc_link', columns: ['fid', 'target_fid'], type: 'int', ids: FIDS },
  lens: { table: 'lens_follow', columns: ['profile_id', 'follower_profile_id'], type: 'text', ids: PROFILES },
};

/** Each matched person's sides from the counts route against counting every follower; and how many have a non-zero side. */
async function routeAgainstRows(): Promise<{ mismatches: unknown[]; nonZero: number }> {
  const people = await sql<{ fid: number; profile_id: string }>(`${DEFINED_PAIRS} ORDER BY 1, 2`);
  expect(people.length).toBeGreaterThan(3);
  const mismatches: unknown[] = [];
  let nonZero = 0;
  for (const { fid, profile_id: p } of people) {
    const [want] = await sql<{ lens: number; farcaster: number }>(`WITH m AS (${DEFINED_PAIRS}) SELECT
      (SELECT count(*) FROM lens_follow lf JOIN m ON m.profile_id = lf.follower_profile_id
        WHERE lf.profile_id = $2 AND lf.deleted_at IS NULL AND lf.follower_profile_id <> $2 AND m.fid <> $1)::int AS lens,
      (SELECT count(*) FROM fc_link k JOIN m ON m.fid = k.fid
        WHERE k.target_fid = $1 AND k.deleted_at IS NULL AND k.fid <> $1 AND m.profile_id <> $2)::int AS farcaster`, [fid, p]);
    const r = await s.rest(`/api/v2/cross/overlap/counts?fid=${fid}&profile=${p}`);
    expect(r.status).toBe(200);
    const { totalCount: both, lensOnly, farcasterOnly, union } = r.body;
    const got = { fid, p, lens: lensOnly + both, farcaster: farcasterOnly + both, union };
    const expected = { fid, p, lens: want.lens, farcaster: want.farcaster, union: want.lens + want.farcaster - both };
    if (JSON.stringify(got) !== JSON.stringify(expected)) mismatches.push({ got, expected });
    if (lensOnly > 0 || farcasterOnly > 0) nonZero++;
  }
  return { mismatches, nonZero };
}

describe('matched-follower counts kept by triggers', () => {
  it('when the fixture is imported and refreshed, then the counts are the definition\'s and no recount is pending', async () => {
    const d = await defined();
    expect(Object.keys(d.fc).length).toBeGreaterThan(0);
    expect(Object.keys(d.lens).length).toBeGreaterThan(0);
    expect(await stored()).toEqual(d);
    expect(await marked()).toBe(false);
  });

  it('when 300 random writes of every kind are made, one statement each as the sync and the importer write, then after each the counts are the definition\'s', async () => {
    const addresses = (await sql<{ a: string }>(`SELECT DISTINCT owned_by AS a FROM lens_profile UNION SELECT DISTINCT lower(address) FROM fc_verification ORDER BY 1`)).map((r) => r.a);
    const rnd = prng(15); // the same writes every run
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    const deletedAt = () => (rnd() < 1 / 3 ? pick(WHEN) : null);
    const kinds = new Set<string>();
    for (let step = 0; step < 300; step++) {
      const kind = pick(['link', 'links', 'unlink', 'follow', 'follows', 'unfollow', 'verify', 'owner']);
      kinds.add(kind);
      if (kind === 'link' || kind === 'links' || kind === 'follow' || kind === 'follows') {
        const { table, columns, type, ids } = kind.startsWith('link') ? FOLLOWS.farcaster : FOLLOWS.lens;
        const rows = Array.from({ length: kind.endsWith('s') ? 4 : 1 }, () => [pick(ids), pick(ids), pick(WHEN), deletedAt()] as const);
        const unique = [...new Map(rows.map((x) => [`${x[0]}|${x[1]}`, x])).values()];
        await sql(`INSERT INTO ${table} (${columns.join(', ')}, timestamp, deleted_at) SELECT * FROM unnest($1::${type}[], $2::${type}[], $3::timestamptz[], $4::timestamptz[])
          ON CONFLICT (${columns.join(', ')}) DO UPDATE SET timestamp = EXCLUDED.timestamp, deleted_at = EXCLUDED.deleted_at`,
        [0, 1, 2, 3].map((i) => unique.map((x) => x[i])));
      } else if (kind === 'unlink') {
        await sql('DELETE FROM fc_link WHERE fid = $1', [pick(FIDS)]);
      } else if (kind === 'unfollow') {
        await sql('DELETE FROM lens_follow WHERE follower_profile_id = $1', [pick(PROFILES)]);
      } else if (kind === 'verify') {
        await sql(`INSERT INTO fc_verification (fid, address, protocol, timestamp, deleted_at) VALUES ($1, $2, 'ethereum', $3, $4)
          ON CONFLICT (fid, address) DO UPDATE SET timestamp = EXCLUDED.timestamp, deleted_at = EXCLUDED.deleted_at`, [pick(FIDS), pick(addresses), pick(WHEN), deletedAt()]);
      } else {
        await sql('UPDATE lens_profile SET owned_by = $1 WHERE profile_id = $2', [pick(addresses), pick(PROFILES)]);
      }
      expect({ step, kind, counts: await stored() }).toEqual({ step, kind, counts: await defined() });
    }
    expect(kinds.size).toBe(8);
    const d = await defined();
    expect(Object.keys(d.fc).length + Object.keys(d.lens).length).toBeGreaterThan(4);
  });

  it('when the counts route is asked for every matched person, then each side is what counting every follower gives', async () => {
    const { mismatches, nonZero } = await routeAgainstRows();
    expect(mismatches).toEqual([]);
    expect(nonZero).toBeGreaterThan(0);
  });

  it('when the counts are damaged while an import has marked them, then the counts route counts from the rows until the recount', async () => {
    await sql('UPDATE fc_matched_followers SET n = n + 5');
    await sql('UPDATE lens_matched_followers SET n = n + 5');
    expect((await routeAgainstRows()).mismatches.length).toBeGreaterThan(0);
    await finishImport(s.testDb.db.sql, new Set(['lens_profile']));
    expect(await marked()).toBe(true);
    expect((await routeAgainstRows()).mismatches).toEqual([]);
    // Every stored row was damaged.
    const d = await defined();
    expect(await recountMatchedFollowers(s.testDb.db.sql)).toEqual({ fixed: Object.keys(d.fc).length + Object.keys(d.lens).length });
    expect(await marked()).toBe(false);
    expect((await routeAgainstRows()).mismatches).toEqual([]);
  });

  it('when a side is truncated, then its counts go with it, and with the pairs gone both go', async () => {
    await s.testDb.db.sql.transaction(async (tx) => {
      const count = async (t: string) => Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0].n);
      expect(await count('fc_matched_followers') + await count('lens_matched_followers')).toBeGreaterThan(0);
      await tx.exec('TRUNCATE lens_follow');
      expect(await count('lens_matched_followers')).toBe(0);
      expect(await count('fc_matched_followers')).toBeGreaterThan(0);
      await tx.exec('TRUNCATE fc_verification');
      expect(await count('fc_matched_followers')).toBe(0);
      throw new Error('undo');
    }).catch((err) => { if (!String(err).includes('undo')) throw err; });
    expect(await stored()).toEqual(await defined());
  });

  it('when the counts are damaged, then the refresh\'s recount puts them right only once an import has marked them, and moves the data versions', async () => {
    await sql("UPDATE fc_matched_followers SET n = n + 5 WHERE fid = (SELECT min(fid) FROM fc_matched_followers)");
    await sql("DELETE FROM lens_matched_followers WHERE profile_id = (SELECT min(profile_id) FROM lens_matched_followers)");
    await sql("INSERT INTO lens_matched_followers (profile_id, n) VALUES ('0x0fff', 2)");
    const damaged = await stored();
    expect(damaged).not.toEqual(await defined());
    expect(await recountMatchedFollowers(s.testDb.db.sql)).toBeNull();
    expect(await stored()).toEqual(damaged);

    await finishImport(s.testDb.db.sql, new Set(['lens_follow']));
    expect(await marked()).toBe(true);
    const before = await versions();
    expect(await recountMatchedFollowers(s.testDb.db.sql)).toEqual({ fixed: 3 });
    expect(await stored()).toEqual(await defined());
    expect(await marked()).toBe(false);
    expect((await versions()).map((v, i) => v - before[i])).toEqual([1, 1]);

    await finishImport(s.testDb.db.sql, new Set(['fc_verification']));
    const after = await versions();
    expect(await recountMatchedFollowers(s.testDb.db.sql)).toEqual({ fixed: 0 });
    expect(await versions()).toEqual(after);
  });
});

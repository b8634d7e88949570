// The handle search's two ways of ordering many prefix matches by followers:
// walking the profiles by live followers, or probing every candidate's count.
// On a seeded population (usernames and fnames that differ, upper case, deleted
// names, ties, profiles with no followers or no counts row), every prefix of
// every name is answered the same by the scan, by the walk, and by a walk whose
// budget runs out, and equals the answer computed here from the rows.
import { searchFarcasterFidsVia } from '../../src/repositories/farcaster-profile.repository';
import { FC_USER_DATA } from '../../src/domain/protocols';
import { rebuildFarcasterLive } from '../../src/analytics/farcaster-live.sql';
import { bothDatabases, type TestDatabase } from '../helpers/test-database';
import { Rng } from '../../src/datagen/random';

const PROFILES = 600;
const LIMIT = 20;
const STEMS = ['ann', 'anna', 'annabel', 'bo', 'bob', 'carl', 'Carla'];

interface Person { fid: number; username: string | null; usernameDeleted: boolean; fnames: { name: string; deleted: boolean }[]; followers: number | null }

function population(seed: number): Person[] {
  const rng = new Rng(seed, 'handle-search');
  const rand = () => rng.float();
  const pick = <T>(xs: readonly T[]) => rng.pick(xs);
  return Array.from({ length: PROFILES }, (_, k): Person => {
    const fid = k + 1;
    const name = `${pick(STEMS)}${rand() < 0.1 ? '' : Math.floor(rand() * 50)}`;
    const other = `${pick(STEMS)}x${fid}`;
    return {
      fid,
      username: rand() < 0.85 ? name : null,
      usernameDeleted: rand() < 0.05,
      fnames: [{ name: rand() < 0.7 ? name.toLowerCase() : other, deleted: rand() < 0.05 }, ...(rand() < 0.1 ? [{ name: `old${fid}`, deleted: true }] : [])],
      // Few distinct counts (ties by fid); most none, with a row of zeros or without a row.
      followers: rand() < 0.15 ? null : rand() < 0.6 ? 0 : 1 + Math.floor(rand() ** 3 * 11),
    };
  });
}

/** A person's live username and fnames, lower case. */
const liveNames = (p: Person) => [...(p.username && !p.usernameDeleted ? [p.username.toLowerCase()] : []),
  ...p.fnames.filter((f) => !f.deleted).map((f) => f.name.toLowerCase())];

/** The answer from its definition: exact names first, then followers descending, then fid. */
function expected(people: Person[], handle: string): number[] {
  const needle = handle.toLowerCase();
  return people.filter((p) => liveNames(p).some((n) => n.startsWith(needle)))
    .map((p) => ({ fid: p.fid, exact: liveNames(p).includes(needle), followers: p.followers ?? 0 }))
    .sort((a, b) => Number(b.exact) - Number(a.exact) || b.followers - a.followers || a.fid - b.fid)
    .slice(0, LIMIT).map((c) => c.fid);
}

describe.each(bothDatabases())('handle search ways on %s', (_name, open) => {
  let t: TestDatabase;
  const people = population(20261128);
  beforeAll(async () => {
    t = await open();
    const sql = t.db.sql;
    const now = new Date('2026-11-01T00:00:00Z');
    for (const p of people) {
      if (p.username) {
        await sql.query(`INSERT INTO fc_user_data (fid, type, value, timestamp, deleted_at) VALUES ($1, $2, $3, $4, $5)`,
          [p.fid, FC_USER_DATA.username, p.username, now, p.usernameDeleted ? now : null]);
      }
      for (const f of p.fnames) await sql.query(`INSERT INTO fc_fname (fid, fname, deleted_at) VALUES ($1, $2, $3)`, [p.fid, f.name, f.deleted ? now : null]);
      if (p.followers !== null) await sql.query(`INSERT INTO fc_profile_counts (fid, followers) VALUES ($1, $2)`, [p.fid, p.followers]);
    }
  }, 120_000);
  afterAll(async () => { await t?.close(); });

  const handles = () => {
    const all = new Set<string>(['zzz', 'Ann', 'ANNA', 'carla', 'a_', '%']);
    for (const p of people) for (const n of [p.username ?? '', ...p.fnames.map((f) => f.name)]) for (let k = 1; k <= n.length; k++) all.add(n.slice(0, k));
    return [...all].sort();
  };

  it('when every prefix of every name is searched, then the scan, the walk and a walk out of budget all give the answer from the rows', async () => {
    const ways = new Map<string, number>();
    for (const handle of handles()) {
      const want = expected(people, handle);
      for (const [label, plan] of [
        ['scan', { walkFrom: 1_000_000, minWalkFrom: 0, budgetFactor: 4, stepsPerProbe: 20 }],
        ['walk', { walkFrom: 1, minWalkFrom: 0, budgetFactor: 1_000, stepsPerProbe: 20 }],
        ['short walk', { walkFrom: 1, minWalkFrom: 0, budgetFactor: 4, stepsPerProbe: 20 }],
      ] as const) {
        const got = await searchFarcasterFidsVia(t.db, handle, LIMIT, plan);
        expect([handle, label, got.fids]).toEqual([handle, label, want]);
        ways.set(`${label}: ${got.via}`, (ways.get(`${label}: ${got.via}`) ?? 0) + 1);
      }
    }
    // Each way ran: the walk answered the prefixes with enough followed matches and fell back on the others
    // (the short one more often); a prefix of fnames only has no username to reach the threshold of 1.
    expect([...ways.keys()].sort()).toEqual(['scan: scan', 'short walk: scan', 'short walk: walk', 'short walk: walk, scan', 'walk: scan', 'walk: walk', 'walk: walk, scan']);
    expect(ways.get('short walk: walk, scan')).toBeGreaterThan(ways.get('walk: walk, scan')!);
  }, 120_000);

  it('when the threshold is not pinned, then a prefix walks from sqrt(limit × profiles ÷ stepsPerProbe) candidates', async () => {
    await t.db.sql.query(`INSERT INTO protocol_state (protocol, profile_count) VALUES ('farcaster', $1)
      ON CONFLICT (protocol) DO UPDATE SET profile_count = excluded.profile_count`, [PROFILES]);
    const plan = { minWalkFrom: 0, budgetFactor: 1_000, stepsPerProbe: 1 };
    // sqrt(20 × 600 ÷ 1) = 109.5: `a` has more usernames than that, `annab` fewer.
    const usernames = (p: string) => people.filter((x) => x.username && !x.usernameDeleted && x.username.toLowerCase().startsWith(p)).length;
    expect([usernames('a'), usernames('annab')].map((n) => n >= 110)).toEqual([true, false]);
    expect((await searchFarcasterFidsVia(t.db, 'a', LIMIT, plan)).via).toBe('walk');
    expect((await searchFarcasterFidsVia(t.db, 'annab', LIMIT, plan)).via).toBe('scan');
    expect((await searchFarcasterFidsVia(t.db, 'a', LIMIT, { ...plan, minWalkFrom: 10_000 })).via).toBe('scan');
  });

  it('when an import has left the live counters stale, then the search scans, counting followers from the links', async () => {
    await t.db.sql.query(`INSERT INTO app_meta (key, value) VALUES ('farcaster_live_stale', 'import')`);
    try {
      const got = await searchFarcasterFidsVia(t.db, 'a', LIMIT, { walkFrom: 1, minWalkFrom: 0, budgetFactor: 1_000, stepsPerProbe: 20 });
      // No links here: every count is 0, so the exact matches, then fid order.
      const matches = people.filter((p) => liveNames(p).some((n) => n.startsWith('a'))).map((p) => p.fid);
      expect(got).toEqual({ via: 'scan', fids: matches.slice(0, LIMIT) });
    } finally {
      await t.db.sql.query(`DELETE FROM app_meta WHERE key = 'farcaster_live_stale'`);
    }
  });
  /** Each counters row's search names against its person's live names. */
  async function expectNamesKept() {
    const rows = await t.db.sql.query<{ fid: number; search_names: string[] }>('SELECT fid, search_names FROM fc_profile_counts ORDER BY fid');
    expect(rows.length).toBeGreaterThan(0);
    const byFid = new Map(people.map((p) => [p.fid, p]));
    for (const r of rows) expect([r.fid, r.search_names]).toEqual([r.fid, [...new Set(liveNames(byFid.get(r.fid)!))].sort()]);
  }

  it('when names change after the counters exist, then the triggers keep each row\'s search names, and the walk finds the new names', async () => {
    const sql = t.db.sql;
    const now = new Date('2026-11-02T00:00:00Z');
    await expectNamesKept();
    const counted = people.filter((p) => p.followers !== null);
    const [renamed, unnamed, added, dropped] = [counted.find((p) => p.username && !p.usernameDeleted)!, counted.find((p) => p.fnames.some((f) => !f.deleted) && p.fid > 100)!,
      counted.find((p) => p.fid > 200)!, counted.find((p) => p.username && p.fid > 300)!];
    // A username renamed, an fname released, an fname added, a username row removed; one statement each, as the sync writes them.
    await sql.query('UPDATE fc_user_data SET value = $2 WHERE fid = $1 AND type = $3', [renamed.fid, 'Zebra1', FC_USER_DATA.username]);
    renamed.username = 'Zebra1';
    await sql.query('UPDATE fc_fname SET deleted_at = $2 WHERE fid = $1', [unnamed.fid, now]);
    for (const f of unnamed.fnames) f.deleted = true;
    await sql.query('INSERT INTO fc_fname (fid, fname) VALUES ($1, $2)', [added.fid, 'zebra2']);
    added.fnames.push({ name: 'zebra2', deleted: false });
    await sql.query('DELETE FROM fc_user_data WHERE fid = $1 AND type = $2', [dropped.fid, FC_USER_DATA.username]);
    dropped.username = null;
    // A fid counted for the first time, by the live sync's upsert, after its name was written.
    const fresh = people.find((p) => p.followers === null && p.fid !== added.fid)!;
    await sql.query('INSERT INTO fc_fname (fid, fname) VALUES ($1, $2)', [fresh.fid, 'zebra3']);
    fresh.fnames.push({ name: 'zebra3', deleted: false });
    await sql.query(`INSERT INTO fc_profile_counts AS t (fid, followers) SELECT * FROM unnest($1::int[], $2::int[])
      ON CONFLICT (fid) DO UPDATE SET followers = t.followers + EXCLUDED.followers`, [[fresh.fid, renamed.fid], [50, 40]]);
    fresh.followers = 50;
    renamed.followers = (renamed.followers ?? 0) + 40;
    await expectNamesKept();
    const ways = new Set<string>();
    for (const handle of ['zebra', 'zebra1', ...handles().slice(0, 60)]) {
      const got = await searchFarcasterFidsVia(t.db, handle, LIMIT, { walkFrom: 1, minWalkFrom: 0, budgetFactor: 1_000, stepsPerProbe: 20 });
      expect([handle, got.fids]).toEqual([handle, expected(people, handle)]);
      ways.add(got.via);
    }
    expect(ways.has('walk')).toBe(true);
  });

  it('when the refresh rebuilds the live counters, then it writes every row\'s search names', async () => {
    // Links give every other person a follower; the rebuild replaces the rows the tests wrote.
    const links = people.filter((p) => p.fid % 2 === 0).map((p) => [p.fid - 1, p.fid]);
    await t.db.sql.query(`INSERT INTO fc_link (fid, target_fid, timestamp) SELECT f, g, now() FROM unnest($1::int[], $2::int[]) AS x(f, g)`,
      [links.map((l) => l[0]), links.map((l) => l[1])]);
    await rebuildFarcasterLive(t.db.sql);
    const rows = await t.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM fc_profile_counts');
    expect(rows[0].n).toBe(people.length);
    await expectNamesKept();
  });
});

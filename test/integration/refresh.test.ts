// The analytics refresh (src/analytics/refresh.ts) on the hand-made fixture
// test/fixtures/analytics, whose answers are listed in its README.md. Runs on
// in-memory PGlite, or on a fresh Postgres database when TEST_DATABASE_URL is set
// (test/helpers/test-database.ts). Every read goes through SQL on the tables.
import path from 'node:path';
import { percentileCategory } from '../../src/domain/periods';
import { refreshAnalytics, type ProtocolReport, type RefreshOptions } from '../../src/analytics/refresh';
import type { ProtocolName as Protocol } from '../../src/domain/protocols';
import type { Database } from '../../src/db/database';
import { importDataset } from '../../src/importer/import-dataset';
import { trending } from '../../src/repositories/analytics.repository';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'analytics');
const FC_AS_OF = '2024-06-30T12:00:00.000Z';
const LENS_AS_OF = '2024-06-15T00:00:00.000Z';
const FC_N = 40;
const LENS_N = 13;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const FC_TABLES = ['fc_graph_score', 'fc_profile_stats', 'fc_follower_summary', 'fc_follower_gain'];
const LENS_TABLES = ['lens_graph_score', 'lens_profile_stats', 'lens_follower_summary', 'lens_follower_gain', 'lens_follower_daily'];

async function loadFixture(): Promise<TestDatabase> {
  const t = await createTestDatabase();
  const summary = await importDataset(t.db, { dir: FIXTURE, progress: 'silent' });
  if (summary.rowsBad !== 0) throw new Error(`fixture has bad rows: ${JSON.stringify(summary.tables.flatMap((x) => x.badSamples))}`);
  return t;
}

const rows = <T = Record<string, unknown>>(db: Database, text: string, params?: unknown[]) => db.sql.query<T>(text, params);

/** Followers of fids as readers see them: through protocol_state.generation. */
async function currentFollowers(db: Database, fids: number[]): Promise<Record<number, number>> {
  const r = await rows<{ fid: number; followers: number }>(db, `
    SELECT s.fid, s.followers FROM fc_profile_stats s
    JOIN protocol_state ps ON ps.protocol = 'farcaster' AND s.generation = ps.generation
    WHERE s.fid = ANY($1::int[]) ORDER BY s.fid`, [fids]);
  return Object.fromEntries(r.map((x) => [x.fid, x.followers]));
}

async function currentDayGain(db: Database, fid: number): Promise<number | undefined> {
  const [r] = await rows<{ gained: number }>(db, `
    SELECT g.gained FROM fc_follower_gain g
    JOIN protocol_state ps ON ps.protocol = 'farcaster' AND g.generation = ps.generation
    WHERE g.period = 'day' AND g.fid = $1`, [fid]);
  return r?.gained;
}

async function generationOf(db: Database, protocol: Protocol): Promise<number> {
  const [r] = await rows<{ generation: number }>(db, 'SELECT generation FROM protocol_state WHERE protocol = $1', [protocol]);
  return r.generation;
}

/** Rows per generation of each analytics table: { table: { generation: rows } }. */
async function generationsPerTable(db: Database, tables = [...FC_TABLES, ...LENS_TABLES]) {
  const out: Record<string, Record<number, number>> = {};
  for (const t of tables) {
    const r = await rows<{ generation: number; n: number }>(db, `SELECT generation, count(*)::int AS n FROM ${t} GROUP BY 1 ORDER BY 1`);
    out[t] = Object.fromEntries(r.map((x) => [x.generation, x.n]));
  }
  return out;
}

/** Everything a reader can see: protocol_state and the current generation's rows of every table, without the generation column. */
async function readableState(db: Database) {
  const out: Record<string, unknown> = {
    protocol_state: await rows(db, 'SELECT * FROM protocol_state ORDER BY protocol'),
  };
  for (const [protocol, tables] of [['farcaster', FC_TABLES], ['lens', LENS_TABLES]] as const) {
    for (const t of tables) {
      const r = await rows<Record<string, unknown>>(db, `
        SELECT x.* FROM ${t} x JOIN protocol_state ps ON ps.protocol = '${protocol}' AND x.generation = ps.generation`);
      out[t] = r.map((row) => { const rest = { ...row }; delete rest.generation; return JSON.stringify(rest); }).sort();
    }
  }
  return out;
}

/** A refresh that stops after `step` until release() is called. */
function pausedRefresh(db: Database, step: string, opts: RefreshOptions = {}) {
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const paused = new Promise<void>((resolve) => { reached = resolve; });
  const done = refreshAnalytics(db, {
    ...opts,
    afterStep: async (_protocol, s) => {
      if (s === step) { reached(); await gate; }
    },
  });
  // If the refresh fails before the pause, paused must not hang the test.
  done.catch(() => reached());
  return { paused, release, done };
}

describe(`analytics refresh on the analytics fixture (${onPostgres() ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestDatabase;
  let reports: ProtocolReport[] | null;
  const q = <T = Record<string, unknown>>(text: string, params?: unknown[]) => rows<T>(t.db, text, params);

  beforeAll(async () => {
    t = await loadFixture();
    reports = await refreshAnalytics(t.db);
  });
  afterAll(async () => { await t?.close(); });

  describe('state', () => {
    it('when the fixture is refreshed, then each protocol is at generation 1, as of its newest event, with N profiles', async () => {
      expect(reports?.map((r) => [r.protocol, r.generation, r.asOf, r.profiles])).toEqual([
        ['farcaster', 1, FC_AS_OF, FC_N], ['lens', 1, LENS_AS_OF, LENS_N]]);
      const state = await q<{ protocol: string; generation: number; profile_count: number; as_of: Date; score_average: number | null }>(
        'SELECT protocol, generation, profile_count, as_of, score_average FROM protocol_state ORDER BY protocol');
      expect(state.map((s) => [s.protocol, s.generation, s.profile_count, s.as_of.toISOString(), s.score_average])).toEqual([
        ['farcaster', 1, FC_N, FC_AS_OF, null], ['lens', 1, LENS_N, LENS_AS_OF, 0.5]]);
    });

    it('when the fixture is refreshed, then every known profile has exactly one stats row', async () => {
      const fc = await q<{ fid: number }>('SELECT fid FROM fc_profile_stats WHERE generation = 1 ORDER BY fid');
      expect(fc.map((r) => r.fid)).toEqual(range(1, 40));
      const lens = await q<{ profile_id: string }>('SELECT profile_id FROM lens_profile_stats WHERE generation = 1 ORDER BY length(profile_id), profile_id');
      expect(lens.map((r) => r.profile_id)).toEqual([...range(1, 12).map((i) => `0x${i.toString(16).padStart(2, '0')}`), '0x0100']);
    });
  });

  describe('farcaster counters and ranks', () => {
    const stats = async (fids: number[]) => q<Record<string, number>>(`
      SELECT fid, followers, following, posts, likes_received, recasts_received, replies_received, quotes_received,
        engagement_received, follower_rank, engagement_rank, score_rank, likes_rank, collect_rank
      FROM fc_profile_stats WHERE generation = 1 AND fid = ANY($1::int[]) ORDER BY fid`, [fids]);

    it('when interactions include self-likes, self-recasts, self-replies, self-quotes, deleted casts and unlikes, then only the others count', async () => {
      expect(await stats([1, 2, 3, 4, 5])).toEqual([
        { fid: 1, followers: 12, following: 1, posts: 3, likes_received: 4, recasts_received: 2, replies_received: 2, quotes_received: 1,
          engagement_received: 9, follower_rank: 1, engagement_rank: 1, score_rank: 1, likes_rank: 1, collect_rank: 1 },
        { fid: 2, followers: 7, following: 1, posts: 1, likes_received: 2, recasts_received: 1, replies_received: 1, quotes_received: 1,
          engagement_received: 5, follower_rank: 2, engagement_rank: 2, score_rank: 2, likes_rank: 2, collect_rank: 2 },
        { fid: 3, followers: 5, following: 2, posts: 1, likes_received: 2, recasts_received: 1, replies_received: 0, quotes_received: 0,
          engagement_received: 3, follower_rank: 3, engagement_rank: 3, score_rank: 6, likes_rank: 2, collect_rank: 2 },
        { fid: 4, followers: 4, following: 2, posts: 2, likes_received: 1, recasts_received: 0, replies_received: 0, quotes_received: 0,
          engagement_received: 1, follower_rank: 4, engagement_rank: 4, score_rank: 4, likes_rank: 4, collect_rank: 4 },
        { fid: 5, followers: 4, following: 2, posts: 1, likes_received: 0, recasts_received: 0, replies_received: 0, quotes_received: 0,
          engagement_received: 0, follower_rank: 4, engagement_rank: 5, score_rank: 4, likes_rank: 5, collect_rank: 4 },
      ]);
    });

    it('when profiles tie on followers, then they share a rank and the next rank is skipped (rank(), not dense_rank())', async () => {
      const r = await q<{ followers: number; follower_rank: number; fids: number[] }>(`
        SELECT followers, follower_rank, array_agg(fid ORDER BY fid) AS fids FROM fc_profile_stats
        WHERE generation = 1 GROUP BY 1, 2 ORDER BY follower_rank`);
      expect(r).toEqual([
        { followers: 12, follower_rank: 1, fids: [1] },
        { followers: 7, follower_rank: 2, fids: [2] },
        { followers: 5, follower_rank: 3, fids: [3] },
        { followers: 4, follower_rank: 4, fids: [4, 5] },
        { followers: 3, follower_rank: 6, fids: [6] },
        { followers: 2, follower_rank: 7, fids: range(7, 19) },
        { followers: 1, follower_rank: 20, fids: [20, 21] },
        { followers: 0, follower_rank: 22, fids: range(22, 40) },
      ]);
    });

    it('when likes and recasts tie, then likes_rank and collect_rank (recasts) share ranks and skip', async () => {
      const r = await q<{ likes_rank: number; collect_rank: number; engagement_rank: number; n: number }>(`
        SELECT likes_rank, collect_rank, engagement_rank, count(*)::int AS n FROM fc_profile_stats
        WHERE generation = 1 AND fid > 5 GROUP BY 1, 2, 3`);
      // Everyone without engagement ties behind the five who have some.
      expect(r).toEqual([{ likes_rank: 5, collect_rank: 4, engagement_rank: 5, n: 35 }]);
    });

    it('when someone follows themselves, then it is neither a follower nor a following', async () => {
      const [r] = await q<{ n: number }>('SELECT count(*)::int AS n FROM fc_link WHERE fid = 1 AND target_fid = 1 AND deleted_at IS NULL');
      expect(r.n).toBe(1);
      expect(await stats([1])).toMatchObject([{ followers: 12, following: 1 }]);
    });
  });

  describe('lens counters and ranks', () => {
    const stats = async (ids: string[]) => q<Record<string, unknown>>(`
      SELECT profile_id, followers, following, posts, likes_received, comments_received, quotes_received, mirrors_received,
        collects_received, engagement_received, classifier_score, follower_rank, engagement_rank, score_rank, likes_rank, collect_rank
      FROM lens_profile_stats WHERE generation = 1 AND profile_id = ANY($1::text[]) ORDER BY length(profile_id), profile_id`, [ids]);

    it('when interactions include self-comments/mirrors/upvotes/collects, a DOWNVOTE, a non-collect act and a hidden publication, then only the others count', async () => {
      expect(await stats(['0x01', '0x02', '0x03', '0x04', '0x05', '0x0b', '0x0100'])).toEqual([
        { profile_id: '0x01', followers: 6, following: 2, posts: 2, likes_received: 3, comments_received: 2, quotes_received: 1, mirrors_received: 1,
          collects_received: 2, engagement_received: 7, classifier_score: 0.9, follower_rank: 1, engagement_rank: 1, score_rank: 1, likes_rank: 1, collect_rank: 1 },
        { profile_id: '0x02', followers: 2, following: 2, posts: 1, likes_received: 2, comments_received: 0, quotes_received: 1, mirrors_received: 0,
          collects_received: 2, engagement_received: 3, classifier_score: 0.5, follower_rank: 3, engagement_rank: 2, score_rank: 2, likes_rank: 2, collect_rank: 1 },
        { profile_id: '0x03', followers: 2, following: 2, posts: 0, likes_received: 0, comments_received: 0, quotes_received: 0, mirrors_received: 0,
          collects_received: 0, engagement_received: 0, classifier_score: 0.5, follower_rank: 3, engagement_rank: 4, score_rank: 2, likes_rank: 4, collect_rank: 3 },
        { profile_id: '0x04', followers: 4, following: 1, posts: 0, likes_received: 1, comments_received: 0, quotes_received: 0, mirrors_received: 0,
          collects_received: 0, engagement_received: 1, classifier_score: 0.1, follower_rank: 2, engagement_rank: 3, score_rank: 4, likes_rank: 3, collect_rank: 3 },
        { profile_id: '0x05', followers: 1, following: 2, posts: 0, likes_received: 0, comments_received: 0, quotes_received: 0, mirrors_received: 0,
          collects_received: 0, engagement_received: 0, classifier_score: null, follower_rank: 5, engagement_rank: 4, score_rank: 5, likes_rank: 4, collect_rank: 3 },
        { profile_id: '0x0b', followers: 0, following: 2, posts: 0, likes_received: 0, comments_received: 0, quotes_received: 0, mirrors_received: 0,
          collects_received: 0, engagement_received: 0, classifier_score: null, follower_rank: 8, engagement_rank: 4, score_rank: 5, likes_rank: 4, collect_rank: 3 },
        { profile_id: '0x0100', followers: 1, following: 1, posts: 0, likes_received: 0, comments_received: 0, quotes_received: 0, mirrors_received: 0,
          collects_received: 0, engagement_received: 0, classifier_score: null, follower_rank: 5, engagement_rank: 4, score_rank: 5, likes_rank: 4, collect_rank: 3 },
      ]);
    });
  });

  describe('percentile bands', () => {
    // The band of rank / N; each limit is inclusive.
    it.each([
      [1, 1000, 'top 0.1%'], [2, 1000, 'top 1%'],
      [10, 1000, 'top 1%'], [11, 1000, 'top 5%'],
      [50, 1000, 'top 5%'], [51, 1000, 'top 10%'],
      [100, 1000, 'top 10%'], [101, 1000, 'top 25%'],
      [250, 1000, 'top 25%'], [251, 1000, 'top 50%'],
      [500, 1000, 'top 50%'], [501, 1000, 'bottom 50%'],
      [1000, 1000, 'bottom 50%'],
      // The same limits reached through other divisions (the quotient must equal the literal).
      [3, 3000, 'top 0.1%'], [4, 3000, 'top 1%'],
      [3, 300, 'top 1%'], [4, 300, 'top 5%'],
      [3, 60, 'top 5%'], [4, 60, 'top 10%'],
      [3, 30, 'top 10%'], [4, 30, 'top 25%'],
      [7, 28, 'top 25%'], [8, 28, 'top 50%'],
      [7, 14, 'top 50%'], [8, 14, 'bottom 50%'],
      [1, 1, 'bottom 50%'], [1, 2, 'top 50%'],
    ])('when rank is %i of %i, then the band is %s', (rank, n, band) => {
      expect(percentileCategory(rank, n)).toBe(band);
    });

    it('when fixture ranks are put in bands of N = profile_count, then ranks 2, 4 and 20 of 40 land exactly on the 5%, 10% and 50% limits', async () => {
      const [{ profile_count: n }] = await q<{ profile_count: number }>(`SELECT profile_count FROM protocol_state WHERE protocol = 'farcaster'`);
      const r = await q<{ fid: number; follower_rank: number; engagement_rank: number }>(
        'SELECT fid, follower_rank, engagement_rank FROM fc_profile_stats WHERE generation = 1 AND fid = ANY($1::int[]) ORDER BY fid',
        [[1, 2, 3, 4, 6, 7, 20, 22]]);
      expect(r.map((x) => [x.fid, percentileCategory(x.follower_rank, n)])).toEqual([
        [1, 'top 5%'], [2, 'top 5%'], [3, 'top 10%'], [4, 'top 10%'], [6, 'top 25%'], [7, 'top 25%'], [20, 'top 50%'], [22, 'bottom 50%']]);
      // Without engagement, fid 22 shares rank 5 of 40 = 0.125.
      expect(percentileCategory(r.find((x) => x.fid === 22)!.engagement_rank, n)).toBe('top 25%');
    });

    it('when lens ranks are put in bands of N = 13, then rank 3 is top 25%, rank 5 top 50% and the tied zeros (rank 8) bottom 50%', async () => {
      const [{ profile_count: n }] = await q<{ profile_count: number }>(`SELECT profile_count FROM protocol_state WHERE protocol = 'lens'`);
      const r = await q<{ profile_id: string; follower_rank: number }>(`
        SELECT profile_id, follower_rank FROM lens_profile_stats WHERE generation = 1 AND profile_id IN ('0x01', '0x04', '0x02', '0x05', '0x0b')
        ORDER BY follower_rank, profile_id`);
      expect(r.map((x) => [x.profile_id, percentileCategory(x.follower_rank, n)])).toEqual([
        ['0x01', 'top 10%'], ['0x04', 'top 25%'], ['0x02', 'top 25%'], ['0x05', 'top 50%'], ['0x0b', 'bottom 50%']]);
    });
  });

  describe('follower gains', () => {
    const gains = (protocol: Protocol, period: string, ids: (number | string)[]) => protocol === 'farcaster'
      ? q<Record<string, unknown>>(`SELECT fid AS id, gained, followers_at_start, gain_rank, trend_score FROM fc_follower_gain
          WHERE generation = 1 AND period = $1 AND fid = ANY($2::int[]) ORDER BY fid`, [period, ids])
      : q<Record<string, unknown>>(`SELECT profile_id AS id, gained, followers_at_start, gain_rank, trend_score FROM lens_follower_gain
          WHERE generation = 1 AND period = $1 AND profile_id = ANY($2::text[]) ORDER BY length(profile_id), profile_id`, [period, ids]);

    it('when follows fall at as_of − 1 day exactly, 1 s after, and unfollows inside the day, then `day` counts (start, now] net', async () => {
      // fid 2: the follow at as_of − 1 day is at the start, the one a second later is gained.
      // fid 3: one follow and one unfollow inside the day: net 0. fid 1: its self-follow inside the day is ignored.
      expect(await gains('farcaster', 'day', [1, 2, 3, 6])).toEqual([
        { id: 1, gained: 0, followers_at_start: 12, gain_rank: 2, trend_score: 0 },
        { id: 2, gained: 1, followers_at_start: 6, gain_rank: 1, trend_score: 1 / 16 },
        { id: 3, gained: 0, followers_at_start: 5, gain_rank: 2, trend_score: 0 },
        { id: 6, gained: 0, followers_at_start: 3, gain_rank: 2, trend_score: 0 },
      ]);
    });

    it('when follows fall at as_of − 7 days exactly and 1 s before, and unfollows inside the week, then `week` gains are net (negative too)', async () => {
      expect(await gains('farcaster', 'week', [1, 2, 3, 6, 20, 21, 22])).toEqual([
        { id: 1, gained: 2, followers_at_start: 10, gain_rank: 1, trend_score: 2 / 20 },
        { id: 2, gained: 2, followers_at_start: 5, gain_rank: 1, trend_score: 2 / 15 },
        { id: 3, gained: 0, followers_at_start: 5, gain_rank: 5, trend_score: 0 },
        { id: 6, gained: -2, followers_at_start: 5, gain_rank: 40, trend_score: -2 / 15 },
        { id: 20, gained: 1, followers_at_start: 0, gain_rank: 3, trend_score: 1 / 10 },
        { id: 21, gained: 1, followers_at_start: 0, gain_rank: 3, trend_score: 1 / 10 },
        { id: 22, gained: 0, followers_at_start: 0, gain_rank: 5, trend_score: 0 },
      ]);
    });

    it('when follows fall at as_of − 30 days exactly, 1 s before and 1 s after, then `month` gains only the later one', async () => {
      expect(await gains('farcaster', 'month', [1, 2, 6, 20])).toEqual([
        { id: 1, gained: 2, followers_at_start: 10, gain_rank: 2, trend_score: 2 / 20 },
        { id: 2, gained: 5, followers_at_start: 2, gain_rank: 1, trend_score: 5 / 12 },
        { id: 6, gained: -2, followers_at_start: 5, gain_rank: 40, trend_score: -2 / 15 },
        { id: 20, gained: 1, followers_at_start: 0, gain_rank: 3, trend_score: 1 / 10 },
      ]);
    });

    it('when gains are read, then every profile has a row per period, gained = followers − followers_at_start and trend = gained / (start + 10)', async () => {
      const [r] = await q<{ n: number; bad_gain: number; bad_trend: number }>(`
        SELECT count(*)::int AS n,
          count(*) FILTER (WHERE g.gained <> s.followers - g.followers_at_start)::int AS bad_gain,
          count(*) FILTER (WHERE abs(g.trend_score - g.gained::float8 / (g.followers_at_start + 10)) > 1e-12)::int AS bad_trend
        FROM fc_follower_gain g JOIN fc_profile_stats s ON s.generation = g.generation AND s.fid = g.fid WHERE g.generation = 1`);
      expect(r).toEqual({ n: 3 * FC_N, bad_gain: 0, bad_trend: 0 });
    });

    it('when trend scores tie, then trending orders by gained, then id, and leaves out gains below 1', async () => {
      // week: fid 1 (2 / (10 + 10)), fids 20 and 21 (1 / (0 + 10)) all score 0.1.
      const order = (period: string) => q<{ fid: number }>(`
        SELECT fid FROM fc_follower_gain WHERE generation = 1 AND period = $1 AND gained >= 1
        ORDER BY trend_score DESC, gained DESC, fid`, [period]);
      for (const period of ['week', 'month'] as const) {
        expect((await order(period)).map((r) => r.fid)).toEqual([2, 1, 20, 21]);
        expect((await trending(t.db, 'farcaster', period, 0, 10)).map((r) => Number(r.id))).toEqual([2, 1, 20, 21]);
      }
      expect((await order('day')).map((r) => r.fid)).toEqual([2]);
      // The stored trending places agree, and only gainers have one.
      const places = await q<{ period: string; fids: number[] }>(`
        SELECT period, array_agg(fid ORDER BY trend_position) AS fids FROM fc_follower_gain
        WHERE generation = 1 AND trend_position IS NOT NULL GROUP BY period ORDER BY period`);
      expect(places).toEqual([{ period: 'day', fids: [2] }, { period: 'month', fids: [2, 1, 20, 21] }, { period: 'week', fids: [2, 1, 20, 21] }]);
      const [positions] = await q<{ bad: number }>(`SELECT count(*)::int AS bad FROM fc_follower_gain WHERE generation = 1
        AND (trend_position IS NULL) <> (gained < 1)`);
      expect(positions.bad).toBe(0);
      const [tie] = await q<{ n: number }>(`SELECT count(DISTINCT trend_score)::int AS n FROM fc_follower_gain
        WHERE generation = 1 AND period = 'week' AND fid IN (1, 20, 21)`);
      expect(tie.n).toBe(1);
    });

    it('when lens follows fall on the window edges and one unfollow is inside the week, then lens gains are net too', async () => {
      expect(await gains('lens', 'day', ['0x01', '0x04'])).toEqual([
        { id: '0x01', gained: 0, followers_at_start: 6, gain_rank: 2, trend_score: 0 },
        { id: '0x04', gained: 1, followers_at_start: 3, gain_rank: 1, trend_score: 1 / 13 },
      ]);
      expect(await gains('lens', 'week', ['0x01', '0x04', '0x0c', '0x0100'])).toEqual([
        { id: '0x01', gained: -1, followers_at_start: 7, gain_rank: 13, trend_score: -1 / 17 },
        { id: '0x04', gained: 3, followers_at_start: 1, gain_rank: 1, trend_score: 3 / 11 },
        { id: '0x0c', gained: 1, followers_at_start: 0, gain_rank: 2, trend_score: 1 / 10 },
        { id: '0x0100', gained: 1, followers_at_start: 0, gain_rank: 2, trend_score: 1 / 10 },
      ]);
      expect(await gains('lens', 'month', ['0x01', '0x04', '0x0c', '0x0100'])).toEqual([
        { id: '0x01', gained: -1, followers_at_start: 7, gain_rank: 13, trend_score: -1 / 17 },
        { id: '0x04', gained: 4, followers_at_start: 0, gain_rank: 1, trend_score: 4 / 10 },
        { id: '0x0c', gained: 1, followers_at_start: 0, gain_rank: 2, trend_score: 1 / 10 },
        { id: '0x0100', gained: 1, followers_at_start: 0, gain_rank: 2, trend_score: 1 / 10 },
      ]);
    });

    it('when lens trend scores and gains tie, then trending orders by numeric id (0x0c before 0x0100, not text order)', async () => {
      for (const period of ['week', 'month'] as const) {
        const r = await q<{ profile_id: string }>(`SELECT profile_id FROM lens_follower_gain
          WHERE generation = 1 AND period = $1 AND trend_position IS NOT NULL ORDER BY trend_position`, [period]);
        expect(r.map((x) => x.profile_id)).toEqual(['0x04', '0x0c', '0x0100']);
        expect((await trending(t.db, 'lens', period, 0, 10)).map((x) => x.id)).toEqual(['0x04', '0x0c', '0x0100']);
      }
    });
  });

  describe('follower daily', () => {
    /** Followers at the end of each UTC day from the cumulative deltas. */
    const cumulative = async (fid: number, days: string[]) => {
      const out: Record<string, number> = {};
      for (const day of days) {
        const [r] = await q<{ n: number }>(`SELECT coalesce(sum(delta), 0)::int AS n FROM fc_follower_day
          WHERE fid = $1 AND day <= $2::date`, [fid, day]);
        out[day] = r.n;
      }
      return out;
    };

    it('when follows and unfollows happen on several days, then the cumulative sum is the follower count at the end of each day', async () => {
      // fid 6: +1 (01-05), +3 (01-15), +2 −1 (02-01), −1 +1 (06-25: no row), −1 (06-26), −1 (06-27).
      expect(await cumulative(6, ['2024-01-04', '2024-01-05', '2024-01-15', '2024-02-01', '2024-06-24', '2024-06-25', '2024-06-26', '2024-06-27', '2024-06-30']))
        .toEqual({ '2024-01-04': 0, '2024-01-05': 1, '2024-01-15': 4, '2024-02-01': 5, '2024-06-24': 5, '2024-06-25': 5,
          '2024-06-26': 4, '2024-06-27': 3, '2024-06-30': 3 });
      // fid 2: three follows on 05-31 (around as_of − 30 days), two on 06-23, two on 06-29.
      expect(await cumulative(2, ['2024-05-30', '2024-05-31', '2024-06-23', '2024-06-28', '2024-06-29']))
        .toEqual({ '2024-05-30': 0, '2024-05-31': 3, '2024-06-23': 5, '2024-06-28': 5, '2024-06-29': 7 });
      // fid 3: a follow and an unfollow on 06-30 cancel out.
      expect(await cumulative(3, ['2024-05-01', '2024-06-29', '2024-06-30'])).toEqual({ '2024-05-01': 5, '2024-06-29': 5, '2024-06-30': 5 });
    });

    it('when a day nets to zero, then it has no row; self-follows never appear', async () => {
      const r = await q<{ fid: number; day: string; delta: number }>(`
        SELECT fid, to_char(day, 'YYYY-MM-DD') AS day, delta FROM fc_follower_day WHERE fid IN (1, 3, 6) ORDER BY fid, day`);
      expect(r).toEqual([
        { fid: 1, day: '2024-01-10', delta: 10 }, { fid: 1, day: '2024-06-25', delta: 1 }, { fid: 1, day: '2024-06-26', delta: 1 },
        { fid: 3, day: '2024-02-01', delta: 1 }, { fid: 3, day: '2024-03-01', delta: 1 }, { fid: 3, day: '2024-03-10', delta: 1 },
        { fid: 3, day: '2024-04-01', delta: 1 }, { fid: 3, day: '2024-05-01', delta: 1 },
        { fid: 6, day: '2024-01-05', delta: 1 }, { fid: 6, day: '2024-01-15', delta: 3 }, { fid: 6, day: '2024-02-01', delta: 1 },
        { fid: 6, day: '2024-06-26', delta: -1 }, { fid: 6, day: '2024-06-27', delta: -1 },
      ]);
    });

    it('when all deltas of a profile are summed, then they equal its current followers, for every profile of both protocols', async () => {
      const [fc] = await q<{ bad: number }>(`
        SELECT count(*)::int AS bad FROM fc_profile_stats s
        LEFT JOIN (SELECT fid, sum(delta)::int AS n FROM fc_follower_day GROUP BY fid) d ON d.fid = s.fid
        WHERE s.generation = 1 AND coalesce(d.n, 0) <> s.followers`);
      const [lens] = await q<{ bad: number }>(`
        SELECT count(*)::int AS bad FROM lens_profile_stats s
        LEFT JOIN (SELECT profile_id, sum(delta)::int AS n FROM lens_follower_daily WHERE generation = 1 GROUP BY profile_id) d ON d.profile_id = s.profile_id
        WHERE s.generation = 1 AND coalesce(d.n, 0) <> s.followers`);
      expect([fc.bad, lens.bad]).toEqual([0, 0]);
      const l = await q<{ day: string; delta: number }>(`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, delta FROM lens_follower_daily WHERE generation = 1 AND profile_id = '0x01' ORDER BY day`);
      expect(l).toEqual([{ day: '2024-03-01', delta: 7 }, { day: '2024-06-10', delta: -1 }]);
    });
  });

  describe('follower summary', () => {
    const summary = (fids: number[]) => q<{ fid: number; top_followers: number[]; histogram: number[] }>(`
      SELECT fid, top_followers, histogram FROM fc_follower_summary WHERE generation = 1 AND fid = ANY($1::int[]) ORDER BY fid`, [fids]);

    it('when a profile has followers with 0, 1-9 and 10-99 followers, then top_followers is by their followers desc then id, and the histogram buckets them', async () => {
      expect(await summary([1, 2, 3, 6])).toEqual([
        { fid: 1, top_followers: range(2, 13), histogram: [0, 12, 0, 0, 0, 0] },
        // fid 1 (12 followers) first, fid 3 (5), the tie fid 4 / fid 5 (4 each) by id, then the zeros by id.
        { fid: 2, top_followers: [1, 3, 4, 5, 30, 31, 32], histogram: [3, 3, 1, 0, 0, 0] },
        // fid 38 unfollowed: left out.
        { fid: 3, top_followers: [33, 34, 35, 36, 37], histogram: [5, 0, 0, 0, 0, 0] },
        { fid: 6, top_followers: [14, 15, 16], histogram: [0, 3, 0, 0, 0, 0] },
      ]);
    });

    it('when a profile has no followers, then it has no summary row; histograms sum to the follower count', async () => {
      const r = await q<{ fid: number }>('SELECT fid FROM fc_follower_summary WHERE generation = 1 ORDER BY fid');
      expect(r.map((x) => x.fid)).toEqual(range(1, 21));
      const [bad] = await q<{ n: number }>(`
        SELECT count(*)::int AS n FROM fc_follower_summary f JOIN fc_profile_stats s ON s.generation = 1 AND s.fid = f.fid
        WHERE f.generation = 1 AND (SELECT sum(h) FROM unnest(f.histogram) h) <> s.followers`);
      expect(bad.n).toBe(0);
    });

    it('when lens followers tie, then they are ordered by numeric id (0x05 before 0x0100)', async () => {
      const r = await q(`SELECT top_followers, histogram FROM lens_follower_summary WHERE generation = 1 AND profile_id = '0x01'`);
      expect(r).toEqual([{ top_followers: ['0x04', '0x02', '0x03', '0x05', '0x0100', '0x09'], histogram: [1, 5, 0, 0, 0, 0] }]);
    });
  });

  describe('graph score', () => {
    for (const [protocol, table, key, stats] of [
      ['farcaster', 'fc_graph_score', 'fid', 'fc_profile_stats'], ['lens', 'lens_graph_score', 'profile_id', 'lens_profile_stats']] as const) {
      it(`when ${protocol} scores are computed, then they are in [0, 1], the maximum is exactly 1 and profiles nobody follows share the minimum`, async () => {
        const [r] = await q<{ n: number; lo: number; hi: number; ones: number; unfollowed_min: number; unfollowed_max: number; followed_min: number; mismatched: number }>(`
          SELECT count(*)::int AS n, min(g.score) AS lo, max(g.score) AS hi, count(*) FILTER (WHERE g.score = 1)::int AS ones,
            min(g.score) FILTER (WHERE s.followers = 0) AS unfollowed_min, max(g.score) FILTER (WHERE s.followers = 0) AS unfollowed_max,
            min(g.score) FILTER (WHERE s.followers > 0) AS followed_min,
            count(*) FILTER (WHERE g.score <> s.graph_score)::int AS mismatched
          FROM ${table} g JOIN ${stats} s ON s.generation = g.generation AND s.${key} = g.${key} WHERE g.generation = 1`);
        expect(r.n).toBe(protocol === 'farcaster' ? FC_N : LENS_N);
        expect(r.lo).toBeGreaterThan(0);
        expect(r.hi).toBe(1);
        expect(r.ones).toBe(1);
        expect(r.unfollowed_min).toBe(r.lo);
        expect(r.unfollowed_max).toBe(r.lo);
        expect(r.followed_min).toBeGreaterThan(r.lo);
        expect(r.mismatched).toBe(0);
      });
    }

    it('when farcaster profiles are ranked by graph score, then the one at 1 is rank 1 and the unfollowed tie at rank 22', async () => {
      const r = await q<{ fid: number; graph_score: number; score_rank: number }>(`
        SELECT fid, graph_score, score_rank FROM fc_profile_stats WHERE generation = 1 AND (score_rank = 1 OR fid = 22) ORDER BY fid`);
      expect(r).toEqual([{ fid: 1, graph_score: 1, score_rank: 1 }, { fid: 22, graph_score: expect.any(Number), score_rank: 22 }]);
    });
  });
});

describe(`analytics refresh generations (${onPostgres() ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestDatabase;
  const q = <T = Record<string, unknown>>(text: string, params?: unknown[]) => rows<T>(t.db, text, params);

  beforeAll(async () => { t = await loadFixture(); });
  afterAll(async () => { await t?.close(); });

  it('when refreshed twice, then the generation moves to 2 and generation 1 rows are deleted', async () => {
    expect((await refreshAnalytics(t.db))?.map((r) => r.generation)).toEqual([1, 1]);
    const first = await generationsPerTable(t.db);
    const before = await readableState(t.db);
    expect((await refreshAnalytics(t.db))?.map((r) => r.generation)).toEqual([2, 2]);
    expect([await generationOf(t.db, 'farcaster'), await generationOf(t.db, 'lens')]).toEqual([2, 2]);
    const second = await generationsPerTable(t.db);
    for (const table of Object.keys(first)) {
      expect(Object.keys(first[table])).toEqual(['1']);
      expect(second[table]).toEqual({ 2: first[table][1] });
    }
    const after = await readableState(t.db);
    // Same data, same answers; only refreshed_at moved, and the data version (every published refresh moves it on, by one).
    const strip = (s: Record<string, unknown>) => ({ ...s, protocol_state: (s.protocol_state as Record<string, unknown>[]).map((row) => { const x = { ...row }; delete x.refreshed_at; delete x.generation; delete x.data_version; return x; }) });
    expect(strip(after)).toEqual(strip(before));
    const versions = (s: Record<string, unknown>) => (s.protocol_state as { data_version: string | number }[]).map((r) => BigInt(r.data_version));
    // On Postgres both protocols publish side by side: each publish moves both rows on.
    expect(versions(after)).toEqual(versions(before).map((v) => v + 2n));
  });

  it('when a refresh fails at "gains", then generation and all readable rows are exactly as before, and the next refresh cleans the leftovers', async () => {
    const generation = await generationOf(t.db, 'farcaster');
    const before = await readableState(t.db);
    // Farcaster only: on Postgres the protocols of one refresh run side by side, so a
    // failure of one says nothing about when the other stops.
    await expect(refreshAnalytics(t.db, {
      protocols: ['farcaster'],
      afterStep: (_protocol, step) => (step === 'gains' ? Promise.reject(new Error('boom at gains')) : Promise.resolve()),
    })).rejects.toThrow('boom at gains');

    expect(await readableState(t.db)).toEqual(before);
    // The failed refresh left generation + 1 rows of the steps it finished; lens was not refreshed.
    const leftovers = await generationsPerTable(t.db);
    for (const table of ['fc_graph_score', 'fc_profile_stats', 'fc_follower_summary', 'fc_follower_gain']) {
      expect(leftovers[table][generation + 1]).toBeGreaterThan(0);
    }
    for (const table of LENS_TABLES) expect(Object.keys(leftovers[table])).toEqual([String(generation)]);

    // The lock was released: the next refresh runs, rewrites generation + 1 cleanly and drops the old one.
    const reports = await refreshAnalytics(t.db);
    expect(reports?.map((r) => r.generation)).toEqual([generation + 1, generation + 1]);
    const clean = await generationsPerTable(t.db);
    for (const table of Object.keys(clean)) {
      expect(clean[table]).toEqual({ [generation + 1]: leftovers[table][generation] });
    }
  });

  it('when data changes while a refresh is paused at its last step ("gains"), then readers keep the old generation until it is published', async () => {
    const T = (s: string) => new Date(s);
    // A follow that the paused refresh will see (it starts after this insert) …
    await q('INSERT INTO fc_link (fid, target_fid, timestamp) VALUES (38, 22, $1)', [T('2024-06-30T11:00:00Z')]);
    const old = await generationOf(t.db, 'farcaster');
    const run = pausedRefresh(t.db, 'gains', { protocols: ['farcaster'] });
    await run.paused;

    // … and one inserted while it is paused, after its stats were computed.
    expect(await currentFollowers(t.db, [22, 6])).toEqual({ 22: 0, 6: 3 });
    await q('INSERT INTO fc_link (fid, target_fid, timestamp) VALUES (39, 22, $1)', [T('2024-06-30T11:30:00Z')]);
    await q(`UPDATE fc_link SET deleted_at = $1 WHERE fid = 14 AND target_fid = 6`, [T('2024-06-30T11:45:00Z')]);
    expect(await currentFollowers(t.db, [22, 6])).toEqual({ 22: 0, 6: 3 });
    expect(await currentDayGain(t.db, 22)).toBe(0);
    expect(await generationOf(t.db, 'farcaster')).toBe(old);
    // The generation being written already sits beside the one readers use.
    const [next] = await q<{ followers: number }>('SELECT followers FROM fc_profile_stats WHERE generation = $1 AND fid = 22', [old + 1]);
    expect(next.followers).toBe(1);

    run.release();
    const reports = await run.done;
    expect(reports?.map((r) => [r.protocol, r.generation])).toEqual([['farcaster', old + 1]]);
    // Published: the follow that was there when the refresh computed its counters.
    expect(await currentFollowers(t.db, [22, 6])).toEqual({ 22: 1, 6: 3 });
    expect(await currentDayGain(t.db, 22)).toBe(1);

    // The changes made during the pause are picked up by the next refresh.
    expect((await refreshAnalytics(t.db, { protocols: ['farcaster'] }))?.[0].generation).toBe(old + 2);
    expect(await currentFollowers(t.db, [22, 6])).toEqual({ 22: 2, 6: 2 });
    expect(await currentDayGain(t.db, 22)).toBe(2);
    expect(await currentDayGain(t.db, 6)).toBe(-1);
  });

  it(`when a second refresh starts while one is running, then it returns null (${onPostgres() ? 'advisory lock' : 'in-process lock'}) and the first completes`, async () => {
    const generation = await generationOf(t.db, 'farcaster');
    const run = pausedRefresh(t.db, 'stats', { protocols: ['farcaster'] });
    await run.paused;
    expect(await refreshAnalytics(t.db)).toBeNull();
    expect(await refreshAnalytics(t.db, { protocols: ['lens'] })).toBeNull();
    run.release();
    expect((await run.done)?.map((r) => r.generation)).toEqual([generation + 1]);
    // Released: a refresh runs again.
    expect((await refreshAnalytics(t.db, { protocols: ['farcaster'] }))?.map((r) => r.generation)).toEqual([generation + 2]);
  });
});

// The analytics refresh: counters, ranks, period gains, daily
// follower deltas, follower summaries and graph scores, per protocol, written
// as a new generation beside the one readers use, then flipped in one short
// transaction. Readers never wait for it; a failure leaves the old generation.
import type { Database } from '../db/database';
import type { SqlClient } from '../db/sql-client';
import { analyticsTables, asOfSql, BUMP_DATA_VERSION_SQL, PROTOCOL_NAMES, PROTOCOLS, stateOf, type ProtocolName } from '../domain/protocols';
import { computeGraphScore, scaleToUnitMax, type GraphScoreOptions } from './graph-score';
import { loadFollowGraph } from './follow-edges';
import { FC_GAINS, FC_STATS, FC_SUMMARY, FC_TRENDING_CATEGORIES } from './farcaster-refresh.sql';
import { rebuildFarcasterLive } from './farcaster-live.sql';
import { farcasterLiveIsStale } from '../repositories/live-state.repository';
import { LENS_DAILY, LENS_ENGAGEMENT, LENS_GAINS, LENS_SCORE_AVERAGE, LENS_STATS, LENS_SUMMARY, LENS_TRENDING_CATEGORIES } from './lens-refresh.sql';
import { withRefreshLock } from './refresh-lock';
import { trendingEvents } from './trending-events';
import { insertPushEvents } from '../repositories/push-outbox.sql';

export interface RefreshOptions {
  protocols?: ProtocolName[];
  graph?: Omit<GraphScoreOptions, 'pretrust'> & { pretrust?: { farcaster?: number[]; lens?: string[] } };
  log?: (line: string) => void;
  /**
   * Farcaster's live counters and follower history: 'rebuild' them from the base
   * tables (the default: after an import, or when asked), or only 'ifStale', when
   * an import marked them (a scheduled refresh beside a live sync, which keeps them current).
   */
  live?: 'rebuild' | 'ifStale';
  /** Test seam: awaited after each step (a throw aborts the refresh). */
  afterStep?: (protocol: ProtocolName, step: string) => Promise<void>;
}

export interface ProtocolReport {
  protocol: ProtocolName; generation: number; asOf: string; profiles: number; seconds: number;
  steps: { step: string; seconds: number }[]; graph: { nodes: number; edges: number; iterations: number; delta: number };
}

/** Per protocol, the statement of each step (Farcaster's daily table is live, not a step; its engagement is counted per request). */
const STATEMENTS = {
  farcaster: { stats: FC_STATS, summary: FC_SUMMARY, gains: FC_GAINS, trendingCategories: FC_TRENDING_CATEGORIES, daily: null, engagement: null },
  lens: { stats: LENS_STATS, summary: LENS_SUMMARY, gains: LENS_GAINS, trendingCategories: LENS_TRENDING_CATEGORIES, daily: LENS_DAILY, engagement: LENS_ENGAGEMENT },
} as const;

/** A protocol's refresh: its as-of query, its tables, and its steps as [step, statement, the table it writes]. */
const planOf = (protocol: ProtocolName) => {
  const spec = PROTOCOLS[protocol];
  const t = spec.analytics;
  const st = STATEMENTS[protocol];
  return {
    // A live sync's as-of (the node's block time it stands at) may be past the newest row.
    asOf: `SELECT GREATEST(${asOfSql(spec)}, ${stateOf(protocol, 'as_of')}) AS as_of`, tables: analyticsTables(spec), scoreTable: t.graphScore, idColumn: spec.key, stats: t.stats,
    steps: [['stats', st.stats, t.stats], ['summary', st.summary, t.summary], ['gains', st.gains, t.gain],
      ['trending categories', st.trendingCategories, t.trendingCategory],
      ...(st.daily ? [['daily', st.daily, spec.daily.table] as const] : []),
      ...(st.engagement && t.engagement ? [['engagement', st.engagement, t.engagement] as const] : [])] as const,
  };
};

const CSV_CHUNK = 100_000;

/** protocol_state is written by every refresh too; one row per protocol, analyzed once per refresh. */
const ANALYZE_STATE = 'ANALYZE protocol_state';

async function writeGraphScores(sql: SqlClient, db: Database, protocol: ProtocolName, generation: number, opts: RefreshOptions) {
  const graph = protocol === 'farcaster' ? await loadFollowGraph(db, 'farcaster') : await loadFollowGraph(db, 'lens');
  const wanted: (number | string)[] = (protocol === 'farcaster' ? opts.graph?.pretrust?.farcaster : opts.graph?.pretrust?.lens) ?? [];
  const indexOf = graph.indexOf as Map<number | string, number>;
  const pretrust = wanted.map((id) => indexOf.get(id)).filter((i): i is number => i !== undefined);
  const result = computeGraphScore(graph.ids.length, graph.from, graph.to, { ...opts.graph, pretrust: pretrust.length ? pretrust : undefined });
  const scores = scaleToUnitMax(result.scores);
  const { scoreTable, idColumn } = planOf(protocol);
  for (let start = 0; start < graph.ids.length; start += CSV_CHUNK) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(start + CSV_CHUNK, graph.ids.length); i++) lines.push(`${generation},${graph.ids[i]},${scores[i]}`);
    await sql.copyCsv(scoreTable, ['generation', idColumn, 'score'], `${lines.join('\n')}\n`);
  }
  return { nodes: graph.ids.length, edges: graph.from.length, iterations: result.iterations, delta: result.delta };
}

async function refreshProtocol(sql: SqlClient, db: Database, protocol: ProtocolName, opts: RefreshOptions): Promise<ProtocolReport> {
  const started = Date.now();
  const plan = planOf(protocol);
  const steps: ProtocolReport['steps'] = [];
  const timed = async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
    const t = Date.now();
    const out = await fn();
    steps.push({ step, seconds: (Date.now() - t) / 1000 });
    opts.log?.(`${protocol}: ${step} ${((Date.now() - t) / 1000).toFixed(1)}s`);
    await opts.afterStep?.(protocol, step);
    return out;
  };

  await sql.query(`INSERT INTO protocol_state (protocol) VALUES ($1) ON CONFLICT (protocol) DO NOTHING`, [protocol]);
  const [{ generation: current }] = await sql.query<{ generation: number }>(`SELECT generation FROM protocol_state WHERE protocol = $1`, [protocol]);
  const generation = current + 1;
  // Leftovers of a refresh that failed after writing some rows.
  for (const t of plan.tables) await sql.query(`DELETE FROM ${t} WHERE generation >= $1`, [generation]);
  const [{ as_of }] = await sql.query<{ as_of: Date | null }>(plan.asOf);
  const asOf = as_of ?? new Date();
  if (protocol === 'farcaster' && ((opts.live ?? 'rebuild') === 'rebuild' || await farcasterLiveIsStale(sql))) {
    await timed('live counters', () => rebuildFarcasterLive(sql));
  }

  // Every table is analyzed as soon as it is written, before the generation is
  // published: later steps join it (the stats step ran 5x slower without), and
  // readers plan against it from the flip on. Autovacuum may be off or late, and
  // a never-analyzed table is planned as nearly empty: the trending query then
  // chose a nested loop over 71 M row pairs (11-42 s instead of 7 ms, small dataset).
  // (The old generation's rows, deleted at cleanup, do not skew the estimates:
  // every read is of one generation, which the statistics count apart.)
  const graph = await timed('graph score', async () => {
    const written = await writeGraphScores(sql, db, protocol, generation, opts);
    await sql.exec(`ANALYZE ${plan.scoreTable}`);
    return written;
  });
  // Postgres rejects unused parameters, so only statements that use the as-of time get it.
  for (const [step, statement, table] of plan.steps) {
    await timed(step, async () => {
      await sql.query(statement, statement.includes('$2') ? [generation, asOf] : [generation]);
      await sql.exec(`ANALYZE ${table}`);
    });
  }

  const [{ n }] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${plan.stats} WHERE generation = $1`, [generation]);
  const average = protocol === 'lens' ? (await sql.query<{ avg: number | null }>(LENS_SCORE_AVERAGE))[0]?.avg ?? null : null;
  await timed('publish', () => sql.transaction(async (tx) => {
    // Readers will see the new generation (and the live counters it rebuilt): answers cached before it no longer match.
    // First, so this transaction locks the state rows in the same order as every other writer (no deadlock with the sync).
    await tx.query(BUMP_DATA_VERSION_SQL);
    // as_of only moves forward: a live sync may already stand past the newest row.
    await tx.query(`UPDATE protocol_state SET generation = $2, profile_count = $3, as_of = GREATEST(as_of, $4), analytics_as_of = $4,
      refreshed_at = now(), score_average = $5 WHERE protocol = $1`, [protocol, generation, n, asOf, average]);
    // Profiles entering or leaving the trending pages: news from the moment readers see the new generation.
    await insertPushEvents(tx, await trendingEvents(tx, protocol, current, generation));
  }));
  await timed('cleanup', async () => { for (const t of plan.tables) await sql.query(`DELETE FROM ${t} WHERE generation < $1`, [generation]); });
  return { protocol, generation, asOf: asOf.toISOString(), profiles: n, seconds: (Date.now() - started) / 1000, steps, graph };
}

/** One protocol's refresh, its duration and outcome reported to the database's listeners (the server's /metrics). */
const timedRefresh = (sql: SqlClient, db: Database, protocol: ProtocolName, opts: RefreshOptions) =>
  db.jobEvents.timed('refresh', protocol, () => refreshProtocol(sql, db, protocol, opts));

/**
 * Refreshes the protocols; null when another refresh is running. On Postgres
 * the protocols run side by side on their own connections (the two protocols
 * share no table), on PGlite (one connection) in turn.
 */
export async function refreshAnalytics(db: Database, opts: RefreshOptions = {}): Promise<ProtocolReport[] | null> {
  const protocols = opts.protocols ?? PROTOCOL_NAMES;
  return withRefreshLock(db.sql, async (session) => {
    if (db.sql.kind === 'postgres') {
      // allSettled: the lock must be held until every protocol has stopped, even when one fails.
      const settled = await Promise.allSettled(protocols.map((p) => timedRefresh(db.sql, db, p, opts)));
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      await session.exec(ANALYZE_STATE);
      return settled.map((r) => (r as PromiseFulfilledResult<ProtocolReport>).value);
    }
    const reports: ProtocolReport[] = [];
    for (const p of protocols) reports.push(await timedRefresh(session, db, p, opts));
    await session.exec(ANALYZE_STATE);
    return reports;
  });
}

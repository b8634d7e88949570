// The analytics refresh: counters, ranks, period gains, daily
// follower deltas, follower summaries and graph scores, per protocol, written
// as a new generation beside the one readers use, then flipped in one short
// transaction. Readers never wait for it; a failure leaves the old generation.
import type { Database } from '../db/database';
import type { SqlClient } from '../db/sql-client';
import { analyticsTables, PROTOCOL_NAMES, PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { asOfSql, BUMP_DATA_VERSION_SQL, stateOf } from '../repositories/protocols.sql';
import { scaleToUnitMax, type Csr, type GraphScoreOptions } from './graph-score';
import { scoreFollows, writeEngagementTrust, writeTrustStrategy, type TrustNodes } from './trust-refresh';
import { DEFAULT_RANK_HISTORY_DAYS, DEFAULT_RANK_HISTORY_INTERVAL_MINUTES } from '../domain/trust';
import { RANK_HISTORY_INSERT } from './rank-history.sql';
import { loadFollowGraph, type FollowGraph } from './follow-edges';
import { followerSummaries, HISTOGRAM_BUCKETS } from './follower-summary';
import { copyRows } from './copy-rows';
import { FC_GAINS, FC_STATS, FC_TRENDING_CATEGORIES } from './farcaster-refresh.sql';
import { rebuildFarcasterLive } from './farcaster-live.sql';
import { FC_CHANNEL_TRENDING, FC_CHANNELS, FC_TRENDING_CASTS } from './channels-refresh.sql';
import { writeChannelRanks, type ChannelRankOptions } from './channel-ranks';
import { clearImportMark, farcasterLiveIsStale, importMarkValue, LENS_COUNTS_STALE, type ImportMark } from '../repositories/live-state.repository';
import { LENS_DAILY, LENS_ENGAGEMENT, LENS_GAINS, LENS_SCORE_AVERAGE, LENS_STATS, LENS_TRENDING_CATEGORIES } from './lens-refresh.sql';
import { withRefreshLock } from './refresh-lock';
import { refreshCrossProtocolRank } from './cross-protocol-refresh';
import { recountMatchedFollowers, repairMatches } from './cross-match-repair';
import { trendingEvents } from './trending-events';
import { insertPushEvents } from '../repositories/push-outbox.sql';
import { writeQuality } from './quality/write-quality';

export interface RefreshOptions {
  protocols?: ProtocolName[];
  graph?: Omit<GraphScoreOptions, 'pretrust' | 'pretrustWeights'> & { pretrust?: { farcaster?: number[]; lens?: string[] } };
  /** Which channels get channel-scoped ranks (Farcaster), and their PageRank settings (the graph score's by default). */
  channelRanks?: ChannelRankOptions;
  log?: (line: string) => void;
  /** Days the rank history keeps a refresh's points (RANK_HISTORY_DAYS); 0 keeps none. */
  rankHistoryDays?: number;
  /** Minutes a rank history point must be old before a refresh adds the next (RANK_HISTORY_INTERVAL_MINUTES); 0 = every refresh. */
  rankHistoryIntervalMinutes?: number;
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

/**
 * Per protocol, the statement of each SQL step (Farcaster's daily table is live, not a step; its engagement is
 * counted per request). The graph score and the follower summaries are computed in memory from the follow graph.
 */
const STATEMENTS = {
  farcaster: {
    stats: FC_STATS, gains: FC_GAINS, trendingCategories: FC_TRENDING_CATEGORIES, daily: null, engagement: null,
    channels: { channels: FC_CHANNELS, trending: FC_CHANNEL_TRENDING, trendingCasts: FC_TRENDING_CASTS },
  },
  lens: {
    stats: LENS_STATS, gains: LENS_GAINS, trendingCategories: LENS_TRENDING_CATEGORIES, daily: LENS_DAILY, engagement: LENS_ENGAGEMENT,
    channels: null,
  },
} as const;

/** A protocol's refresh: its as-of query, its tables, and its steps as [step, statement, the table it writes]. */
const planOf = (protocol: ProtocolName) => {
  const spec = PROTOCOLS[protocol];
  const t = spec.analytics;
  const st = STATEMENTS[protocol];
  return {
    // A live sync's as-of (the node's block time it stands at) may be past the newest row.
    asOf: `SELECT GREATEST(${asOfSql(spec)}, ${stateOf(protocol, 'as_of')}) AS as_of`, tables: analyticsTables(spec), scoreTable: t.graphScore, summaryTable: t.summary, idColumn: spec.key, stats: t.stats,
    trust: t.trust, trustRun: t.trustRun, rankHistory: spec.rankHistory,
    steps: [['stats', st.stats, t.stats], ['gains', st.gains, t.gain],
      ['trending categories', st.trendingCategories, t.trendingCategory],
      ...(st.daily ? [['daily', st.daily, spec.daily.table] as const] : []),
      ...(st.engagement && t.engagement ? [['engagement', st.engagement, t.engagement] as const] : [])] as const,
    /** The channel statements (Farcaster): each channel's totals, trending channels, trending casts. */
    channelSteps: (st.channels && t.channels ? [['channels', st.channels.channels, t.channels.channel],
      ['trending channels', st.channels.trending, t.channels.trending],
      ['trending casts', st.channels.trendingCasts, t.channels.trendingCast]] : []) as (readonly [string, string, string])[],
    /** The channel-scoped ranks (a step of its own after the statements: it reads fc_channel). */
    channelRanks: t.channels ? { rank: t.channels.rank, channel: t.channels.channel } : null,
  };
};

/**
 * The mark of counters that only the refresh's stats step recounts (Lens's: no
 * live writer keeps them), cleared when readers see the new generation.
 * Farcaster's live counters are rebuilt by their own step, which clears theirs.
 */
const STATS_MARK: Record<ProtocolName, ImportMark | null> = { farcaster: null, lens: LENS_COUNTS_STALE };

/** protocol_state is written by every refresh too; one row per protocol, analyzed once per refresh. */
const ANALYZE_STATE = 'ANALYZE protocol_state';

type AnyFollowGraph = FollowGraph<number> | FollowGraph<string>;

async function writeGraphScores(sql: SqlClient, graph: AnyFollowGraph, protocol: ProtocolName, generation: number, opts: RefreshOptions) {
  const wanted: (number | string)[] = (protocol === 'farcaster' ? opts.graph?.pretrust?.farcaster : opts.graph?.pretrust?.lens) ?? [];
  const indexOf = graph.indexOf as Map<number | string, number>;
  const pretrust = wanted.map((id) => indexOf.get(id)).filter((i): i is number => i !== undefined);
  const options = { ...opts.graph, pretrust: pretrust.length ? pretrust : undefined };
  // The FOLLOWS trust strategy is this score: scored once, its adjacency kept to explain it.
  const scored = scoreFollows(graph.ids.length, graph.from, graph.to, options);
  const { result } = scored;
  const scores = scaleToUnitMax(result.scores);
  const { scoreTable, idColumn } = planOf(protocol);
  await copyRows(sql, scoreTable, ['generation', idColumn, 'score'], graph.ids.length, (i) => `${generation},${graph.ids[i]},${scores[i]}`);
  await writeTrustStrategy(sql, protocol, generation, 'follows', graph.ids as (number | string)[], scored, options, scored.csr.target.length);
  // The engagement graph is scored on the same nodes, with this adjacency as its follows.
  const nodes: TrustNodes<number | string> = { ids: graph.ids, indexOf };
  return { nodes: graph.ids.length, edges: graph.from.length, iterations: result.iterations, delta: result.delta, graph: nodes, options, csr: scored.csr };
}

/** Each followed profile's top followers and follower histogram (profiles nobody follows get no row). */
async function writeFollowerSummaries(sql: SqlClient, graph: AnyFollowGraph, table: string, idColumn: string, generation: number) {
  const { ids, from, to } = graph;
  const s = followerSummaries(ids.length, from, to);
  await copyRows(sql, table, ['generation', idColumn, 'top_followers', 'histogram'], ids.length, (v) => {
    if (s.followers[v] === 0) return null;
    const top: (number | string)[] = [];
    for (let k = 0; k < s.count[v]; k++) top.push(ids[s.top[v * s.size + k]]);
    const hist = s.histogram.subarray(v * HISTOGRAM_BUCKETS, (v + 1) * HISTOGRAM_BUCKETS);
    // Array literals quoted for CSV; ids are digits or 0x-hex, never needing escapes inside the braces.
    return `${generation},${ids[v]},"{${top.join(',')}}","{${hist.join(',')}}"`;
  });
}

/** Whether the newest rank history point is at least `minutes` old (or there is none); read through the index on recorded_at. */
async function rankHistoryIsDue(sql: SqlClient, table: string, minutes: number): Promise<boolean> {
  if (minutes === 0) return true;
  const [{ due }] = await sql.query<{ due: boolean }>(
    `SELECT coalesce(max(recorded_at) <= now() - make_interval(mins => $1::int), true) AS due FROM ${table}`, [minutes]);
  return due;
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
  for (const t of [...plan.tables, plan.rankHistory]) await sql.query(`DELETE FROM ${t} WHERE generation >= $1`, [generation]);
  // Read before anything is counted: an import that marks the counters while this refresh runs keeps its mark.
  const statsMark = STATS_MARK[protocol];
  const statsMarkSeen = statsMark && await importMarkValue(sql, statsMark);
  const [{ as_of }] = await sql.query<{ as_of: Date | null }>(plan.asOf);
  const asOf = as_of ?? new Date();
  if (protocol === 'farcaster' && ((opts.live ?? 'rebuild') === 'rebuild' || await farcasterLiveIsStale(sql))) {
    await timed('live counters', () => rebuildFarcasterLive(sql));
  }

  // Every table is analyzed as soon as it is written, before the generation is
  // published: later steps join it (the stats step is planned badly without), and
  // readers plan against it from the flip on. Autovacuum may be off or late, and
  // a never-analyzed table is planned as nearly empty: the trending query then
  // chose a nested loop over every pair of rows instead of a hash join
  // (docs/performance.md#refresh).
  // (The old generation's rows, deleted at cleanup, do not skew the estimates:
  // every read is of one generation, which the statistics count apart.)
  let followGraph: AnyFollowGraph | null = null;
  // The adjacency of the global score, kept for the channel ranks (one PageRank per channel over the same graph).
  let followCsr: Csr | null = null;
  const { graph: nodes, options: graphOptions, ...graph } = await timed('graph score', async () => {
    followGraph = protocol === 'farcaster' ? await loadFollowGraph(db, 'farcaster') : await loadFollowGraph(db, 'lens');
    const { csr, ...written } = await writeGraphScores(sql, followGraph, protocol, generation, opts);
    followCsr = csr;
    await sql.exec(`ANALYZE ${plan.scoreTable}`);
    return written;
  });
  await timed('summary', async () => {
    await writeFollowerSummaries(sql, followGraph!, plan.summaryTable, plan.idColumn, generation);
    await sql.exec(`ANALYZE ${plan.summaryTable}`);
  });
  // Postgres rejects unused parameters, so only statements that use the as-of time get it.
  const runStep = ([step, statement, table]: readonly [string, string, string]) => timed(step, async () => {
    await sql.query(statement, statement.includes('$2') ? [generation, asOf] : [generation]);
    await sql.exec(`ANALYZE ${table}`);
  });
  // The channel steps run while the follow graph is loaded: the channel ranks score it once per ranked channel.
  for (const step of plan.channelSteps) await runStep(step);
  const ranks = plan.channelRanks;
  if (ranks && protocol === 'farcaster') {
    // protocol === 'farcaster' does not narrow the separately typed graph, which was loaded for farcaster above.
    const follows = followGraph as unknown as FollowGraph<number>;
    await timed('channel ranks', async () => {
      const { alpha, tolerance, maxIterations } = opts.graph ?? {};
      const r = await writeChannelRanks(sql, follows, followCsr!, generation, asOf,
        { ...opts.channelRanks, graph: { alpha, tolerance, maxIterations, ...opts.channelRanks?.graph } });
      opts.log?.(`${protocol}: channel ranks for ${r.channels} channels, ${r.casters} casters, ${r.iterations} iterations`);
      await sql.exec(`ANALYZE ${ranks.rank}`);
      await sql.exec(`ANALYZE ${ranks.channel}`);
    });
  }
  // The edge lists (two ints a follow, twice the adjacency) are not needed past here; the adjacency is, as the engagement graph's follows.
  followGraph = null;
  await timed('engagement trust', async () => {
    await writeEngagementTrust(sql, protocol, generation, nodes, followCsr!, graphOptions);
    followCsr = null;
    await sql.exec(`ANALYZE ${plan.trust}`);
    await sql.exec(`ANALYZE ${plan.trustRun}`);
  });
  for (const step of plan.steps) await runStep(step);
  // After the stats: the quality score reads their graph scores as its trust feature.
  await timed('quality', () => writeQuality(sql, protocol, generation, asOf));

  const [{ n }] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${plan.stats} WHERE generation = $1`, [generation]);
  const historyDays = opts.rankHistoryDays ?? DEFAULT_RANK_HISTORY_DAYS;
  // Readers see history points up to the published generation only, so this one appears with the flip.
  const historyEvery = opts.rankHistoryIntervalMinutes ?? DEFAULT_RANK_HISTORY_INTERVAL_MINUTES;
  if (historyDays > 0 && await rankHistoryIsDue(sql, plan.rankHistory, historyEvery)) {
    await timed('rank history', async () => {
      await sql.query(RANK_HISTORY_INSERT(protocol), [generation, asOf, n]);
      await sql.exec(`ANALYZE ${plan.rankHistory}`);
    });
  }
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
    // The new generation counted every row the mark was set for: readers may take its counters again.
    if (statsMark) await clearImportMark(tx, statsMark, statsMarkSeen);
  }));
  await timed('cleanup', async () => {
    for (const t of plan.tables) await sql.query(`DELETE FROM ${t} WHERE generation < $1`, [generation]);
    // The history's points older than the retention (all of them when it is 0).
    await sql.query(`DELETE FROM ${plan.rankHistory} WHERE recorded_at < now() - make_interval(days => $1::int)`, [historyDays]);
  });
  return { protocol, generation, asOf: asOf.toISOString(), profiles: n, seconds: (Date.now() - started) / 1000, steps, graph };
}

/** One protocol's refresh, its duration and outcome reported to the database's listeners (the server's /metrics). */
const timedRefresh = (sql: SqlClient, db: Database, protocol: ProtocolName, opts: RefreshOptions) =>
  db.jobEvents.timed('refresh', protocol, () => refreshProtocol(sql, db, protocol, opts));

/** The matched pairs repaired (see repairMatches), the matched-follower counts recounted when an import marked them, then the cross-protocol ranking of the generations just published (after the last protocol's flip). */
async function crossStep(sql: SqlClient, opts: RefreshOptions) {
  const repaired = await repairMatches(sql);
  if (repaired.added + repaired.dropped > 0) opts.log?.(`cross-protocol matches repaired: ${repaired.added} added, ${repaired.dropped} dropped`);
  const recounted = await recountMatchedFollowers(sql);
  if (recounted) opts.log?.(`matched-follower counts recounted after an import: ${recounted.fixed} corrected`);
  const r = await refreshCrossProtocolRank(sql);
  opts.log?.(`cross-protocol rank: ${r.persons} persons (generations ${r.fcGeneration}/${r.lensGeneration}) ${r.seconds.toFixed(1)}s`);
}

/**
 * Refreshes the protocols; null when another refresh is running. On Postgres
 * the protocols run side by side on their own connections (the two protocols
 * share no table), on PGlite (one connection) in turn. The cross-protocol
 * ranking follows once every protocol has published, under the same lock.
 */
export async function refreshAnalytics(db: Database, opts: RefreshOptions = {}): Promise<ProtocolReport[] | null> {
  const protocols = opts.protocols ?? PROTOCOL_NAMES;
  return withRefreshLock(db.sql, async (session) => {
    if (db.sql.kind === 'postgres') {
      // allSettled: the lock must be held until every protocol has stopped, even when one fails.
      const settled = await Promise.allSettled(protocols.map((p) => timedRefresh(db.sql, db, p, opts)));
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      await crossStep(db.sql, opts);
      await session.exec(ANALYZE_STATE);
      return settled.map((r) => (r as PromiseFulfilledResult<ProtocolReport>).value);
    }
    const reports: ProtocolReport[] = [];
    for (const p of protocols) reports.push(await timedRefresh(session, db, p, opts));
    await crossStep(session, opts);
    await session.exec(ANALYZE_STATE);
    return reports;
  });
}

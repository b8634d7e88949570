// Channel-scoped ranks of the analytics refresh. No dataset layout carries a
// channel's lead or moderators (Warpcast keeps them off-protocol), so each
// channel's trust is seeded by its own casters: a personalized PageRank over
// the live follow graph whose pretrust is proportional to each caster's live
// casts in the channel. Its casters are then placed by that score (ties: more
// casts, then fid). Only the channels with the most casters are ranked (a
// PageRank over the whole graph each): CHANNEL_RANK_CHANNELS of them, each with
// at least CHANNEL_RANK_MIN_CASTERS casters.
import type { SqlClient } from '../db/sql-client';
import { CHANNEL_RANK_DEFAULTS } from '../domain/channels';
import type { FollowGraph } from './follow-edges';
import { csrScorer, type Csr, type GraphScoreOptions } from './graph-score';
import { FC_CHANNEL_CASTERS } from './channels-refresh.sql';

export interface ChannelRankOptions {
  /** At most this many channels, most casters first. */
  channels?: number;
  /** Channels with fewer casters are not ranked. */
  minCasters?: number;
  /** Damping and tolerance of the PageRank (the global graph score's by default). */
  graph?: Omit<GraphScoreOptions, 'pretrust' | 'pretrustWeights'>;
}

export interface ChannelRankReport { channels: number; casters: number; iterations: number }

interface CasterRow { channel_id: string; fid: number; casts: number }

/**
 * Writes fc_channel_rank for generation `generation` and marks its channels ranked in fc_channel. `csr` is the
 * follow graph's adjacency the global score was computed over (built once per refresh).
 */
export async function writeChannelRanks(
  sql: SqlClient, graph: Pick<FollowGraph<number>, 'indexOf'>, csr: Csr, generation: number, asOf: Date, opts: ChannelRankOptions = {},
): Promise<ChannelRankReport> {
  const channels = opts.channels ?? CHANNEL_RANK_DEFAULTS.channels;
  const minCasters = opts.minCasters ?? CHANNEL_RANK_DEFAULTS.minCasters;
  const report: ChannelRankReport = { channels: 0, casters: 0, iterations: 0 };
  if (channels < 1) return report;
  const rows = await sql.query<CasterRow>(FC_CHANNEL_CASTERS, [generation, asOf, minCasters, channels]);
  const byChannel = new Map<string, CasterRow[]>();
  for (const r of rows) {
    const list = byChannel.get(r.channel_id) ?? [];
    list.push(r);
    byChannel.set(r.channel_id, list);
  }
  if (!byChannel.size) return report;

  const score = csrScorer(csr);
  for (const [channel, casters] of byChannel) {
    // Casters outside the follow graph (no known profile, no follows) keep a score of 0.
    const seeded = casters.map((c) => ({ c, node: graph.indexOf.get(c.fid) }));
    const inGraph = seeded.filter((s): s is { c: CasterRow; node: number } => s.node !== undefined);
    const result = inGraph.length
      ? score({ ...opts.graph, pretrust: inGraph.map((s) => s.node), pretrustWeights: inGraph.map((s) => s.c.casts) })
      : null;
    const ranked = seeded
      .map((s) => ({ ...s.c, score: result && s.node !== undefined ? result.scores[s.node] : 0 }))
      .sort((a, b) => b.score - a.score || b.casts - a.casts || a.fid - b.fid);
    // Scores are shown relative to the channel's best caster (1), as the global graph score is.
    const top = ranked[0]?.score || 1;
    const lines = ranked.map((r, i) => `${generation},${csvText(channel)},${i + 1},${r.fid},${r.casts},${r.score / top}`);
    await sql.copyCsv('fc_channel_rank', ['generation', 'channel_id', 'position', 'fid', 'casts', 'score'], `${lines.join('\n')}\n`);
    report.channels += 1;
    report.casters += ranked.length;
    report.iterations += result?.iterations ?? 0;
  }
  await sql.query('UPDATE fc_channel SET ranked = true WHERE generation = $1 AND channel_id = ANY($2::text[])', [generation, [...byChannel.keys()]]);
  return report;
}

/** A CSV field: channel ids are URLs or names, quoted so a comma or quote in one cannot break the row. */
const csvText = (v: string) => `"${v.replace(/"/g, '""')}"`;

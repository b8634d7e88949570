// Reads of the trust tables and the rank history (written by `refresh`),
// batched: one statement per batch of profiles. Trust reads the current
// generation; the history, every point up to it (a refresh's points appear
// with its flip).
import type { Database } from '../db/database';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { generationOf } from './protocols.sql';
import type { TrustStrategy } from '../domain/trust';

const sideOf = (protocol: ProtocolName) => {
  const p = PROTOCOLS[protocol];
  return { ...p.analytics, history: p.rankHistory, gen: generationOf(p), key: p.key, arr: p.id.sqlArray };
};

export interface TrustRow {
  id: string | number; score: number; rank: number; contributors: (string | number)[]; shares: number[];
  other_share: number; pretrust_share: number; profiles: number;
}

export function trustRows(db: Database, protocol: ProtocolName, strategy: TrustStrategy, ids: readonly (string | number)[]): Promise<TrustRow[]> {
  const s = sideOf(protocol);
  return db.read<TrustRow>(`
    SELECT t.${s.key} AS id, t.score, t.rank, t.contributors, t.shares, t.other_share, t.pretrust_share, r.profiles
    FROM ${s.trust} t JOIN ${s.trustRun} r ON r.generation = t.generation AND r.strategy = t.strategy
    WHERE t.generation = ${s.gen} AND t.strategy = $2 AND t.${s.key} = ANY($1::${s.arr})`, [...ids], strategy);
}

export interface TrustRunRow {
  strategy: TrustStrategy; profiles: number; edges: string; weights: [string, number][]; alpha: number; tolerance: number;
  max_iterations: number; iterations: number; delta: number; converged: boolean; pretrust_profiles: number;
}

export function trustRuns(db: Database, protocol: ProtocolName, strategies: readonly TrustStrategy[]): Promise<TrustRunRow[]> {
  const s = sideOf(protocol);
  return db.read<TrustRunRow>(`
    SELECT strategy, profiles, edges::text AS edges, weights, alpha, tolerance, max_iterations, iterations, delta, converged, pretrust_profiles
    FROM ${s.trustRun} WHERE generation = ${s.gen} AND strategy = ANY($1::text[])`, [...strategies]);
}

export interface RankHistoryRow {
  id: string | number; generation: number; as_of: Date; recorded_at: Date; profiles: number;
  follower_rank: number; engagement_rank: number; score_rank: number; likes_rank: number; collect_rank: number;
}

/** Points whose refresh ran on UTC days from..to (inclusive; null = open), oldest first. */
export function rankHistory(
  db: Database, protocol: ProtocolName, ids: readonly (string | number)[], from: string | null, to: string | null,
): Promise<RankHistoryRow[]> {
  const s = sideOf(protocol);
  return db.read<RankHistoryRow>(`
    SELECT h.${s.key} AS id, h.generation, h.as_of, h.recorded_at, h.profiles,
      h.follower_rank, h.engagement_rank, h.score_rank, h.likes_rank, h.collect_rank
    FROM ${s.history} h
    WHERE h.${s.key} = ANY($1::${s.arr}) AND h.generation <= ${s.gen}
      AND ($2::date IS NULL OR h.recorded_at >= ($2::date)::timestamp AT TIME ZONE 'UTC')
      AND ($3::date IS NULL OR h.recorded_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC')
    ORDER BY h.${s.key}, h.generation`, [...ids], from, to);
}

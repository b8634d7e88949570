// The rank history point of every profile at a refresh: the five ranks of the
// generation's stats, the analytics as-of time, and the profile count the
// percentile bands divide by. $1 = generation, $2 = as-of time, $3 = profiles.
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';

export const RANK_HISTORY_INSERT = (protocol: ProtocolName) => {
  const p = PROTOCOLS[protocol];
  return `INSERT INTO ${p.rankHistory} (${p.key}, generation, as_of, recorded_at, profiles, follower_rank, engagement_rank, score_rank, likes_rank, collect_rank)
    SELECT ${p.key}, generation, $2, now(), $3, follower_rank, engagement_rank, score_rank, likes_rank, collect_rank
    FROM ${p.analytics.stats} WHERE generation = $1`;
};

// The scores a batch of events needs for the minQuality filters: one statement
// for the distinct followers of the batch's NEW_FOLLOWER events and actors of
// its NOTIFICATION events, and none when no filter asks for a minimum.
import type { SqlClient } from '../db/sql-client';
import type { PushFilter, QualityOf, StoredEvent } from '../domain/push-events';
import { qualityScores } from '../repositories/quality.repository';

export async function followerQualities(sql: SqlClient, events: readonly StoredEvent[], filters: Iterable<PushFilter>): Promise<QualityOf> {
  let wanted = false;
  for (const f of filters) if (f.minQuality !== undefined) { wanted = true; break; }
  const fids = [...new Set(events.flatMap((e) => (e.type === 'NEW_FOLLOWER' ? [e.data.followerFid] : e.type === 'NOTIFICATION' ? [e.data.actorFid] : [])))];
  if (!wanted || !fids.length) return () => null;
  const scores = new Map((await qualityScores(sql, 'farcaster', fids)).map((r) => [Number(r.id), r.score]));
  return (fid) => scores.get(fid) ?? null;
}

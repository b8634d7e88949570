// The mean imported Lens classifier score, over given profiles or over all.
import type { Database } from '../db/database';
import { distinct } from '../loaders/order-by-keys';
import { scoreAverage } from '../repositories/score-average.repository';

export interface ScoreAverageAnswer { average: number | null; profiles: number }

/**
 * Over the given ids (a repeated id counts once), or, when `ids` is null or empty,
 * the average the last refresh stored for all profiles. No score in scope: a null
 * average over 0 profiles.
 */
export async function lensScoreAverage(db: Database, ids: readonly string[] | null | undefined): Promise<ScoreAverageAnswer> {
  const [row] = await scoreAverage(db, ids?.length ? distinct(ids) : null);
  return { average: row?.average ?? null, profiles: row?.profiles ?? 0 };
}

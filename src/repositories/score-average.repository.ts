import type { Database } from '../db/database';
import { stateOf } from './protocols.sql';

/** Over the given ids, or the average the last refresh stored for all profiles. */
export function scoreAverage(db: Database, ids: string[] | null): Promise<{ average: number | null; profiles: number }[]> {
  if (ids) return db.read(`SELECT avg(score) AS average, count(*)::int AS profiles FROM lens_score WHERE profile_id = ANY($1::text[])`, ids);
  return db.read(`
    SELECT ${stateOf('lens', 'score_average')} AS average,
           (SELECT count(*)::int FROM lens_score) AS profiles`);
}

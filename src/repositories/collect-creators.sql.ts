// lens_collect_creator: collects by others of each Lens profile's publications
// per period ('' all time, 'YYYY' a UTC year, 'YYYY-MM' a UTC month) and
// currency ('' any, else the upper-cased symbol, as the collect filter compares
// it), with their USD sum: the top creators under any filter are the first rows
// of one index range (lens-collects.repository.ts). Its input, lens_act, is
// written only by the import, whose collect resolution rebuilds it in its own
// transaction. USD sums stay numeric: the same exact sum in any order.
import type { SqlClient } from '../db/sql-client';
import { COUNTED_COLLECT } from './lens-collects.repository';

const utc = (format: string) => `to_char(a."timestamp" AT TIME ZONE 'UTC', '${format}')`;

/** Every row again from lens_act (the migration filled it the same way). */
const REBUILD = [
  'DELETE FROM lens_collect_creator',
  `INSERT INTO lens_collect_creator (period, currency, profile_id, collects, usd_amount)
   SELECT p.period, c.currency, a.collected_profile_id, count(*)::int, coalesce(sum(a.usd_amount), 0)
   FROM lens_act a
   CROSS JOIN LATERAL (VALUES (''), (${utc('YYYY')}), (${utc('YYYY-MM')})) AS p(period)
   CROSS JOIN LATERAL (VALUES (''), (upper(a.currency))) AS c(currency)
   WHERE ${COUNTED_COLLECT} AND c.currency IS NOT NULL
   GROUP BY 1, 2, 3`,
];

/** In the import's collect transaction, after lens_act is final: every row again. */
export async function rebuildCollectCreators(tx: SqlClient): Promise<void> {
  for (const q of REBUILD) await tx.exec(q);
}

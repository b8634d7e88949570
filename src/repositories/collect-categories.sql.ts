// lens_collect_category_month: collects by others of classified Lens publications
// per (category, upper-cased currency or '', UTC month), with their USD sum, so the
// top collected categories under any collect filter sum a few hundred rows. Its
// inputs are lens_act (written only by the import) and the labels in post_content
// (written only by classify pages and removals); both writers keep it exact in
// their own transactions. USD sums stay numeric: the same exact sum in any order.
import type { SqlClient } from '../db/sql-client';
import { COUNTED_COLLECT } from './lens-collects.repository';

/**
 * Taken first by every transaction that changes the table: a classify page then
 * reads lens_act only after the import's collect resolution has committed (or
 * before it started), so its shift and the import's rebuild never miss each other.
 * Self-conflicting, and readers (ACCESS SHARE) pass.
 */
const LOCK = 'LOCK TABLE lens_collect_category_month IN SHARE ROW EXCLUSIVE MODE';

const KEY = `c.id, coalesce(upper(a.currency), ''), date_trunc('month', a."timestamp" AT TIME ZONE 'UTC')::date`;

/** Every row again from lens_act and post_content (the migration filled it the same way). */
const REBUILD = [
  'DELETE FROM lens_collect_category_month',
  `INSERT INTO lens_collect_category_month (category_id, currency, month, collects, usd_amount)
   SELECT ${KEY}, count(*)::int, coalesce(sum(a.usd_amount), 0)
   FROM lens_act a
   JOIN post_content p ON p.protocol = 'lens' AND p.post_id = a.publication_id
   CROSS JOIN LATERAL unnest(p.categories) AS c(id)
   WHERE ${COUNTED_COLLECT}
   GROUP BY 1, 2, 3`,
];

/**
 * $1: JSON [{post_id, categories, sign}]: the collects of each publication move
 * into (+1) or out of (-1) those categories. Keys are written in order, so two
 * writers never wait on each other's rows crosswise.
 */
const SHIFT = [
  `INSERT INTO lens_collect_category_month AS t (category_id, currency, month, collects, usd_amount)
   SELECT ${KEY}, sum(x.sign)::int, coalesce(sum(x.sign * a.usd_amount), 0)
   FROM jsonb_to_recordset($1::jsonb) AS x(post_id text, categories int[], sign int)
   CROSS JOIN LATERAL unnest(x.categories) AS c(id)
   JOIN lens_act a ON a.publication_id = x.post_id
   WHERE ${COUNTED_COLLECT}
   GROUP BY 1, 2, 3
   HAVING sum(x.sign) <> 0 OR coalesce(sum(x.sign * a.usd_amount), 0) <> 0
   ORDER BY 1, 2, 3
   ON CONFLICT (category_id, currency, month) DO UPDATE
     SET collects = t.collects + excluded.collects, usd_amount = t.usd_amount + excluded.usd_amount`,
  // A key whose last collect moved out (its USD sum is then 0 too, exactly).
  'DELETE FROM lens_collect_category_month WHERE collects = 0',
];

/** In the import's collect transaction, before the collects change: see LOCK. */
export const lockCollectCategories = (tx: SqlClient) => tx.exec(LOCK);

/** In the import's collect transaction, after lens_act is final: every row again. */
export async function rebuildCollectCategories(tx: SqlClient): Promise<void> {
  for (const q of REBUILD) await tx.exec(q);
}

export interface LabelledPost { post_id: string; categories: readonly number[] | null }

/**
 * In a Lens classify transaction, before it reads the stored labels: takes the
 * lock, and answers the shift to run once the labels are written: the collects of
 * `before` leave their old categories, those of `after` enter their new ones.
 */
export async function collectCategoryShift(tx: SqlClient): Promise<(before: readonly LabelledPost[], after: readonly LabelledPost[]) => Promise<void>> {
  await tx.exec(LOCK);
  return async (before, after) => {
    const moves = [...before.map((p) => ({ p, sign: -1 })), ...after.map((p) => ({ p, sign: 1 }))]
      .filter(({ p }) => p.categories?.length)
      .map(({ p, sign }) => ({ post_id: p.post_id, categories: p.categories, sign }));
    if (!moves.length) return;
    const json = JSON.stringify(moves);
    for (const q of SHIFT) await tx.query(q, q.includes('$1') ? [json] : []);
  };
}

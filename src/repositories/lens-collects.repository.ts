// Collects (getCollectList, getCollectSumForUser, getTopCreators): acted records
// with is_collect, self-collects left out. collected_profile_id is the
// publication's author and usd_amount is already valued from token prices by
// the importer (src/importer/collect-usd.ts).
import type { Database } from '../db/database';
import { orderBy } from './paging.sql';

/** A validated filter: currency upper-cased, the month/year as a UTC [from, to) range. */
export interface CollectWindow {
  currency: string | null;
  from: Date | null;
  to: Date | null;
  /** The same range as a key of lens_collect_creator: '' all time, 'YYYY' a year, 'YYYY-MM' a month. */
  period: string;
}

export interface CollectRow {
  collected_profile_id: string;
  id: string;
  collected_pub_id: string;
  collector_profile_id: string;
  action_result: string | null;
  action_data: string | null;
  currency: string | null;
  amount: number;
  usd_amount: number;
  timestamp: Date;
}

export interface CollectSumRow {
  profile_id: string;
  currency: string | null;
  count: number;
  amount: number;
  usd_amount: number;
  total_count: number;
  usd_total: number;
}

export interface TopCreatorRow { profile_id: string; count: number; usd_total: number }

/** WHERE terms over alias a; parameters start at $n. */
/** A collect that counts: a collect action, by someone other than the publication's author (alias `a` for lens_act). */
export const COUNTED_COLLECT = 'a.is_collect AND a.acted_profile_id <> a.collected_profile_id';

export function collectWhere(w: CollectWindow, n: number): { sql: string; params: unknown[] } {
  const terms = [COUNTED_COLLECT];
  const params: unknown[] = [];
  if (w.currency !== null) { params.push(w.currency); terms.push(`upper(a.currency) = $${n + params.length - 1}::text`); }
  if (w.from !== null) { params.push(w.from); terms.push(`a."timestamp" >= $${n + params.length - 1}::timestamptz`); }
  if (w.to !== null) { params.push(w.to); terms.push(`a."timestamp" < $${n + params.length - 1}::timestamptz`); }
  return { sql: terms.join(' AND '), params };
}

/** Newest first: time, then act id, both descending (act ids in numeric order when they are numbers, history ids: length, then text); over alias `t`. */
const collectOrder = (t: string) => [[`${t}."timestamp"`, 'DESC'], [`length(${t}.act_id)`, 'DESC'], [`${t}.act_id`, 'DESC']] as const;

/**
 * Per profile of the batch, `limit` collects after skipping `offset`, newest
 * first, or (`fromEnd`) counted from the end of the list, oldest first. The
 * page's act ids come from lens_act_collect_idx alone, which holds the order
 * and every filter's column; only the page's rows are read from the table.
 */
export function collectPage(db: Database, ids: readonly string[], w: CollectWindow, limit: number, offset: number, fromEnd = false): Promise<CollectRow[]> {
  const where = collectWhere(w, 4);
  return db.read<CollectRow>(`
    SELECT x.t AS collected_profile_id, c.* FROM unnest($1::text[]) AS x(t)
    CROSS JOIN LATERAL (
      SELECT r.act_id AS id, r.publication_id AS collected_pub_id, r.acted_profile_id AS collector_profile_id,
        r.action_result, r.action_data, r.currency, coalesce(r.amount, 0)::float8 AS amount,
        coalesce(r.usd_amount, 0)::float8 AS usd_amount, r."timestamp"
      FROM (SELECT a.act_id FROM lens_act a
        WHERE a.collected_profile_id = x.t AND ${where.sql}
        ORDER BY ${orderBy(collectOrder('a'), fromEnd)} LIMIT $2 OFFSET $3) page
      JOIN lens_act r ON r.act_id = page.act_id
      ORDER BY ${orderBy(collectOrder('r'), fromEnd)}) c`, [...ids], limit, offset, ...where.params);
}

/** A currency as summed: a symbol upper-cased, an address that resolved to no symbol as stored (lowercase). */
const currencyKey = (c: string) => `CASE WHEN ${c} ~ '^0x[0-9a-f]{40}$' THEN ${c} ELSE upper(${c}) END`;

/** Per profile and currency (symbols upper-cased; null for collects without one), with the profile's totals. */
export function collectSums(db: Database, ids: readonly string[], w: CollectWindow): Promise<CollectSumRow[]> {
  const where = collectWhere(w, 2);
  return db.read<CollectSumRow>(`
    SELECT a.collected_profile_id AS profile_id, ${currencyKey('a.currency')} AS currency, count(*)::int AS count,
      coalesce(sum(a.amount), 0)::float8 AS amount, coalesce(sum(a.usd_amount), 0)::float8 AS usd_amount,
      (sum(count(*)) OVER (PARTITION BY a.collected_profile_id))::int AS total_count,
      coalesce(sum(sum(a.usd_amount)) OVER (PARTITION BY a.collected_profile_id), 0)::float8 AS usd_total
    FROM lens_act a
    WHERE a.collected_profile_id = ANY($1::text[]) AND ${where.sql}
    GROUP BY 1, 2`, [...ids], ...where.params);
}

/**
 * Known profiles by USD collected under the filter, then collects, then id
 * (numeric): the first rows of the filter's range of lens_collect_creator,
 * in its index's order; the known-profile check is a key probe per row read.
 */
export function topCreators(db: Database, w: CollectWindow, limit: number): Promise<TopCreatorRow[]> {
  return db.read<TopCreatorRow>(`
    SELECT t.profile_id, t.collects AS count, t.usd_amount::float8 AS usd_total
    FROM lens_collect_creator t
    WHERE t.period = $2 AND t.currency = $3 AND EXISTS (SELECT 1 FROM lens_profile p WHERE p.profile_id = t.profile_id)
    ORDER BY t.usd_amount DESC, t.collects DESC, length(t.profile_id), t.profile_id
    LIMIT $1`, limit, w.period, w.currency ?? '');
}

/** Collects by act id (node() refetching them): only acts that count as collects (COUNTED_COLLECT), whatever the filter. */
export function collectsByIds(db: Database, ids: readonly string[]): Promise<CollectRow[]> {
  return db.read<CollectRow>(`
    SELECT a.collected_profile_id, a.act_id AS id, a.publication_id AS collected_pub_id, a.acted_profile_id AS collector_profile_id,
      a.action_result, a.action_data, a.currency, coalesce(a.amount, 0)::float8 AS amount,
      coalesce(a.usd_amount, 0)::float8 AS usd_amount, a."timestamp"
    FROM lens_act a WHERE a.act_id = ANY($1::text[]) AND ${COUNTED_COLLECT}`, [...ids]);
}

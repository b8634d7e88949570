// What a collect cost, resolved once its tables are in (any order, any run):
// 1. acts whose record carries no currency (Lens BigQuery keeps it on the
//    publication's action module) take the module's currency and amount (a module
//    asking 0 is a free collect, whatever currency it names);
// 2. the currency resolves to a token: an ERC-20 address by the token table's
//    address (lowercase), else a symbol — the token's, or the built-in one of the
//    Polygon currencies Lens v2 used — by token symbol (case-insensitive, lowest id);
//    an address's amount is in base units and is scaled by the token's decimals.
//    A symbol given as the currency is kept as written, its amount as given;
// 3. USD: the record's usd_amount, else amount × the USD price of that token on
//    the collect's UTC day (the newest price of that day, else the newest earlier
//    one), else 0. Rates are looked up once per (token, day), not per row.
// An address that resolves to no symbol or decimals keeps the address as its
// currency and its amount unscaled, is valued 0 and is counted (collectWarnings).
import type { SqlClient } from '../db/sql-client';

/** Polygon ERC-20s that Lens v2 collects were paid in, for when the token table lacks them. */
export const LENS_V2_CURRENCIES: readonly { address: string; symbol: string; decimals: number }[] = [
  { address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', symbol: 'WMATIC', decimals: 18 },
  { address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', symbol: 'USDC', decimals: 6 },
  { address: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', symbol: 'USDC.e', decimals: 6 },
  { address: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', symbol: 'WETH', decimals: 18 },
  { address: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', symbol: 'DAI', decimals: 18 },
  { address: '0x3d2bD0e15829AA5C362a4144FdF4A1112fa29B5c', symbol: 'BONSAI', decimals: 18 },
];

const builtIn = `(VALUES ${LENS_V2_CURRENCIES.map((c) => `('${c.address.toLowerCase()}', '${c.symbol}', ${c.decimals})`).join(', ')})
  AS k(address, symbol, decimals)`;

/** Sources (alias a) that are EVM addresses, as the importer stores them. */
const isAddress = (column: string) => `${column} ~ '^0x[0-9a-f]{40}$'`;

/** Collects whose currency is not (or not fully) resolved yet: retried at every import. */
const unresolved = (a: string) =>
  `${a}.is_collect AND ${a}.source_currency IS NOT NULL AND (${a}.currency IS NULL OR ${a}.token_id IS NULL)`;

/** The UTC day of a timestamptz column. */
export const utcDay = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;

/**
 * `cur(source, token_id, symbol, decimals)` for the distinct source currencies of the
 * lens_act rows matching `where`. An address without known decimals resolves to nothing
 * (symbol, token and decimals null): its amount cannot be read in units.
 */
const currencyCte = (where: string) => `cur AS (
  SELECT r.source, CASE WHEN NOT r.is_address OR r.decimals IS NOT NULL THEN r.token_id END AS token_id,
    CASE WHEN r.is_address THEN CASE WHEN r.decimals IS NOT NULL THEN r.symbol END ELSE r.source END AS symbol, r.decimals
  FROM (
    SELECT w.source, w.is_address, coalesce(ta.id, ts.id) AS token_id, coalesce(ta.symbol, k.symbol) AS symbol,
      CASE WHEN w.is_address THEN coalesce(ta.decimals, k.decimals) END AS decimals
    FROM (SELECT DISTINCT a.source_currency AS source, ${isAddress('a.source_currency')} AS is_address FROM lens_act a WHERE ${where}) w
    LEFT JOIN ${builtIn} ON w.is_address AND k.address = w.source
    LEFT JOIN LATERAL (SELECT tok.id, tok.symbol, tok.decimals FROM token tok
      WHERE w.is_address AND lower(tok.address) = w.source ORDER BY tok.id LIMIT 1) ta ON true
    LEFT JOIN LATERAL (SELECT tok.id FROM token tok
      WHERE upper(tok.symbol) = upper(CASE WHEN w.is_address THEN k.symbol ELSE w.source END) ORDER BY tok.id LIMIT 1) ts ON ta.id IS NULL
  ) r)`;

/** Collects whose USD value is still to derive (alias a): no usd_amount, or 0 for a non-zero amount. */
const unpriced = (a: string) =>
  `${a}.is_collect AND ${a}.token_id IS NOT NULL AND ${a}.amount IS NOT NULL AND (${a}.usd_amount IS NULL OR (${a}.usd_amount = 0 AND ${a}.amount <> 0))`;

const rateCte = `rate AS (
  SELECT want.token_id, want.day, (
    SELECT tp.price_usd FROM token_price tp
    WHERE tp.token_id = want.token_id AND tp.created_at < ((want.day) + 1)::timestamp AT TIME ZONE 'UTC'
    ORDER BY tp.created_at DESC, tp.id DESC LIMIT 1) AS usd
  FROM (SELECT DISTINCT a.token_id, ${utcDay('a."timestamp"')} AS day FROM lens_act a WHERE ${unpriced('a')}) want)`;

const scaled = 'CASE WHEN c.decimals IS NOT NULL THEN a.source_amount / power(10::numeric, c.decimals) ELSE a.source_amount END';

/** Caps what numeric(78,18) holds, so one absurd module amount cannot fail the import. */
const FITS = '1e60';

/**
 * Resolves the currency, amount and USD value of every collect that needs it
 * (new rows, and rows whose module, token or price arrived later). Idempotent.
 */
export async function resolveCollects(sql: SqlClient): Promise<void> {
  // A module has one currency per publication and implementation; an act without
  // an implementation takes the publication's first module that has one. A module
  // asking nothing (amount 0 or none, whatever its currency) makes a free collect:
  // no currency, amount 0, and the act is not looked up again.
  await sql.exec(`UPDATE lens_act a SET source_currency = CASE WHEN m.amount <> 0 THEN m.currency END,
      source_amount = coalesce(m.amount, 0), amount = coalesce(m.amount, 0), currency = NULL
    FROM lens_act x CROSS JOIN LATERAL (
      SELECT m.currency, m.amount FROM lens_action_module m
      WHERE m.publication_id = x.publication_id AND (x.implementation IS NULL OR m.implementation = x.implementation)
        AND (m.amount IS NULL OR abs(m.amount) < ${FITS})
      ORDER BY m.currency IS NULL, m.amount IS NULL, m.implementation LIMIT 1) m
    WHERE x.act_id = a.act_id AND a.is_collect AND a.source_currency IS NULL AND a.source_amount IS NULL`);
  await sql.exec(`WITH ${currencyCte(unresolved('a'))}
    UPDATE lens_act a SET token_id = c.token_id, currency = coalesce(c.symbol, a.source_currency), amount = ${scaled}
    FROM cur c
    WHERE ${unresolved('a')} AND c.source = a.source_currency
      AND (a.token_id, a.currency, a.amount) IS DISTINCT FROM (c.token_id, coalesce(c.symbol, a.source_currency), ${scaled})`);
  await sql.exec(`WITH ${rateCte}
    UPDATE lens_act a SET usd_amount = a.amount * r.usd FROM rate r
    WHERE ${unpriced('a')} AND r.usd IS NOT NULL AND r.token_id = a.token_id AND ${utcDay('a."timestamp"')} = r.day`);
  await sql.exec(`UPDATE lens_act a SET usd_amount = 0 WHERE a.usd_amount IS NULL`);
}

/**
 * What the import report says of the collects (the act tables' warnings): those in a
 * currency that resolved to no token, per address, and the acts whose post is not in
 * the database (author unknown, so no profile counts them as collected).
 */
export async function collectWarnings(sql: SqlClient): Promise<Record<string, number>> {
  const unresolved = await sql.query<{ currency: string; n: number }>(
    `SELECT a.source_currency AS currency, count(*)::int AS n FROM lens_act a
     WHERE a.is_collect AND a.token_id IS NULL AND a.currency = a.source_currency AND ${isAddress('a.source_currency')}
     GROUP BY 1 ORDER BY 1`);
  const [orphans] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM lens_act WHERE collected_profile_id = ''`);
  const warnings: Record<string, number> = Object.fromEntries(unresolved.map((r) =>
    [`collects in currency ${r.currency} with no known symbol and decimals (amount unscaled, USD 0)`, r.n]));
  if (orphans.n) warnings['acts on posts not in the database (author unknown until the post is imported)'] = orphans.n;
  return warnings;
}

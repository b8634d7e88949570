// Imported token stats: token, token_category, token_market,
// token_price. A token links to cashtag mentions by its symbol, upper-cased.
// Decimals leave SQL as text (numeric::text): never through a JS float.
import type { Database } from '../db/database';

export interface TokenRow {
  id: number;
  chain: string;
  symbol: string;
  name: string;
  description: string | null;
  decimals: number | null;
  image: string | null;
  twitter: string | null;
  telegram: string | null;
  website: string | null;
  genesis_date: string | null;
  address: string;
  buyers: number | null;
}

export interface TrendingTokenRow extends TokenRow { post_count: number; day: string }

export interface TokenCategoryRow { id: number; token_id: number; address: string; chain: string; category: string }
export interface TokenMarketRow { id: number; token_id: number; address: string; chain: string; identifier: string }

export interface TokenPriceRow {
  id: number;
  token_id: number;
  address: string;
  chain: string;
  created_at: Date;
  price_usd: string;
  ath: string | null;
  atl: string | null;
  market_cap: string | null;
  price_change_percentage_24h: string | null;
  price_change_percentage_7d: string | null;
  price_change_percentage_14d: string | null;
  price_change_percentage_30d: string | null;
  price_change_percentage_60d: string | null;
  price_change_percentage_200d: string | null;
  price_change_percentage_1y: string | null;
}

const TOKEN_COLUMNS = `t.id, t.chain, t.symbol, t.name, t.description, t.decimals, t.image, t.twitter, t.telegram, t.website,
  to_char(t.genesis_date, 'YYYY-MM-DD') AS genesis_date, t.address, t.buyers`;

/** Tokens whose symbol is one of `symbols` (upper-case), any chain; by chain, then id. */
export function tokensBySymbol(db: Database, symbols: readonly string[]): Promise<(TokenRow & { key: string })[]> {
  return db.read(`
    SELECT upper(t.symbol) AS key, ${TOKEN_COLUMNS}
    FROM token t WHERE upper(t.symbol) = ANY($1::text[])
    ORDER BY t.chain, t.id`, [...symbols]);
}

/**
 * Trending tokens: those mentioned on `day` (null: the newest day with mentions), most
 * posts first, then symbol, chain and id; tokens without a token row are left out.
 */
export function trendingTokens(db: Database, day: string | null, chain: string | null, limit: number): Promise<TrendingTokenRow[]> {
  return db.read(`
    SELECT ${TOKEN_COLUMNS}, m.post_count, to_char(m.day, 'YYYY-MM-DD') AS day
    FROM token_mention_daily m
    JOIN token t ON upper(t.symbol) = m.symbol
    WHERE m.day = coalesce($1::date, (SELECT max(day) FROM token_mention_daily))
      AND ($2::text IS NULL OR lower(t.chain) = lower($2::text))
    ORDER BY m.post_count DESC, m.symbol, t.chain, t.id
    LIMIT $3`, day, chain, limit);
}

export function tokenCategories(db: Database, tokenIds: readonly number[]): Promise<TokenCategoryRow[]> {
  return db.read(`
    SELECT id, token_id, address, chain, category FROM token_category
    WHERE token_id = ANY($1::int[]) ORDER BY token_id, id`, [...tokenIds]);
}

export function tokenMarkets(db: Database, tokenIds: readonly number[]): Promise<TokenMarketRow[]> {
  return db.read(`
    SELECT id, token_id, address, chain, identifier FROM token_market
    WHERE token_id = ANY($1::int[]) ORDER BY token_id, id`, [...tokenIds]);
}

const PRICE_COLUMNS = `p.id, p.token_id, p.address, p.chain, p.created_at,
      p.price_usd::text AS price_usd, p.ath::text AS ath, p.atl::text AS atl, p.market_cap::text AS market_cap,
      p.price_change_percentage_24h::text AS price_change_percentage_24h, p.price_change_percentage_7d::text AS price_change_percentage_7d,
      p.price_change_percentage_14d::text AS price_change_percentage_14d, p.price_change_percentage_30d::text AS price_change_percentage_30d,
      p.price_change_percentage_60d::text AS price_change_percentage_60d, p.price_change_percentage_200d::text AS price_change_percentage_200d,
      p.price_change_percentage_1y::text AS price_change_percentage_1y`;

/** The newest price row of each token (by created_at, then id). */
export function latestTokenPrices(db: Database, tokenIds: readonly number[]): Promise<TokenPriceRow[]> {
  return db.read(`
    SELECT DISTINCT ON (p.token_id) ${PRICE_COLUMNS}
    FROM token_price p WHERE p.token_id = ANY($1::int[])
    ORDER BY p.token_id, p.created_at DESC, p.id DESC`, [...tokenIds]);
}

// By their own row ids: what node() refetches a token, or one of its category, market or price rows, by.

export function tokensByIds(db: Database, ids: readonly number[]): Promise<TokenRow[]> {
  return db.read(`SELECT ${TOKEN_COLUMNS} FROM token t WHERE t.id = ANY($1::int[])`, [...ids]);
}

export function tokenCategoriesByIds(db: Database, ids: readonly number[]): Promise<TokenCategoryRow[]> {
  return db.read('SELECT id, token_id, address, chain, category FROM token_category WHERE id = ANY($1::int[])', [...ids]);
}

export function tokenMarketsByIds(db: Database, ids: readonly number[]): Promise<TokenMarketRow[]> {
  return db.read('SELECT id, token_id, address, chain, identifier FROM token_market WHERE id = ANY($1::int[])', [...ids]);
}

export function tokenPricesByIds(db: Database, ids: readonly number[]): Promise<TokenPriceRow[]> {
  return db.read(`SELECT ${PRICE_COLUMNS} FROM token_price p WHERE p.id = ANY($1::int[])`, [...ids]);
}

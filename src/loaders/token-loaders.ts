// Per-request loaders of the token fields: a list of tokens costs one statement
// per nested field (categories, markets, price, mentions, publications), whatever
// its length. Keys with arguments share a statement when the arguments agree.
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import {
  latestTokenPrices, tokenCategories, tokenMarkets, tokensBySymbol,
  type TokenCategoryRow, type TokenMarketRow, type TokenPriceRow, type TokenRow,
} from '../repositories/token.repository';
import {
  mentionSeries, newestMentionDay, tokenPublicationTotals, tokenPublications, type MentionRow, type TokenPublicationRow,
} from '../repositories/token-mentions.repository';
import type { OffsetRead } from '../repositories/paging.sql';
import { groupedLoader, groupRows } from './grouped-loader';
import { orderByKeys } from './order-by-keys';

export interface MentionSeriesKey { symbol: string; from: string; to: string }
export interface TokenPublicationsKey { symbol: string; day: string | null; read: OffsetRead }
export interface TokenPublicationTotalKey { symbol: string; day: string | null }

/** Rows grouped by token id, one list per key (empty when none). */
const byTokenId = <R extends { token_id: number }>(fetch: (ids: readonly number[]) => Promise<R[]>) =>
  new RequestLoader<number, R[]>(async (ids) => {
    const groups = groupRows(await fetch(ids), (r) => r.token_id);
    return ids.map((id) => groups.get(id) ?? []);
  });

export function tokenLoaders(db: Database) {
  return {
    /** Tokens by upper-case symbol, every chain. */
    bySymbol: new RequestLoader<string, TokenRow[]>(async (symbols) => {
      const groups = groupRows(await tokensBySymbol(db, symbols), (r) => r.key);
      return symbols.map((s) => groups.get(s) ?? []);
    }),
    categories: byTokenId<TokenCategoryRow>((ids) => tokenCategories(db, ids)),
    markets: byTokenId<TokenMarketRow>((ids) => tokenMarkets(db, ids)),
    price: new RequestLoader<number, TokenPriceRow | null>(async (ids) =>
      orderByKeys(ids, await latestTokenPrices(db, ids), (r) => r.token_id, () => null)),
    /** One key: the newest day with mentions, read once per request. */
    newestDay: new RequestLoader<'newest', string | null>(async (keys) => {
      const day = await newestMentionDay(db);
      return keys.map(() => day);
    }),
    series: groupedLoader<MentionSeriesKey, string, MentionRow>({
      idOf: (k) => k.symbol, argsOf: (k) => [k.from, k.to],
      fetch: (symbols, k) => mentionSeries(db, symbols, k.from, k.to), rowId: (r) => r.symbol }),
    publications: groupedLoader<TokenPublicationsKey, string, TokenPublicationRow>({
      idOf: (k) => k.symbol, argsOf: (k) => [k.day, k.read],
      fetch: (symbols, k) => tokenPublications(db, symbols, k.day, k.read.limit, k.read.offset, k.read.fromEnd), rowId: (r) => r.symbol }),
    /** What `publications` pages through, per symbol and day; one row per key. */
    publicationTotals: groupedLoader<TokenPublicationTotalKey, string, { symbol: string; total: number }>({
      idOf: (k) => k.symbol, argsOf: (k) => k.day,
      fetch: (symbols, k) => tokenPublicationTotals(db, symbols, k.day), rowId: (r) => r.symbol }),
  };
}

export type TokenLoaders = ReturnType<typeof tokenLoaders>;

// Token answers over the token loaders and repositories (token stats, daily
// mentions, their posts): argument rules, defaults and lookups; resolvers stay thin.
import type { Database } from '../db/database';
import { fromDayNumber, optionalDay, toDayNumber } from '../domain/days';
import { badInput, notFound } from '../errors/app-error';
import type { TokenLoaders } from '../loaders/token-loaders';
import {
  mentionById, mentionsOfDay, symbolKnown, type MentionRow, type TokenPublicationRow,
} from '../repositories/token-mentions.repository';
import { trendingTokens, type TokenRow, type TrendingTokenRow } from '../repositories/token.repository';
import { offsetPlan, readOffsetList, type OffsetPageRequest, type OffsetPlan } from './pagination';

/** Longest daily mention series (`Token.mentions`). */
export const MAX_SERIES_DAYS = 366;
/** Days of the default series, ending at the newest day with mentions. */
export const DEFAULT_SERIES_DAYS = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional chain: trimmed, null when absent or blank (matched case-insensitively). */
export const optionalChain = (value: string | null | undefined): string | null => value?.trim() || null;

export interface MentionDay { date: string; postCount: number; id: string | null }

/** Symbols mentioned on the UTC day (default the newest day with mentions), most posts first, then symbol. */
export async function mentionsOfTheDay(db: Database, date: string | null | undefined): Promise<MentionRow[]> {
  return mentionsOfDay(db, optionalDay('date', date));
}

/**
 * Tokens mentioned on the UTC day (default the newest day with mentions), on
 * `chain` when given (any case), most mentions first; tokens without imported
 * stats left out.
 */
export async function trendingTokensOfDay(db: Database, date: string | null | undefined, chain: string | null | undefined, limit: number): Promise<TrendingTokenRow[]> {
  return trendingTokens(db, optionalDay('date', date), optionalChain(chain), limit);
}

/**
 * A token-mention id (UUID: that symbol on that day; `date` absent or equal) or a
 * symbol (any case; `date` optional, null = every day). NOT_FOUND for a UUID no
 * mention has, or a symbol never mentioned that is no imported token's symbol.
 */
export async function resolveTokenId(db: Database, tokenId: string, date: string | null | undefined): Promise<{ symbol: string; day: string | null }> {
  const day = optionalDay('date', date);
  const raw = tokenId.trim();
  if (UUID.test(raw)) {
    const [m] = await mentionById(db, raw.toLowerCase());
    if (!m) throw notFound('token mention', raw);
    if (day !== null && day !== m.day) throw badInput(`date must be absent or ${m.day} (the day of token mention ${m.id}); got "${day}"`);
    return { symbol: m.symbol, day: m.day };
  }
  const symbol = raw.toUpperCase();
  if (!symbol || !(await symbolKnown(db, symbol))) throw notFound('token', symbol || JSON.stringify(tokenId));
  return { symbol, day };
}

/**
 * The token with this symbol (any case), on `chain` when given (any case); null when
 * none. Several chains and no `chain` is a 400 naming them. Two tokens with the
 * symbol on one chain: the lowest id.
 */
export async function findToken(loaders: TokenLoaders, symbol: string, chain: string | null | undefined): Promise<TokenRow | null> {
  const s = symbol.trim().toUpperCase();
  if (!s) throw badInput('symbol must not be empty');
  const c = optionalChain(chain)?.toLowerCase() ?? null;
  const rows = (await loaders.bySymbol.load(s)).filter((r) => c === null || r.chain.toLowerCase() === c);
  if (!rows.length) return null;
  const chains = [...new Map(rows.map((r) => [r.chain.toLowerCase(), r.chain])).values()].sort();
  if (chains.length > 1) throw badInput(`${s} is on several chains (${chains.join(', ')}); give chain`);
  return rows.reduce((a, b) => (b.id < a.id ? b : a));
}

/**
 * `from`..`to` of a mention series: `to` defaults to the newest day with mentions
 * (today when there are none), `from` to 29 days before `to`; from > to or more
 * than 366 days is a 400.
 */
export async function seriesRange(loaders: TokenLoaders, from: string | null | undefined, to: string | null | undefined): Promise<{ from: string; to: string }> {
  const last = optionalDay('to', to) ?? (await loaders.newestDay.load('newest')) ?? new Date().toISOString().slice(0, 10);
  const first = optionalDay('from', from) ?? fromDayNumber(toDayNumber(last) - (DEFAULT_SERIES_DAYS - 1));
  if (first > last) throw badInput(`from (${first}) must not be after to (${last})`);
  const days = toDayNumber(last) - toDayNumber(first) + 1;
  if (days > MAX_SERIES_DAYS) throw badInput(`from..to must span at most ${MAX_SERIES_DAYS} days; got ${days}`);
  return { from: first, to: last };
}

/** One entry per day of the range, zeros filled (id null: no mention exists that day). */
export function fillSeries(rows: readonly MentionRow[], from: string, to: string): MentionDay[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out: MentionDay[] = [];
  for (let n = toDayNumber(from); n <= toDayNumber(to); n += 1) {
    const day = fromDayNumber(n);
    const r = byDay.get(day);
    out.push({ date: day, postCount: r?.post_count ?? 0, id: r?.id ?? null });
  }
  return out;
}

/** One 1-based page of the live posts mentioning a symbol (upper-case), on `day` or any day when null. */
function publicationPage(loaders: TokenLoaders, symbol: string, day: string | null, page: number, limit: number): Promise<TokenPublicationRow[]> {
  return loaders.publications.load({ symbol, day, read: { limit, offset: (page - 1) * limit, fromEnd: false } });
}

/** A page of the posts behind a token id (a token-mention id or a symbol, see resolveTokenId). */
export async function tokenIdPublications(
  db: Database, loaders: TokenLoaders, tokenId: string, date: string | null | undefined, page: number, limit: number,
): Promise<TokenPublicationRow[]> {
  const { symbol, day } = await resolveTokenId(db, tokenId, date);
  return publicationPage(loaders, symbol, day, page, limit);
}

/** A page of the posts mentioning an imported token's symbol (any case), on `date` or any day. */
export async function symbolPublications(loaders: TokenLoaders, symbol: string, date: string | null | undefined, page: number, limit: number): Promise<TokenPublicationRow[]> {
  return publicationPage(loaders, symbol.toUpperCase(), optionalDay('date', date), page, limit);
}

/** The posts mentioning a symbol (upper-case) on `day` (null: any day) as a connection page, with their total. */
function postPage(loaders: TokenLoaders, symbol: string, day: string | null, plan: OffsetPlan) {
  return readOffsetList(plan, (read) => loaders.publications.load({ symbol, day, read }),
    async () => (await loaders.publicationTotals.load({ symbol, day }))[0]?.total ?? 0);
}

/** The posts behind a token id as a connection page (the paging arguments are checked before any lookup). */
export async function tokenIdPosts(db: Database, loaders: TokenLoaders, tokenId: string, date: string | null | undefined, request: OffsetPageRequest) {
  const plan = offsetPlan(request);
  const { symbol, day } = await resolveTokenId(db, tokenId, date);
  return postPage(loaders, symbol, day, plan);
}

/** The posts mentioning a token's symbol (any case) as a connection page. */
export async function symbolPosts(loaders: TokenLoaders, symbol: string, date: string | null | undefined, request: OffsetPageRequest) {
  const plan = offsetPlan(request);
  return postPage(loaders, symbol.toUpperCase(), optionalDay('date', date), plan);
}

/** The daily mentions of a symbol (any case) over the series range of `from`..`to`, zeros filled. */
export async function symbolMentionSeries(loaders: TokenLoaders, symbol: string, from: string | null | undefined, to: string | null | undefined): Promise<MentionDay[]> {
  const range = await seriesRange(loaders, from, to);
  const rows = await loaders.series.load({ symbol: symbol.toUpperCase(), ...range });
  return fillSeries(rows, range.from, range.to);
}

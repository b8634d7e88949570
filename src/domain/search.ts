// Search, stated once: what a query may be, how a post query's text splits into
// words, $cashtags and @mentions, and the two ranking formulas (users, posts)
// that the repositories compute and docs/api.md#search documents.

/** A query is 1..SEARCH_QUERY_MAX characters after trimming: a longer one is refused, not cut. */
export const SEARCH_QUERY_MAX = 200;

/**
 * User search: which band a name's match falls in. A band is worth its tier;
 * within a band, similarity and trust each add up to half a point, so a better
 * kind of match always ranks first:
 *   score = tier + 0.5·similarity + 0.5·trust
 * tier 3 exact, 2 prefix, 1 substring, 0 fuzzy (a typo: trigram similarity
 * alone); similarity = the larger of pg_trgm's similarity and word_similarity of
 * the query and the name, in [0, 1]; trust = the account's graph score (the
 * best-trusted account 1, one never scored 0).
 */
export const MATCH_TIERS = { exact: 3, prefix: 2, substring: 1, fuzzy: 0 } as const;
export type MatchKind = keyof typeof MATCH_TIERS;
export const USER_SCORE_WEIGHTS = { similarity: 0.5, trust: 0.5 } as const;
/** The least trigram similarity a fuzzy match needs (pg_trgm's own default for `%`). */
export const FUZZY_THRESHOLD = 0.3;

/**
 * The names an account is found by (fc_search_name / lens_search_name `field`),
 * in the order that picks an account's best name among equally good matches:
 * the names that identify it before the display name anyone may copy.
 */
export const SEARCH_FIELDS = ['username', 'fname', 'ens', 'basename', 'handle', 'display_name'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * Post search: relevance × engagement × time decay, computed as its logarithm
 *   score = ln(relevance) + ln(1 + engagement) − ln 2 · age / HALF_LIFE
 * relevance = ts_rank of the post's 'simple' vector against the words (1 when
 * the query has only $cashtags or @mentions); engagement = likes + recasts +
 * replies + quotes (Farcaster, live) or upvotes + comments + mirrors + quotes by
 * others (Lens). The age is counted from a fixed instant, not from now: the
 * decay factor of "now" is common to every post, so the order is the same, and
 * a post's score does not move between two requests, which keeps cursors stable.
 */
export const POST_HALF_LIFE_DAYS = 7;
export const POST_DECAY_EPOCH = '2020-01-01T00:00:00Z';

/** What a post query's text asks for: its words (websearch syntax, "phrases" and -exclusions), cashtag symbols, mentioned names. */
export interface PostQuery { words: string; cashtags: string[]; mentions: string[] }

const CASHTAG = /(^|\s)\$([a-z][a-z0-9]{0,19})(?=$|[\s.,;:!?)])/gi;
const MENTION = /(^|\s)@([a-z0-9][a-z0-9_.-]{0,63})(?=$|[\s,;:!?)])/gi;

/** Splits a post query: `$eth` and `@name` become filters, the rest stays text for websearch_to_tsquery. */
export function parsePostQuery(raw: string): PostQuery {
  const cashtags = new Set<string>();
  const mentions = new Set<string>();
  const words = raw
    .replace(CASHTAG, (_m, lead: string, sym: string) => { cashtags.add(sym.toUpperCase()); return lead; })
    .replace(MENTION, (_m, lead: string, name: string) => { mentions.add(name.toLowerCase().replace(/^lens\//, '')); return lead; })
    .replace(/\s+/g, ' ').trim();
  return { words, cashtags: [...cashtags], mentions: [...mentions] };
}

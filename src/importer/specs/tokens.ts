// tokens/ tables → token, token_category, token_market, token_price. Prices keep
// their decimals exact (numeric from the text as written). Imported first, so
// collects merged later in the same run find their day's USD rate.
import { normalizeHex } from '../../domain/ids';
import { asIs, date, decimal, int4, timestamp } from '../parse-values';
import type { SourceRow } from '../source-row';
import type { TableSpec } from '../table-spec';

/** EVM addresses are normalised; others (Solana, CoinGecko ids) are kept as given. */
const address = (r: SourceRow) => {
  const raw = r.raw('address').trim();
  return /^(?:0x|\\x)/i.test(raw) ? normalizeHex(raw) ?? raw : raw;
};
const text = (r: SourceRow, column: string) => r.text(column)?.trim() ?? '';
const tokenRef = (r: SourceRow) => [r.req('id', int4), r.req('token_id', int4), address(r), text(r, 'chain')];

export const tokens: TableSpec = {
  folder: 'tokens', name: 'tokens', target: 'token', required: ['id', 'chain', 'symbol', 'name', 'address'],
  columns: ['id', 'chain', 'symbol', 'name', 'description', 'decimals', 'image', 'twitter', 'telegram', 'website',
    'genesis_date', 'address', 'buyers'],
  key: ['id'],
  mapRow: (r) => [r.req('id', int4), text(r, 'chain'), r.req('symbol', asIs), text(r, 'name'), r.text('description'),
    r.opt('decimals', int4), r.text('image'), r.text('twitter'), r.text('telegram'), r.text('website'),
    r.opt('genesis_date', date), address(r), r.opt('buyers', int4)],
};

export const tokenCategories: TableSpec = {
  folder: 'tokens', name: 'token_categories', target: 'token_category',
  required: ['id', 'token_id', 'address', 'chain', 'category'],
  columns: ['id', 'token_id', 'address', 'chain', 'category'], key: ['id'],
  mapRow: (r) => [...tokenRef(r), r.req('category', asIs)],
};

export const tokenMarkets: TableSpec = {
  folder: 'tokens', name: 'markets', target: 'token_market', required: ['id', 'token_id', 'address', 'chain', 'identifier'],
  columns: ['id', 'token_id', 'address', 'chain', 'identifier'], key: ['id'],
  mapRow: (r) => [...tokenRef(r), r.req('identifier', asIs)],
};

export const PRICE_CHANGE_PERIODS = ['24h', '7d', '14d', '30d', '60d', '200d', '1y'] as const;
const priceChanges = PRICE_CHANGE_PERIODS.map((p) => `price_change_percentage_${p}`);

export const tokenPrices: TableSpec = {
  folder: 'tokens', name: 'prices', target: 'token_price',
  required: ['id', 'token_id', 'address', 'chain', 'created_at', 'price_usd'],
  columns: ['id', 'token_id', 'address', 'chain', 'created_at', 'price_usd', 'ath', 'atl', 'market_cap', ...priceChanges],
  key: ['id'], version: (a) => `${a}.created_at`,
  mapRow: (r) => [...tokenRef(r), r.req('created_at', timestamp), r.req('price_usd', decimal), r.opt('ath', decimal),
    r.opt('atl', decimal), r.opt('market_cap', decimal), ...priceChanges.map((c) => r.opt(c, decimal))],
};

export const TOKEN_SPECS: readonly TableSpec[] = [tokens, tokenCategories, tokenMarkets, tokenPrices];

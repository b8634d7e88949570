// tokens/coingecko_markets.json: a CoinGecko `/coins/markets` array. Each coin
// becomes a token (chain 'coingecko', address = the CoinGecko id) and one
// token_price row per loaded file (created_at = last_updated). The file is small,
// so it is parsed whole — after quoting every bare JSON number, so prices like
// 0.000012345678901234 and large market caps reach numeric exactly, never as floats.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ChunkLoader, type LoadTally } from './chunk-loader';
import { coingeckoPriceIds, coingeckoTokenId, type PriceKey } from './coingecko-ids';
import type { ImportContext } from './import-table';
import { asIs, decimal, timestamp } from './parse-values';
import { TableReportBuilder, type TableReport } from './report';
import { headerIndex, RowError, SourceRow } from './source-row';
import { Staging } from './staging';
import type { MergeSpec } from './table-spec';
import { PRICE_CHANGE_PERIODS, tokenPrices, tokens } from './specs/tokens';

const FILE = path.join('tokens', 'coingecko_markets.json');
const JSON_TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
const ALIASES = Object.fromEntries(
  PRICE_CHANGE_PERIODS.map((p) => [`price_change_percentage_${p}_in_currency`, `price_change_percentage_${p}`]));

/** JSON with every number turned into a string of its exact digits. */
export function parseJsonKeepingDecimals(text: string): unknown {
  return JSON.parse(text.replace(JSON_TOKEN, (t) => (t.startsWith('"') ? t : `"${t}"`)));
}

interface Coin { line: number; token: unknown[]; price: PriceKey & { values: unknown[] } }

export const coingeckoFiles = (dir: string): string[] => {
  const file = path.join(dir, FILE);
  return existsSync(file) ? [file] : [];
};

export async function importCoingecko(ctx: ImportContext): Promise<TableReport> {
  const report = new TableReportBuilder('tokens/coingecko_markets');
  const file = path.join(ctx.dir, FILE);
  if (!existsSync(file)) return report.finish();
  report.file(FILE);
  let items: unknown;
  try {
    items = parseJsonKeepingDecimals(readFileSync(file, 'utf8'));
  } catch (err) {
    items = `${(err as Error).message}`;
  }
  if (!Array.isArray(items)) {
    report.badFile(FILE, `not a JSON array of coins${typeof items === 'string' ? ` (${items})` : ''}`, 0);
    return report.finish();
  }
  report.read(FILE, items.length);
  const coins: Coin[] = [];
  items.forEach((item, i) => {
    try { coins.push(coinOf(item, i + 1)); } catch (err) {
      if (!(err instanceof RowError)) throw err;
      report.bad(FILE, i + 1, err.message); // "line" is the coin's position in the array
    }
  });
  const priceIds = await coingeckoPriceIds(ctx.sql, coins.map((c) => c.price));
  // A coin counts once, as its price row; a rejected token row is still reported (not counted again).
  const tokenTally: LoadTally = { merged: () => undefined, bad: (...args) => report.sample(...args) };
  await load(ctx, tokens, coins.map((c) => [c.token, c.line]), tokenTally);
  await load(ctx, tokenPrices, coins.map((c, i) => [[priceIds[i], ...c.price.values], c.line]), report);
  return report.finish();
}

function coinOf(item: unknown, line: number): Coin {
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw new RowError('not a JSON object');
  const fields = Object.entries(item as Record<string, unknown>).filter(([, v]) => v === null || typeof v !== 'object');
  const row = new SourceRow(headerIndex(fields.map(([k]) => k), { ...ALIASES, current_price: 'price_usd', last_updated: 'created_at' }));
  row.cells = fields.map(([, v]) => (v === null ? '' : String(v as string | number | boolean)));
  const coinId = row.req('id', asIs);
  const tokenId = coingeckoTokenId(coinId);
  const token = [tokenId, 'coingecko', row.req('symbol', (s) => s.toUpperCase()), row.text('name') ?? coinId, null, null,
    row.text('image'), null, null, null, null, coinId, null];
  const createdAt = row.req('created_at', timestamp);
  const values = [tokenId, coinId, 'coingecko', createdAt, row.req('price_usd', decimal), row.opt('ath', decimal),
    row.opt('atl', decimal), row.opt('market_cap', decimal),
    ...PRICE_CHANGE_PERIODS.map((p) => row.opt(`price_change_percentage_${p}`, decimal))];
  return { line, token, price: { coinId, tokenId, createdAt, values } };
}

/** Loads [tuple, line] pairs through staging. */
async function load(ctx: ImportContext, spec: MergeSpec, rows: [unknown[], number][], tally: LoadTally): Promise<void> {
  const staging = await Staging.create(ctx.sql, spec, ctx.runId);
  try {
    const loader = new ChunkLoader(staging, tally, FILE, ctx.batchRows);
    for (const [tuple, line] of rows) await loader.add(tuple, line);
    await loader.finish();
  } finally {
    await staging.drop();
  }
}

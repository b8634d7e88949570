// Token reference data: the cashtag tokens plus the Lens collect currencies.
// Prices are a seeded random walk pinned to rough real levels a year before,
// at the start and at the end of the window, with one row per token per day
// so every collect's day has a USD rate. USDC is listed on two chains on
// purpose (the importer must cope with a symbol that is not unique).
import { DAY_MS, WINDOW_DAYS, WINDOW_START_MS, iso, windowDay } from './clock';
import { openTable, type GenContext } from './context';
import { decimal, fixed } from './decimal';
import { Rng, hashHex, strHash } from './random';

interface TokenDef {
  symbol: string;
  name: string;
  chain: string;
  decimals: number;
  genesis: string;
  categories: string[];
  markets: string[];
  /** USD price a year before the window, at its start and at its end. */
  anchors: [number, number, number];
  /** Daily log-volatility; 0 = stablecoin (pegged near 1). */
  vol: number;
  supply: number;
  /** All-time high/low before the simulated path. */
  ath: number;
  atl: number;
  twitter: string;
  telegram: string;
  website: string;
  buyers: number;
  description: string;
  address?: string;
}

const T = (d: TokenDef): TokenDef => d;

export const TOKENS: readonly TokenDef[] = [
  T({ symbol: 'ETH', name: 'Ethereum', chain: 'ethereum', decimals: 18, genesis: '2015-07-30', categories: ['layer-1', 'smart-contract-platform'], markets: ['uniswap_v3', 'coinbase', 'binance'], anchors: [1200, 2350, 3400], vol: 0.028, supply: 120_100_000, ath: 4878.26, atl: 0.432979, twitter: 'ethereum', telegram: '', website: 'https://ethereum.org', buyers: 981_234, description: 'Ethereum is a decentralized, open-source blockchain with smart contract functionality.', address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' }),
  T({ symbol: 'BTC', name: 'Bitcoin', chain: 'bitcoin', decimals: 8, genesis: '2009-01-03', categories: ['layer-1', 'store-of-value'], markets: ['coinbase', 'binance'], anchors: [16_600, 42_200, 61_500], vol: 0.024, supply: 19_700_000, ath: 69_044.77, atl: 67.81, twitter: 'bitcoin', telegram: '', website: 'https://bitcoin.org', buyers: 1_534_002, description: 'Bitcoin is the first decentralized cryptocurrency.' }),
  T({ symbol: 'SOL', name: 'Solana', chain: 'solana', decimals: 9, genesis: '2020-03-16', categories: ['layer-1', 'smart-contract-platform'], markets: ['raydium', 'binance'], anchors: [10, 101, 146], vol: 0.045, supply: 462_000_000, ath: 259.96, atl: 0.500801, twitter: 'solana', telegram: 'https://t.me/solana', website: 'https://solana.com', buyers: 402_118, description: 'Solana is a high-throughput layer-1 blockchain.', address: 'So11111111111111111111111111111111111111112' }),
  T({ symbol: 'USDC', name: 'USD Coin', chain: 'base', decimals: 6, genesis: '2023-08-09', categories: ['stablecoin'], markets: ['uniswap_v3', 'aerodrome'], anchors: [1, 1, 1], vol: 0, supply: 32_000_000_000, ath: 1.17, atl: 0.877647, twitter: 'circle', telegram: '', website: 'https://www.circle.com/usdc', buyers: 310_400, description: 'USDC is a fully reserved, dollar-backed stablecoin, bridged natively to Base.' }),
  T({ symbol: 'USDC', name: 'USD Coin', chain: 'ethereum', decimals: 6, genesis: '2018-09-26', categories: ['stablecoin'], markets: ['uniswap_v3', 'curve'], anchors: [1, 1, 1], vol: 0, supply: 32_000_000_000, ath: 1.17, atl: 0.877647, twitter: 'circle', telegram: '', website: 'https://www.circle.com/usdc', buyers: 655_020, description: 'USDC is a fully reserved, dollar-backed stablecoin.' }),
  T({ symbol: 'DEGEN', name: 'Degen', chain: 'base', decimals: 18, genesis: '2023-12-29', categories: ['meme', 'social', 'base-ecosystem'], markets: ['uniswap_v3', 'aerodrome'], anchors: [0.0015, 0.0015, 0.0095], vol: 0.08, supply: 15_000_000_000, ath: 0.0016, atl: 0.0008, twitter: 'degentokenbase', telegram: '', website: 'https://degen.tips', buyers: 120_332, description: 'DEGEN is the community token of the Degen channel on Farcaster, used for tipping.' }),
  T({ symbol: 'HIGHER', name: 'Higher', chain: 'base', decimals: 18, genesis: '2023-12-20', categories: ['meme', 'base-ecosystem'], markets: ['uniswap_v3'], anchors: [0.004, 0.004, 0.03], vol: 0.09, supply: 1_000_000_000, ath: 0.0045, atl: 0.003, twitter: 'highermarket', telegram: '', website: 'https://higher.party', buyers: 21_909, description: 'An onchain "higher" meme community on Base.' }),
  T({ symbol: 'TOSHI', name: 'Toshi', chain: 'base', decimals: 18, genesis: '2023-08-10', categories: ['meme', 'base-ecosystem'], markets: ['uniswap_v3', 'aerodrome'], anchors: [0.00003, 0.00003, 0.00026], vol: 0.08, supply: 420_690_000_000, ath: 0.000041, atl: 0.0000041, twitter: 'toshi_base', telegram: 'https://t.me/toshibase', website: 'https://toshithecat.com', buyers: 66_201, description: 'The face of Base: a cat named after Brian Armstrong\'s cat.' }),
  T({ symbol: 'BRETT', name: 'Brett', chain: 'base', decimals: 18, genesis: '2023-12-15', categories: ['meme', 'base-ecosystem'], markets: ['uniswap_v2', 'aerodrome'], anchors: [0.008, 0.008, 0.16], vol: 0.09, supply: 9_910_000_000, ath: 0.009, atl: 0.002, twitter: 'basedbrett', telegram: 'https://t.me/basedbrett', website: 'https://www.basedbrett.com', buyers: 80_456, description: 'Brett, PEPE\'s best friend, on Base.' }),
  T({ symbol: 'WMATIC', name: 'Wrapped Matic', chain: 'polygon', decimals: 18, genesis: '2020-10-01', categories: ['wrapped-tokens', 'layer-2'], markets: ['quickswap', 'uniswap_v3'], anchors: [0.76, 0.97, 0.57], vol: 0.035, supply: 9_300_000_000, ath: 2.92, atl: 0.00314, twitter: '0xpolygon', telegram: '', website: 'https://polygon.technology', buyers: 210_770, description: 'Wrapped MATIC, the ERC-20 form of Polygon\'s gas token.' }),
  T({ symbol: 'WETH', name: 'Wrapped Ether', chain: 'polygon', decimals: 18, genesis: '2020-06-01', categories: ['wrapped-tokens'], markets: ['quickswap', 'uniswap_v3'], anchors: [1200, 2350, 3400], vol: 0.028, supply: 3_100_000, ath: 4878.26, atl: 82.1, twitter: '', telegram: '', website: 'https://weth.io', buyers: 188_004, description: 'Wrapped Ether bridged to Polygon PoS.' }),
  T({ symbol: 'BONSAI', name: 'Bonsai', chain: 'polygon', decimals: 18, genesis: '2023-03-20', categories: ['meme', 'social'], markets: ['quickswap', 'uniswap_v3'], anchors: [0.1, 0.6, 0.7], vol: 0.07, supply: 100_000_000, ath: 0.9, atl: 0.02, twitter: 'bonsaitoken404', telegram: '', website: 'https://bonsaidao.xyz', buyers: 9_870, description: 'BONSAI, the meme token of the Lens ecosystem.' }),
  T({ symbol: 'PEPE', name: 'Pepe', chain: 'ethereum', decimals: 18, genesis: '2023-04-14', categories: ['meme'], markets: ['uniswap_v2', 'uniswap_v3', 'binance'], anchors: [0.0000011, 0.0000014, 0.0000118], vol: 0.07, supply: 420_690_000_000_000, ath: 0.0000043, atl: 0.0000000551, twitter: 'pepecoineth', telegram: '', website: 'https://www.pepe.vip', buyers: 512_300, description: 'The most memeable memecoin in existence.' }),
  T({ symbol: 'OP', name: 'Optimism', chain: 'optimism', decimals: 18, genesis: '2022-05-31', categories: ['layer-2', 'governance'], markets: ['uniswap_v3', 'velodrome'], anchors: [1.0, 3.6, 1.75], vol: 0.045, supply: 1_100_000_000, ath: 3.7, atl: 0.40, twitter: 'optimism', telegram: '', website: 'https://optimism.io', buyers: 150_030, description: 'OP is the governance token of the Optimism Collective.' }),
  T({ symbol: 'DAI', name: 'Dai', chain: 'ethereum', decimals: 18, genesis: '2019-11-13', categories: ['stablecoin', 'defi'], markets: ['uniswap_v3', 'curve'], anchors: [1, 1, 1], vol: 0, supply: 5_300_000_000, ath: 1.22, atl: 0.88196, twitter: 'makerdao', telegram: '', website: 'https://makerdao.com', buyers: 260_010, description: 'Dai is a decentralized, collateral-backed stablecoin.' }),
];

/** Contract address of a token: synthetic but stable across seeds (reference data, not sampled). */
export function tokenAddress(t: TokenDef): string {
  return t.address ?? `0x${hashHex(0, strHash(`${t.chain}:${t.symbol}`), 0, 5)}`;
}

const HISTORY_DAYS = 365; // simulated before the window so 60d/200d/1y changes exist

/** Daily prices over [-365, WINDOW_DAYS): index d + 365. */
function pricePath(seed: number, t: TokenDef): Float64Array {
  const rng = new Rng(seed, `price:${t.chain}:${t.symbol}`);
  const days = HISTORY_DAYS + WINDOW_DAYS;
  const out = new Float64Array(days);
  if (t.vol === 0) {
    for (let i = 0; i < days; i++) out[i] = 1 + rng.normal() * 0.0008;
    return out;
  }
  // Two Brownian bridges in log space: year-ago → window start → window end.
  const segment = (from: number, to: number, p0: number, p1: number): void => {
    const steps = to - from;
    const walk = new Float64Array(steps + 1);
    for (let k = 1; k <= steps; k++) walk[k] = walk[k - 1] + rng.normal() * t.vol;
    for (let k = 0; k <= steps; k++) {
      const f = k / steps;
      out[from + k] = Math.exp(Math.log(p0) * (1 - f) + Math.log(p1) * f + walk[k] - f * walk[steps]);
    }
  };
  segment(0, HISTORY_DAYS, t.anchors[0], t.anchors[1]);
  segment(HISTORY_DAYS, days - 1, t.anchors[1], t.anchors[2]);
  return out;
}

/** USD rates per token per window day: what the Lens collect amounts are priced with. */
export class PriceBook {
  private readonly paths: Float64Array[];

  constructor(seed: number) {
    this.paths = TOKENS.map((t) => pricePath(seed, t));
    // WETH is ETH: track it within a few bps rather than walking independently.
    const eth = TOKENS.findIndex((t) => t.symbol === 'ETH');
    const weth = TOKENS.findIndex((t) => t.symbol === 'WETH');
    const rng = new Rng(seed, 'price:weth-basis');
    this.paths[weth] = this.paths[eth].map((p) => p * (1 + rng.normal() * 0.0005));
  }

  path(tokenIndex: number): Float64Array {
    return this.paths[tokenIndex];
  }

  /** USD price of the first token with this symbol on the day of ms. */
  usd(symbol: string, ms: number): number {
    const i = TOKENS.findIndex((t) => t.symbol === symbol);
    if (i < 0) throw new Error(`no token ${symbol}`);
    return this.paths[i][HISTORY_DAYS + windowDay(ms)];
  }
}

const CHANGE_WINDOWS: readonly (readonly [string, number])[] = [
  ['24h', 1], ['7d', 7], ['14d', 14], ['30d', 30], ['60d', 60], ['200d', 200], ['1y', 365],
];

export async function writeTokens(ctx: GenContext, prices: PriceBook): Promise<void> {
  const tokens = openTable(ctx, 'tokens/tokens', ['id', 'chain', 'symbol', 'name', 'description', 'decimals', 'image', 'twitter', 'telegram', 'website', 'genesis_date', 'address', 'buyers']);
  const cats = openTable(ctx, 'tokens/token_categories', ['id', 'token_id', 'address', 'chain', 'category']);
  const markets = openTable(ctx, 'tokens/markets', ['id', 'token_id', 'address', 'chain', 'identifier']);
  let catId = 0;
  let marketId = 0;
  // A few dozen rows: far below one write batch, so row() never asks to wait here.
  TOKENS.forEach((t, i) => {
    const id = i + 1;
    const address = tokenAddress(t);
    void tokens.writer.row([id, t.chain, t.symbol, t.name, t.description, t.decimals,
      `https://assets.coingecko.com/coins/images/${1000 + id * 37}/large/${t.symbol.toLowerCase()}.png`,
      t.twitter, t.telegram, t.website, t.genesis, address, t.buyers]);
    for (const c of t.categories) void cats.writer.row([++catId, id, address, t.chain, c]);
    for (const m of t.markets) void markets.writer.row([++marketId, id, address, t.chain, m]);
  });
  await Promise.all([tokens.close(), cats.close(), markets.close()]);
  await writePrices(ctx, prices);
}

async function writePrices(ctx: GenContext, prices: PriceBook): Promise<void> {
  const table = openTable(ctx, 'tokens/prices', ['id', 'token_id', 'address', 'chain', 'created_at', 'price_usd', 'ath', 'atl', 'market_cap',
    ...CHANGE_WINDOWS.map(([name]) => `price_change_percentage_${name}`)]);
  let id = 0;
  for (let ti = 0; ti < TOKENS.length; ti++) {
    const t = TOKENS[ti];
    const path = prices.path(ti);
    const address = tokenAddress(t);
    // Changes reaching back before genesis are unknown: left empty, as CoinGecko does.
    const genesisDay = Math.floor((Date.parse(`${t.genesis}T00:00:00Z`) - WINDOW_START_MS) / DAY_MS);
    let ath = t.ath;
    let atl = t.atl;
    for (let i = Math.max(0, HISTORY_DAYS + genesisDay); i < HISTORY_DAYS; i++) {
      ath = Math.max(ath, path[i]);
      atl = Math.min(atl, path[i]);
    }
    for (let d = 0; d < WINDOW_DAYS; d++) {
      const p = path[HISTORY_DAYS + d];
      ath = Math.max(ath, p);
      atl = Math.min(atl, p);
      const changes = CHANGE_WINDOWS.map(([, back]) =>
        d - back < genesisDay ? '' : fixed((p / path[HISTORY_DAYS + d - back] - 1) * 100, 4));
      const p1 = table.writer.row([++id, ti + 1, address, t.chain, iso(WINDOW_START_MS + d * DAY_MS),
        decimal(p), decimal(ath), decimal(atl), fixed(p * t.supply, 0), ...changes]);
      if (p1) await p1;
    }
  }
  await table.close();
}

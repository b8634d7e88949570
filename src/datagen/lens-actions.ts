// What profiles do to publications: reactions (UPVOTE/DOWNVOTE) and open
// action records (collects, tips). Targets favour popular authors. Paid
// collects are priced with the same PriceBook that writes tokens/prices, and
// ~30% leave usd_amount empty so the importer must fall back to those prices.
import { LAST_EVENT_MS, WINDOW_START_MS, bigQueryTs, soonAfter, toSec } from './clock';
import { openTable, type GenContext } from './context';
import { csvField } from './csv-writer';
import { decimal, fixed } from './decimal';
import { lensId, lensIdVariant } from './ids';
import type { PublicationStore } from './lens-publications';
import { registeredBy, type Population } from './population';
import { Rng, hashHex, hashUnit, strHash } from './random';
import { SHOWCASE_COLLECTS } from './showcase';
import { TOKENS, tokenAddress, type PriceBook } from './tokens';

const D_ACT_TIME = strHash('lens-act-time');
const D_COLLECT_NFT = strHash('lens-collect-nft');

/** Collect currencies with typical price points (in token units). */
const CURRENCIES: readonly { symbol: string; weight: number; amounts: readonly number[] }[] = [
  { symbol: 'WMATIC', weight: 40, amounts: [0.5, 1, 2, 5, 10, 20] },
  { symbol: 'USDC', weight: 25, amounts: [1, 2, 3, 5, 10, 25] },
  { symbol: 'WETH', weight: 15, amounts: [0.001, 0.002, 0.005, 0.01] },
  { symbol: 'BONSAI', weight: 20, amounts: [50, 100, 250, 500, 1000] },
];
const CURRENCY_WEIGHTS = CURRENCIES.map((c) => c.weight);

/** Non-mirror publications grouped by author (CSR), for "a popular author's publication". */
class ByAuthor {
  private readonly start: Int32Array;
  private readonly list: Int32Array;

  constructor(n: number, pubs: PublicationStore) {
    this.start = new Int32Array(n + 2);
    let total = 0;
    for (let i = 0; i < pubs.count; i++) {
      if (pubs.isMirror(i)) continue;
      this.start[pubs.profile[i] + 1]++;
      total++;
    }
    for (let p = 1; p <= n + 1; p++) this.start[p] += this.start[p - 1];
    const fill = this.start.slice(0, n + 1);
    this.list = new Int32Array(total);
    for (let i = 0; i < pubs.count; i++) if (!pubs.isMirror(i)) this.list[fill[pubs.profile[i]]++] = i;
  }

  /** A random non-mirror publication of `author`, or -1. */
  pick(rng: Rng, author: number): number {
    const len = this.start[author + 1] - this.start[author];
    return len ? this.list[this.start[author] + rng.int(len)] : -1;
  }
}

export async function writeLensReactions(ctx: GenContext, pop: Population, pubs: PublicationStore): Promise<void> {
  const rng = new Rng(ctx.seed, 'lens:reactions');
  const byAuthor = new ByAuthor(pop.n, pubs);
  const table = openTable(ctx, 'lens/publication_reaction', ['publication_id', 'actioned_by_profile_id', 'type', 'action_at']);
  const seen = new Set<number>();
  for (let r = 1; r <= pop.n; r++) {
    const want = Math.round(rng.lognormal(ctx.volumes.lensReactionsPerProfile, 1.0));
    seen.clear();
    for (let tries = 0; seen.size < want && tries < want * 3 + 10; tries++) {
      const self = rng.chance(0.01);
      let i = -1;
      if (self) i = byAuthor.pick(rng, r);
      else if (rng.chance(0.7)) for (let k = 0; k < 5 && i < 0; k++) i = byAuthor.pick(rng, pop.popularity.sample(rng));
      else i = rng.int(pubs.count);
      if (i < 0 || pubs.isMirror(i) || seen.has(i) || (!self && pubs.profile[i] === r)) continue;
      const lo = Math.max(pubs.timeMs(i) + 1000, pop.regMs[r]);
      if (lo >= LAST_EVENT_MS) continue;
      seen.add(i);
      const ms = soonAfter(rng, lo, LAST_EVENT_MS);
      const p = table.writer.line(`${pubs.id(i)},${lensIdVariant(rng, r)},${rng.chance(0.05) ? 'DOWNVOTE' : 'UPVOTE'},${bigQueryTs(ms)}`);
      if (p) await p;
    }
  }
  await table.close();
}

/** Base units (wei-like) of a decimal amount, for action_data. */
function baseUnits(amount: number, decimals: number): string {
  return (BigInt(Math.round(amount * 1000)) * 10n ** BigInt(decimals - 3)).toString();
}

export async function writeActedRecords(ctx: GenContext, pop: Population, pubs: PublicationStore, prices: PriceBook): Promise<void> {
  const { seed } = ctx;
  const rng = new Rng(seed, 'lens:acted');
  const byAuthor = new ByAuthor(pop.n, pubs);
  const count = Math.round(pop.n * ctx.volumes.lensActedPerProfile);
  const table = openTable(ctx, 'lens/publication_open_action_module_acted_record', ['history_id', 'publication_id', 'acted_profile_id', 'is_collect', 'block_timestamp', 'currency', 'amount', 'usd_amount', 'action_result', 'action_data']);
  let historyId = 1000;
  let published = 0; // publications with time < ms: pubs are in time order too
  for (let k = 0; k < count; k++) {
    const ms = toSec(WINDOW_START_MS + (LAST_EVENT_MS - WINDOW_START_MS) * Math.sqrt((k + hashUnit(seed, D_ACT_TIME, k)) / count));
    while (published < pubs.count && pubs.timeMs(published) < ms) published++;
    if (published === 0) continue;
    let i = -1;
    for (let attempt = 0; attempt < 6 && i < 0; attempt++) {
      const cand = attempt < 3 ? byAuthor.pick(rng, pop.popularity.sample(rng)) : rng.int(published);
      if (cand >= 0 && cand < published && !pubs.isMirror(cand)) i = cand;
    }
    if (i < 0) continue;
    const author = pubs.profile[i];
    const actor = rng.chance(0.02) ? author : 1 + rng.int(Math.max(1, registeredBy(pop, ms)));
    const isCollect = rng.chance(0.85);

    let currency = '';
    let amount = '0';
    let usd = '0';
    let unitsJson = 'null';
    let currencyJson = 'null';
    const paid = isCollect ? rng.chance(0.65) : rng.chance(0.5);
    if (paid) {
      const c = CURRENCIES[rng.weighted(CURRENCY_WEIGHTS)];
      const token = TOKENS.find((t) => t.symbol === c.symbol)!;
      const value = rng.pick(c.amounts);
      currency = c.symbol;
      amount = decimal(value);
      usd = rng.chance(0.3) ? '' : fixed(value * prices.usd(c.symbol, ms), 6);
      unitsJson = `"${baseUnits(value, token.decimals)}"`;
      currencyJson = `"${tokenAddress(token)}"`;
    }
    const referrers = rng.chance(0.2) ? `["${lensId(1 + rng.int(pop.n))}"]` : '[]';
    const data = isCollect
      ? `{"collectNftAddress":"0x${hashHex(seed, D_COLLECT_NFT, i, 5)}","referrers":${referrers},"currency":${currencyJson},"amount":${unitsJson}}`
      : `{"module":"tip","referrers":${referrers},"currency":${currencyJson},"amount":${unitsJson}}`;
    const result = isCollect ? 'COLLECTED' : 'EXECUTED';
    historyId += 1 + rng.int(3); // other action types share the sequence: gaps
    const p = table.writer.line(
      `${historyId},${pubs.id(i)},${lensId(actor)},${isCollect ? 'true' : 'false'},${bigQueryTs(ms)},${currency},${amount},${usd},${result},${csvField(data)}`,
    );
    if (p) await p;
  }
  // The examples' collects: profile 1's first post (publication 0), priced like the others.
  if (pubs.count > 0 && pubs.profile[0] === 1) {
    for (const c of SHOWCASE_COLLECTS) {
      if (c.collector > pop.n) continue;
      const token = TOKENS.find((t) => t.symbol === c.currency)!;
      const data = `{"collectNftAddress":"0x${hashHex(seed, D_COLLECT_NFT, 0, 5)}","referrers":[],"currency":"${tokenAddress(token)}","amount":"${baseUnits(c.amount, token.decimals)}"}`;
      historyId += 1;
      const p = table.writer.line(
        `${historyId},${pubs.id(0)},${lensId(c.collector)},true,${bigQueryTs(c.ms)},${c.currency},${decimal(c.amount)},${fixed(c.amount * prices.usd(c.currency, c.ms), 6)},COLLECTED,${csvField(data)}`,
      );
      if (p) await p;
    }
  }
  await table.close();
}

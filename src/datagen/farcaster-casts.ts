// Casts and reactions. Casts are produced in global time order (cast i's
// time is a pure function of i), so "an earlier cast" is any j < i and a
// cast's hash and time are recomputed from its index instead of stored. Per
// cast only the author and the thread root are kept (8 bytes).
import { LAST_EVENT_MS, WINDOW_START_MS, deletedAfter, iso, soonAfter, toSec } from './clock';
import { openTable, type GenContext } from './context';
import { csvField } from './csv-writer';
import { castHash, hashVariant } from './ids';
import type { Population } from './population';
import { Rng, hashHex, hashUnit, strHash } from './random';
import { generatePost } from './text';

const D_CAST_TIME = strHash('cast-time');
const D_EMBED = strHash('cast-embed');

const CHANNEL_TOPICS = new Set(['defi', 'nft', 'art', 'music', 'ai', 'memes', 'gaming', 'food', 'travel', 'sports', 'politics']);
const EXTRA_CHANNELS = ['base', 'degen', 'farcaster', 'dev', 'founders'];
const CHAIN_CHANNELS = [
  'chain://eip155:1/erc721:0x9c8ff314c9bc7f6e59a9d9225fb22946427edc03',
  'chain://eip155:8453/erc721:0x4f86113fc3e9783cf3ec9a552cbb566716a57628',
  'chain://eip155:7777777/erc721:0x5aa959de99e0e49b8a85e0a630a74a7b757772b7',
];
const LINK_HOSTS = ['https://zora.co/collect/base:0x', 'https://github.com/', 'https://paragraph.xyz/@', 'https://youtu.be/', 'https://x.com/i/status/'];

export interface CastStore {
  readonly count: number;
  /** Author fid by cast index. */
  readonly fid: Int32Array;
  timeMs(i: number): number;
}

export async function writeCasts(ctx: GenContext, pop: Population): Promise<CastStore> {
  const { seed } = ctx;
  const rng = new Rng(seed, 'farcaster:casts');
  const count = Math.round(pop.n * ctx.volumes.castsPerUser);
  const fid = new Int32Array(count);
  const root = new Int32Array(count);
  const lastCastOf = new Int32Array(pop.n + 1).fill(-1);
  const timeMs = (i: number): number =>
    toSec(WINDOW_START_MS + (LAST_EVENT_MS - WINDOW_START_MS) * Math.sqrt((i + hashUnit(seed, D_CAST_TIME, i)) / count));

  /** An earlier cast to reply to or quote: a popular author's latest, else a recent one. */
  const earlier = (i: number, author: number): number => {
    if (rng.chance(0.5)) {
      const a = pop.popularity.sample(rng);
      const j = lastCastOf[a];
      if (j >= 0 && a !== author) return j;
    }
    const u = rng.float();
    return i - 1 - Math.floor(u * u * Math.min(i, 2000));
  };

  const table = openTable(ctx, 'farcaster/casts', ['fid', 'hash', 'parent_fid', 'parent_hash', 'root_parent_hash', 'parent_url', 'text', 'embeds', 'mentions', 'timestamp', 'deleted_at']);
  let registered = 0;
  for (let i = 0; i < count; i++) {
    const ms = timeMs(i);
    while (registered < pop.n && pop.regMs[registered + 1] <= ms) registered++;
    const author = pop.activity.sample(rng, Math.max(1, registered));
    fid[i] = author;
    const post = generatePost(rng);

    let parentFid = '';
    let parentHash = '';
    let rootHash = '';
    let parentUrl = '';
    if (i > 0 && rng.chance(0.25)) {
      const j = earlier(i, author);
      root[i] = root[j];
      parentFid = String(fid[j]);
      parentHash = hashVariant(rng, castHash(seed, j));
      rootHash = hashVariant(rng, castHash(seed, root[i]));
    } else {
      root[i] = i;
      // Only top-level casts carry a channel url: 13% of the 75% ≈ 10% of all casts.
      if (rng.chance(0.13)) {
        if (rng.chance(0.2)) parentUrl = rng.pick(CHAIN_CHANNELS);
        else {
          const channel = CHANNEL_TOPICS.has(post.topic) ? post.topic : rng.pick(EXTRA_CHANNELS);
          parentUrl = `https://warpcast.com/~/channel/${channel}`;
        }
      }
    }

    let embeds = '[]';
    const e = rng.float();
    if (e < 0.08 && i > 0) {
      const q = earlier(i, author);
      embeds = `[{"castId":{"fid":${fid[q]},"hash":"${castHash(seed, q)}"}}]`;
    } else if (e < 0.18) {
      embeds = `[{"url":"${rng.pick(LINK_HOSTS)}${hashHex(seed, D_EMBED, i, 2)}"}]`;
    }

    let mentions = '[]';
    if (rng.chance(0.1)) {
      const m = [pop.popularity.sample(rng)];
      if (rng.chance(0.3)) m.push(pop.popularity.sample(rng));
      mentions = `[${m.join(',')}]`;
    }

    const text = rng.chance(0.02) ? '' : post.text; // embed-only casts have no text
    const deleted = rng.chance(0.03) ? iso(deletedAfter(rng, ms)) : '';
    const p = table.writer.line(
      `${author},${hashVariant(rng, castHash(seed, i))},${parentFid},${parentHash},${rootHash},${parentUrl},${csvField(text)},${csvField(embeds)},${csvField(mentions)},${iso(ms)},${deleted}`,
    );
    if (p) await p;
    lastCastOf[author] = i;
  }
  await table.close();
  return { count, fid, timeMs };
}

/** Casts grouped by author (CSR): reactions pick a popular author, then one of their casts. */
function castsByAuthor(n: number, store: CastStore): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(n + 2);
  for (let i = 0; i < store.count; i++) start[store.fid[i] + 1]++;
  for (let f = 1; f <= n + 1; f++) start[f] += start[f - 1];
  const fill = start.slice(0, n + 1);
  const list = new Int32Array(store.count);
  for (let i = 0; i < store.count; i++) list[fill[store.fid[i]]++] = i;
  return { start, list };
}

export async function writeReactions(ctx: GenContext, pop: Population, store: CastStore): Promise<void> {
  const { seed } = ctx;
  const rng = new Rng(seed, 'farcaster:reactions');
  const { start, list } = castsByAuthor(pop.n, store);
  const castOf = (author: number): number => {
    const len = start[author + 1] - start[author];
    return len ? list[start[author] + rng.int(len)] : -1;
  };
  const table = openTable(ctx, 'farcaster/reactions', ['fid', 'reaction_type', 'target_fid', 'target_hash', 'timestamp', 'deleted_at']);
  const seen = new Set<number>();

  for (let r = 1; r <= pop.n; r++) {
    const want = Math.round(rng.lognormal(ctx.volumes.reactionsPerUser, 1.0));
    seen.clear();
    for (let tries = 0; seen.size < want && tries < want * 3 + 10; tries++) {
      let c: number;
      const self = rng.chance(0.01);
      if (self) c = castOf(r);
      else if (rng.chance(0.7)) {
        c = -1;
        for (let k = 0; k < 5 && c < 0; k++) c = castOf(pop.popularity.sample(rng));
      } else c = rng.int(store.count);
      if (c < 0 || (!self && store.fid[c] === r)) continue;
      const type = rng.chance(0.8) ? 1 : 2; // likes : recasts ≈ 4 : 1
      const key = c * 2 + type;
      if (seen.has(key)) continue;
      const lo = Math.max(store.timeMs(c) + 1000, pop.regMs[r]);
      if (lo >= LAST_EVENT_MS) continue;
      seen.add(key);
      const ms = soonAfter(rng, lo, LAST_EVENT_MS);
      const deleted = rng.chance(0.03) ? iso(deletedAfter(rng, ms)) : '';
      const p = table.writer.line(`${r},${type},${store.fid[c]},${hashVariant(rng, castHash(seed, c))},${iso(ms)},${deleted}`);
      if (p) await p;
    }
  }
  await table.close();
}

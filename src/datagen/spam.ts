// Labelled spam planted beside the synthetic network, so the quality score can
// be evaluated on known answers: follow farms (fresh accounts following each
// other and one customer), reply-spam rings (accounts replying one text to
// popular posts in bursts, liking each other), and sybil clusters (accounts
// sharing one wallet, following and engaging only each other). Planted
// accounts are ids past the population's, appended to the tables the network
// was written to, deterministically from the seed; every one is listed in
// spam-labels.csv at the dataset's top level (not data: the importer skips top-level files).
import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LAST_EVENT_MS, bigQueryTs, iso } from './clock';
import type { GenContext } from './context';
import { castHash, lensId, publicationId } from './ids';
import type { CastStore } from './farcaster-casts';
import type { PublicationStore } from './lens-publications';
import type { Population } from './population';
import { Rng, hashHex, strHash } from './random';

export type SpamPattern = 'follow_farm' | 'reply_ring' | 'sybil';
export const SPAM_PATTERNS: readonly SpamPattern[] = ['follow_farm', 'reply_ring', 'sybil'];

/** Accounts of each pattern: a hundredth of the population, at least ten. */
export const plantedPerPattern = (n: number) => Math.max(10, Math.round(n / 100));
/** Members of one farm, ring or cluster. */
const GROUP = 5;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const D_SPAM = strHash('spam');
const PROMOS = ['claim your free airdrop now', 'follow back for alpha', 'gm check my profile for 100x gems', 'mint is live link in bio', 'dm me for collab'];

/** The planted accounts of one protocol: their ids by pattern, the first id past the population first. */
function plan(n: number) {
  const m = plantedPerPattern(n);
  return SPAM_PATTERNS.map((pattern, k) => ({ pattern, ids: Array.from({ length: m }, (_, i) => n + 1 + k * m + i) }));
}

/** The others of `id`'s group (groups of GROUP consecutive planted ids, the last group possibly larger). */
function groupOf(ids: readonly number[], i: number): number[] {
  const groups = Math.max(1, Math.floor(ids.length / GROUP));
  const g = Math.min(Math.floor(i / GROUP), groups - 1);
  const end = g === groups - 1 ? ids.length : (g + 1) * GROUP;
  return ids.slice(g * GROUP, end).filter((_, j) => j + g * GROUP !== i);
}

/**
 * The follows a planted account makes, the same on both protocols: a farm's members follow each other
 * and the farm's customer (one real account per group); the others follow four popular accounts, and
 * a sybil its cluster before them.
 */
function plantFollows(pattern: SpamPattern, group: readonly number[], i: number, rng: Rng, pop: Population, follow: (target: number) => void): void {
  if (pattern === 'follow_farm') {
    for (const other of group) follow(other);
    follow(1 + (Math.floor(i / GROUP) * 7919) % pop.n);
    return;
  }
  for (const other of pattern === 'sybil' ? group : []) follow(other);
  const followed = new Set<number>();
  for (let k = 0; k < 4; k++) followed.add(pop.popularity.sample(rng));
  for (const t of followed) follow(t);
}

/** Appends lines to a table the network wrote and counts them in the summary. */
async function append(ctx: GenContext, table: string, lines: string[]): Promise<void> {
  if (!lines.length) return;
  await appendFile(path.join(ctx.out, `${table}.csv`), `${lines.join('\n')}\n`);
  ctx.tables[table] = (ctx.tables[table] ?? 0) + lines.length;
}

/** A recent post of a popular author (the population's popularity), as an index of the store. */
function popularPost(rng: Rng, pop: Population, count: number, authorOf: (i: number) => number, skip: (i: number) => boolean): number {
  for (let tries = 0; tries < 50; tries++) {
    const a = pop.popularity.sample(rng);
    for (let j = count - 1, seen = 0; j >= 0 && seen < 20_000; j--, seen++) if (authorOf(j) === a && !skip(j)) return j;
  }
  return count - 1;
}

export interface Label { protocol: 'farcaster' | 'lens'; id: string; pattern: SpamPattern }

export async function plantFarcasterSpam(ctx: GenContext, pop: Population, casts: CastStore): Promise<Label[]> {
  const rng = new Rng(ctx.seed, 'farcaster:spam');
  const rows: Record<string, string[]> = { fids: [], fnames: [], user_data: [], links: [], casts: [], reactions: [], verifications: [] };
  const labels: Label[] = [];
  let spamCast = 0;
  const castId = () => `0x${hashHex(ctx.seed, D_SPAM, spamCast++, 5)}`;
  for (const { pattern, ids } of plan(pop.n)) {
    const wallet = new Map<number, string>();
    ids.forEach((fid, i) => {
      const reg = LAST_EVENT_MS - (pattern === 'follow_farm' ? 3 : pattern === 'reply_ring' ? 10 : 20) * DAY + i * 60_000;
      labels.push({ protocol: 'farcaster', id: String(fid), pattern });
      rows.fids.push(`${fid},${iso(reg)},0x${hashHex(ctx.seed, D_SPAM + 1, fid, 5)}`);
      const name = `${pattern.replace('_', '')}_${fid}`;
      rows.fnames.push(`${fid},${name},`);
      rows.user_data.push(`${fid},6,${name},${iso(reg + 60_000)},`);
      const group = groupOf(ids, i);
      const follow = (target: number) => rows.links.push(`${fid},${target},follow,${iso(reg + HOUR + rng.int(DAY))},`);
      plantFollows(pattern, group, i, rng, pop, follow);
      if (pattern === 'reply_ring') {
        const text = PROMOS[Math.floor(i / GROUP) % PROMOS.length];
        const start = LAST_EVENT_MS - (1 + rng.int(72)) * HOUR;
        for (let k = 0; k < 10; k++) {
          const j = popularPost(rng, pop, casts.count, (x) => casts.fid[x], (x) => casts.fid[x] === fid);
          const parent = castHash(ctx.seed, j);
          rows.casts.push(`${fid},${castId()},${casts.fid[j]},${parent},${parent},,${text},[],[],${iso(start + k * 5 * 60_000)},`);
        }
      }
      if (pattern === 'sybil') {
        const shared = wallet.get(Math.floor(i / GROUP)) ?? `0x${hashHex(ctx.seed, D_SPAM + 2, Math.floor(i / GROUP) + pop.n, 5)}`;
        wallet.set(Math.floor(i / GROUP), shared);
        rows.verifications.push(`${fid},${shared},ethereum,${iso(reg + HOUR)},`);
        for (let k = 0; k < 2; k++) rows.casts.push(`${fid},${castId()},,,,,${PROMOS[(i + k) % PROMOS.length]} ${k},[],[],${iso(reg + (2 + k) * HOUR)},`);
      }
    });
    // Engagement inside the ring or cluster: each member likes the first post of every other member of its group.
    const first = new Map<number, string>();
    for (const line of rows.casts) { const [fid, hash] = line.split(','); if (!first.has(Number(fid))) first.set(Number(fid), hash); }
    ids.forEach((fid, i) => {
      if (pattern === 'follow_farm') return;
      for (const other of groupOf(ids, i)) {
        const hash = first.get(other);
        if (hash) rows.reactions.push(`${fid},1,${other},${hash},${iso(LAST_EVENT_MS - rng.int(HOUR))},`);
      }
    });
  }
  for (const [table, lines] of Object.entries(rows)) await append(ctx, `farcaster/${table}`, lines);
  return labels;
}

export async function plantLensSpam(ctx: GenContext, pop: Population, pubs: PublicationStore): Promise<Label[]> {
  const rng = new Rng(ctx.seed, 'lens:spam');
  const rows: Record<string, string[]> = { profile_record: [], namespace_handle: [], profile_follower: [], publication_record: [], publication_metadata: [], publication_reaction: [] };
  const labels: Label[] = [];
  for (const { pattern, ids } of plan(pop.n)) {
    const firstPub = new Map<number, string>();
    ids.forEach((p, i) => {
      const id = lensId(p);
      const reg = LAST_EVENT_MS - (pattern === 'follow_farm' ? 3 : pattern === 'reply_ring' ? 10 : 20) * DAY + i * 60_000;
      labels.push({ protocol: 'lens', id, pattern });
      // A sybil cluster shares one owner; farms and rings own one wallet each.
      const owner = `0x${hashHex(ctx.seed, D_SPAM + 3, pattern === 'sybil' ? pop.n + Math.floor(i / GROUP) : p, 5)}`;
      rows.profile_record.push(`${id},${owner},false,${bigQueryTs(reg)}`);
      if (pattern !== 'follow_farm') rows.namespace_handle.push(`${id},${pattern.replace('_', '')}-${p}`);
      const follow = (target: number) => rows.profile_follower.push(`${lensId(target)},${id},${bigQueryTs(reg + HOUR + rng.int(DAY))},`);
      const group = groupOf(ids, i);
      plantFollows(pattern, group, i, rng, pop, follow);
      const publish = (seq: number, type: string, parent: string, text: string, ms: number) => {
        const pub = publicationId(p, seq);
        if (!firstPub.has(p)) firstPub.set(p, pub);
        rows.publication_record.push(`${pub},${id},${type},${parent},${bigQueryTs(ms)},false`);
        rows.publication_metadata.push(`${pub},${text},TEXT_ONLY,[]`);
      };
      if (pattern === 'reply_ring') {
        const text = PROMOS[Math.floor(i / GROUP) % PROMOS.length];
        const start = LAST_EVENT_MS - (1 + rng.int(72)) * HOUR;
        for (let k = 0; k < 10; k++) {
          const j = popularPost(rng, pop, pubs.count, (x) => pubs.profile[x], (x) => pubs.isMirror(x));
          publish(k + 1, 'COMMENT', pubs.id(j), text, start + k * 5 * 60_000);
        }
      }
      if (pattern === 'sybil') for (let k = 0; k < 2; k++) publish(k + 1, 'POST', '', `${PROMOS[(i + k) % PROMOS.length]} ${k}`, reg + (2 + k) * HOUR);
    });
    ids.forEach((p, i) => {
      for (const other of pattern === 'follow_farm' ? [] : groupOf(ids, i)) {
        const pub = firstPub.get(other);
        if (pub) rows.publication_reaction.push(`${pub},${lensId(p)},UPVOTE,${bigQueryTs(LAST_EVENT_MS - rng.int(HOUR))}`);
      }
    });
  }
  for (const [table, lines] of Object.entries(rows)) await append(ctx, `lens/${table}`, lines);
  return labels;
}

/** The labels file: one row per planted account. */
export async function writeSpamLabels(ctx: GenContext, labels: readonly Label[]): Promise<void> {
  const lines = ['protocol,id,pattern', ...labels.map((l) => `${l.protocol},${l.id},${l.pattern}`)];
  await writeFile(path.join(ctx.out, 'spam-labels.csv'), `${lines.join('\n')}\n`);
}

// The sync bench's event stream: a seeded plan of what ~N fids do (reactions to
// earlier casts, casts with replies and quotes, follows and unfollows, profile
// changes, verifications and cast removes), every step a distinct message signed
// with the package's builders through MessageFactory. Signing is the costly
// part (a verification's most of all), so it runs on worker threads, in rounds
// (a reaction needs its cast's hash first), and the result is cached on disk.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  CastType, HubEvent, HubEventType, Message, MessageType, type Protocol, ReactionType, UserDataType, makeCastAdd,
} from '@farcaster/hub-nodejs';
import { MessageFactory, farcasterSeconds } from '../../test/helpers/hub-double/message-factory';
import { prng } from './prng';

export type Kind =
  | 'like' | 'recast' | 'unreact' | 'cast' | 'reply' | 'quote' | 'follow' | 'unfollow' | 'userData'
  | 'verifyEth' | 'verifySol' | 'unverify' | 'castRemove';

/** Share of each kind in the stream (reactions 35, casts 25, follows 25, user data 10, others 5). */
export const MIX: Record<Kind, number> = {
  like: 24, recast: 7, unreact: 4,
  cast: 14, reply: 8, quote: 3,
  follow: 20, unfollow: 5,
  userData: 10,
  verifyEth: 1, verifySol: 1, unverify: 0.5, castRemove: 2.5,
};

/** One planned message; `ref` is the index of the step it points at (a cast, reaction, follow or verification). */
export interface Step {
  kind: Kind;
  fid: number;
  ts: number; // Farcaster seconds
  ref?: number;
  /** follow/unfollow target fid; reaction type; user data type. */
  n?: number;
  text?: string;
}

export interface Plan { steps: Step[]; base: number; fids: number; seed: number }


const WORDS = 'gm ser based onchain frame build ship degen farcaster cast channel rust zk rollup memes art music coffee warps alpha'.split(' ');
const UD_TYPES = [UserDataType.PFP, UserDataType.DISPLAY, UserDataType.BIO, UserDataType.URL];

/**
 * `total` steps over `fids` fids, ~`perSecond` message timestamps a second ending
 * before `base + total / perSecond`. Activity and popularity are skewed (a few
 * fids do and receive most), reactions favour recent casts, and no two steps
 * repeat a fact: a pair is followed or reacted to once, removes name a live add.
 */
export function planEvents(total: number, fids: number, seed: number, base: number, perSecond = 200): Plan {
  const r = prng(seed);
  const skewed = (n: number) => 1 + Math.floor(n * r() ** 2.2);
  const kinds = Object.keys(MIX) as Kind[];
  const cumulative: number[] = [];
  let acc = 0;
  for (const k of kinds) { acc += MIX[k]; cumulative.push(acc); }
  const pick = (): Kind => { const x = r() * acc; return kinds[cumulative.findIndex((c) => x < c)]; };

  const steps: Step[] = [];
  const casts: number[] = []; // step index of every live cast (any kind)
  const topCasts: number[] = [];
  const castsOf = new Map<number, number[]>();
  const reacted = new Set<string>();
  const liveReactions: number[] = [];
  const followed = new Set<string>();
  const liveFollows: number[] = [];
  const liveVerifications: number[] = [];
  const removedCasts = new Set<number>();
  const recent = (list: number[]) => list[list.length - 1 - Math.floor(Math.min(list.length, 20_000) * r() ** 3)];
  const takeRandom = (list: number[]) => { const i = Math.floor(r() * list.length); const v = list[i]; list[i] = list[list.length - 1]; list.pop(); return v; };

  for (let i = 0; steps.length < total; i++) {
    const ts = base + Math.floor(steps.length / perSecond);
    let kind = pick();
    const fid = skewed(fids);
    // Without something to point at yet, a step becomes a plain cast or follow.
    if ((kind === 'like' || kind === 'recast' || kind === 'quote') && casts.length < 50) kind = 'cast';
    if (kind === 'reply' && topCasts.length < 50) kind = 'cast';
    if (kind === 'unreact' && !liveReactions.length) kind = 'like';
    if (kind === 'like' && casts.length < 50) kind = 'cast';
    if (kind === 'unfollow' && !liveFollows.length) kind = 'follow';
    if (kind === 'unverify' && !liveVerifications.length) kind = 'verifyEth';
    if (kind === 'castRemove' && !(castsOf.get(fid)?.length)) kind = 'cast';
    const text = () => `${WORDS[Math.floor(r() * WORDS.length)]} ${WORDS[Math.floor(r() * WORDS.length)]} #${steps.length} by ${fid}`;
    switch (kind) {
      case 'like': case 'recast': {
        let target = -1;
        for (let tries = 0; tries < 8 && target < 0; tries++) {
          const c = recent(casts);
          if (!removedCasts.has(c) && !reacted.has(`${fid}|${kind}|${c}`)) target = c;
        }
        if (target < 0) { kind = 'follow'; break; }
        reacted.add(`${fid}|${kind}|${target}`);
        liveReactions.push(steps.length);
        steps.push({ kind, fid, ts, ref: target, n: kind === 'like' ? ReactionType.LIKE : ReactionType.RECAST });
        continue;
      }
      case 'unreact': {
        const ref = takeRandom(liveReactions);
        const add = steps[ref];
        steps.push({ kind, fid: add.fid, ts, ref, n: add.n });
        continue;
      }
      case 'cast': case 'reply': case 'quote': {
        const ref = kind === 'reply' ? recent(topCasts) : kind === 'quote' ? recent(casts) : undefined;
        const index = steps.length;
        steps.push({ kind, fid, ts, ref, text: text() });
        casts.push(index);
        if (kind === 'cast') topCasts.push(index);
        const own = castsOf.get(fid) ?? [];
        own.push(index);
        castsOf.set(fid, own);
        continue;
      }
      case 'castRemove': {
        const own = castsOf.get(fid)!;
        const ref = own.splice(Math.floor(r() * own.length), 1)[0];
        removedCasts.add(ref);
        steps.push({ kind, fid, ts, ref });
        continue;
      }
      case 'unfollow': {
        const ref = takeRandom(liveFollows);
        steps.push({ kind, fid: steps[ref].fid, ts, ref, n: steps[ref].n });
        continue;
      }
      case 'userData': {
        const type = UD_TYPES[Math.floor(r() * UD_TYPES.length)];
        steps.push({ kind, fid, ts, n: type, text: `${UserDataType[type].toLowerCase()} ${steps.length}` });
        continue;
      }
      case 'verifyEth': case 'verifySol':
        liveVerifications.push(steps.length);
        steps.push({ kind, fid, ts });
        continue;
      case 'unverify': {
        const ref = takeRandom(liveVerifications);
        steps.push({ kind, fid: steps[ref].fid, ts, ref });
        continue;
      }
      case 'follow':
        break;
    }
    // follow (also the fallback of a reaction without a fresh target)
    let target = 0;
    for (let tries = 0; tries < 8 && !target; tries++) {
      const t = skewed(fids);
      if (t !== fid && !followed.has(`${fid}|${t}`)) target = t;
    }
    if (!target) continue;
    followed.add(`${fid}|${target}`);
    liveFollows.push(steps.length);
    steps.push({ kind: 'follow', fid, ts, n: target });
  }
  return { steps, base, fids, seed };
}

/** What a signing worker needs for one step: the step and the hashes/addresses it points at, resolved. */
interface Job {
  i: number; kind: Kind; fid: number; ts: number; n?: number; text?: string;
  target?: { fid: number; hash: Uint8Array };
  address?: Uint8Array; protocol?: Protocol;
}

interface Signed { i: number; bytes: Uint8Array }

async function signJob(f: MessageFactory, j: Job): Promise<Message> {
  const at = j.ts;
  switch (j.kind) {
    case 'like': case 'recast': return f.reactionAdd(j.fid, j.n as ReactionType, j.target!, { at });
    case 'unreact': return f.reactionRemove(j.fid, j.n as ReactionType, j.target!, { at });
    case 'cast': {
      // Some top-level casts sit in a channel, some mention a fid or carry a link.
      const h = j.i % 10;
      if (h < 2) return f.castAdd(j.fid, j.text!, { at, parentUrl: `https://warpcast.com/~/channel/${WORDS[j.i % WORDS.length]}` });
      if (h < 3) return f.castAdd(j.fid, j.text!, { at, mentions: [1 + (j.i % 997)], mentionsPositions: [0] });
      if (h < 5) return f.castAdd(j.fid, j.text!, { at, embedUrls: [`https://example.com/p/${j.i}`] });
      return f.castAdd(j.fid, j.text!, { at });
    }
    case 'reply': return f.castAdd(j.fid, j.text!, { at, parent: j.target });
    case 'quote': {
      // MessageFactory only builds url embeds; a quote embeds a castId, so the package builder is called with the fid's factory signer.
      const { signer } = await f.signerOf(j.fid);
      const body = {
        text: j.text!, type: CastType.CAST, embedsDeprecated: [], mentions: [], mentionsPositions: [],
        embeds: [{ castId: j.target! }], parentCastId: undefined, parentUrl: undefined,
      };
      const r = await makeCastAdd(body, { fid: j.fid, network: f.network, timestamp: farcasterSeconds(at) }, signer);
      if (r.isErr()) throw new Error(`quote: ${r.error.message}`);
      return r.value;
    }
    case 'castRemove': return f.castRemove(j.fid, j.target!.hash, { at });
    case 'follow': return f.linkAdd(j.fid, j.n!, { at });
    case 'unfollow': return f.linkRemove(j.fid, j.n!, { at });
    case 'userData': return f.userDataAdd(j.fid, j.n as UserDataType, j.text!, { at });
    case 'verifyEth': return f.verificationAddEth(j.fid, { at });
    case 'verifySol': return f.verificationAddSolana(j.fid, { at });
    case 'unverify': return f.verificationRemove(j.fid, j.address!, j.protocol!, { at });
  }
}

/** Worker side: signs the jobs it is sent with one factory (so each fid keeps one app key). */
function serveSigning(): void {
  const factory = new MessageFactory();
  const sign = async (jobs: Job[]) => {
    const out: Signed[] = [];
    for (const j of jobs) out.push({ i: j.i, bytes: Message.encode(await signJob(factory, j)).finish() });
    parentPort!.postMessage(out);
  };
  // A failed signing is left unhandled on purpose: it ends the worker, and the parent sees the worker's error.
  parentPort!.on('message', (jobs: Job[]) => { void sign(jobs); });
}

function tsxWorker(file: string, data: unknown): Worker {
  // Node loads a .ts worker file as ESM and refuses it; tsx's require hook is installed first instead.
  return new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(file)});`, { eval: true, workerData: data });
}

/** Depth of a step in the reference graph: what must be signed before it. */
function depths(steps: Step[]): number[] {
  const d = new Array<number>(steps.length).fill(0);
  for (let i = 0; i < steps.length; i++) if (steps[i].ref !== undefined) d[i] = d[steps[i].ref!] + 1;
  return d;
}

function needsTarget(kind: Kind): boolean {
  return kind === 'like' || kind === 'recast' || kind === 'unreact' || kind === 'reply' || kind === 'quote' || kind === 'castRemove';
}

/** Signs every step on `threads` workers; returns the encoded messages in step order. */
export async function signPlan(plan: Plan, threads: number, progress: (line: string) => void): Promise<Uint8Array[]> {
  const { steps } = plan;
  const out = new Array<Uint8Array>(steps.length);
  const decoded = new Map<number, Message>();
  const castTarget = (i: number): { fid: number; hash: Uint8Array } => {
    // A reaction removal points at its reaction; the cast is the reaction's target.
    const s = steps[i];
    const cast = s.kind === 'like' || s.kind === 'recast' ? steps[i].ref! : i;
    return { fid: steps[cast].fid, hash: message(cast).hash };
  };
  const message = (i: number): Message => {
    let m = decoded.get(i);
    if (!m) { m = Message.decode(out[i]); decoded.set(i, m); }
    return m;
  };
  const workers = Array.from({ length: threads }, () => tsxWorker(__filename, { role: 'sign' }));
  try {
    const depth = depths(steps);
    const maxDepth = depth.reduce((a, b) => Math.max(a, b), 0);
    let done = 0;
    const started = performance.now();
    for (let round = 0; round <= maxDepth; round++) {
      const jobs: Job[][] = workers.map(() => []);
      for (let i = 0; i < steps.length; i++) {
        if (depth[i] !== round) continue;
        const s = steps[i];
        const j: Job = { i, kind: s.kind, fid: s.fid, ts: s.ts, n: s.n, text: s.text };
        if (needsTarget(s.kind)) j.target = castTarget(s.ref!);
        if (s.kind === 'unverify') {
          const body = message(s.ref!).data!.verificationAddAddressBody!;
          j.address = body.address; j.protocol = body.protocol;
        }
        jobs[s.fid % threads].push(j);
      }
      // Chunks keep progress visible and the message queue short.
      await Promise.all(workers.map(async (w, k) => {
        const mine = jobs[k];
        for (let at = 0; at < mine.length; at += 2000) {
          const chunk = mine.slice(at, at + 2000);
          const signed = await new Promise<Signed[]>((resolve, reject) => {
            w.once('message', resolve);
            w.once('error', reject);
            w.postMessage(chunk);
          });
          w.removeAllListeners('error');
          for (const s of signed) out[s.i] = s.bytes;
          done += signed.length;
          if (done % 20_000 < signed.length) progress(`signed ${done}/${steps.length} (${Math.round(done / ((performance.now() - started) / 1000))}/s)`);
        }
      }));
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return out;
}

/** Signed messages of `plan`, from the cache file when it holds them, else signed now and cached. */
export async function signedMessages(
  plan: Omit<Plan, 'steps' | 'base'>, total: number, cacheDir: string | null, threads: number, progress: (line: string) => void,
): Promise<{ plan: Plan; messages: Uint8Array[]; cached: boolean; signSeconds: number | null }> {
  // A plan's first k steps are the same whatever its length (one seeded sequence), so a longer cached run serves a shorter one.
  const key = createHash('sha256').update(JSON.stringify({ v: 1, fids: plan.fids, seed: plan.seed, MIX })).digest('hex').slice(0, 16);
  const file = cacheDir ? path.join(cacheDir, `sync-bench-${key}.bin`) : null;
  if (file && existsSync(file)) {
    const buf = readFileSync(file);
    const headerLen = buf.readUInt32BE(0);
    const header = JSON.parse(buf.subarray(4, 4 + headerLen).toString('utf8')) as { base: number };
    const messages: Uint8Array[] = [];
    for (let at = 4 + headerLen; at < buf.length;) {
      const n = buf.readUInt32BE(at);
      messages.push(new Uint8Array(buf.subarray(at + 4, at + 4 + n)));
      at += 4 + n;
    }
    if (messages.length >= total) {
      const full = planEvents(messages.length, plan.fids, plan.seed, header.base);
      return { plan: { ...full, steps: full.steps.slice(0, total) }, messages: messages.slice(0, total), cached: true, signSeconds: null };
    }
    progress(`cache ${file} holds ${messages.length} messages, fewer than ${total}: signing again`);
  }
  // Timestamps end a minute before now: the builders refuse messages more than 10 minutes ahead.
  const base = farcasterSeconds() - Math.ceil(total / 200) - 60;
  const full = planEvents(total, plan.fids, plan.seed, base);
  const started = performance.now();
  const messages = await signPlan(full, threads, progress);
  const signSeconds = (performance.now() - started) / 1000;
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    const header = Buffer.from(JSON.stringify({ base }));
    const parts: Buffer[] = [u32(header.length), header];
    for (const m of messages) parts.push(u32(m.length), Buffer.from(m));
    writeFileSync(file, Buffer.concat(parts));
  }
  return { plan: full, messages, cached: false, signSeconds };
}

function u32(n: number): Buffer { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; }

/**
 * Encoded MERGE_MESSAGE events (ids are set by the double) of steps [from, to) as a node sends them: a
 * remove or an update carries the message it displaced in deletedMessages (the sync ignores it, but it is
 * on the wire and decoded).
 */
export function eventTemplates(plan: Plan, messages: Uint8Array[], from: number, to: number, lastUserData: Map<string, number>): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = from; i < to; i++) {
    const s = plan.steps[i];
    let displaced: number | undefined;
    if (s.kind === 'unreact' || s.kind === 'unfollow' || s.kind === 'unverify' || s.kind === 'castRemove') displaced = s.ref;
    if (s.kind === 'userData') {
      const k = `${s.fid}|${s.n}`;
      displaced = lastUserData.get(k);
      lastUserData.set(k, i);
    }
    const message = Message.decode(messages[i]);
    const deletedMessages = displaced === undefined ? [] : [Message.decode(messages[displaced])];
    out.push(HubEvent.encode({
      type: HubEventType.MERGE_MESSAGE, id: 0, blockNumber: 0, shardIndex: 0, timestamp: 0,
      mergeMessageBody: { message, deletedMessages },
    }).finish());
  }
  return out;
}

/** Counts by message type, to show the mix that was actually built. */
export function typeCounts(messages: Uint8Array[], from: number, to: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let i = from; i < to; i++) {
    const t = MessageType[Message.decode(messages[i]).data!.type];
    counts[t] = (counts[t] ?? 0) + 1;
  }
  return counts;
}

export const defaultThreads = () => Math.max(1, os.cpus().length);

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'sign') serveSigning();

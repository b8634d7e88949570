// Reconcile: a fid's stored rows compared with the node's state, differences
// repaired through the writer and counted. A stored row the node does not hold
// (a missed prune or revoke, a lost event) ends now; a key whose row does not
// reflect the node's message is set to it. Live answers then match the node for
// that fid, and a second reconcile finds nothing.
import type { AnyOp, SyncOp } from './sync-ops';
import type { SyncContext } from './backfill';
import { fidOpPages } from './node-reads';

export type Repairs = Record<'links' | 'casts' | 'reactions' | 'verifications' | 'userData', number>;

interface Stored { key: string; ts: Date; live: boolean; value?: string }

const t = (d: Date) => d.getTime();

/** The node's state of a fid: per key, the message the node holds. */
async function nodeState(ctx: SyncContext, fid: number): Promise<SyncOp[]> {
  const ops: SyncOp[] = [];
  for await (const page of fidOpPages(ctx.hub, fid)) ops.push(...page.ops);
  return ops;
}

async function storedState(ctx: SyncContext, fid: number): Promise<Record<keyof Repairs, Stored[]>> {
  const q = <R>(text: string) => ctx.sql.query<R & { ts: Date; deleted_at: Date | null }>(text, [fid]);
  const rows = <R>(list: (R & { ts: Date; deleted_at: Date | null })[], key: (r: R) => string, value?: (r: R) => string) =>
    list.map((r) => ({ key: key(r), ts: r.ts, live: r.deleted_at === null, value: value?.(r) }));
  return {
    links: rows(await q<{ target_fid: number }>('SELECT target_fid, timestamp AS ts, deleted_at FROM fc_link WHERE fid = $1'), (r) => String(r.target_fid)),
    casts: rows(await q<{ hash: string }>('SELECT hash, timestamp AS ts, deleted_at FROM fc_cast WHERE fid = $1'), (r) => r.hash),
    reactions: rows(await q<{ reaction_type: number; target_hash: string }>('SELECT reaction_type, target_hash, timestamp AS ts, deleted_at FROM fc_reaction WHERE fid = $1'),
      (r) => `${r.reaction_type}|${r.target_hash}`),
    verifications: rows(await q<{ address: string }>('SELECT address, timestamp AS ts, deleted_at FROM fc_verification WHERE fid = $1'), (r) => r.address),
    userData: rows(await q<{ type: number; value: string }>('SELECT type, value, timestamp AS ts, deleted_at FROM fc_user_data WHERE fid = $1'), (r) => String(r.type), (r) => r.value),
  };
}

/** What the node holds for a key: its message, live (an add) or not (a remove). */
interface NodeKey extends Stored {
  op: SyncOp;
  /** Listed by a link compact state: live, but its own add's time is gone from the node. */
  anyTime?: boolean;
}

/** Per kind and key, what the node holds; `rest` is what has no key to compare (fnames, fids). */
function nodeKeys(fid: number, ops: SyncOp[]): { keys: Record<keyof Repairs, Map<string, NodeKey>>; rest: SyncOp[] } {
  const keys: Record<keyof Repairs, Map<string, NodeKey>> = { links: new Map(), casts: new Map(), reactions: new Map(), verifications: new Map(), userData: new Map() };
  const rest: SyncOp[] = [];
  const put = (kind: keyof Repairs, key: string, op: SyncOp, live: boolean, extra: Partial<NodeKey> = {}) =>
    keys[kind].set(key, { key, ts: 'ts' in op ? op.ts : new Date(0), live, op, ...extra });
  for (const o of ops) {
    if (o.kind === 'link' && o.fid === fid) put('links', String(o.target), o, !o.remove);
    else if (o.kind === 'linkCompact') {
      rest.push(o); // stored, so that a later prune of a listed follow's add leaves the follow
      for (const target of o.targets) {
        if (!keys.links.has(String(target))) put('links', String(target), { kind: 'link', fid, target, ts: o.ts, remove: false }, true, { anyTime: true });
      }
    }
    else if (o.kind === 'castAdd') { if (!keys.casts.has(o.hash)) put('casts', o.hash, o, true); }
    else if (o.kind === 'castRemove') put('casts', o.hash, o, false);
    else if (o.kind === 'reaction') put('reactions', `${o.type}|${o.targetHash}`, o, !o.remove);
    else if (o.kind === 'verification') put('verifications', o.address, o, !o.remove);
    else if (o.kind === 'userData') put('userData', String(o.type), o, true, { value: o.value });
    else rest.push(o);
  }
  return { keys, rest };
}

/** The op that ends a stored live row the node does not hold. */
function endOf(kind: keyof Repairs, fid: number, row: Stored, at: Date): AnyOp {
  const ts = row.ts;
  const op: SyncOp = kind === 'links' ? { kind: 'link', fid, target: Number(row.key), ts, remove: false }
    : kind === 'casts' ? { kind: 'castAdd', hash: row.key, fid, ts, parentFid: null, parentHash: null, parentUrl: null, text: '', embeds: null, mentions: [], quotedHash: null, quotedFid: null }
      : kind === 'reactions' ? { kind: 'reaction', fid, type: Number(row.key.split('|')[0]) as 1 | 2, targetHash: row.key.split('|')[1], targetFid: 0, ts, remove: false }
        : kind === 'verifications' ? { kind: 'verification', fid, address: row.key, protocol: 'ethereum', ts, remove: false }
          : { kind: 'userData', fid, type: Number(row.key), value: row.value ?? '', ts };
  return { kind: 'retract', op, at, reason: 'revoke' };
}

/**
 * Compares and repairs one fid; returns the differences found per kind. Each key
 * that differs is set to the node's message for it (not merged: the stored times
 * are what may be wrong); a stored live row the node does not hold ends now.
 */
export async function reconcileFid(ctx: SyncContext, fid: number): Promise<Repairs> {
  const { keys: node, rest } = nodeKeys(fid, await nodeState(ctx, fid));
  const stored = await storedState(ctx, fid);
  const now = new Date();
  const repairs: Repairs = { links: 0, casts: 0, reactions: 0, verifications: 0, userData: 0 };
  const fixes: AnyOp[] = [];
  for (const kind of Object.keys(repairs) as (keyof Repairs)[]) {
    const mine = new Map(stored[kind].map((r) => [r.key, r]));
    for (const [key, n] of node[kind]) {
      const m = mine.get(key);
      // A follow listed by a compact state keeps whatever time it was stored with.
      const timeDiffers = (a: Stored, b: NodeKey) => !b.anyTime && t(a.ts) !== t(b.ts);
      const differs = !m || m.live !== n.live || (n.live && timeDiffers(m, n)) || (kind === 'userData' && m.value !== n.value);
      if (!differs) continue;
      repairs[kind] += 1;
      fixes.push({ kind: 'restore', op: n.op });
    }
    for (const m of stored[kind]) {
      if (m.live && !node[kind].has(m.key)) { repairs[kind] += 1; fixes.push(endOf(kind, fid, m, now)); }
    }
  }
  ctx.writer.push({ ops: [...rest, ...fixes], events: 0, receivedAt: Date.now() });
  await ctx.writer.flushed();
  return repairs;
}

/** Reconciles the fids one after another, `perSecond` at most; adds the repairs to the status. */
export async function reconcile(ctx: SyncContext, fids: number[], perSecond: number): Promise<Repairs> {
  const total: Repairs = { links: 0, casts: 0, reactions: 0, verifications: 0, userData: 0 };
  for (const fid of fids) {
    const started = Date.now();
    const r = await reconcileFid(ctx, fid);
    for (const k of Object.keys(total) as (keyof Repairs)[]) total[k] += r[k];
    const wait = 1000 / perSecond - (Date.now() - started);
    if (wait > 0) await new Promise((res) => setTimeout(res, wait));
  }
  const rec = ctx.status.data.reconcile;
  rec.lastAt = new Date().toISOString();
  rec.fids += fids.length;
  rec.lastRepaired = { ...total };
  for (const k of Object.keys(total) as (keyof Repairs)[]) rec.repaired[k] = (rec.repaired[k] ?? 0) + total[k];
  return total;
}

/** A sample of known fids to check. */
export async function sampleFids(ctx: SyncContext, n: number): Promise<number[]> {
  return (await ctx.sql.query<{ fid: number }>('SELECT fid FROM fc_user ORDER BY random() LIMIT $1', [n])).map((r) => r.fid);
}

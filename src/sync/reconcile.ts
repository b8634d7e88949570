// Reconcile: a fid's stored rows compared with the node's state, differences
// repaired through the writer and counted. A stored row the node does not hold
// (a missed prune or revoke, a lost event) ends now; a node message the rows do
// not reflect is merged. Live answers then match the node for that fid.
import type { AnyOp, SyncOp } from './sync-ops';
import type { SyncContext } from './backfill';
import { FID_MESSAGE_READS, fidExtras, fidMessagePages } from './node-reads';

export type Repairs = Record<'links' | 'casts' | 'reactions' | 'verifications' | 'userData', number>;

interface Stored { key: string; ts: Date; live: boolean; value?: string }

const t = (d: Date) => d.getTime();

/** The node's state of a fid: per key, the message the node holds. */
async function nodeState(ctx: SyncContext, fid: number): Promise<SyncOp[]> {
  const ops: SyncOp[] = [];
  for (const method of FID_MESSAGE_READS) for await (const page of fidMessagePages(ctx.hub, fid, method)) ops.push(...page.ops);
  ops.push(...await fidExtras(ctx.hub, fid));
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

/** Per kind and key, what the node holds: an add (live) or a remove, at its time. */
function nodeKeys(fid: number, ops: SyncOp[]): Record<keyof Repairs, Map<string, Stored>> {
  const out: Record<keyof Repairs, Map<string, Stored>> = { links: new Map(), casts: new Map(), reactions: new Map(), verifications: new Map(), userData: new Map() };
  for (const o of ops) {
    if (o.kind === 'link' && o.fid === fid) out.links.set(String(o.target), { key: String(o.target), ts: o.ts, live: !o.remove });
    else if (o.kind === 'linkCompact') {
      for (const target of o.targets) if (!out.links.has(String(target))) out.links.set(String(target), { key: String(target), ts: o.ts, live: true });
    }
    else if (o.kind === 'castAdd') { if (!out.casts.has(o.hash)) out.casts.set(o.hash, { key: o.hash, ts: o.ts, live: true }); }
    else if (o.kind === 'castRemove') out.casts.set(o.hash, { key: o.hash, ts: o.ts, live: false });
    else if (o.kind === 'reaction') out.reactions.set(`${o.type}|${o.targetHash}`, { key: `${o.type}|${o.targetHash}`, ts: o.ts, live: !o.remove });
    else if (o.kind === 'verification') out.verifications.set(o.address, { key: o.address, ts: o.ts, live: !o.remove });
    else if (o.kind === 'userData') out.userData.set(String(o.type), { key: String(o.type), ts: o.ts, live: true, value: o.value });
  }
  return out;
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

/** Compares and repairs one fid; returns the differences found per kind. */
export async function reconcileFid(ctx: SyncContext, fid: number): Promise<Repairs> {
  const ops = await nodeState(ctx, fid);
  const node = nodeKeys(fid, ops);
  const stored = await storedState(ctx, fid);
  const now = new Date();
  const repairs: Repairs = { links: 0, casts: 0, reactions: 0, verifications: 0, userData: 0 };
  const ends: AnyOp[] = [];
  for (const kind of Object.keys(repairs) as (keyof Repairs)[]) {
    const mine = new Map(stored[kind].map((r) => [r.key, r]));
    for (const [key, n] of node[kind]) {
      const m = mine.get(key);
      const differs = !m || m.live !== n.live || (n.live && t(m.ts) !== t(n.ts)) || (kind === 'userData' && m.value !== n.value);
      if (differs) repairs[kind] += 1;
    }
    for (const m of stored[kind]) {
      if (m.live && !node[kind].has(m.key)) { repairs[kind] += 1; ends.push(endOf(kind, fid, m, now)); }
    }
  }
  ctx.writer.push({ ops: [...ops, ...ends], events: 0, receivedAt: Date.now() });
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

// A Farcaster dump as the hub replicator (farcasterxyz/hub-monorepo apps/replicator,
// processors/*.ts and migrations/001_initial_migration.ts) would have stored a set of
// real signed messages, exported with psql `\copy … CSV HEADER`: what the import
// reads from a replicator's tables, built from the same messages a node double serves.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MessageType, bytesToUtf8String, type Message, type OnChainEvent, type UserNameProof } from '@farcaster/hub-nodejs';

const FARCASTER_EPOCH_MS = 1609459200_000;
/** How long after a message's time the replicator processed it (it follows the node live). */
export const REPLICATOR_LAG_MS = 2_500;
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
const bytea = (b: Uint8Array) => `\\x${Buffer.from(b).toString('hex')}`;
const msgTime = (m: Message) => new Date(FARCASTER_EPOCH_MS + m.data!.timestamp * 1000);
const processedAt = (m: Message) => new Date(msgTime(m).getTime() + REPLICATOR_LAG_MS);

/** psql's text for a timestamptz in a UTC session: `2024-01-07 09:00:00.415+00`. */
function pgTime(d: Date): string {
  const iso = d.toISOString();
  const frac = iso.slice(19, 23).replace(/\.?0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${frac}+00`;
}

type Cell = string | number | Date | Uint8Array | null;

/** psql CSV: NULL as an empty field, "" for an empty string, quotes where needed. */
function csv(columns: string[], rows: Cell[][]): string {
  const cell = (v: Cell) => {
    if (v === null) return '';
    const s = v instanceof Date ? pgTime(v) : v instanceof Uint8Array ? bytea(v) : String(v);
    return s === '' || /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [columns.join(','), ...rows.map((r) => r.map(cell).join(','))].join('\n') + '\n';
}

let ids = 0;
const ulid = () => `0195${String(++ids).padStart(4, '0')}-0000-7000-8000-000000000000`;

/**
 * The replicator's derived tables after it processed `messages` in order (its
 * add/remove processors: last write wins, a remove marks the row deleted at the
 * time it ran, a later add brings it back with its own time).
 */
export function replicatorTables(chain: OnChainEvent[], messages: Message[], proofs: UserNameProof[]): Record<string, string> {
  type Row = { ts: Date; deleted: Date | null; hash: Uint8Array; m: Message; winner: Message };
  const links = new Map<string, Row>(); const reactions = new Map<string, Row>(); const verifications = new Map<string, Row>();
  const casts = new Map<string, Row>(); const userData = new Map<string, Message>();
  const laterWins = (row: Row | undefined, m: Message) => !row || m.data!.timestamp > row.winner.data!.timestamp;
  const addOrRemove = (table: Map<string, Row>, key: string, m: Message, isRemove: boolean) => {
    const row = table.get(key);
    if (!laterWins(row, m)) return;
    if (isRemove) { if (row && !row.deleted) table.set(key, { ...row, deleted: processedAt(m), winner: m }); return; }
    table.set(key, { ts: msgTime(m), deleted: null, hash: m.hash, m, winner: m });
  };
  for (const m of messages) {
    const d = m.data!;
    switch (d.type) {
      case MessageType.LINK_ADD: case MessageType.LINK_REMOVE:
        addOrRemove(links, `${d.fid}|${d.linkBody!.targetFid}`, m, d.type === MessageType.LINK_REMOVE); break;
      case MessageType.REACTION_ADD: case MessageType.REACTION_REMOVE: {
        const b = d.reactionBody!;
        addOrRemove(reactions, `${d.fid}|${b.type}|${hex(b.targetCastId!.hash)}`, m, d.type === MessageType.REACTION_REMOVE); break;
      }
      case MessageType.VERIFICATION_ADD_ETH_ADDRESS: addOrRemove(verifications, `${d.fid}|${hex(d.verificationAddAddressBody!.address)}`, m, false); break;
      case MessageType.VERIFICATION_REMOVE: addOrRemove(verifications, `${d.fid}|${hex(d.verificationRemoveBody!.address)}`, m, true); break;
      case MessageType.CAST_ADD: casts.set(hex(m.hash), { ts: msgTime(m), deleted: null, hash: m.hash, m, winner: m }); break;
      case MessageType.CAST_REMOVE: {
        // Remove trumps: the cast is marked deleted whatever the times.
        const row = casts.get(hex(d.castRemoveBody!.targetHash));
        if (row && !row.deleted) casts.set(hex(row.hash), { ...row, deleted: processedAt(m) });
        break;
      }
      case MessageType.USER_DATA_ADD: {
        const key = `${d.fid}|${d.userDataBody!.type}`;
        const old = userData.get(key);
        if (!old || d.timestamp >= old.data!.timestamp) userData.set(key, m);
        break;
      }
      default: throw new Error(`no replicator row for message type ${d.type}`);
    }
  }
  const created = new Date('2025-03-05T00:00:00Z');
  const meta = (r: { deleted?: Date | null }) => [ulid(), created, r.deleted ?? created];
  const castRow = (r: Row): Cell[] => {
    const b = r.m.data!.castAddBody!;
    const parent = b.parentCastId ? casts.get(hex(b.parentCastId.hash)) : undefined;
    const parentRoot = parent ? rootOf(parent) : null;
    const embeds = b.embeds.map((e) => (e.castId ? { castId: { fid: e.castId.fid, hash: hex(e.castId.hash) } } : { url: e.url }));
    return [...meta(r), msgTime(r.m), r.deleted, r.m.data!.fid, b.parentCastId?.fid || null, r.hash, parentRoot ?? b.parentCastId?.hash ?? null,
      b.parentCastId?.hash ?? null, b.parentUrl ?? null, b.parentUrl ?? null, b.text, JSON.stringify(embeds), JSON.stringify(b.mentions),
      JSON.stringify(b.mentionsPositions)];
  };
  const rootOf = (r: Row): Uint8Array | null => {
    const p = r.m.data!.castAddBody!.parentCastId;
    if (!p) return null;
    const parent = casts.get(hex(p.hash));
    return (parent && rootOf(parent)) ?? p.hash;
  };
  // fnames: one row per name, its holder's; a transfer deletes the old holder's row.
  const fnames = new Map<string, UserNameProof>();
  for (const p of proofs) fnames.set(bytesToUtf8String(p.name)._unsafeUnwrap(), p);
  return {
    fids: csv(['fid', 'created_at', 'updated_at', 'registered_at', 'chain_event_id', 'custody_address', 'recovery_address'],
      chain.map((e) => [e.fid, created, created, new Date(e.blockTimestamp * 1000), ulid(), e.idRegisterEventBody!.to, e.idRegisterEventBody!.recoveryAddress])),
    fnames: csv(['id', 'created_at', 'updated_at', 'registered_at', 'deleted_at', 'fid', 'type', 'username'],
      // The replicator reads the proof's unix seconds as Farcaster time (farcasterTimeToDate); no import reads this column.
      [...fnames].map(([name, p]) => [ulid(), created, created, new Date(FARCASTER_EPOCH_MS + p.timestamp * 1000), null, p.fid, p.type, name])),
    user_data: csv(['id', 'created_at', 'updated_at', 'timestamp', 'deleted_at', 'fid', 'type', 'hash', 'value'],
      [...userData.values()].map((m) => [...meta({}), msgTime(m), null, m.data!.fid, m.data!.userDataBody!.type, m.hash, m.data!.userDataBody!.value])),
    links: csv(['id', 'created_at', 'updated_at', 'timestamp', 'deleted_at', 'fid', 'target_fid', 'display_timestamp', 'type', 'hash'],
      [...links.values()].map((r) => [...meta(r), r.ts, r.deleted, r.m.data!.fid, r.m.data!.linkBody!.targetFid!, null, 'follow', r.hash])),
    casts: csv(['id', 'created_at', 'updated_at', 'timestamp', 'deleted_at', 'fid', 'parent_fid', 'hash', 'root_parent_hash', 'parent_hash',
      'root_parent_url', 'parent_url', 'text', 'embeds', 'mentions', 'mentions_positions'], [...casts.values()].map(castRow)),
    reactions: csv(['id', 'created_at', 'updated_at', 'timestamp', 'deleted_at', 'fid', 'target_cast_fid', 'type', 'hash', 'target_cast_hash', 'target_url'],
      [...reactions.values()].map((r) => {
        const b = r.m.data!.reactionBody!;
        return [...meta(r), r.ts, r.deleted, r.m.data!.fid, b.targetCastId!.fid, b.type, r.hash, b.targetCastId!.hash, null];
      })),
    verifications: csv(['id', 'created_at', 'updated_at', 'timestamp', 'deleted_at', 'fid', 'hash', 'signer_address', 'block_hash', 'signature'],
      [...verifications.values()].map((r) => {
        const b = r.m.data!.verificationAddAddressBody!;
        return [...meta(r), r.ts, r.deleted, r.m.data!.fid, r.hash, b.address, b.blockHash, b.claimSignature];
      })),
  };
}

/** Writes the replicator's tables of these messages as `<dir>/farcaster/*.csv`. */
export function writeReplicatorDump(dir: string, chain: OnChainEvent[], messages: Message[], proofs: UserNameProof[]): void {
  mkdirSync(path.join(dir, 'farcaster'), { recursive: true });
  for (const [name, text] of Object.entries(replicatorTables(chain, messages, proofs))) writeFileSync(path.join(dir, 'farcaster', `${name}.csv`), text);
}

// farcaster/ tables (DATASET.md) → fc_* tables. Rows carrying an event time follow
// the hubs' rule: the newest write (timestamp or deletion) wins; a deletion marks
// the stored row (an unfollow keeps its time), it never removes it.
import { normalizeHex, parseFid } from '../../domain/ids';
import { asIs, int4, intArray, timestamp } from '../parse-values';
import { RowError, type SourceRow } from '../source-row';
import { eventVersion, ignore, type TableSpec } from '../table-spec';
import { castEmbeds } from './cast-embeds';

const NOT_A_FOLLOW = ignore('link type is not follow (no answer uses other link types)');

const fid = (r: SourceRow, column = 'fid') => r.req(column, parseFid);
const eventTimes = (r: SourceRow) => [r.req('timestamp', timestamp), r.opt('deleted_at', timestamp)];

export const fids: TableSpec = {
  folder: 'farcaster', name: 'fids', target: 'fc_user', required: ['fid'],
  columns: ['fid', 'registered_at', 'custody_address'], key: ['fid'],
  // A dump without these columns must not erase what an earlier one gave.
  update: {
    registered_at: 'COALESCE(EXCLUDED.registered_at, t.registered_at)',
    custody_address: 'COALESCE(EXCLUDED.custody_address, t.custody_address)',
  },
  mapRow: (r) => [fid(r), r.opt('registered_at', timestamp), r.opt('custody_address', normalizeHex)],
};

export const fnames: TableSpec = {
  folder: 'farcaster', name: 'fnames', target: 'fc_fname', required: ['fid', 'fname'], aliases: { username: 'fname' },
  columns: ['fid', 'fname', 'deleted_at'], key: ['fid', 'fname'],
  // No event time: a deletion (the newest one) wins over a row without one.
  version: (a) => `COALESCE(${a}.deleted_at, '-infinity')`,
  mapRow: (r) => [fid(r), r.req('fname', asIs), r.opt('deleted_at', timestamp)],
};

export const userData: TableSpec = {
  folder: 'farcaster', name: 'user_data', target: 'fc_user_data', required: ['fid', 'type', 'value', 'timestamp'],
  columns: ['fid', 'type', 'value', 'timestamp', 'deleted_at'], key: ['fid', 'type'], version: eventVersion,
  mapRow: (r) => [fid(r), r.req('type', int4), r.raw('value'), ...eventTimes(r)],
};

export const links: TableSpec = {
  folder: 'farcaster', name: 'links', target: 'fc_link', required: ['fid', 'target_fid', 'type', 'timestamp'],
  columns: ['fid', 'target_fid', 'timestamp', 'deleted_at'], key: ['fid', 'target_fid'], version: eventVersion,
  mapRow: (r) => {
    if (r.req('type', asIs).toLowerCase() !== 'follow') return NOT_A_FOLLOW;
    return [fid(r), fid(r, 'target_fid'), ...eventTimes(r)];
  },
};

export const casts: TableSpec = {
  folder: 'farcaster', name: 'casts', target: 'fc_cast', required: ['fid', 'hash', 'timestamp'],
  columns: ['hash', 'fid', 'parent_fid', 'parent_hash', 'root_parent_hash', 'parent_url', 'text', 'embeds', 'mentions',
    'quoted_hash', 'quoted_fid', 'timestamp', 'deleted_at'],
  key: ['hash'], version: eventVersion,
  mapRow: (r) => {
    const embeds = r.opt('embeds', castEmbeds);
    // Some exports write 0 for "no parent".
    const parentFid = r.raw('parent_fid').trim() === '0' ? null : r.opt('parent_fid', parseFid);
    return [r.req('hash', normalizeHex), fid(r), parentFid, r.opt('parent_hash', normalizeHex),
      r.opt('root_parent_hash', normalizeHex), r.text('parent_url'), r.raw('text'), embeds?.json ?? null,
      r.opt('mentions', intArray) ?? [], embeds?.quotedHash ?? null, embeds?.quotedFid ?? null, ...eventTimes(r)];
  },
};

const REACTION_TYPES = new Map([['1', 1], ['2', 2], ['like', 1], ['recast', 2], ['reaction_type_like', 1], ['reaction_type_recast', 2]]);
const reactionType = (s: string) => REACTION_TYPES.get(s.toLowerCase()) ?? null;

export const reactions: TableSpec = {
  folder: 'farcaster', name: 'reactions', target: 'fc_reaction',
  required: ['fid', 'reaction_type', 'target_fid', 'target_hash', 'timestamp'],
  aliases: { type: 'reaction_type', target_cast_fid: 'target_fid', target_cast_hash: 'target_hash' },
  columns: ['fid', 'reaction_type', 'target_hash', 'target_fid', 'timestamp', 'deleted_at'],
  key: ['fid', 'reaction_type', 'target_hash'], version: eventVersion,
  mapRow: (r) => [fid(r), r.req('reaction_type', reactionType),
    r.req('target_hash', normalizeHex), fid(r, 'target_fid'), ...eventTimes(r)],
};

const PROTOCOLS = new Map([['ethereum', 'ethereum'], ['0', 'ethereum'], ['protocol_ethereum', 'ethereum'],
  ['solana', 'solana'], ['1', 'solana'], ['protocol_solana', 'solana']]);
const protocolOf = (s: string) => PROTOCOLS.get(s.toLowerCase()) ?? null;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export const verifications: TableSpec = {
  folder: 'farcaster', name: 'verifications', target: 'fc_verification', required: ['fid', 'address', 'timestamp'],
  aliases: { signer_address: 'address' },
  columns: ['fid', 'address', 'protocol', 'timestamp', 'deleted_at'], key: ['fid', 'address'], version: eventVersion,
  mapRow: (r) => {
    const raw = r.req('address', asIs);
    const given = r.opt('protocol', protocolOf);
    const hex = normalizeHex(raw);
    // Without a protocol column the address itself tells: hex is Ethereum, base58 is Solana.
    const protocol = given ?? (hex ? 'ethereum' : 'solana');
    const address = protocol === 'ethereum' ? hex : BASE58.test(raw) ? raw : null;
    if (!address) throw new RowError(`bad address for ${protocol}: ${JSON.stringify(raw.slice(0, 80))}`);
    return [fid(r), address, protocol, ...eventTimes(r)];
  },
};

// Neynar's v3 Parquet exports sit flat in one folder, one file per table and time
// range: `nindexer-<table>-<start>-<end>.parquet` (their `profiles` table is one wide
// row per fid, not user_data's type/value rows, so it is not read as user_data).
const neynarV3 = (table: string) => [new RegExp(`^nindexer-${table}-\\d+-\\d+\\.parquet$`)];
fids.filePatterns = neynarV3('fids');
fnames.filePatterns = neynarV3('usernames');
links.filePatterns = neynarV3('follows');
casts.filePatterns = neynarV3('casts');
reactions.filePatterns = neynarV3('reactions');
verifications.filePatterns = neynarV3('verifications');

export const FARCASTER_SPECS: readonly TableSpec[] = [fids, fnames, userData, links, casts, reactions, verifications];

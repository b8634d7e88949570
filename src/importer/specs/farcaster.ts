// farcaster/ tables (docs/dataset.md) → fc_* tables, read as the hub replicator,
// Neynar (v2 tables, Dune's dataset_farcaster_*, v3 "nindexer" Parquet) write them.
// Rows carrying an event time follow the hubs' rule: the newest write (timestamp
// or deletion) wins; a deletion marks the stored row (an unfollow keeps its time),
// it never removes it.
import { normalizeHex, parseFid } from '../../domain/ids';
import { asIs, intArray, json, timestamp } from '../parse-values';
import { RowError, type SourceRow } from '../source-row';
import { eventVersion, ignore, type TableSpec } from '../table-spec';
import { castEmbeds, embeddedCast } from './cast-embeds';
import { claimAddress, reactionType, userDataType, verificationProtocol, verifiedAddress } from './farcaster-values';

const NOT_A_FOLLOW = ignore('link type is not follow (no answer uses other link types)');
// Every answer that counts reactions joins them to the cast they target.
const URL_REACTION = ignore('reaction to a URL (no cast): no answer counts it');

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
  mapRow: (r) => [fid(r), r.req('type', userDataType), r.raw('value'), ...eventTimes(r)],
};

export const links: TableSpec = {
  folder: 'farcaster', name: 'links', target: 'fc_link', required: ['fid', 'target_fid', 'timestamp'],
  columns: ['fid', 'target_fid', 'timestamp', 'deleted_at'], key: ['fid', 'target_fid'], version: eventVersion,
  mapRow: (r) => {
    // Neynar v3 `follows` has no type column: every row is a follow.
    const type = r.opt('type', asIs);
    if (type !== null && type.toLowerCase() !== 'follow') return NOT_A_FOLLOW;
    return [fid(r), fid(r, 'target_fid'), ...eventTimes(r)];
  },
};

/** Neynar v3's name for the follow links. */
export const follows: TableSpec = { ...links, name: 'follows' };

/** Neynar v3's name for fnames (one row per username proof). */
export const usernames: TableSpec = { ...fnames, name: 'usernames' };

export const casts: TableSpec = {
  folder: 'farcaster', name: 'casts', target: 'fc_cast', required: ['fid', 'hash', 'timestamp'],
  columns: ['hash', 'fid', 'parent_fid', 'parent_hash', 'root_parent_hash', 'parent_url', 'text', 'embeds', 'mentions',
    'quoted_hash', 'quoted_fid', 'timestamp', 'deleted_at'],
  key: ['hash'], version: eventVersion,
  mapRow: (r) => {
    const embeds = r.opt('embeds', castEmbeds);
    // Neynar v3 also lists quoted casts apart from embeds.
    const quote = embeds?.quotedHash ? { hash: embeds.quotedHash, fid: embeds.quotedFid }
      : embeddedCast(r.raw('embedded_casts'), r.raw('embedded_casts_fids'));
    // Some exports write 0 for "no parent".
    const parentFid = r.raw('parent_fid').trim() === '0' ? null : r.opt('parent_fid', parseFid);
    return [r.req('hash', normalizeHex), fid(r), parentFid, r.opt('parent_hash', normalizeHex),
      r.opt('root_parent_hash', normalizeHex), r.text('parent_url'), r.raw('text'), embeds?.json ?? null,
      r.opt('mentions', intArray) ?? [], quote?.hash ?? null, quote?.fid ?? null, ...eventTimes(r)];
  },
};

export const reactions: TableSpec = {
  folder: 'farcaster', name: 'reactions', target: 'fc_reaction',
  required: ['fid', 'reaction_type', 'timestamp'],
  aliases: { type: 'reaction_type', target_cast_fid: 'target_fid', target_cast_hash: 'target_hash' },
  columns: ['fid', 'reaction_type', 'target_hash', 'target_fid', 'timestamp', 'deleted_at'],
  key: ['fid', 'reaction_type', 'target_hash'], version: eventVersion,
  mapRow: (r) => {
    const type = r.req('reaction_type', reactionType);
    // A reaction targets a cast or a URL (a channel, a page); only casts are counted.
    if (r.raw('target_hash').trim() === '' && r.text('target_url') !== null) return URL_REACTION;
    return [fid(r), type, r.req('target_hash', normalizeHex), fid(r, 'target_fid'), ...eventTimes(r)];
  },
};

const claimJson = (text: string) => claimAddress(json(text));

export const verifications: TableSpec = {
  folder: 'farcaster', name: 'verifications', target: 'fc_verification',
  // The address is a column (replicator `signer_address`, Neynar v3 `address`) or inside `claim` (Neynar v2, Dune).
  required: ['fid', 'timestamp'],
  aliases: { signer_address: 'address' },
  columns: ['fid', 'address', 'protocol', 'timestamp', 'deleted_at'], key: ['fid', 'address'], version: eventVersion,
  mapRow: (r) => {
    const claim = r.raw('address').trim() === '' ? r.opt('claim', claimJson) : null;
    const raw = claim?.address ?? r.req('address', asIs);
    const given = r.opt('protocol', verificationProtocol) ?? claim?.protocol ?? null;
    const verified = verifiedAddress(raw, given);
    if (!verified) throw new RowError(`bad address${given ? ` for ${given}` : ''}: ${JSON.stringify(raw.slice(0, 80))}`);
    return [fid(r), verified.address, verified.protocol, ...eventTimes(r)];
  },
};

// Neynar's Parquet exports sit flat in one folder, one file per table and time range:
// `<schema>-<table>-<start>-<end>.parquet`, schema `farcaster` for its v2 tables and
// `nindexer` for v3 (v3's `profiles` is one wide row per fid, not user_data's
// type/value rows: neynar-profiles.ts reads it).
const neynar = (v2: string | null, v3: string | null) => [v2 && `farcaster-${v2}`, v3 && `nindexer-${v3}`]
  .filter((name): name is string => name !== null).map((name) => new RegExp(`^${name}-\\d+-\\d+\\.parquet$`));
fids.filePatterns = neynar('fids', 'fids');
fnames.filePatterns = neynar('fnames', 'usernames');
userData.filePatterns = neynar('user_data', null);
links.filePatterns = neynar('links', 'follows');
casts.filePatterns = neynar('casts', 'casts');
reactions.filePatterns = neynar('reactions', 'reactions');
verifications.filePatterns = neynar('verifications', 'verifications');

export const FARCASTER_SPECS: readonly TableSpec[] = [fids, fnames, usernames, userData, links, follows, casts, reactions, verifications];

// lens-v3/ tables (Lens Chain, the public BigQuery dataset `lens-protocol-mainnet`,
// one file per table named `<dataset>.<table>`) → the same lens_* tables as v2.
// An account is a profile keyed by its address; an account migrated from a v2
// profile (account.known_smart_wallet.legacy_profile_id) is stored under the v2 id,
// so the link is read first.
import { normalizeHex } from '../../domain/ids';
import { asIs, timestamp } from '../parse-values';
import type { SourceRow } from '../source-row';
import { ignore, type TableSpec } from '../table-spec';
import { v3Actions, v3PostMetadata, v3Posts, v3Reactions } from './lens-v3-posts';
import { account, accountMetadata, legacyProfileId, v2ScaleScore, viaLink } from './lens-v3-values';

const at = (r: SourceRow, column = 'timestamp') => r.req(column, timestamp);
const WALLET = 'account.known_smart_wallet';

export const v3Links: TableSpec = {
  // The table is read twice (the link first, then the accounts): the report names this pass apart.
  folder: 'lens-v3', name: WALLET, part: 'v2 profile link', target: 'lens_profile_link', required: ['address', 'timestamp'],
  columns: ['account_address', 'profile_id', 'linked_at'], key: ['account_address'], version: (a) => `${a}.linked_at`,
  mapRow: (r) => {
    const legacy = r.opt('legacy_profile_id', legacyProfileId);
    return legacy === null ? ignore('account not migrated from a v2 profile') : [account(r, 'address'), legacy, at(r)];
  },
};

export const v3Accounts: TableSpec = {
  folder: 'lens-v3', name: WALLET, target: 'lens_profile', required: ['address', 'owned_by', 'timestamp'],
  columns: ['profile_id', 'owned_by', 'is_burnt', 'created_at'], key: ['profile_id'], version: (a) => `${a}.created_at`,
  ...viaLink(['profile_id']),
  mapRow: (r) => [account(r, 'address'), r.req('owned_by', normalizeHex), false, at(r)],
};

export const v3AccountMetadata: TableSpec = {
  folder: 'lens-v3', name: 'account.metadata', target: 'lens_profile_metadata', required: ['account', 'created_on'],
  columns: ['profile_id', 'name', 'bio', 'picture', 'cover_picture', 'updated_at'], key: ['profile_id'],
  version: (a) => `${a}.updated_at`, ...viaLink(['profile_id']),
  mapRow: (r) => {
    const m = accountMetadata(r);
    return [account(r), m.name, m.bio, m.picture, m.coverPicture, at(r, 'created_on')];
  },
};

/** One username per profile (lens_handle holds one): of several namespaces, the last row read. */
export const v3Usernames: TableSpec = {
  folder: 'lens-v3', name: 'account.username_assigned', target: 'lens_handle', required: ['account', 'local_name'],
  columns: ['profile_id', 'local_name'], key: ['profile_id'], ...viaLink(['profile_id']),
  mapRow: (r) => [account(r), r.req('local_name', asIs)],
};

/** account.follower holds current follows (an unfollow removes the row); every graph counts. */
export const v3Follows: TableSpec = {
  folder: 'lens-v3', name: 'account.follower', target: 'lens_follow',
  required: ['account_following', 'account_follower', 'timestamp'],
  columns: ['profile_id', 'follower_profile_id', 'timestamp', 'deleted_at'], key: ['profile_id', 'follower_profile_id'],
  version: (a) => `${a}."timestamp"`, ...viaLink(['profile_id', 'follower_profile_id']),
  mapRow: (r) => [account(r, 'account_following'), account(r, 'account_follower'), at(r), null],
};

export const v3Scores: TableSpec = {
  folder: 'lens-v3', name: 'ml.account_score', target: 'lens_score', required: ['account', 'score'],
  columns: ['profile_id', 'score', 'generated_at'], key: ['profile_id'],
  version: (a) => `COALESCE(${a}.generated_at, '-infinity')`, ...viaLink(['profile_id']),
  mapRow: (r) => [account(r), r.req('score', v2ScaleScore), r.opt('generated_at', timestamp)],
};

/** The link before everything keyed by account; posts before reactions and actions. */
export const LENS_V3_SPECS: readonly TableSpec[] = [
  v3Links, v3Accounts, v3AccountMetadata, v3Usernames, v3Follows, v3Posts, v3PostMetadata, v3Reactions, v3Actions, v3Scores,
];

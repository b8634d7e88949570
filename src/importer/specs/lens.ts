// lens/ tables (Lens public BigQuery v2) → lens_* tables. Profile and publication
// ids are stored canonical (`0x1` and `0x01` are one profile); block_timestamp
// decides which of two rows for one key is the newer.
import { canonicalLensId, canonicalPublicationId, normalizeHex } from '../../domain/ids';
import { bool, float, tagList, timestamp } from '../parse-values';
import { RowError, type SourceRow } from '../source-row';
import { eventVersion, type TableSpec } from '../table-spec';
import { actionModuleHistory, actionModules, acts } from './lens-acts';

const profile = (r: SourceRow, column = 'profile_id') => r.req(column, canonicalLensId);
const publication = (r: SourceRow, column = 'publication_id') => r.req(column, canonicalPublicationId);
const blockTime = (r: SourceRow) => r.req('block_timestamp', timestamp);
const oneOf = (...allowed: string[]) => (s: string) => (allowed.includes(s.toUpperCase()) ? s.toUpperCase() : null);
const publicationType = oneOf('POST', 'COMMENT', 'MIRROR', 'QUOTE');
const reactionType = oneOf('UPVOTE', 'DOWNVOTE');

export const profiles: TableSpec = {
  folder: 'lens', name: 'profile_record', target: 'lens_profile', required: ['profile_id', 'owned_by', 'block_timestamp'],
  columns: ['profile_id', 'owned_by', 'is_burnt', 'created_at'], key: ['profile_id'], version: (a) => `${a}.created_at`,
  mapRow: (r) => [profile(r), r.req('owned_by', normalizeHex), r.opt('is_burnt', bool) ?? false, blockTime(r)],
};

/** Lens BigQuery names the pictures by their snapshot URLs; other dumps say picture and cover_picture. */
export const profileMetadata: TableSpec = {
  folder: 'lens', name: 'profile_metadata', target: 'lens_profile_metadata', required: ['profile_id', 'block_timestamp'],
  aliases: { picture: 'profile_picture_snapshot_location_url', cover_picture: 'cover_picture_snapshot_location_url' },
  columns: ['profile_id', 'name', 'bio', 'picture', 'cover_picture', 'updated_at'], key: ['profile_id'],
  version: (a) => `${a}.updated_at`,
  mapRow: (r) => [profile(r), r.text('name'), r.text('bio'), r.text('profile_picture_snapshot_location_url'),
    r.text('cover_picture_snapshot_location_url'), blockTime(r)],
};

/** `lens/stani` → `stani`: a handle with its namespace, when local_name is empty. */
const localName = (r: SourceRow) => r.text('local_name')?.trim() ?? r.text('handle')?.trim().split('/').pop() ?? null;

/**
 * Lens BigQuery's namespace_handle has no profile: it is linked through
 * namespace_handle_link. Dumps that carry profile_id key the handle by that id.
 * lens_handle (what answers read) is derived from both (finalize.ts).
 */
export const handles: TableSpec = {
  folder: 'lens', name: 'namespace_handle', target: 'lens_handle_name', required: ['local_name'],
  columns: ['handle_id', 'profile_id', 'local_name'], key: ['handle_id'],
  mapRow: (r) => {
    const profileId = r.opt('profile_id', canonicalLensId);
    const handleId = profileId ?? r.req('handle_id', normalizeHex);
    const name = localName(r);
    if (name === null || name === '') throw new RowError('missing local_name');
    return [handleId, profileId, name];
  },
};

export const handleLinks: TableSpec = {
  folder: 'lens', name: 'namespace_handle_link', target: 'lens_handle_link', required: ['handle_id', 'token_id', 'block_timestamp'],
  columns: ['handle_id', 'profile_id', 'timestamp'], key: ['handle_id'], version: (a) => `${a}."timestamp"`,
  mapRow: (r) => [r.req('handle_id', normalizeHex), profile(r, 'token_id'), blockTime(r)],
};

export const follows: TableSpec = {
  folder: 'lens', name: 'profile_follower', target: 'lens_follow', required: ['profile_id', 'profile_follower_id', 'block_timestamp'],
  columns: ['profile_id', 'follower_profile_id', 'timestamp', 'deleted_at'], key: ['profile_id', 'follower_profile_id'],
  version: eventVersion,
  mapRow: (r) => [profile(r), profile(r, 'profile_follower_id'), blockTime(r), r.opt('deleted_at', timestamp)],
};

export const publications: TableSpec = {
  folder: 'lens', name: 'publication_record', target: 'lens_publication',
  required: ['publication_id', 'profile_id', 'publication_type', 'block_timestamp'],
  columns: ['publication_id', 'profile_id', 'publication_type', 'parent_publication_id', 'timestamp', 'is_hidden'],
  key: ['publication_id'], version: (a) => `${a}."timestamp"`,
  mapRow: (r) => [publication(r), profile(r), r.req('publication_type', publicationType),
    r.opt('parent_publication_id', canonicalPublicationId), blockTime(r), r.opt('is_hidden', bool) ?? false],
};

export const publicationMetadata: TableSpec = {
  folder: 'lens', name: 'publication_metadata', target: 'lens_publication_metadata', required: ['publication_id'],
  columns: ['publication_id', 'content', 'main_content_focus', 'tags'], key: ['publication_id'],
  mapRow: (r) => [publication(r), r.text('content'), r.text('main_content_focus'), r.opt('tags_vector', tagList) ?? []],
};

export const reactions: TableSpec = {
  folder: 'lens', name: 'publication_reaction', target: 'lens_reaction',
  required: ['publication_id', 'actioned_by_profile_id', 'type', 'action_at'],
  columns: ['publication_id', 'actioned_by_profile_id', 'type', 'action_at'],
  key: ['publication_id', 'actioned_by_profile_id', 'type'], version: (a) => `${a}.action_at`,
  mapRow: (r) => [publication(r), profile(r, 'actioned_by_profile_id'), r.req('type', reactionType),
    r.req('action_at', timestamp)],
};

export const scores: TableSpec = {
  folder: 'lens', name: 'machine_learning_quality_profiles', target: 'lens_score', required: ['profile_id', 'score'],
  columns: ['profile_id', 'score'], key: ['profile_id'],
  mapRow: (r) => [profile(r), r.req('score', float)],
};

/** Publications before acts: an act's collected profile is its publication's author. */
export const LENS_SPECS: readonly TableSpec[] = [
  profiles, profileMetadata, handles, handleLinks, follows, publications, publicationMetadata, reactions, actionModules, actionModuleHistory,
  acts, scores,
];

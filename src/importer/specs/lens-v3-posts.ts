// lens-v3/ post tables → lens_publication, lens_publication_metadata, lens_reaction,
// lens_act. A post's kind comes from post_types and its parent columns: a repost is a
// MIRROR, a post with parent_post a COMMENT, with quoted_post a QUOTE, else a POST.
import { normalizeHex } from '../../domain/ids';
import { asIs, bool, decimal, int8, tagList, timestamp } from '../parse-values';
import type { SourceRow } from '../source-row';
import type { TableSpec } from '../table-spec';
import { acts, currencyOf } from './lens-acts';
import { account, postId, postTypes, viaLink } from './lens-v3-values';

const REACTION = (s: string) => (['UPVOTE', 'DOWNVOTE'].includes(s.toUpperCase()) ? s.toUpperCase() : null);
const COLLECT_ACTION = 'SimpleCollectAction';

function kindOf(r: SourceRow): [string, string | null] {
  const types = r.opt('post_types', postTypes) ?? [];
  const parent = r.opt('parent_post', normalizeHex);
  const quoted = r.opt('quoted_post', normalizeHex);
  if (types.includes('repost')) return ['MIRROR', parent ?? r.opt('root_post', normalizeHex)];
  if (parent) return ['COMMENT', parent];
  if (quoted) return ['QUOTE', quoted];
  return ['POST', null];
}

/** A deleted post, or one hidden by its parent's author, is stored hidden (counted nowhere). */
export const v3Posts: TableSpec = {
  folder: 'lens-v3', name: 'post.record', target: 'lens_publication', required: ['id', 'account', 'timestamp'],
  columns: ['publication_id', 'profile_id', 'publication_type', 'parent_publication_id', 'timestamp', 'is_hidden'],
  key: ['publication_id'], version: (a) => `${a}."timestamp"`, ...viaLink(['profile_id']),
  mapRow: (r) => {
    const [type, parent] = kindOf(r);
    const hidden = (r.opt('is_deleted', bool) ?? false) || (r.opt('is_hidden_by_parent', bool) ?? false);
    return [postId(r, 'id'), account(r), type, parent, r.req('timestamp', timestamp), hidden];
  },
};

export const v3PostMetadata: TableSpec = {
  folder: 'lens-v3', name: 'post.metadata', target: 'lens_publication_metadata', required: ['post'],
  columns: ['publication_id', 'content', 'main_content_focus', 'tags'], key: ['publication_id'],
  mapRow: (r) => [postId(r), r.text('content'), r.text('main_content_focus')?.toUpperCase() ?? null, r.opt('tags_vector', tagList) ?? []],
};

export const v3Reactions: TableSpec = {
  folder: 'lens-v3', name: 'post.reaction', target: 'lens_reaction', required: ['post', 'account', 'type', 'action_at'],
  columns: ['publication_id', 'actioned_by_profile_id', 'type', 'action_at'],
  key: ['publication_id', 'actioned_by_profile_id', 'type'], version: (a) => `${a}.action_at`,
  ...viaLink(['actioned_by_profile_id']),
  mapRow: (r) => [postId(r), account(r), r.req('type', REACTION), r.req('action_at', timestamp)],
};

const actor = viaLink(['acted_profile_id']);

/** The collected profile of an action on a post this dataset lacks: filled when the post arrives (collect-usd.ts). */
export const UNKNOWN_AUTHOR = '';

/**
 * post.action_executed → lens_act; collects are the SimpleCollectAction rows, keyed
 * `v3-<id>` (the indexer's action id), apart from v2 act ids. The source table carries
 * the price only inside decoded_params, whose keys are not documented: `currency`
 * (symbol or ERC-20 address), `amount` (units for a symbol, base units for an address)
 * and `usd_amount` are read when an export adds them, and resolved like v2 collects.
 */
export const v3Actions: TableSpec = {
  folder: 'lens-v3', name: 'post.action_executed', target: 'lens_act', required: ['id', 'type', 'post_id', 'account', 'timestamp'],
  columns: acts.columns, key: acts.key, update: acts.update, version: acts.version,
  joins: `LEFT JOIN lens_publication pub ON pub.publication_id = s.publication_id
    ${actor.joins}`,
  select: { ...actor.select, collected_profile_id: `COALESCE(pub.profile_id, '${UNKNOWN_AUTHOR}')` },
  mapRow: (r) => {
    const id = r.req('id', int8);
    const amount = r.opt('amount', decimal);
    return [`v3-${id}`, id, postId(r, 'post_id'), UNKNOWN_AUTHOR, account(r), r.req('type', asIs) === COLLECT_ACTION,
      r.req('timestamp', timestamp), null, currencyOf(r), amount, null, null, amount, r.opt('usd_amount', decimal), null, r.text('decoded_params')];
  },
};

// The scope each root field needs: the one place that says it. An operation
// is refused as a whole, before anything runs, when its key lacks the scope
// of any root field it selects. Checked per operation rather than per field
// in a resolver (type-graphql's @Authorized): an answer the answer cache
// serves runs no resolver, and REST routes and WebSocket subscriptions start
// no Apollo request, so only a check in front of all of them holds on every
// face. A root field missing here is refused for every key (and fails the test
// that holds this table to the schema).
import type { DocumentNode, OperationDefinitionNode, OperationTypeNode } from 'graphql';
import { AppError, missingScope } from '../errors/app-error';
import type { AuthenticatedKey } from '../auth/key.types';
import type { Scope } from '../auth/scopes';
import { rootFieldNames } from './root-fields';

const all = (scope: Scope, fields: string[]) => Object.fromEntries(fields.map((f) => [f, scope])) as Record<string, Scope>;

/** By operation type, then root field name. */
export const ROOT_FIELD_SCOPES: Record<`${OperationTypeNode}`, Readonly<Record<string, Scope>>> = {
  query: {
    ...all('read', [
      'farcasterUser', 'farcasterUsers', 'searchFarcasterUsers', 'farcasterFollowersCounts', 'farcasterLikesCounts',
      'lensProfile', 'lensProfiles', 'lensFollowersCounts', 'lensTopCreators', 'lensScoreAverage', 'lensTopCategories',
      'trendingUsers', 'trending', 'trendingCasts', 'trendingChannels', 'farcasterChannel', 'crossProtocolRanking',
      'farcasterPersonalizedRank', 'lensPersonalizedRank',
      // A viewer's notifications with the key's own seen mark (no outside effect: a frontend's key may read them).
      'farcasterNotifications', 'lensNotifications',
      'tokenMentions', 'tokenPublications', 'tokenPosts', 'token', 'trendingTokens',
      'categories', 'categoryPublications', 'categoryPosts', 'topics', 'topic', 'freshness',
      'searchUsers', 'searchPosts',
      // Any Node; a webhook's or a delivery's id needs the webhooks scope too (checked as they load).
      'node', 'nodes',
    ]),
    // Read, but per key: the calling key's dismissals are left out.
    ...all('read', ['farcasterSuggestedFollows', 'lensSuggestedFollows']),
    // The calling key's own webhooks and their delivery log.
    ...all('webhooks', ['webhooks', 'webhook']),
  },
  mutation: {
    ...all('webhooks', ['createWebhook', 'deleteWebhook']),
    // The key's per-viewer state: a write, so not granted with read (bounded per key and viewer besides).
    ...all('personalize', ['dismissSuggestion', 'undismissSuggestion']),
    // Moves only the key's own seen mark: no request leaves the service, so the read scope of a frontend's key suffices.
    ...all('read', ['markNotificationsSeen']),
  },
  subscription: all('read', ['pushEvents']),
};

/** One root field an operation selects and the scope it needs (null: the table names none). */
export interface FieldScope { field: string; scope: Scope | null }

const known = new WeakMap<OperationDefinitionNode, FieldScope[]>();

/**
 * The root fields of `operation` with their scopes; introspection's own fields
 * (`__typename`, `__schema`, `__type`) need none. Kept per operation node:
 * Apollo reuses a query text's parsed document, and a REST route's is fixed.
 */
export function operationScopes(operation: OperationDefinitionNode, document: DocumentNode): FieldScope[] {
  let found = known.get(operation);
  if (!found) {
    const table = ROOT_FIELD_SCOPES[operation.operation];
    found = [...rootFieldNames(operation, document)].filter((f) => !f.startsWith('__')).map((field) => ({ field, scope: Object.hasOwn(table, field) ? table[field] : null }));
    known.set(operation, found);
  }
  return found;
}

/** FORBIDDEN naming the first scope the key lacks, or null when it has every one the fields need. */
export function scopeRefusal(key: Pick<AuthenticatedKey, 'scopes'>, fields: readonly FieldScope[]): AppError | null {
  for (const { field, scope } of fields) {
    if (!scope) return new AppError('INTERNAL_SERVER_ERROR', `root field ${field} has no scope in ROOT_FIELD_SCOPES`, false);
    if (!key.scopes.includes(scope)) return missingScope(scope, field);
  }
  return null;
}

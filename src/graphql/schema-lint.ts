// What graphql-eslint's schema and Relay rules (`npm run lint:schema`) are told
// to let pass, each with its reason, and the value objects without an id. The
// reasons are written into the schema's own descriptions (appSchema), where a
// client reads them; the rule exceptions tied to one type or field become
// eslint-disable comments beside it in the emitted file (print-schema.ts), so
// no exception is wider than the thing it is about.

/** The marker of an embedded value object's description: the lint config and the client's type policies find them by it. */
export const EMBEDDED_MARKER = 'Embedded value object:';

const EMBEDDED_NOTE = `${EMBEDDED_MARKER} it has no id of its own; a normalized cache keeps it inside the object that holds it and merges it there (Apollo: \`typePolicies.<Type>.merge = true\`), and it is refetched with that object.`;

/**
 * Object types without an id: values of their parent (stats, metadata, ranks, a
 * page of a ranking) or rows of a computed list. Connections, edges and PageInfo
 * are wrappers of a query, not cached objects, and are not listed.
 */
export const EMBEDDED_VALUE_TYPES = [
  'CategoryPublication', 'ChannelCaster', 'CreatedWebhook', 'CrossProtocolPerson', 'CrossProtocolRank', 'DeliveryAttempt',
  'FarcasterEngagement', 'FarcasterEngagementLists', 'FarcasterFollowerCount', 'FarcasterLikesCount', 'FarcasterNotification', 'FarcasterStorage', 'FarcasterStorageUnits', 'FarcasterStoreLimits',
  'FarcasterSuggestionReason', 'FarcasterTrust',
  'FarcasterTrustContributor', 'FarcasterTrustExplanation', 'FarcasterUserRank', 'FarcasterVerification', 'FollowerHistogram', 'FollowersHistory', 'FollowersHistoryPoint',
  'Freshness', 'Handle', 'HistogramBucket', 'ImageUri', 'LensCollectSum', 'LensCurrencyTotal', 'LensEngagement',
  'LensEngagementLists', 'LensFollowerCount', 'LensNotification', 'LensPublication', 'LensSuggestionReason', 'LensTopCreator', 'LensTrust',
  'LensTrustContributor', 'LensTrustExplanation', 'LensUserRank', 'NotificationSeenMark', 'OnchainChannel', 'OptimizedImage', 'PostSearchMatch', 'ProfileMetadata',
  'SuggestionDismissal',
  'ProfileRank', 'ProfileStats', 'PushFilterOut', 'RankEntry', 'RankHistory', 'RankHistoryPoint', 'RawImage', 'ScoreAverage',
  'TokenMentionDay', 'TokenPublication', 'Topic', 'TopicEngager', 'TopicMentions', 'TrendingCast', 'TrendingPage',
  'TrendingUser', 'TrustParameters', 'TrustWeight', 'UserSearchMatch',
] as const;

export interface LintException { rule: string; type: string; field?: string; reason: string }

const RANKING_ROW = 'its node is a row of a computed ranking (a place, a score, the window it was computed over), embedded in the edge; the entity it is about is its Node field';

/** Exceptions tied to one type or field. */
export const LINT_EXCEPTIONS: readonly LintException[] = [
  { rule: 'relay-edge-types', type: 'AudienceOverlapEdge', reason: `${RANKING_ROW} (farcasterUser, lensProfile).` },
  { rule: 'relay-edge-types', type: 'CrossProtocolRankEdge', reason: `${RANKING_ROW} (farcasterUser, lensProfile).` },
  { rule: 'relay-edge-types', type: 'ChannelCasterEdge', reason: `${RANKING_ROW} (user).` },
  { rule: 'relay-edge-types', type: 'TrendingUserEdge', reason: `${RANKING_ROW} (user).` },
  { rule: 'relay-edge-types', type: 'TrendingCastEdge', reason: `${RANKING_ROW} (cast).` },
  { rule: 'relay-edge-types', type: 'CategoryPostEdge', reason: 'its node is a post as a category lists it (its reactions that day), embedded in the edge.' },
  { rule: 'relay-edge-types', type: 'TokenPostEdge', reason: 'its node is a post as a token\'s mentions list it, embedded in the edge.' },
  { rule: 'relay-edge-types', type: 'LensPublicationEdge', reason: 'a Lens publication is not a Node yet (no read of one publication by id): it is embedded in the edge.' },
  { rule: 'relay-edge-types', type: 'FarcasterNotificationEdge', reason: 'its node is a notification, a group of events computed on each read (no id to refetch it by): it is embedded in the edge.' },
  { rule: 'relay-edge-types', type: 'LensNotificationEdge', reason: 'its node is a notification, a group of events computed on each read (no id to refetch it by): it is embedded in the edge.' },
  { rule: 'no-typename-prefix', type: 'Topic', field: 'topic', reason: 'the field keeps the name of the REST topics answer (TopicDto), which the REST operations select as it is.' },
  { rule: 'no-typename-prefix', type: 'Topic', field: 'topicOfDay', reason: 'named after `topic` (the REST name) it qualifies.' },
];

/** The rule options set for the whole schema, as the schema's description states them. */
export const SCHEMA_DESCRIPTION = [
  'The social-graph analytics API. Every entity implements Node: its `id` is a global id (opaque, unique across types) that `node(id:)` refetches; `nativeId`, `fid`, `profileId` … are the natural keys.',
  'Schema lint (graphql-eslint schema-recommended and Relay rules, `npm run lint:schema`), with these exceptions:',
  'strict-id-in-types does not ask an id of connections, edges and PageInfo (wrappers of one query, never cached on their own) nor of the embedded value objects, whose descriptions say "Embedded value object:";',
  'relay-edge-types lets a list be of other than edges (listTypeCanWrapOnlyEdgeType off): bounded lists (tags, top-N answers with `limit`, `nodes`) are not paged, so they are not connections;',
  'an edge whose node is not a Node, and a field named after its type, say why in their own description.',
].join(' ');

export const exceptionNote = (e: LintException) => `Lint exception (${e.rule}): ${e.reason}`;
export { EMBEDDED_NOTE };

import 'reflect-metadata';
import { isObjectType, type GraphQLSchema } from 'graphql';
import { EMBEDDED_NOTE, EMBEDDED_VALUE_TYPES, exceptionNote, LINT_EXCEPTIONS, SCHEMA_DESCRIPTION } from './schema-lint';
import { ProfileSummary } from './types/profile-summary.type';
import { buildSchemaSync } from 'type-graphql';
import { CountsResolver } from './resolvers/counts.resolver';
import { FarcasterUserResolver } from './resolvers/farcaster-user.resolver';
import { FarcasterCastResolver } from './resolvers/farcaster-cast.resolver';
import { FarcasterGraphResolver } from './resolvers/farcaster-graph.resolver';
import { LensMatchResolver } from './resolvers/lens-match.resolver';
import { LensProfileResolver } from './resolvers/lens-profile.resolver';
import { LensCollectQueryResolver, LensGraphResolver } from './resolvers/lens-graph.resolver';
import { FarcasterAnalyticsResolver, LensAnalyticsResolver } from './resolvers/profile-analytics.resolver';
import { ScoreAverageResolver } from './resolvers/score-average.resolver';
import { TrendingResolver } from './resolvers/trending.resolver';
import { TokenResolver } from './resolvers/token.resolver';
import { CategoryResolver } from './resolvers/category.resolver';
import { TopicResolver } from './resolvers/topic.resolver';
import { FarcasterCastContentResolver, LensPublicationContentResolver } from './resolvers/post-content.resolver';
import { FarcasterFollowOverlapResolver, LensFollowOverlapResolver } from './resolvers/follow-overlap.resolver';
import { PersonalizedRankResolver } from './resolvers/personalized-rank.resolver';
import { SuggestedFollowsResolver } from './resolvers/suggested-follows.resolver';
import { FarcasterChannelOnchainResolver, FarcasterChannelResolver, TrendingChannelResolver } from './resolvers/channel.resolver';
import { FarcasterTrustResolver, LensTrustResolver } from './resolvers/trust.resolver';
import { FarcasterQualityResolver, LensQualityResolver } from './resolvers/quality.resolver';
import {
  CrossProtocolPersonResolver, CrossProtocolRankingResolver, CrossProtocolRankResolver, FarcasterCrossProtocolResolver, LensCrossProtocolResolver,
} from './resolvers/cross-protocol.resolver';
import { FarcasterFreshnessResolver, FreshnessResolver, LensFreshnessResolver } from './resolvers/freshness.resolver';
import { PushResolver } from './resolvers/push.resolver';
import { NotificationResolver } from './resolvers/notification.resolver';
import { NodeResolver } from './resolvers/node.resolver';
import { SearchResolver } from './resolvers/search.resolver';

export const RESOLVERS = [
  FarcasterUserResolver, LensProfileResolver, CountsResolver, FarcasterAnalyticsResolver, LensAnalyticsResolver,
  TrendingResolver, ScoreAverageResolver, LensGraphResolver, LensCollectQueryResolver,
  FarcasterGraphResolver, FarcasterCastResolver, LensMatchResolver,
  FarcasterFollowOverlapResolver, LensFollowOverlapResolver, PersonalizedRankResolver, SuggestedFollowsResolver,
  FarcasterChannelResolver, FarcasterChannelOnchainResolver, TrendingChannelResolver,
  FarcasterTrustResolver, LensTrustResolver,
  FarcasterQualityResolver, LensQualityResolver,
  FarcasterCrossProtocolResolver, LensCrossProtocolResolver, CrossProtocolRankingResolver, CrossProtocolPersonResolver, CrossProtocolRankResolver,
  TokenResolver,
  CategoryResolver,
  TopicResolver, FarcasterCastContentResolver, LensPublicationContentResolver,
  FreshnessResolver, FarcasterFreshnessResolver, LensFreshnessResolver,
  PushResolver, NotificationResolver,
  NodeResolver,
  SearchResolver,
] as const;

const QUERY_DESCRIPTION = 'Every read of the service, with an API key in the `apikey` header: Farcaster users and Lens profiles with their '
  + 'counters, graph and analytics, trending users, Lens collects, post categories, topics, token mentions and tokens, and how fresh the data is.';

const MUTATION_DESCRIPTION = 'Changes made with an API key: the key\'s webhooks.';
const SUBSCRIPTION_DESCRIPTION = 'Live push events over graphql-ws on /graphql, the API key in connectionParams ({ apikey }).';

/**
 * type-graphql asks for a PubSub once there is a subscription; the one
 * subscription reads from the push dispatcher (its own subscribe), never from this.
 */
const NO_PUBSUB = {
  publish: () => undefined,
  subscribe: (): AsyncIterable<unknown> => { throw new Error('subscriptions read from the push dispatcher'); },
};

let cached: GraphQLSchema | undefined;

/** Built once per process; both faces execute against this one schema. */
export function appSchema(): GraphQLSchema {
  cached ??= describeQueryType(buildSchemaSync({
    resolvers: RESOLVERS,
    validate: { forbidUnknownValues: false },
    // ProfileSummary's implementations are plain objects, told apart by resolveType.
    orphanedTypes: [ProfileSummary],
    pubSub: NO_PUBSUB,
  }));
  return cached;
}

/** type-graphql builds the root types itself and takes no description for them, so they are given one here. */
function describeQueryType(schema: GraphQLSchema): GraphQLSchema {
  schema.getQueryType()!.description = QUERY_DESCRIPTION;
  schema.getMutationType()!.description = MUTATION_DESCRIPTION;
  schema.getSubscriptionType()!.description = SUBSCRIPTION_DESCRIPTION;
  return describeExceptions(schema);
}

/** The schema's lint exceptions and embedded value objects, stated where clients read the schema (src/graphql/schema-lint.ts). */
function describeExceptions(schema: GraphQLSchema): GraphQLSchema {
  schema.description = SCHEMA_DESCRIPTION;
  const objectType = (name: string) => {
    const type = schema.getType(name);
    if (!isObjectType(type)) throw new Error(`schema-lint names ${name}, which is not an object type of the schema`);
    return type;
  };
  for (const name of EMBEDDED_VALUE_TYPES) {
    const type = objectType(name);
    type.description = `${type.description ?? ''} ${EMBEDDED_NOTE}`.trim();
  }
  for (const e of LINT_EXCEPTIONS) {
    const type = objectType(e.type);
    const target = e.field ? type.getFields()[e.field] : type;
    if (!target) throw new Error(`schema-lint names ${e.type}.${e.field}, which is not a field of the schema`);
    target.description = `${target.description ?? ''} ${exceptionNote(e)}`.trim();
  }
  return schema;
}

/* eslint-disable */
// Generated from schema/schema.graphql by scripts/client-cache-policies.ts (npm run client:generate). Do not edit.

/** Each interface and union → the object types that may answer for it (Apollo Client's `possibleTypes`). */
export const possibleTypes: { [abstractType: string]: string[] } = {
  "Node": ["Category", "FarcasterCast", "FarcasterChannel", "FarcasterUser", "LensCollect", "LensProfile", "Token", "TokenCategory", "TokenMarket", "TokenMention", "TokenPrice", "TrendingChannel", "Webhook", "WebhookDelivery"],
  "ProfileSummary": ["FarcasterUser", "LensProfile"],
};

/** Object types with a non-null `id`: entities, one normalized copy per type and id. */
export const entityTypes: readonly string[] = [
  "Category",
  "FarcasterCast",
  "FarcasterChannel",
  "FarcasterUser",
  "LensCollect",
  "LensProfile",
  "LensTopCategory",
  "PushEvent",
  "Token",
  "TokenCategory",
  "TokenMarket",
  "TokenMention",
  "TokenPrice",
  "TrendingChannel",
  "Webhook",
  "WebhookDelivery",
];

/** Object types whose `id` may be null: an entity when it has one, else embedded in its parent. */
export const nullableIdTypes: readonly string[] = [
  "TokenMentionDay",
];

/**
 * Object types without an id and not connections: values that belong to the field holding them
 * (a profile's stats, metadata, ranks). A newer answer for the same field merges into the one stored.
 */
export const embeddedTypes: readonly string[] = [
  "AccountQuality",
  "AudienceOverlapEdge",
  "CategoryPostEdge",
  "CategoryPublication",
  "ChannelCaster",
  "ChannelCasterEdge",
  "CreatedWebhook",
  "CrossProtocolPerson",
  "CrossProtocolRank",
  "CrossProtocolRankEdge",
  "DeliveryAttempt",
  "FarcasterCastEdge",
  "FarcasterEngagement",
  "FarcasterEngagementLists",
  "FarcasterFollowEdge",
  "FarcasterFollowerCount",
  "FarcasterKnownFollowerEdge",
  "FarcasterLikesCount",
  "FarcasterPersonalizedRankEdge",
  "FarcasterTrust",
  "FarcasterTrustContributor",
  "FarcasterTrustExplanation",
  "FarcasterUnfollowEdge",
  "FarcasterUserRank",
  "FarcasterVerification",
  "FollowerHistogram",
  "FollowersHistory",
  "FollowersHistoryPoint",
  "Freshness",
  "Handle",
  "HistogramBucket",
  "ImageUri",
  "LensCollectEdge",
  "LensCollectSum",
  "LensCurrencyTotal",
  "LensEngagement",
  "LensEngagementLists",
  "LensFollowEdge",
  "LensFollowerCount",
  "LensKnownFollowerEdge",
  "LensPersonalizedRankEdge",
  "LensPublication",
  "LensPublicationEdge",
  "LensTopCreator",
  "LensTrust",
  "LensTrustContributor",
  "LensTrustExplanation",
  "LensUnfollowEdge",
  "LensUserRank",
  "OptimizedImage",
  "PageInfo",
  "ProfileMetadata",
  "ProfileRank",
  "ProfileStats",
  "PushFilterOut",
  "QualityContribution",
  "RankEntry",
  "RankHistory",
  "RankHistoryPoint",
  "RawImage",
  "ScoreAverage",
  "TokenPostEdge",
  "TokenPublication",
  "Topic",
  "TopicEngager",
  "TopicMentions",
  "TrendingCast",
  "TrendingCastEdge",
  "TrendingChannelEdge",
  "TrendingPage",
  "TrendingUser",
  "TrendingUserEdge",
  "TrustParameters",
  "TrustWeight",
  "WebhookDeliveryEdge",
  "WebhookEdge",
];

/**
 * Per type, each field that answers a Relay connection → its arguments that select another list
 * (every argument but first, after, last and before, which only move within one list).
 */
export const connectionFields: { [typename: string]: { [field: string]: readonly string[] } } = {
  "Query": {
    "categoryPosts": ["category", "date", "page"],
    "crossProtocolRanking": ["page"],
    "farcasterPersonalizedRank": ["hops", "page", "seeds"],
    "lensPersonalizedRank": ["hops", "page", "seeds"],
    "tokenPosts": ["date", "page", "tokenId"],
    "trending": ["categories", "minQuality", "page", "protocol", "ratio"],
    "trendingCasts": ["channel", "minAuthorScore", "minQuality", "page", "window"],
    "trendingChannels": ["page", "window"],
    "webhooks": [],
  },
  "FarcasterChannel": {
    "rankedCasters": ["page"],
  },
  "FarcasterUser": {
    "audienceOverlap": ["lensProfile", "page"],
    "casts": ["page"],
    "followers": ["minQuality", "page"],
    "followersYouKnow": ["page", "viewer"],
    "following": ["page"],
    "mutualFollows": ["page"],
    "recentFollowers": ["page"],
    "unfollowers": ["from", "to"],
  },
  "LensProfile": {
    "audienceOverlap": ["fid", "page"],
    "collects": ["filter", "page"],
    "followers": ["minQuality"],
    "followersYouKnow": ["page", "viewer"],
    "following": [],
    "mutualFollows": ["page"],
    "publications": [],
    "recentFollowers": [],
    "unfollowers": ["from", "to"],
  },
  "Token": {
    "posts": ["date", "page"],
  },
  "Webhook": {
    "deliveries": [],
  },
};

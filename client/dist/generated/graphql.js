export class TypedDocumentString extends String {
    __apiType;
    value;
    __meta__;
    constructor(value, __meta__) {
        super(value);
        this.value = value;
        this.__meta__ = __meta__;
    }
    toString() {
        return this.value;
    }
}
export const ProfileSummaryFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProfileSummaryFields on ProfileSummary {
  id
  handle {
    localName
  }
  metadata {
    displayName
    bio
    picture {
      raw {
        uri
      }
    }
  }
  stats {
    followers
    following
    posts
  }
}
    `, { "fragmentName": "ProfileSummaryFields" });
export const ProfileRankFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProfileRankFields on ProfileRank {
  followerRank {
    rank
    percentileCategory
  }
  engagementRank {
    rank
    percentileCategory
  }
  scoreRank {
    rank
    percentileCategory
  }
  likesRank {
    rank
    percentileCategory
  }
  collectRank {
    rank
    percentileCategory
  }
}
    `, { "fragmentName": "ProfileRankFields" });
export const FarcasterFollowersPageDocument = new TypedDocumentString(`
    query FarcasterFollowersPage($fid: Int!, $first: Int, $after: String, $last: Int, $before: String) {
  farcasterUser(fid: $fid) {
    fid
    followers(first: $first, after: $after, last: $last, before: $before) {
      totalCount
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
      edges {
        cursor
        followedAt
        node {
          fid
          username
          metadata {
            displayName
            picture {
              raw {
                uri
              }
            }
          }
          stats {
            followers
          }
        }
      }
    }
  }
}
    `);
export const LensFollowersPageDocument = new TypedDocumentString(`
    query LensFollowersPage($id: LensProfileId!, $first: Int, $after: String, $last: Int, $before: String) {
  lensProfile(id: $id) {
    profileId
    followers(first: $first, after: $after, last: $last, before: $before) {
      totalCount
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
      edges {
        cursor
        followedAt
        node {
          profileId
          name
          handle {
            localName
          }
          stats {
            followers
          }
        }
      }
    }
  }
}
    `);
export const FreshnessDocument = new TypedDocumentString(`
    query Freshness($protocol: Protocol) {
  freshness(protocol: $protocol) {
    protocol
    asOf
    analyticsAsOf
    refreshedAt
  }
}
    `);
export const FarcasterFollowerHistoryDocument = new TypedDocumentString(`
    query FarcasterFollowerHistory($fid: Int!, $from: Date, $to: Date, $interval: HistoryInterval! = DAY) {
  farcasterUser(fid: $fid) {
    fid
    followersHistory(from: $from, to: $to, interval: $interval) {
      from
      to
      interval
      points {
        start
        end
        followers
      }
    }
  }
}
    `);
export const LensFollowerHistoryDocument = new TypedDocumentString(`
    query LensFollowerHistory($id: LensProfileId!, $from: Date, $to: Date, $interval: HistoryInterval! = DAY) {
  lensProfile(id: $id) {
    profileId
    followersHistory(from: $from, to: $to, interval: $interval) {
      from
      to
      interval
      points {
        start
        end
        followers
      }
    }
  }
}
    `);
export const FarcasterProfileCardDocument = new TypedDocumentString(`
    query FarcasterProfileCard($fid: Int!, $window: GainWindow! = WEEK) {
  farcasterUser(fid: $fid) {
    fid
    username
    ...ProfileSummaryFields
    totalFollowers
    likesCount
    graphScore
    rank {
      ...ProfileRankFields
    }
    userRank(ratio: $window) {
      rank
      count
    }
    asOf
    analyticsAsOf
  }
}
    fragment ProfileSummaryFields on ProfileSummary {
  id
  handle {
    localName
  }
  metadata {
    displayName
    bio
    picture {
      raw {
        uri
      }
    }
  }
  stats {
    followers
    following
    posts
  }
}
fragment ProfileRankFields on ProfileRank {
  followerRank {
    rank
    percentileCategory
  }
  engagementRank {
    rank
    percentileCategory
  }
  scoreRank {
    rank
    percentileCategory
  }
  likesRank {
    rank
    percentileCategory
  }
  collectRank {
    rank
    percentileCategory
  }
}`);
export const LensProfileCardDocument = new TypedDocumentString(`
    query LensProfileCard($id: LensProfileId!, $window: GainWindow! = WEEK) {
  lensProfile(id: $id) {
    profileId
    name
    ownedBy
    ...ProfileSummaryFields
    totalFollowers
    totalFollowing
    score
    graphScore
    rank {
      ...ProfileRankFields
    }
    userRank(ratio: $window) {
      rank
      count
    }
    asOf
    analyticsAsOf
  }
}
    fragment ProfileSummaryFields on ProfileSummary {
  id
  handle {
    localName
  }
  metadata {
    displayName
    bio
    picture {
      raw {
        uri
      }
    }
  }
  stats {
    followers
    following
    posts
  }
}
fragment ProfileRankFields on ProfileRank {
  followerRank {
    rank
    percentileCategory
  }
  engagementRank {
    rank
    percentileCategory
  }
  scoreRank {
    rank
    percentileCategory
  }
  likesRank {
    rank
    percentileCategory
  }
  collectRank {
    rank
    percentileCategory
  }
}`);
export const CompareFarcasterUsersDocument = new TypedDocumentString(`
    query CompareFarcasterUsers($a: Int!, $b: Int!) {
  a: farcasterUser(fid: $a) {
    fid
    username
    ...ProfileSummaryFields
  }
  b: farcasterUser(fid: $b) {
    fid
    username
    ...ProfileSummaryFields
  }
}
    fragment ProfileSummaryFields on ProfileSummary {
  id
  handle {
    localName
  }
  metadata {
    displayName
    bio
    picture {
      raw {
        uri
      }
    }
  }
  stats {
    followers
    following
    posts
  }
}`);
export const TokenMentionsDocument = new TypedDocumentString(`
    query TokenMentions($date: Date) {
  tokenMentions(date: $date) {
    id
    token
    day
    postCount
  }
}
    `);
export const TrendingTokensDocument = new TypedDocumentString(`
    query TrendingTokens($date: Date, $limit: Int! = 20, $chain: String) {
  trendingTokens(date: $date, limit: $limit, chain: $chain) {
    id
    symbol
    name
    chain
    image
    price {
      priceUsd
      priceChangePercentage24h
      marketCap
      createdAt
    }
  }
}
    `);
export const TokenPostsDocument = new TypedDocumentString(`
    query TokenPosts($tokenId: String!, $date: Date, $first: Int, $after: String, $last: Int, $before: String) {
  tokenPosts(
    tokenId: $tokenId
    date: $date
    first: $first
    after: $after
    last: $last
    before: $before
  ) {
    totalCount
    pageInfo {
      hasNextPage
      hasPreviousPage
      startCursor
      endCursor
    }
    edges {
      cursor
      node {
        postId
        protocol
        authorId
        postedAt
      }
    }
  }
}
    `);
export const TrendingUsersDocument = new TypedDocumentString(`
    query TrendingUsers($protocol: Protocol!, $ratio: GainWindow = WEEK, $categories: [Int!] = [], $first: Int, $after: String, $last: Int, $before: String, $page: Int) {
  trending(
    protocol: $protocol
    ratio: $ratio
    categories: $categories
    first: $first
    after: $after
    last: $last
    before: $before
    page: $page
  ) {
    totalCount
    page
    totalPages
    pageInfo {
      hasPreviousPage
      hasNextPage
      startCursor
      endCursor
    }
    edges {
      node {
        user {
          __typename
          ...ProfileSummaryFields
          ... on FarcasterUser {
            fid
            username
          }
          ... on LensProfile {
            profileId
            name
          }
        }
        topFollowers {
          __typename
          id
          handle {
            localName
          }
        }
      }
    }
  }
}
    fragment ProfileSummaryFields on ProfileSummary {
  id
  handle {
    localName
  }
  metadata {
    displayName
    bio
    picture {
      raw {
        uri
      }
    }
  }
  stats {
    followers
    following
    posts
  }
}`);

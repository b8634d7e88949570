import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends {
    [key: string]: unknown;
}> = {
    [K in keyof T]: T[K];
};
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & {
    [SubKey in K]?: Maybe<T[SubKey]>;
};
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & {
    [SubKey in K]: Maybe<T[SubKey]>;
};
export type MakeEmpty<T extends {
    [key: string]: unknown;
}, K extends keyof T> = {
    [_ in K]?: never;
};
export type Incremental<T> = T | {
    [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never;
};
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
    ID: {
        input: string;
        output: string;
    };
    String: {
        input: string;
        output: string;
    };
    Boolean: {
        input: boolean;
        output: boolean;
    };
    Int: {
        input: number;
        output: number;
    };
    Float: {
        input: number;
        output: number;
    };
    /** A UTC calendar day, `YYYY-MM-DD` (e.g. 2024-06-01). */
    Date: {
        input: string;
        output: string;
    };
    /** A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.This scalar is serialized to a string in ISO 8601 format and parsed from a string in ISO 8601 format. */
    DateTimeISO: {
        input: string;
        output: string;
    };
    /** A Lens profile id: a v2 id in hex, matched by numeric value and answered canonical (lowercase 0x, even digits, e.g. 0x01); or a Lens Chain account address (0x + 40 hex digits), kept at full length. */
    LensProfileId: {
        input: string;
        output: string;
    };
    /** A field whose value is a generic Universally Unique Identifier: https://en.wikipedia.org/wiki/Universally_unique_identifier. */
    UUID: {
        input: string;
        output: string;
    };
};
/** The window of trending casts, ending at the analytics refresh's as-of time (`analyticsAsOf`), not the wall clock. */
export type CastWindow = 
/** Casts of the last 24 hours (REST: `24h` or `1d`). */
'DAY'
/** Casts of the last hour (REST: `1h`). */
 | 'HOUR'
/** Casts of the last 6 hours (REST: `6h`). */
 | 'SIX_HOURS'
/** Casts of the last 3 days (REST: `3d`). */
 | 'THREE_DAYS'
/** Casts of the last 7 days (REST: `7d`). */
 | 'WEEK';
/** A webhook to create. */
export type CreateWebhookInput = {
    /** The events to send. */
    filter: PushFilterInput;
    /** Where to POST events: http:// or https://, no credentials, a host that is (or resolves only to) public addresses. */
    url: Scalars['String']['input'];
};
/** Where a webhook delivery stands. */
export type DeliveryState = 
/** The receiver answered 2xx. */
'DELIVERED'
/** Attempts or age ran out (PUSH_WEBHOOK_MAX_ATTEMPTS, PUSH_WEBHOOK_MAX_AGE_S): no more attempts. */
 | 'FAILED'
/** Not delivered yet: the next attempt is at nextAttemptAt. */
 | 'PENDING';
/** The kind of a Farcaster storage unit, by when it was rented (the protocol's StorageUnitType); each allows a different number of messages. */
export type FarcasterStorageUnitType = 
/** Rented from 2024-08-29 until 2025-07-16 17:00 UTC (`2024`). */
'UNIT_TYPE_2024'
/** Rented from 2025-07-16 17:00 UTC on (`2025`). */
 | 'UNIT_TYPE_2025'
/** Rented before 2024-08-29 (`legacy`). */
 | 'UNIT_TYPE_LEGACY';
/** The window of follower gains and trending, ending at the protocol's as-of time (its newest event), not the wall clock. */
export type GainWindow = 
/** The last 1 day (REST: `day` or `1d`). */
'DAY'
/** The last 30 days (REST: `month` or `30d`). */
 | 'MONTH'
/** The last 7 days (REST: `week` or `7d`). */
 | 'WEEK';
/** The buckets of a history, in UTC. */
export type HistoryInterval = 
/** One point per day. */
'DAY'
/** One point per calendar month. */
 | 'MONTH'
/** One point per ISO week, Monday to Sunday. */
 | 'WEEK';
/** Which collects count: a currency, a UTC calendar year, or a month of a year; an absent field does not filter. */
export type LensCollectFilter = {
    /** Currency symbol, case-insensitive. */
    currency?: InputMaybe<Scalars['String']['input']>;
    /** 1..12; needs `year`. */
    month?: InputMaybe<Scalars['Int']['input']>;
    /** Four digits; alone, the whole UTC year. */
    year?: InputMaybe<Scalars['Int']['input']>;
};
/** What a Lens publication is. */
export type LensPublicationType = 
/** A comment on another publication (parentPublicationId). */
'COMMENT'
/** A mirror (repost) of another publication, with no text of its own. */
 | 'MIRROR'
/** A top-level post. */
 | 'POST'
/** A quote of another publication, with text of its own. */
 | 'QUOTE';
/** How a name matched a user search, best first: each kind ranks above every match of the kinds after it. */
export type NameMatchKind = 
/** The name is the query (case-insensitive). */
'EXACT'
/** Neither, but the name is similar (a typo): trigram similarity of at least 0.3, or word similarity of at least 0.6. */
 | 'FUZZY'
/** The name starts with the query. */
 | 'PREFIX'
/** The name holds the query elsewhere. */
 | 'SUBSTRING';
/** What happened to the viewer's account. FOLLOW, LIKE and REPOST are grouped per target and UTC day; the others are one notification per post. */
export type NotificationKind = 
/** New followers (grouped: the follows of one UTC day). */
'FOLLOW'
/** Likes of one of the viewer's posts (Lens: upvotes; grouped per post and UTC day). */
 | 'LIKE'
/** A Farcaster cast mentioning the viewer (not a reply to or quote of the viewer's cast, which are REPLY or QUOTE). Lens data names no mentions: asking for MENTION there is an empty list. */
 | 'MENTION'
/** A quote of one of the viewer's posts. */
 | 'QUOTE'
/** A reply (Lens: a comment) to one of the viewer's posts. */
 | 'REPLY'
/** Recasts (Farcaster) or mirrors (Lens) of one of the viewer's posts (grouped per post and UTC day). */
 | 'REPOST';
/** Where rank ÷ profiles falls, each limit inclusive (REST prints the spelling in parentheses). */
export type PercentileBand = 
/** The rest (`bottom 50%`). */
'BOTTOM_50'
/** The best 0.1% (`top 0.1%`). */
 | 'TOP_0_1'
/** The best 1%, below 0.1% (`top 1%`). */
 | 'TOP_1'
/** The best 5%, below 1% (`top 5%`). */
 | 'TOP_5'
/** The best 10%, below 5% (`top 10%`). */
 | 'TOP_10'
/** The best 25%, below 10% (`top 25%`). */
 | 'TOP_25'
/** The best 50%, below 25% (`top 50%`). */
 | 'TOP_50';
/** A social network this service reads. */
export type Protocol = 
/** Farcaster (fids, casts). */
'FARCASTER'
/** Lens (profiles, publications). */
 | 'LENS';
/** What a push event (subscription message or webhook delivery) reports. */
export type PushEventType = 
/** A Farcaster fid's followers reached 10, 100, 1,000, 10,000, 100,000 or 1,000,000 (each upward crossing; a dip and a new crossing report again). */
'FOLLOWER_MILESTONE'
/** A Farcaster fid got a follower (from the live sync, within about a second of the node). */
 | 'NEW_FOLLOWER'
/** A Farcaster fid was followed, or one of its casts liked, recast, replied to or quoted, or it was mentioned (from the live sync, one event per action; `kind` says which). The ungrouped events of farcasterNotifications. */
 | 'NOTIFICATION'
/** A cashtag's posts on a day reached the threshold when the classifier counted new posts. */
 | 'TOKEN_MENTIONS_THRESHOLD'
/** A profile entered a trending page (places 1..top) when a refresh published new trending lists. */
 | 'TRENDING_ENTER'
/** A profile left a trending page (places 1..top) when a refresh published new trending lists. */
 | 'TRENDING_LEAVE';
/** Which push events to receive: the event types, narrowed by the lists given (a list left out matches all). */
export type PushFilterInput = {
    /** Farcaster fids: new followers of, milestones of, trending places of, notifications of these fids. */
    fids?: InputMaybe<Array<Scalars['Int']['input']>>;
    /** NOTIFICATION: only these kinds (all when left out); with `fids`, the fids notified. */
    kinds?: InputMaybe<Array<NotificationKind>>;
    /** FOLLOWER_MILESTONE: only these milestones (of 10, 100, 1000, 10000, 100000, 1000000). */
    milestones?: InputMaybe<Array<Scalars['Int']['input']>>;
    /** NEW_FOLLOWER and NOTIFICATION: only followers (actors) whose quality score (0..1, `quality.score`, as of the analytics refresh) is at least this; one the refresh did not score is left out. Absent: no filter. */
    minQuality?: InputMaybe<Scalars['Float']['input']>;
    /** Trending events: only these periods. */
    periods?: InputMaybe<Array<GainWindow>>;
    /** Lens profile ids: trending places of these profiles. */
    profileIds?: InputMaybe<Array<Scalars['String']['input']>>;
    /** Only these protocols (Lens has trending events only). */
    protocols?: InputMaybe<Array<Protocol>>;
    /** TOKEN_MENTIONS_THRESHOLD: only these cashtag symbols. */
    symbols?: InputMaybe<Array<Scalars['String']['input']>>;
    /** TOKEN_MENTIONS_THRESHOLD (required with it): a symbol's posts on a day reaching this count. */
    threshold?: InputMaybe<Scalars['Int']['input']>;
    /** Trending events: the page is places 1..top (1..100, default 20). */
    top?: InputMaybe<Scalars['Int']['input']>;
    /** The event types (at least one). */
    types: Array<PushEventType>;
};
/** A feature of the quality score (docs/analytics.md#quality-score-real-person-or-spam-apiv2): its value is on the scale its description gives. */
export type QualityFeature = 
/** Its age at the refresh's as-of time in years, capped at 1 (0..1). */
'ACCOUNT_AGE'
/** The share of its posts with text that repeat a text it already posted (0..1; 0 below two posts). */
 | 'DUPLICATE_TEXT'
/** The share of its followers that are themselves less than 30 days old at the as-of time (0..1; 0 with no followers). */
 | 'FRESH_FOLLOWERS'
/** Posts in its busiest hour beyond 3, over 12, capped at 1 (0..1). */
 | 'POSTING_BURST'
/** The share of the accounts it follows that follow it back and are in the upper half of trust (0..1). */
 | 'RECIPROCITY'
/** How many other accounts verify (Farcaster) or own (Lens) one of its addresses, capped at 4, quartered (0..1). */
 | 'SHARED_WALLET'
/** The share of accounts whose graph score (follow-graph trust) is below this one's (0..1). */
 | 'TRUST'
/** Engagement received (likes, recasts or mirrors, replies) from accounts in the upper half of trust, less that from the lower half, over all of it (−1..1; 0 with none). */
 | 'TRUSTED_ENGAGEMENT'
/** Farcaster: its live verified addresses, capped at 2, halved (0..1). Lens: 1 when it holds a handle. */
 | 'VERIFICATIONS';
/** Which of an account's names a user search matched. */
export type SearchNameField = 
/** A Farcaster username or fname that is a basename (ends in `.base.eth`). */
'BASENAME'
/** The display name (Farcaster user data, Lens profile metadata). */
 | 'DISPLAY_NAME'
/** A Farcaster username or fname that is an ENS name (ends in `.eth`, not `.base.eth`). */
 | 'ENS'
/** A live Farcaster fname (the name registry) that is not an ENS name or basename. */
 | 'FNAME'
/** The Lens handle (its local name). */
 | 'HANDLE'
/** The Farcaster username (user data) that is not an ENS name or basename. */
 | 'USERNAME';
/** Why an account is suggested. */
export type SuggestionReasonKind = 
/** The viewer, matched on both protocols, follows this person's account on the other protocol (`crossProtocolAccount`). */
'CROSS_PROTOCOL'
/** Accounts the viewer follows follow it (`count`, the most trusted in `accounts`). */
 | 'FOLLOWED_BY_FOLLOWS'
/** It is close to the viewer in the follow graph of the last refresh, though none of the viewer's live follows follows it now. */
 | 'NEIGHBOURHOOD';
/** How a phrase was used on a day; the strongest use wins: CHANNEL > HASHTAG > TERM. */
export type TopicKind = 
/** A Farcaster channel posts were cast in. */
'CHANNEL'
/** A #hashtag in post text or Lens tags. */
 | 'HASHTAG'
/** A key phrase the classifier found. */
 | 'TERM';
/** A trending request: users ranked by trend score = followers gained in the window ÷ (followers at the window's start + 10), ties by followers gained, then id; only users who gained at least one follower. The REST face takes this object as the JSON body of POST /api/trending/find. */
export type TrendingInput = {
    /** Category ids (GET /api/llm/categories): keep users who published in one of them within the window. As of the analytics refresh, like the list itself: the window ends at `analyticsAsOf` and the posts are those classified when the refresh ran. */
    categories?: Array<Scalars['Int']['input']>;
    /** Users per page, 1..100. */
    limit?: Scalars['Int']['input'];
    /** Keep only accounts whose quality score (`quality.score`, 0..1) is at least this, as of the analytics refresh; an account the refresh did not score (new since) is left out. Absent or null: no filter. */
    minQuality?: InputMaybe<Scalars['Float']['input']>;
    /** 1-based page. */
    page?: Scalars['Int']['input'];
    /** Whose users. */
    protocol?: Protocol;
    /** The window the gains are counted over. */
    ratio?: GainWindow;
};
/** The graph a trust score (EigenTrust / PageRank) runs over. */
export type TrustStrategy = 
/** The engagement graph, with OpenRank's weights: a profile splits its trust in proportion to the weighted sum of what it did to each other profile (Farcaster: likes 1, replies 6, recasts 3, mentions 12, follows 1; Lens: follows 6, comments 3, mirrors 8, collects 12). */
'ENGAGEMENT'
/** The live follow graph: a profile splits its trust equally among the profiles it follows (the graph score). */
 | 'FOLLOWS';
/** The chain of a verified address. */
export type VerificationChain = 
/** An Ethereum address (lowercase 0x…). */
'ETHEREUM'
/** A Solana address (base58). */
 | 'SOLANA';
export type FarcasterFollowersPageQueryVariables = Exact<{
    fid: Scalars['Int']['input'];
    first?: InputMaybe<Scalars['Int']['input']>;
    after?: InputMaybe<Scalars['String']['input']>;
    last?: InputMaybe<Scalars['Int']['input']>;
    before?: InputMaybe<Scalars['String']['input']>;
}>;
export type FarcasterFollowersPageQuery = {
    __typename?: 'Query';
    farcasterUser?: {
        __typename?: 'FarcasterUser';
        fid: number;
        followers: {
            __typename?: 'FarcasterFollowConnection';
            totalCount: number;
            pageInfo: {
                __typename?: 'PageInfo';
                hasNextPage: boolean;
                hasPreviousPage: boolean;
                startCursor?: string | null;
                endCursor?: string | null;
            };
            edges: Array<{
                __typename?: 'FarcasterFollowEdge';
                cursor: string;
                followedAt: string;
                node: {
                    __typename?: 'FarcasterUser';
                    fid: number;
                    username?: string | null;
                    metadata: {
                        __typename?: 'ProfileMetadata';
                        displayName?: string | null;
                        picture?: {
                            __typename?: 'RawImage';
                            raw: {
                                __typename?: 'ImageUri';
                                uri: string;
                            };
                        } | null;
                    };
                    stats: {
                        __typename?: 'ProfileStats';
                        followers: number;
                    };
                };
            }>;
        };
    } | null;
};
export type LensFollowersPageQueryVariables = Exact<{
    id: Scalars['LensProfileId']['input'];
    first?: InputMaybe<Scalars['Int']['input']>;
    after?: InputMaybe<Scalars['String']['input']>;
    last?: InputMaybe<Scalars['Int']['input']>;
    before?: InputMaybe<Scalars['String']['input']>;
}>;
export type LensFollowersPageQuery = {
    __typename?: 'Query';
    lensProfile?: {
        __typename?: 'LensProfile';
        profileId: string;
        followers: {
            __typename?: 'LensFollowConnection';
            totalCount: number;
            pageInfo: {
                __typename?: 'PageInfo';
                hasNextPage: boolean;
                hasPreviousPage: boolean;
                startCursor?: string | null;
                endCursor?: string | null;
            };
            edges: Array<{
                __typename?: 'LensFollowEdge';
                cursor: string;
                followedAt: string;
                node: {
                    __typename?: 'LensProfile';
                    profileId: string;
                    name: string;
                    handle?: {
                        __typename?: 'Handle';
                        localName: string;
                    } | null;
                    stats: {
                        __typename?: 'ProfileStats';
                        followers: number;
                    };
                };
            }>;
        };
    } | null;
};
export type FreshnessQueryVariables = Exact<{
    protocol?: InputMaybe<Protocol>;
}>;
export type FreshnessQuery = {
    __typename?: 'Query';
    freshness: Array<{
        __typename?: 'Freshness';
        protocol: Protocol;
        asOf?: string | null;
        analyticsAsOf?: string | null;
        refreshedAt?: string | null;
    }>;
};
export type FarcasterFollowerHistoryQueryVariables = Exact<{
    fid: Scalars['Int']['input'];
    from?: InputMaybe<Scalars['Date']['input']>;
    to?: InputMaybe<Scalars['Date']['input']>;
    interval?: HistoryInterval;
}>;
export type FarcasterFollowerHistoryQuery = {
    __typename?: 'Query';
    farcasterUser?: {
        __typename?: 'FarcasterUser';
        fid: number;
        followersHistory: {
            __typename?: 'FollowersHistory';
            from: string;
            to: string;
            interval: HistoryInterval;
            points: Array<{
                __typename?: 'FollowersHistoryPoint';
                start: string;
                end: string;
                followers: number;
            }>;
        };
    } | null;
};
export type LensFollowerHistoryQueryVariables = Exact<{
    id: Scalars['LensProfileId']['input'];
    from?: InputMaybe<Scalars['Date']['input']>;
    to?: InputMaybe<Scalars['Date']['input']>;
    interval?: HistoryInterval;
}>;
export type LensFollowerHistoryQuery = {
    __typename?: 'Query';
    lensProfile?: {
        __typename?: 'LensProfile';
        profileId: string;
        followersHistory: {
            __typename?: 'FollowersHistory';
            from: string;
            to: string;
            interval: HistoryInterval;
            points: Array<{
                __typename?: 'FollowersHistoryPoint';
                start: string;
                end: string;
                followers: number;
            }>;
        };
    } | null;
};
type ProfileSummaryFields_FarcasterUser_Fragment = {
    __typename?: 'FarcasterUser';
    id: string;
    handle?: {
        __typename?: 'Handle';
        localName: string;
    } | null;
    metadata: {
        __typename?: 'ProfileMetadata';
        displayName?: string | null;
        bio?: string | null;
        picture?: {
            __typename?: 'RawImage';
            raw: {
                __typename?: 'ImageUri';
                uri: string;
            };
        } | null;
    };
    stats: {
        __typename?: 'ProfileStats';
        followers: number;
        following: number;
        posts: number;
    };
};
type ProfileSummaryFields_LensProfile_Fragment = {
    __typename?: 'LensProfile';
    id: string;
    handle?: {
        __typename?: 'Handle';
        localName: string;
    } | null;
    metadata: {
        __typename?: 'ProfileMetadata';
        displayName?: string | null;
        bio?: string | null;
        picture?: {
            __typename?: 'RawImage';
            raw: {
                __typename?: 'ImageUri';
                uri: string;
            };
        } | null;
    };
    stats: {
        __typename?: 'ProfileStats';
        followers: number;
        following: number;
        posts: number;
    };
};
export type ProfileSummaryFieldsFragment = ProfileSummaryFields_FarcasterUser_Fragment | ProfileSummaryFields_LensProfile_Fragment;
export type ProfileRankFieldsFragment = {
    __typename?: 'ProfileRank';
    followerRank: {
        __typename?: 'RankEntry';
        rank: number;
        percentileCategory: PercentileBand;
    };
    engagementRank: {
        __typename?: 'RankEntry';
        rank: number;
        percentileCategory: PercentileBand;
    };
    scoreRank: {
        __typename?: 'RankEntry';
        rank: number;
        percentileCategory: PercentileBand;
    };
    likesRank: {
        __typename?: 'RankEntry';
        rank: number;
        percentileCategory: PercentileBand;
    };
    collectRank: {
        __typename?: 'RankEntry';
        rank: number;
        percentileCategory: PercentileBand;
    };
};
export type FarcasterProfileCardQueryVariables = Exact<{
    fid: Scalars['Int']['input'];
    window?: GainWindow;
}>;
export type FarcasterProfileCardQuery = {
    __typename?: 'Query';
    farcasterUser?: {
        __typename?: 'FarcasterUser';
        fid: number;
        username?: string | null;
        totalFollowers: number;
        likesCount: number;
        graphScore: number;
        asOf?: string | null;
        analyticsAsOf?: string | null;
        id: string;
        rank: {
            __typename?: 'ProfileRank';
            followerRank: {
                __typename?: 'RankEntry';
                rank: number;
                percentileCategory: PercentileBand;
            };
            engagementRank: {
                __typename?: 'RankEntry';
                rank: number;
                percentileCategory: PercentileBand;
            };
            scoreRank: {
                __typename?: 'RankEntry';
                rank: number;
                percentileCategory: PercentileBand;
            };
            likesRank: {
                __typename?: 'RankEntry';
                rank: number;
                percentileCategory: PercentileBand;
            };
            collectRank: {
                __typename?: 'RankEntry';
                rank: number;
                percentileCategory: PercentileBand;
            };
        };
        userRank: {
            __typename?: 'FarcasterUserRank';
            rank: number;
            count: number;
        };
        handle?: {
            __typename?: 'Handle';
            localName: string;
        } | null;
        metadata: {
            __typename?: 'ProfileMetadata';
            displayName?: string | null;
            bio?: string | null;
            picture?: {
                __typename?: 'RawImage';
                raw: {
                    __typename?: 'ImageUri';
                    uri: string;
                };
            } | null;
        };
        stats: {
            __typename?: 'ProfileStats';
            followers: number;
            following: number;
            posts: number;
        };
    } | null;
};
export type LensProfileCardQueryVariables = Exact<{
    id: Scalars['LensProfileId']['input'];
    window?: GainWindow;
}>;
export type LensProfileCardQuery = {
    __typename?: 'Query';
    lensProfile?: {
        __typename?: 'LensProfile';
        profileId: string;
        name: string;
        ownedBy: string;
        totalFollowers: number;
        totalFollowing: number;
        score: number;
        graphScore: number;
        asOf?: string | null;
        analyticsAsOf?: string | null;
        id: string;
        rank: {
            __typename?: 'ProfileRank';
            followerRank: {
                __typename?: 'RankEntry';
                rank: number;
                percentileCategory: PercentileBand;
            };
            engagementRank: {
                __typename?: 'RankEntry';
                rank: number;
                percentileCategory: PercentileBand;
            };
            scoreRank: {
                __typename?: 'RankEntry';
                rank: number;
                percentileCategory: PercentileBand;
            };
            likesRank: {
                __typename?: 'RankEntry';
                rank: number;
                percentileCategory: PercentileBand;
            };
            collectRank: {
                __typename?: 'RankEntry';
                rank: number;
                percentileCategory: PercentileBand;
            };
        };
        userRank: {
            __typename?: 'LensUserRank';
            rank: number;
            count: number;
        };
        handle?: {
            __typename?: 'Handle';
            localName: string;
        } | null;
        metadata: {
            __typename?: 'ProfileMetadata';
            displayName?: string | null;
            bio?: string | null;
            picture?: {
                __typename?: 'RawImage';
                raw: {
                    __typename?: 'ImageUri';
                    uri: string;
                };
            } | null;
        };
        stats: {
            __typename?: 'ProfileStats';
            followers: number;
            following: number;
            posts: number;
        };
    } | null;
};
export type CompareFarcasterUsersQueryVariables = Exact<{
    a: Scalars['Int']['input'];
    b: Scalars['Int']['input'];
}>;
export type CompareFarcasterUsersQuery = {
    __typename?: 'Query';
    a?: {
        __typename?: 'FarcasterUser';
        fid: number;
        username?: string | null;
        id: string;
        handle?: {
            __typename?: 'Handle';
            localName: string;
        } | null;
        metadata: {
            __typename?: 'ProfileMetadata';
            displayName?: string | null;
            bio?: string | null;
            picture?: {
                __typename?: 'RawImage';
                raw: {
                    __typename?: 'ImageUri';
                    uri: string;
                };
            } | null;
        };
        stats: {
            __typename?: 'ProfileStats';
            followers: number;
            following: number;
            posts: number;
        };
    } | null;
    b?: {
        __typename?: 'FarcasterUser';
        fid: number;
        username?: string | null;
        id: string;
        handle?: {
            __typename?: 'Handle';
            localName: string;
        } | null;
        metadata: {
            __typename?: 'ProfileMetadata';
            displayName?: string | null;
            bio?: string | null;
            picture?: {
                __typename?: 'RawImage';
                raw: {
                    __typename?: 'ImageUri';
                    uri: string;
                };
            } | null;
        };
        stats: {
            __typename?: 'ProfileStats';
            followers: number;
            following: number;
            posts: number;
        };
    } | null;
};
export type TokenMentionsQueryVariables = Exact<{
    date?: InputMaybe<Scalars['Date']['input']>;
}>;
export type TokenMentionsQuery = {
    __typename?: 'Query';
    tokenMentions: Array<{
        __typename?: 'TokenMention';
        id: string;
        token: string;
        day: string;
        postCount: number;
    }>;
};
export type TrendingTokensQueryVariables = Exact<{
    date?: InputMaybe<Scalars['Date']['input']>;
    limit?: Scalars['Int']['input'];
    chain?: InputMaybe<Scalars['String']['input']>;
}>;
export type TrendingTokensQuery = {
    __typename?: 'Query';
    trendingTokens: Array<{
        __typename?: 'Token';
        id: string;
        symbol: string;
        name: string;
        chain: string;
        image?: string | null;
        price?: {
            __typename?: 'TokenPrice';
            priceUsd: string;
            priceChangePercentage24h?: string | null;
            marketCap?: string | null;
            createdAt: string;
        } | null;
    }>;
};
export type TokenPostsQueryVariables = Exact<{
    tokenId: Scalars['String']['input'];
    date?: InputMaybe<Scalars['Date']['input']>;
    first?: InputMaybe<Scalars['Int']['input']>;
    after?: InputMaybe<Scalars['String']['input']>;
    last?: InputMaybe<Scalars['Int']['input']>;
    before?: InputMaybe<Scalars['String']['input']>;
}>;
export type TokenPostsQuery = {
    __typename?: 'Query';
    tokenPosts: {
        __typename?: 'TokenPostConnection';
        totalCount: number;
        pageInfo: {
            __typename?: 'PageInfo';
            hasNextPage: boolean;
            hasPreviousPage: boolean;
            startCursor?: string | null;
            endCursor?: string | null;
        };
        edges: Array<{
            __typename?: 'TokenPostEdge';
            cursor: string;
            node: {
                __typename?: 'TokenPublication';
                postId: string;
                protocol: Protocol;
                authorId: string;
                postedAt: string;
            };
        }>;
    };
};
export type TrendingUsersQueryVariables = Exact<{
    protocol: Protocol;
    ratio?: InputMaybe<GainWindow>;
    categories?: InputMaybe<Array<Scalars['Int']['input']> | Scalars['Int']['input']>;
    first?: InputMaybe<Scalars['Int']['input']>;
    after?: InputMaybe<Scalars['String']['input']>;
    last?: InputMaybe<Scalars['Int']['input']>;
    before?: InputMaybe<Scalars['String']['input']>;
    page?: InputMaybe<Scalars['Int']['input']>;
}>;
export type TrendingUsersQuery = {
    __typename?: 'Query';
    trending: {
        __typename?: 'TrendingUserConnection';
        totalCount: number;
        page: number;
        totalPages: number;
        pageInfo: {
            __typename?: 'PageInfo';
            hasPreviousPage: boolean;
            hasNextPage: boolean;
            startCursor?: string | null;
            endCursor?: string | null;
        };
        edges: Array<{
            __typename?: 'TrendingUserEdge';
            node: {
                __typename?: 'TrendingUser';
                user: {
                    __typename: 'FarcasterUser';
                    fid: number;
                    username?: string | null;
                    id: string;
                    handle?: {
                        __typename?: 'Handle';
                        localName: string;
                    } | null;
                    metadata: {
                        __typename?: 'ProfileMetadata';
                        displayName?: string | null;
                        bio?: string | null;
                        picture?: {
                            __typename?: 'RawImage';
                            raw: {
                                __typename?: 'ImageUri';
                                uri: string;
                            };
                        } | null;
                    };
                    stats: {
                        __typename?: 'ProfileStats';
                        followers: number;
                        following: number;
                        posts: number;
                    };
                } | {
                    __typename: 'LensProfile';
                    profileId: string;
                    name: string;
                    id: string;
                    handle?: {
                        __typename?: 'Handle';
                        localName: string;
                    } | null;
                    metadata: {
                        __typename?: 'ProfileMetadata';
                        displayName?: string | null;
                        bio?: string | null;
                        picture?: {
                            __typename?: 'RawImage';
                            raw: {
                                __typename?: 'ImageUri';
                                uri: string;
                            };
                        } | null;
                    };
                    stats: {
                        __typename?: 'ProfileStats';
                        followers: number;
                        following: number;
                        posts: number;
                    };
                };
                topFollowers: Array<{
                    __typename: 'FarcasterUser';
                    id: string;
                    handle?: {
                        __typename?: 'Handle';
                        localName: string;
                    } | null;
                } | {
                    __typename: 'LensProfile';
                    id: string;
                    handle?: {
                        __typename?: 'Handle';
                        localName: string;
                    } | null;
                }>;
            };
        }>;
    };
};
export declare class TypedDocumentString<TResult, TVariables> extends String implements DocumentTypeDecoration<TResult, TVariables> {
    __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
    private value;
    __meta__?: Record<string, any> | undefined;
    constructor(value: string, __meta__?: Record<string, any> | undefined);
    toString(): string & DocumentTypeDecoration<TResult, TVariables>;
}
export declare const ProfileSummaryFieldsFragmentDoc: TypedDocumentString<ProfileSummaryFieldsFragment, unknown>;
export declare const ProfileRankFieldsFragmentDoc: TypedDocumentString<ProfileRankFieldsFragment, unknown>;
export declare const FarcasterFollowersPageDocument: TypedDocumentString<FarcasterFollowersPageQuery, FarcasterFollowersPageQueryVariables>;
export declare const LensFollowersPageDocument: TypedDocumentString<LensFollowersPageQuery, LensFollowersPageQueryVariables>;
export declare const FreshnessDocument: TypedDocumentString<FreshnessQuery, FreshnessQueryVariables>;
export declare const FarcasterFollowerHistoryDocument: TypedDocumentString<FarcasterFollowerHistoryQuery, FarcasterFollowerHistoryQueryVariables>;
export declare const LensFollowerHistoryDocument: TypedDocumentString<LensFollowerHistoryQuery, LensFollowerHistoryQueryVariables>;
export declare const FarcasterProfileCardDocument: TypedDocumentString<FarcasterProfileCardQuery, FarcasterProfileCardQueryVariables>;
export declare const LensProfileCardDocument: TypedDocumentString<LensProfileCardQuery, LensProfileCardQueryVariables>;
export declare const CompareFarcasterUsersDocument: TypedDocumentString<CompareFarcasterUsersQuery, CompareFarcasterUsersQueryVariables>;
export declare const TokenMentionsDocument: TypedDocumentString<TokenMentionsQuery, TokenMentionsQueryVariables>;
export declare const TrendingTokensDocument: TypedDocumentString<TrendingTokensQuery, TrendingTokensQueryVariables>;
export declare const TokenPostsDocument: TypedDocumentString<TokenPostsQuery, TokenPostsQueryVariables>;
export declare const TrendingUsersDocument: TypedDocumentString<TrendingUsersQuery, TrendingUsersQueryVariables>;
export {};

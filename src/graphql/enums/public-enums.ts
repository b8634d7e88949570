// The closed sets of the API as GraphQL enums. Each value's internal value is
// the spelling the domain code, the database and the REST face use ('week',
// 'lens', 'top 1%'), so resolvers keep reading and returning those strings:
// GraphQL clients see the enum names, REST clients the spellings (see
// rest-spellings.ts).
import { registerEnumType } from 'type-graphql';
import { FEATURE_MEANING } from '../../analytics/quality/model';

export enum Protocol { FARCASTER = 'farcaster', LENS = 'lens' }
registerEnumType(Protocol, {
  name: 'Protocol',
  description: 'A social network this service reads.',
  valuesConfig: { FARCASTER: { description: 'Farcaster (fids, casts).' }, LENS: { description: 'Lens (profiles, publications).' } },
});

export enum GainWindow { DAY = 'day', WEEK = 'week', MONTH = 'month' }
registerEnumType(GainWindow, {
  name: 'GainWindow',
  description: 'The window of follower gains and trending, ending at the protocol\'s as-of time (its newest event), not the wall clock.',
  valuesConfig: {
    DAY: { description: 'The last 1 day (REST: `day` or `1d`).' },
    WEEK: { description: 'The last 7 days (REST: `week` or `7d`).' },
    MONTH: { description: 'The last 30 days (REST: `month` or `30d`).' },
  },
});

export enum HistoryInterval { DAY = 'day', WEEK = 'week', MONTH = 'month' }
registerEnumType(HistoryInterval, {
  name: 'HistoryInterval',
  description: 'The buckets of a history, in UTC.',
  valuesConfig: {
    DAY: { description: 'One point per day.' },
    WEEK: { description: 'One point per ISO week, Monday to Sunday.' },
    MONTH: { description: 'One point per calendar month.' },
  },
});

export enum VerificationChain { ETHEREUM = 'ethereum', SOLANA = 'solana' }
registerEnumType(VerificationChain, {
  name: 'VerificationChain',
  description: 'The chain of a verified address.',
  valuesConfig: { ETHEREUM: { description: 'An Ethereum address (lowercase 0x…).' }, SOLANA: { description: 'A Solana address (base58).' } },
});

export enum PercentileBand {
  TOP_0_1 = 'top 0.1%', TOP_1 = 'top 1%', TOP_5 = 'top 5%', TOP_10 = 'top 10%', TOP_25 = 'top 25%', TOP_50 = 'top 50%', BOTTOM_50 = 'bottom 50%',
}
registerEnumType(PercentileBand, {
  name: 'PercentileBand',
  description: 'Where rank ÷ profiles falls, each limit inclusive (REST prints the spelling in parentheses).',
  valuesConfig: {
    TOP_0_1: { description: 'The best 0.1% (`top 0.1%`).' },
    TOP_1: { description: 'The best 1%, below 0.1% (`top 1%`).' },
    TOP_5: { description: 'The best 5%, below 1% (`top 5%`).' },
    TOP_10: { description: 'The best 10%, below 5% (`top 10%`).' },
    TOP_25: { description: 'The best 25%, below 10% (`top 25%`).' },
    TOP_50: { description: 'The best 50%, below 25% (`top 50%`).' },
    BOTTOM_50: { description: 'The rest (`bottom 50%`).' },
  },
});

export enum TopicKind { CHANNEL = 'channel', HASHTAG = 'hashtag', TERM = 'term' }
registerEnumType(TopicKind, {
  name: 'TopicKind',
  description: 'How a phrase was used on a day; the strongest use wins: CHANNEL > HASHTAG > TERM.',
  valuesConfig: {
    CHANNEL: { description: 'A Farcaster channel posts were cast in.' },
    HASHTAG: { description: 'A #hashtag in post text or Lens tags.' },
    TERM: { description: 'A key phrase the classifier found.' },
  },
});

export enum LensPublicationType { POST = 'POST', COMMENT = 'COMMENT', MIRROR = 'MIRROR', QUOTE = 'QUOTE' }
registerEnumType(LensPublicationType, {
  name: 'LensPublicationType',
  description: 'What a Lens publication is.',
  valuesConfig: {
    POST: { description: 'A top-level post.' },
    COMMENT: { description: 'A comment on another publication (parentPublicationId).' },
    MIRROR: { description: 'A mirror (repost) of another publication, with no text of its own.' },
    QUOTE: { description: 'A quote of another publication, with text of its own.' },
  },
});

export enum CastWindow { HOUR = '1h', SIX_HOURS = '6h', DAY = '24h', THREE_DAYS = '3d', WEEK = '7d' }
registerEnumType(CastWindow, {
  name: 'CastWindow',
  description: 'The window of trending casts, ending at the analytics refresh\'s as-of time (`analyticsAsOf`), not the wall clock.',
  valuesConfig: {
    HOUR: { description: 'Casts of the last hour (REST: `1h`).' },
    SIX_HOURS: { description: 'Casts of the last 6 hours (REST: `6h`).' },
    DAY: { description: 'Casts of the last 24 hours (REST: `24h` or `1d`).' },
    THREE_DAYS: { description: 'Casts of the last 3 days (REST: `3d`).' },
    WEEK: { description: 'Casts of the last 7 days (REST: `7d`).' },
  },
});

export enum TrustStrategyChoice { FOLLOWS = 'follows', ENGAGEMENT = 'engagement' }
registerEnumType(TrustStrategyChoice, {
  name: 'TrustStrategy',
  description: 'The graph a trust score (EigenTrust / PageRank) runs over.',
  valuesConfig: {
    FOLLOWS: { description: 'The live follow graph: a profile splits its trust equally among the profiles it follows (the graph score).' },
    ENGAGEMENT: {
      description: 'The engagement graph, with OpenRank\'s weights: a profile splits its trust in proportion to the weighted sum of what it did to each '
        + 'other profile (Farcaster: likes 1, replies 6, recasts 3, mentions 12, follows 1; Lens: follows 6, comments 3, mirrors 8, collects 12).',
    },
  },
});

export enum SearchNameField {
  USERNAME = 'username', FNAME = 'fname', ENS = 'ens', BASENAME = 'basename', DISPLAY_NAME = 'display_name', HANDLE = 'handle',
}
registerEnumType(SearchNameField, {
  name: 'SearchNameField',
  description: 'Which of an account\'s names a user search matched.',
  valuesConfig: {
    USERNAME: { description: 'The Farcaster username (user data) that is not an ENS name or basename.' },
    FNAME: { description: 'A live Farcaster fname (the name registry) that is not an ENS name or basename.' },
    ENS: { description: 'A Farcaster username or fname that is an ENS name (ends in `.eth`, not `.base.eth`).' },
    BASENAME: { description: 'A Farcaster username or fname that is a basename (ends in `.base.eth`).' },
    DISPLAY_NAME: { description: 'The display name (Farcaster user data, Lens profile metadata).' },
    HANDLE: { description: 'The Lens handle (its local name).' },
  },
});

export enum NameMatchKind { EXACT = 'exact', PREFIX = 'prefix', SUBSTRING = 'substring', FUZZY = 'fuzzy' }
registerEnumType(NameMatchKind, {
  name: 'NameMatchKind',
  description: 'How a name matched a user search, best first: each kind ranks above every match of the kinds after it.',
  valuesConfig: {
    EXACT: { description: 'The name is the query (case-insensitive).' },
    PREFIX: { description: 'The name starts with the query.' },
    SUBSTRING: { description: 'The name holds the query elsewhere.' },
    FUZZY: { description: 'Neither, but the name is similar (a typo): trigram similarity of at least 0.3, or word similarity of at least 0.6.' },
  },
});

export enum NotificationKind { FOLLOW = 'FOLLOW', LIKE = 'LIKE', REPOST = 'REPOST', REPLY = 'REPLY', QUOTE = 'QUOTE', MENTION = 'MENTION' }
registerEnumType(NotificationKind, {
  name: 'NotificationKind',
  description: 'What happened to the viewer\'s account. FOLLOW, LIKE and REPOST are grouped per target and UTC day; the others are one notification per post.',
  valuesConfig: {
    FOLLOW: { description: 'New followers (grouped: the follows of one UTC day).' },
    LIKE: { description: 'Likes of one of the viewer\'s posts (Lens: upvotes; grouped per post and UTC day).' },
    REPOST: { description: 'Recasts (Farcaster) or mirrors (Lens) of one of the viewer\'s posts (grouped per post and UTC day).' },
    REPLY: { description: 'A reply (Lens: a comment) to one of the viewer\'s posts.' },
    QUOTE: { description: 'A quote of one of the viewer\'s posts.' },
    MENTION: { description: 'A Farcaster cast mentioning the viewer (not a reply to or quote of the viewer\'s cast, which are REPLY or QUOTE). Lens data names no mentions: asking for MENTION there is an empty list.' },
  },
});

export enum QualityFeatureChoice {
  TRUST = 'trust', RECIPROCITY = 'reciprocity', ACCOUNT_AGE = 'account_age', VERIFICATIONS = 'verifications',
  SHARED_WALLET = 'shared_wallet', TRUSTED_ENGAGEMENT = 'trusted_engagement', POSTING_BURST = 'posting_burst', DUPLICATE_TEXT = 'duplicate_text',
  FRESH_FOLLOWERS = 'fresh_followers',
}
registerEnumType(QualityFeatureChoice, {
  name: 'QualityFeature',
  description: 'A feature of the quality score (docs/analytics.md#quality-score-real-person-or-spam-apiv2): its value is on the scale its description gives.',
  valuesConfig: Object.fromEntries(Object.entries(FEATURE_MEANING).map(([k, description]) => [k, { description }])),
});

export enum FarcasterStorageUnitType { UNIT_TYPE_LEGACY = 'legacy', UNIT_TYPE_2024 = '2024', UNIT_TYPE_2025 = '2025' }
registerEnumType(FarcasterStorageUnitType, {
  name: 'FarcasterStorageUnitType',
  description: 'The kind of a Farcaster storage unit, by when it was rented (the protocol\'s StorageUnitType); each allows a different number of messages.',
  valuesConfig: {
    UNIT_TYPE_LEGACY: { description: 'Rented before 2024-08-29 (`legacy`).' },
    UNIT_TYPE_2024: { description: 'Rented from 2024-08-29 until 2025-07-16 17:00 UTC (`2024`).' },
    UNIT_TYPE_2025: { description: 'Rented from 2025-07-16 17:00 UTC on (`2025`).' },
  },
});

import { Field, ObjectType } from 'type-graphql';
import type { ProtocolName } from '../../domain/protocols';
import { Protocol } from '../enums/public-enums';

/** Shared by the Freshness type and the per-profile fields so both say the same thing. */
export const AS_OF_DESCRIPTION = {
  farcaster: 'Time the Farcaster data is as of: while the live sync runs, the node block time every shard has reached; else the newest imported event. '
    + 'Counters (stats, totalFollowers, likesCount), follows, casts, reactions, user data and followersHistory are live and as of this time. Null before any data.',
  lens: 'Time the Lens data is as of: the newest imported event (Lens is import-based). Profiles, handles, metadata, counters (stats, totalFollowers, '
    + 'totalFollowing), follows, recentFollowers, publications, reactions and collects are as of this time. Null before any import.',
} as const;

export const ANALYTICS_AS_OF_DESCRIPTION = {
  farcaster: 'As-of time of the analytics generation readers use, written by the last refresh: rank and percentile bands, userRank (gains), '
    + 'trendingUsers, graphScore, trust, the newest rankHistory point, topFollowers and followerHistogram (follower summaries). asOf until a refresh records one.',
  lens: 'As-of time of the analytics generation readers use, written by the last refresh: rank and percentile bands, userRank (gains), '
    + 'trendingUsers, graphScore, trust, the newest rankHistory point, topFollowers, followerHistogram (follower summaries), and active and '
    + 'followersHistory, which Lens reads from the refresh too. asOf until a refresh records one.',
} as const;

@ObjectType({ description: 'How fresh a protocol\'s answers are, from its protocol_state row; all null before any data.' })
export class Freshness {
  @Field(() => Protocol, { description: 'The network these times are about.' }) protocol!: ProtocolName;
  @Field(() => Date, { nullable: true, description: 'The protocol\'s as-of time (see FarcasterUser.asOf and LensProfile.asOf for what is live).' })
  asOf!: Date | null;
  @Field(() => Date, { nullable: true, description: 'The as-of time of the analytics generation readers use (see FarcasterUser.analyticsAsOf and LensProfile.analyticsAsOf); asOf until a refresh records one.' })
  analyticsAsOf!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the refresh that made the current analytics generation ran (or an import, for rows no refresh has written since).' })
  refreshedAt!: Date | null;
}

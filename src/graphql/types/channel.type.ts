// Farcaster channels, trending channels, trending casts and channel-scoped
// caster ranks, all as of the analytics refresh. A channel is a cast's
// parent_url; a reply belongs to its thread root's channel. Snapchain's channels
// on chain (registry, members, moderators, follows) are OnchainChannel, linked
// by name (onchain-channel.type.ts).
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { CAST_DECAY, CAST_WEIGHTS, CHANNEL_SCORE } from '../../domain/channels';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import { FarcasterCast } from './farcaster-cast.type';
import { FarcasterUser } from './farcaster-user.type';
import { GLOBAL_ID, Node } from './node.type';

const AS_OF_REFRESH = 'As of the analytics refresh (`analyticsAsOf`).';

@ObjectType({ implements: Node, description: `A Farcaster channel: the parent URL top-level casts are posted under (a reply belongs to its thread root's channel). ${AS_OF_REFRESH} Its on-chain registry, configuration, members, moderators and followers (Snapchain's channels on chain, live) are under onchain, linked by name.` })
export class FarcasterChannel implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => ID, { description: 'The channel\'s own id (what `id` answered before ids were global; the `id` argument of farcasterChannel): its name for a Warpcast channel URL (`base`), else its whole parent URL, lowercased.' }) nativeId!: string;
  @Field(() => String, { description: 'The parent URL casts carry (`https://warpcast.com/~/channel/<name>` or `chain://…`).' }) url!: string;
  @Field(() => Int, { description: 'Live casts in the channel, replies in its threads included.' }) casts!: number;
  @Field(() => Int, { description: 'Distinct fids with a live cast in the channel.' }) casters!: number;
  @Field(() => Date, { description: 'When its first live cast was posted.' }) firstCastAt!: Date;
  @Field(() => Date, { description: 'When its newest live cast was posted.' }) lastCastAt!: Date;
  @Field(() => Boolean, { description: 'Whether `rankedCasters` holds its casters: the refresh ranks the channels with the most casters (CHANNEL_RANK_CHANNELS of them, each with at least CHANNEL_RANK_MIN_CASTERS).' }) ranked!: boolean;
}

@ObjectType({ description: 'A caster of a channel, placed by the channel-scoped rank.' })
export class ChannelCaster {
  @Field(() => Int, { description: 'Place in the channel, 1 the best: by score, then more casts in the channel, then fid.' }) rank!: number;
  @Field(() => Int, { description: 'The caster\'s fid.' }) fid!: number;
  @Field(() => Int, { description: 'Its live casts in the channel (the weight of its pretrust).' }) casts!: number;
  @Field(() => Float, { description: 'Personalized PageRank over the follow graph, seeded by the channel\'s casters in proportion to their casts in it (no layout carries channel leads or moderators), scaled so the channel\'s best caster is 1.' }) score!: number;
  @Field(() => FarcasterUser, { nullable: true, description: 'The caster\'s profile; null when the fid is not a known user.' }) user!: FarcasterUser | null;
}

@ObjectType({ description: 'A ranked caster and its place in the list.' })
export class ChannelCasterEdge extends Edge(ChannelCaster) {}

@ObjectType({ description: `A channel's casters by channel-scoped rank, best first; offset-paged. ${AS_OF_REFRESH} Empty for a channel that was not ranked.` })
export class ChannelCasterConnection extends Connection(ChannelCasterEdge, { totalCount: 'All ranked casters of the channel (its casters when ranked, else 0).', paged: OFFSET_PAGED }) {}

@ObjectType({ implements: Node, description: 'A channel\'s activity in a window: its entry in that window\'s trending list (a Node of its own, so it never shares an id with the FarcasterChannel it is about).' })
export class TrendingChannel implements Node {
  @Field(() => Int, { description: 'Place in the list, 1 the best.' }) rank!: number;
  @Field(() => ID, { description: 'The global id (Node) of this entry: the window and the channel; opaque, stable and unique across all types.' }) id!: string;
  @Field(() => ID, { description: 'The channel\'s own id (see FarcasterChannel.nativeId; what `id` answered before ids were global).' }) nativeId!: string;
  @Field(() => String, { description: 'The channel\'s URL.' }) url!: string;
  @Field(() => Int, { description: 'Live casts in the channel within the window, replies in its threads included.' }) casts!: number;
  @Field(() => Int, { description: 'Distinct fids who cast in it within the window.' }) casters!: number;
  @Field(() => Int, { description: 'Fids whose first live cast in the channel falls within the window: the nearest the data has to followers gained (channel follows are kept off-protocol by the Warpcast client and are in no dataset layout).' }) newCasters!: number;
  @Field(() => Int, { description: `Trending score: ${CHANNEL_SCORE.casts} × casts + ${CHANNEL_SCORE.casters} × casters + ${CHANNEL_SCORE.newCasters} × newCasters.` }) score!: number;
}

@ObjectType({ description: 'A trending channel and its place in the list.' })
export class TrendingChannelEdge extends Edge(TrendingChannel) {}

@ObjectType({ description: `Channels with casts in the window, by trending score, then casters, then id; offset-paged. ${AS_OF_REFRESH}` })
export class TrendingChannelConnection extends Connection(TrendingChannelEdge, { totalCount: 'All channels with a cast in the window.', paged: OFFSET_PAGED }) {}

const SCORE = `(${CAST_WEIGHTS.likes} × likes + ${CAST_WEIGHTS.recasts} × recasts + ${CAST_WEIGHTS.replies} × replies) ÷ (age in hours at the refresh's as-of time + ${CAST_DECAY.offsetHours})^${CAST_DECAY.gravity}`;

@ObjectType({ description: 'A trending cast: its engagement and score at the refresh.' })
export class TrendingCast {
  @Field(() => Int, { description: 'Place in the window\'s whole list (before the channel and author filters), 1 the best.' }) rank!: number;
  @Field(() => String, { description: 'The cast hash.' }) hash!: string;
  @Field(() => Int, { description: 'The author.' }) fid!: number;
  @Field(() => String, { nullable: true, description: 'The channel it was posted in; null when none.' }) channelId!: string | null;
  @Field(() => Date, { description: 'When it was posted.' }) postedAt!: Date;
  @Field(() => Int, { description: 'Live likes from others at the refresh.' }) likes!: number;
  @Field(() => Int, { description: 'Live recasts from others at the refresh.' }) recasts!: number;
  @Field(() => Int, { description: 'Live replies from others at the refresh.' }) replies!: number;
  @Field(() => Float, { description: `Decayed engagement score: ${SCORE}.` }) score!: number;
  @Field(() => Float, { description: 'The author\'s global graph score at the refresh (0..1).' }) authorScore!: number;
  @Field(() => FarcasterCast, { nullable: true, description: 'The cast as it is now (its live counters too); null when deleted since the refresh.' }) cast!: FarcasterCast | null;
}

@ObjectType({ description: 'A trending cast and its place in the list.' })
export class TrendingCastEdge extends Edge(TrendingCast) {}

@ObjectType({ description: `Top-level casts posted in the window with engagement from others, by decayed engagement score (${SCORE}), then hash; offset-paged. ${AS_OF_REFRESH}` })
export class TrendingCastConnection extends Connection(TrendingCastEdge, { totalCount: 'All casts the filters keep.', paged: OFFSET_PAGED }) {}

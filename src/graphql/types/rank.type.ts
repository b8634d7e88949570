import { Field, Int, ObjectType } from 'type-graphql';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';
import { PercentileBand } from '../enums/public-enums';

@ObjectType({ description: 'A standard competition rank (1 is highest, ties share) and its percentile band.' })
export class RankEntry {
  @Field(() => Int, { description: 'Position among all profiles of the protocol as of the last analytics refresh: 1 is highest, equal values share a rank and the next rank skips.' }) rank!: number;
  @Field(() => PercentileBand, { description: 'The band rank ÷ profiles falls in.' })
  percentileCategory!: string;
}

@ObjectType({ description: 'The five ranks of a profile among all profiles of its protocol: followers; engagement received (replies or comments, quotes, recasts or mirrors, likes); score (Farcaster graph score, Lens classifier score); likes; collects (Lens collects, Farcaster recasts). What a profile does to its own posts never counts.' })
export class ProfileRank {
  @Field(() => RankEntry, { description: 'By followers (self-follows excluded).' }) followerRank!: RankEntry;
  @Field(() => RankEntry, { description: 'By engagement received from others: Farcaster replies + quotes + recasts + likes; Lens comments + quotes + mirrors + likes.' }) engagementRank!: RankEntry;
  @Field(() => RankEntry, { description: 'By score: Farcaster graph score; Lens imported classifier score, profiles without one tied last.' }) scoreRank!: RankEntry;
  @Field(() => RankEntry, { description: 'By likes received from others (Farcaster likes, Lens UPVOTEs).' }) likesRank!: RankEntry;
  @Field(() => RankEntry, { description: 'By collects received from others on Lens (a hidden publication\'s collects included), by recasts received on Farcaster.' }) collectRank!: RankEntry;
}

@ObjectType({ description: 'Rank by net followers gained in the window among all Farcaster users (a standard competition rank: 1 is highest, ties share). REST prints rank and count as decimal strings, as the earlier service typed them.' })
export class FarcasterUserRank {
  @Field(() => String, { description: 'The fid as a decimal string.' }) profileId!: string;
  @Field(() => Int, { description: 'Rank by net followers gained in the window, 1 is the largest gain (REST prints it as a decimal string).' }) rank!: number;
  @Field(() => Int, { description: 'Net followers gained in the window.' }) count!: number;
  @Field(() => [FarcasterUser], { description: 'The 5 followers with the most followers.' }) topFollowers!: FarcasterUser[];
}

@ObjectType({ description: 'Rank by net followers gained in the window among all Lens profiles; the same shape as FarcasterUserRank.' })
export class LensUserRank {
  @Field(() => String, { description: 'The Lens profile id, canonical.' }) profileId!: string;
  @Field(() => Int, { description: 'Rank by net followers gained in the window, 1 is the largest gain (REST prints it as a decimal string).' }) rank!: number;
  @Field(() => Int, { description: 'Net followers gained in the window.' }) count!: number;
  @Field(() => [LensProfile], { description: 'The 5 followers with the most followers.' }) topFollowers!: LensProfile[];
}

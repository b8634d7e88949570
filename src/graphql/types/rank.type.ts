import { Field, Int, ObjectType } from 'type-graphql';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';
import { PercentileBand } from '../enums/public-enums';

@ObjectType({ description: 'A standard competition rank (1 is highest, ties share) and its percentile band.' })
export class RankEntry {
  @Field(() => Int) rank!: number;
  @Field(() => PercentileBand, { description: 'The band rank ÷ profiles falls in.' })
  percentileCategory!: string;
}

@ObjectType({ description: 'The five ranks of a profile among all profiles of its protocol: followers; engagement received (replies or comments, quotes, recasts or mirrors, likes); score (Farcaster graph score, Lens classifier score); likes; collects (Lens collects, Farcaster recasts). What a profile does to its own posts never counts.' })
export class ProfileRank {
  @Field(() => RankEntry) followerRank!: RankEntry;
  @Field(() => RankEntry) engagementRank!: RankEntry;
  @Field(() => RankEntry) scoreRank!: RankEntry;
  @Field(() => RankEntry) likesRank!: RankEntry;
  @Field(() => RankEntry) collectRank!: RankEntry;
}

@ObjectType({ description: 'Rank by net followers gained in the window among all Farcaster users (a standard competition rank: 1 is highest, ties share). REST prints rank and count as decimal strings, as the earlier service typed them.' })
export class FarcasterUserRank {
  @Field(() => String, { description: 'The fid as a decimal string.' }) profileId!: string;
  @Field(() => Int) rank!: number;
  @Field(() => Int, { description: 'Net followers gained in the window.' }) count!: number;
  @Field(() => [FarcasterUser], { description: 'The 5 followers with the most followers.' }) topFollowers!: FarcasterUser[];
}

@ObjectType({ description: 'Rank by net followers gained in the window among all Lens profiles; the same shape as FarcasterUserRank.' })
export class LensUserRank {
  @Field(() => String) profileId!: string;
  @Field(() => Int) rank!: number;
  @Field(() => Int, { description: 'Net followers gained in the window.' }) count!: number;
  @Field(() => [LensProfile]) topFollowers!: LensProfile[];
}

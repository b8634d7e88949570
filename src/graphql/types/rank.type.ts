import { Field, Int, ObjectType } from 'type-graphql';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';

@ObjectType({ description: 'A standard competition rank (1 is highest, ties share) and its percentile band.' })
export class RankEntry {
  @Field(() => Int) rank!: number;
  @Field(() => String, { description: '`top 0.1%`, `top 1%`, `top 5%`, `top 10%`, `top 25%`, `top 50%` or `bottom 50%` of rank / profiles.' })
  percentileCategory!: string;
}

@ObjectType({ description: 'Seed 2.11: the five ranks of CONTRACT §4.' })
export class ProfileRank {
  @Field(() => RankEntry) followerRank!: RankEntry;
  @Field(() => RankEntry) engagementRank!: RankEntry;
  @Field(() => RankEntry) scoreRank!: RankEntry;
  @Field(() => RankEntry) likesRank!: RankEntry;
  @Field(() => RankEntry) collectRank!: RankEntry;
}

@ObjectType({ description: 'Seed 2.10: rank by followers gained in the window (decimal strings, as the seed types them).' })
export class FarcasterUserRank {
  @Field(() => String) profileId!: string;
  @Field(() => String) rank!: string;
  @Field(() => String, { description: 'Net followers gained in the window.' }) count!: string;
  @Field(() => [FarcasterUser], { description: 'The 5 followers with the most followers.' }) topFollowers!: FarcasterUser[];
}

@ObjectType({ description: 'Shape of seed 2.10 for a Lens profile.' })
export class LensUserRank {
  @Field(() => String) profileId!: string;
  @Field(() => String) rank!: string;
  @Field(() => String) count!: string;
  @Field(() => [LensProfile]) topFollowers!: LensProfile[];
}

import { Field, ObjectType } from 'type-graphql';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';
import { PageInfo } from './follower-stats.type';

@ObjectType()
export class FarcasterFollowerEdge {
  @Field(() => String) cursor!: string;
  @Field(() => Date, { description: 'When the follow happened.' }) followedAt!: Date;
  @Field(() => FarcasterUser) node!: FarcasterUser;
}

@ObjectType({ description: 'Follows, newest follow first.' })
export class FarcasterFollowerConnection {
  @Field(() => [FarcasterFollowerEdge]) edges!: FarcasterFollowerEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

@ObjectType()
export class LensFollowerEdge {
  @Field(() => String) cursor!: string;
  @Field(() => Date) followedAt!: Date;
  @Field(() => LensProfile) node!: LensProfile;
}

@ObjectType({ description: 'Follows, newest follow first.' })
export class LensFollowerConnection {
  @Field(() => [LensFollowerEdge]) edges!: LensFollowerEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

import { Field, Int, ObjectType } from 'type-graphql';
import { FarcasterCast } from './farcaster-cast.type';
import { FarcasterFollowerEdge } from './follower-connection.type';
import { PageInfo } from './follower-stats.type';

@ObjectType({ description: 'Live follows (self excluded), newest first.' })
export class FarcasterFollowConnection {
  @Field(() => Int, { description: 'All live follows in this direction.' }) totalCount!: number;
  @Field(() => Int, { description: '1-based page of this slice (offset ÷ first + 1).' }) page!: number;
  @Field(() => Int) totalPages!: number;
  @Field(() => [FarcasterFollowerEdge]) edges!: FarcasterFollowerEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

@ObjectType()
export class FarcasterCastEdge {
  @Field(() => String) cursor!: string;
  @Field(() => FarcasterCast) node!: FarcasterCast;
}

@ObjectType({ description: 'Live casts, newest first.' })
export class FarcasterCastConnection {
  @Field(() => Int) totalCount!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) totalPages!: number;
  @Field(() => [FarcasterCastEdge]) edges!: FarcasterCastEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}

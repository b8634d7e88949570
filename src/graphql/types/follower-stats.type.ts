import { Field, Int, ObjectType } from 'type-graphql';
import { HistoryInterval } from '../enums/public-enums';
import { DateScalar } from '../scalars/date.scalar';

@ObjectType()
export class HistogramBucket {
  @Field(() => String, { description: '`0`, `1-9`, `10-99`, `100-999`, `1000-9999` or `10000+`.' }) label!: string;
  @Field(() => Int) min!: number;
  @Field(() => Int, { nullable: true, description: 'null for the open last bucket.' }) max!: number | null;
  @Field(() => Int) count!: number;
}

@ObjectType({ description: 'This profile\'s followers bucketed by their own follower count.' })
export class FollowerHistogram {
  @Field(() => Int) total!: number;
  @Field(() => [HistogramBucket]) buckets!: HistogramBucket[];
}

@ObjectType()
export class FollowersHistoryPoint {
  @Field(() => DateScalar, { description: 'First UTC day of the interval, clipped to `from`.' }) start!: string;
  @Field(() => DateScalar, { description: 'Last UTC day of the interval, clipped to `to`.' }) end!: string;
  @Field(() => Int, { description: 'Followers at the end of `end`, unfollows included.' }) followers!: number;
}

@ObjectType()
export class FollowersHistory {
  @Field(() => HistoryInterval) interval!: string;
  @Field(() => DateScalar, { description: 'First UTC day of the history.' }) from!: string;
  @Field(() => DateScalar, { description: 'Last UTC day of the history.' }) to!: string;
  @Field(() => [FollowersHistoryPoint]) points!: FollowersHistoryPoint[];
}

@ObjectType({ description: 'Mean imported Lens classifier score.' })
export class ScoreAverage {
  @Field(() => Number, { nullable: true, description: 'null when no profile in scope has a score.' }) average!: number | null;
  @Field(() => Int, { description: 'Profiles with a score that the average is over.' }) profiles!: number;
}

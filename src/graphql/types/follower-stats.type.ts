import { Field, Int, ObjectType } from 'type-graphql';
import { HistoryInterval } from '../enums/public-enums';
import { DateScalar } from '../scalars/date.scalar';

@ObjectType({ description: 'The followers whose own follower count falls in one range, as of the last analytics refresh.' })
export class HistogramBucket {
  @Field(() => String, { description: '`0`, `1-9`, `10-99`, `100-999`, `1000-9999` or `10000+`.' }) label!: string;
  @Field(() => Int, { description: 'Smallest follower count in the range (inclusive).' }) min!: number;
  @Field(() => Int, { nullable: true, description: 'null for the open last bucket.' }) max!: number | null;
  @Field(() => Int, { description: 'Followers of this profile whose own follower count is in min..max.' }) count!: number;
}

@ObjectType({ description: 'This profile\'s followers bucketed by their own follower count.' })
export class FollowerHistogram {
  @Field(() => Int, { description: 'All followers counted: the sum of the buckets\' counts.' }) total!: number;
  @Field(() => [HistogramBucket], { description: 'Always the six buckets, smallest range first, zeros included.' }) buckets!: HistogramBucket[];
}

@ObjectType({ description: 'One interval of a follower history and the follower count at its end.' })
export class FollowersHistoryPoint {
  @Field(() => DateScalar, { description: 'First UTC day of the interval, clipped to `from`.' }) start!: string;
  @Field(() => DateScalar, { description: 'Last UTC day of the interval, clipped to `to`.' }) end!: string;
  @Field(() => Int, { description: 'Followers at the end of `end`, unfollows included.' }) followers!: number;
}

@ObjectType({ description: 'Cumulative followers of a profile at the end of each interval of a UTC day range.' })
export class FollowersHistory {
  @Field(() => HistoryInterval, { description: 'The interval each point covers, as asked (default DAY).' }) interval!: string;
  @Field(() => DateScalar, { description: 'First UTC day of the history.' }) from!: string;
  @Field(() => DateScalar, { description: 'Last UTC day of the history.' }) to!: string;
  @Field(() => [FollowersHistoryPoint], { description: 'One point per interval from `from` to `to`, oldest first; at most 1000.' }) points!: FollowersHistoryPoint[];
}

@ObjectType({ description: 'Mean imported Lens classifier score.' })
export class ScoreAverage {
  @Field(() => Number, { nullable: true, description: 'null when no profile in scope has a score.' }) average!: number | null;
  @Field(() => Int, { description: 'Profiles with a score that the average is over.' }) profiles!: number;
}

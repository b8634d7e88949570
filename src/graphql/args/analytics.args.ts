import { Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import type { Interval } from '../../domain/days';
import type { Period } from '../../domain/periods';
import { GainWindow, HistoryInterval } from '../enums/public-enums';
import { DateScalar } from '../scalars/date.scalar';

@ArgsType()
export class RatioArgs {
  @Field(() => GainWindow, { defaultValue: GainWindow.WEEK, description: 'The window the gains are counted over.' }) ratio!: Period;
}

@ArgsType()
export class HistoryArgs {
  @Field(() => DateScalar, { nullable: true, description: 'First UTC day; default 29 days before `to`.' }) from?: string | null;
  @Field(() => DateScalar, { nullable: true, description: 'Last UTC day; default the as-of day.' }) to?: string | null;
  @Field(() => HistoryInterval, { defaultValue: HistoryInterval.DAY, description: 'One point per day, ISO week or calendar month.' }) interval!: Interval;
}

/** Top followers are stored per profile up to 20. */
export const MAX_TOP_FOLLOWERS = 20;

@ArgsType()
export class TopFollowersArgs {
  @Field(() => Int, { defaultValue: 5, description: `How many, 1..${MAX_TOP_FOLLOWERS}.` }) @Min(1) @Max(MAX_TOP_FOLLOWERS) first!: number;
}

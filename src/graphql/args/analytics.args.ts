import { Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import type { Interval } from '../../domain/days';
import { IsInterval, IsPeriod } from './choice.validators';
import { NoNul } from './text.validators';

@ArgsType()
export class RatioArgs {
  @Field(() => String, { defaultValue: 'week', description: '`day`, `week` or `month` (or `1d`, `7d`, `30d`).' }) @IsPeriod() ratio!: string;
}

@ArgsType()
export class HistoryArgs {
  @Field(() => String, { nullable: true, description: 'First UTC day, YYYY-MM-DD; default 29 days before `to`.' }) @NoNul() from?: string | null;
  @Field(() => String, { nullable: true, description: 'Last UTC day, YYYY-MM-DD; default the as-of day.' }) @NoNul() to?: string | null;
  @Field(() => String, { defaultValue: 'day', description: '`day`, `week` (Monday–Sunday) or `month`.' }) @IsInterval() interval!: Interval;
}

/** Top followers are stored per profile up to 20. */
export const MAX_TOP_FOLLOWERS = 20;

@ArgsType()
export class TopFollowersArgs {
  @Field(() => Int, { defaultValue: 5 }) @Min(1) @Max(MAX_TOP_FOLLOWERS) first!: number;
}

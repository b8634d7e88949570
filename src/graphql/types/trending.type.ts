import { ArrayMaxSize, Max, Min } from 'class-validator';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { ProtocolName } from '../../domain/protocols';
import { IsPeriod, IsProtocol, KnownCategoryIds } from '../args/choice.validators';
import { ProfileSummary } from './profile-summary.type';

/** Every rule of the trending request is here, checked before the resolver runs (REST posts this same input as its body). */
@InputType({ description: 'Seed 4.1 body.' })
export class TrendingInput {
  @Field(() => Int, { defaultValue: 1 }) @Min(1) page!: number;
  @Field(() => Int, { defaultValue: 20 }) @Min(1) @Max(100) limit!: number;
  @Field(() => String, { defaultValue: 'week', description: '`day`, `week` or `month` (or `1d`, `7d`, `30d`).' }) @IsPeriod() ratio!: string;
  @Field(() => String, { defaultValue: 'lens', description: '`lens` or `farcaster`.' }) @IsProtocol() protocol!: ProtocolName;
  @Field(() => [Int], { defaultValue: [], description: 'Category ids (GET /api/llm/categories): keep users who published in one of them within the window.' })
  @ArrayMaxSize(50) @KnownCategoryIds() categories!: number[];
}

@ObjectType({ description: 'Seed 2.4.' })
export class TrendingUser {
  @Field(() => ProfileSummary) user!: ProfileSummary;
  @Field(() => [ProfileSummary], { description: 'The user\'s 3 followers with the most followers.' }) topFollowers!: ProfileSummary[];
}

@ObjectType({ description: 'Seed 2.16.' })
export class TrendingPage {
  @Field(() => [TrendingUser]) users!: TrendingUser[];
  @Field(() => Int) page!: number;
  @Field(() => Int) total!: number;
  @Field(() => Int) totalPages!: number;
}

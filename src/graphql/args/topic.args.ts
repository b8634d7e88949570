// Arguments of the topic queries and fields: lists of at most 100 items. Dates and
// the topic phrase are checked where they are used (a 400 naming the argument).
import { Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { NoNul } from './text.validators';
import { PAGE_SIZE } from '../../queries/pagination';
import { DateScalar } from '../scalars/date.scalar';

@ArgsType()
export class TopicsArgs {
  @Field(() => DateScalar, { nullable: true, description: 'UTC day; default the newest day with daily phrase counts.' }) date?: string | null;
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class TopicArgs {
  @Field(() => String, { description: 'A phrase: hashtag (with or without `#`), channel or term; case-insensitive.' }) @NoNul() topic!: string;
  @Field(() => DateScalar, {
    nullable: true,
    description: 'UTC day; default the newest day with daily phrase counts (else with classified posts, else today).',
  }) date?: string | null;
}

@ArgsType()
export class TopicEngagersArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

// Arguments of the token queries and fields: 1-based pages of at most 100 items.
// Dates are checked by requireDay where they are used (a 400 naming the argument).
import { Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { NoNul } from './text.validators';
import { PagedConnectionArgs } from './connection.args';
import { PAGE_SIZE } from '../../queries/pagination';
import { DateScalar } from '../scalars/date.scalar';

@ArgsType()
export class TokenMentionsArgs {
  @Field(() => DateScalar, { nullable: true, description: 'UTC day; default the newest day with mentions.' }) date?: string | null;
}

@ArgsType()
export class TokenPublicationPageArgs {
  @Field(() => DateScalar, { nullable: true, description: 'UTC day; default every day.' }) date?: string | null;
  @Field(() => Int, { defaultValue: 1, description: '1-based page.' }) @Min(1) page!: number;
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class TokenPublicationsArgs extends TokenPublicationPageArgs {
  @Field(() => String, {
    description: 'A token-mention id (UUID: that symbol on that day; `date` must then be absent or that day) or a symbol (any case).',
  }) @NoNul() tokenId!: string;
}

@ArgsType()
export class TokenPostPageArgs extends PagedConnectionArgs {
  @Field(() => DateScalar, { nullable: true, description: 'UTC day; default every day.' }) date?: string | null;
}

@ArgsType()
export class TokenPostsArgs extends TokenPostPageArgs {
  @Field(() => String, {
    description: 'A token-mention id (UUID: that symbol on that day; `date` must then be absent or that day) or a symbol (any case).',
  }) @NoNul() tokenId!: string;
}

@ArgsType()
export class TokenArgs {
  @Field(() => String, { description: 'Token symbol, any case.' }) @NoNul() symbol!: string;
  @Field(() => String, { nullable: true, description: 'Chain, any case; needed when the symbol is on several chains.' }) @NoNul() chain?: string | null;
}

@ArgsType()
export class TrendingTokensArgs {
  @Field(() => DateScalar, { nullable: true, description: 'UTC day; default the newest day with mentions.' }) date?: string | null;
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
  @Field(() => String, { nullable: true, description: 'Only tokens on this chain (any case).' }) @NoNul() chain?: string | null;
}

@ArgsType()
export class MentionSeriesArgs {
  @Field(() => DateScalar, { nullable: true, description: 'First UTC day; default 29 days before `to`.' }) from?: string | null;
  @Field(() => DateScalar, { nullable: true, description: 'Last UTC day; default the newest day with mentions (any token).' }) to?: string | null;
}

import { IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { NoNul } from './text.validators';
import { PAGE_SIZE } from '../../queries/pagination';
import { VerificationChain } from '../enums/public-enums';

/** Offset-paged lists: `after` (a cursor) or `page`, read by pageWindow in queries/pagination. */
@ArgsType()
export class FarcasterPageArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `Page size, ${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) first!: number;
  @Field(() => String, { nullable: true, description: 'endCursor (or an edge cursor) of the previous page.' }) @NoNul() after?: string | null;
  @Field(() => Int, { nullable: true, description: '1-based page of `first` items, instead of `after` (the REST face pages this way).' })
  @IsOptional() @Min(1) page?: number | null;
}

@ArgsType()
export class FarcasterEngagementArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `Counterparts per list, ${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class VerificationArgs {
  @Field(() => VerificationChain, { nullable: true, description: 'One chain; all live verifications when absent.' }) protocol?: string | null;
}

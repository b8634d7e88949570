// Arguments of the Lens engagement, collect and publication fields. The collect
// filter is checked by collectWindow in queries/collects (one message per rule,
// naming the field): decorators do not reach the fields of an input object.
import { Max, Min } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PagedConnectionArgs } from './connection.args';
import { PAGE_SIZE } from '../../queries/pagination';
import type { CollectFilter } from '../../queries/collects';

@InputType({ description: 'Which collects count: a currency, a UTC calendar year, or a month of a year; an absent field does not filter.' })
export class LensCollectFilter implements CollectFilter {
  @Field(() => String, { nullable: true, description: 'Currency symbol, case-insensitive.' }) currency?: string | null;
  @Field(() => Int, { nullable: true, description: '1..12; needs `year`.' }) month?: number | null;
  @Field(() => Int, { nullable: true, description: 'Four digits; alone, the whole UTC year.' }) year?: number | null;
}

@ArgsType()
export class EngagementArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `Items per list, ${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class CollectFilterArgs {
  @Field(() => LensCollectFilter, { nullable: true, description: 'Which collects count; absent: every collect by others.' }) filter?: LensCollectFilter | null;
}

@ArgsType()
export class CollectConnectionArgs extends PagedConnectionArgs {
  @Field(() => LensCollectFilter, { nullable: true, description: 'Which collects count; absent: every collect by others.' }) filter?: LensCollectFilter | null;
}

@ArgsType()
export class CollectPageArgs extends CollectFilterArgs {
  @Field(() => Int, { defaultValue: 1, description: '1-based page (REST paging).' }) @Min(1) page!: number;
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `Collects per page, ${PAGE_SIZE.min}..${PAGE_SIZE.max}.` }) @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class TopCreatorsArgs extends CollectFilterArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `Items, ${PAGE_SIZE.min}..${PAGE_SIZE.max}.` }) @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

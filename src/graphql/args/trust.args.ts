import { Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { PAGE_SIZE } from '../../domain/paging';
import type { TrustStrategy } from '../../domain/trust';
import { TrustStrategyChoice } from '../enums/public-enums';
import { DateScalar } from '../scalars/date.scalar';

@ArgsType()
export class TrustArgs {
  @Field(() => TrustStrategyChoice, { defaultValue: TrustStrategyChoice.FOLLOWS, description: 'The graph the score runs over.' }) strategy!: TrustStrategy;
}

@ArgsType()
export class RankHistoryArgs {
  @Field(() => DateScalar, { nullable: true, description: 'First UTC day of the refreshes; default the oldest point kept.' }) from?: string | null;
  @Field(() => DateScalar, { nullable: true, description: 'Last UTC day of the refreshes; default the last refresh.' }) to?: string | null;
  @Field(() => Int, { defaultValue: PAGE_SIZE.max, description: `The newest points of the range to answer, ${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) first!: number;
}

import { Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { PAGE_SIZE } from '../../queries/pagination';
import { VerificationChain } from '../enums/public-enums';

@ArgsType()
export class FarcasterEngagementArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `Counterparts per list, ${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class VerificationArgs {
  @Field(() => VerificationChain, { nullable: true, description: 'One chain; all live verifications when absent.' }) protocol?: string | null;
}

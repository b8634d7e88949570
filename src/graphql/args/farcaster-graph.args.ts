import { Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { IsVerificationProtocol } from './choice.validators';
import { PAGE_SIZE } from '../../queries/pagination';

@ArgsType()
export class FarcasterEngagementArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `Counterparts per list, ${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class VerificationArgs {
  @Field(() => String, { nullable: true, description: '`ethereum` or `solana`; all live verifications when absent.' }) @IsVerificationProtocol() protocol?: string | null;
}

import { IsOptional } from 'class-validator';
import { ArgsType, Field } from 'type-graphql';
import type { ProtocolName } from '../../domain/protocols';
import { IsProtocol } from './choice.validators';

@ArgsType()
export class FreshnessArgs {
  @Field(() => String, { nullable: true, description: '`farcaster` or `lens`; absent: both.' }) @IsOptional() @IsProtocol() protocol?: ProtocolName | null;
}

import { ArgsType, Field } from 'type-graphql';
import type { ProtocolName } from '../../domain/protocols';
import { Protocol } from '../enums/public-enums';

@ArgsType()
export class FreshnessArgs {
  @Field(() => Protocol, { nullable: true, description: 'One protocol; absent: both.' }) protocol?: ProtocolName | null;
}

import { Field, ObjectType } from 'type-graphql';
import { VerificationChain } from '../enums/public-enums';

@ObjectType({ description: 'A live verified address of a fid (Ethereum addresses lowercase 0x…).' })
export class FarcasterVerification {
  @Field(() => String) address!: string;
  @Field(() => VerificationChain) protocol!: string;
  @Field(() => Date) verifiedAt!: Date;
}

import { Field, ObjectType } from 'type-graphql';
import { VerificationChain } from '../enums/public-enums';

@ObjectType({ description: 'A live verified address of a fid (Ethereum addresses lowercase 0x…).' })
export class FarcasterVerification {
  @Field(() => String, { description: 'The verified address: lowercase `0x…` hex on Ethereum, base58 on Solana.' }) address!: string;
  @Field(() => VerificationChain, { description: 'The chain the address is on.' }) protocol!: string;
  @Field(() => Date, { description: 'When the user added the verification (its message time, UTC).' }) verifiedAt!: Date;
}

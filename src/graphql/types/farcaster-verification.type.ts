import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A live verified address of a fid (Ethereum addresses lowercase 0x…).' })
export class FarcasterVerification {
  @Field(() => String) address!: string;
  @Field(() => String, { description: '`ethereum` or `solana`.' }) protocol!: string;
  @Field(() => Date) verifiedAt!: Date;
}

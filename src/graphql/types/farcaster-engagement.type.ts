import { Field, ObjectType } from 'type-graphql';
import { FarcasterUser } from './farcaster-user.type';

@ObjectType({ description: 'Distinct counterparts (self excluded), most interactions first, then fid ascending.' })
export class FarcasterEngagementLists {
  @Field(() => [FarcasterUser], { description: 'Live likes.' }) likes!: FarcasterUser[];
  @Field(() => [FarcasterUser], { description: 'Live replies (Farcaster comments).' }) comments!: FarcasterUser[];
  @Field(() => [FarcasterUser], { description: 'Live quote casts (an embed castId).' }) quotes!: FarcasterUser[];
}

@ObjectType({ description: 'Who engaged with a user and whom the user engaged with. inbound = others acting on this user\'s live casts; outbound = this user acting on others\' live casts.' })
export class FarcasterEngagement {
  @Field(() => FarcasterEngagementLists) inbound!: FarcasterEngagementLists;
  @Field(() => FarcasterEngagementLists) outbound!: FarcasterEngagementLists;
}

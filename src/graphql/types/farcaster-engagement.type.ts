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
  @Field(() => FarcasterEngagementLists, { description: 'Others who liked, replied to or quoted this user\'s live casts.' }) inbound!: FarcasterEngagementLists;
  @Field(() => FarcasterEngagementLists, { description: 'Others whose live casts this user liked, replied to or quoted.' }) outbound!: FarcasterEngagementLists;
}

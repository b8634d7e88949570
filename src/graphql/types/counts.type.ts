import { Field, Int, ObjectType } from 'type-graphql';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';

@ObjectType({ description: 'Live followers of a Lens profile (self-follows excluded).' })
export class LensFollowerCount {
  @Field(() => LensProfileIdScalar) profileId!: string;
  @Field(() => Int) followersCount!: number;
}

@ObjectType()
export class FarcasterFollowerCount {
  @Field(() => Int) fid!: number;
  @Field(() => Int) followersCount!: number;
}

@ObjectType({ description: 'Live likes by others on a Farcaster user\'s live casts.' })
export class FarcasterLikesCount {
  @Field(() => Int) fid!: number;
  @Field(() => Int) likesCount!: number;
}

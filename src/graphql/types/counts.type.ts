import { Field, Int, ObjectType } from 'type-graphql';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';

@ObjectType({ description: 'Seed 2.8.' })
export class LensFollowerCount {
  @Field(() => LensProfileIdScalar) profileId!: string;
  @Field(() => Int) followersCount!: number;
}

@ObjectType()
export class FarcasterFollowerCount {
  @Field(() => Int) fid!: number;
  @Field(() => Int) followersCount!: number;
}

@ObjectType({ description: 'Seed 2.9.' })
export class FarcasterLikesCount {
  @Field(() => Int) fid!: number;
  @Field(() => Int) likesCount!: number;
}

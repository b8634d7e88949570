import { Field, Int, ObjectType } from 'type-graphql';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';

@ObjectType({ description: 'Live followers of a Lens profile (self-follows excluded).' })
export class LensFollowerCount {
  @Field(() => LensProfileIdScalar, { description: 'The profile id as asked, in canonical form.' }) profileId!: string;
  @Field(() => Int, { description: 'Live followers, unfollows and self-follows left out; 0 for an unknown id.' }) followersCount!: number;
}

@ObjectType({ description: 'Live followers of a Farcaster user (self-follows excluded).' })
export class FarcasterFollowerCount {
  @Field(() => Int, { description: 'The fid as asked.' }) fid!: number;
  @Field(() => Int, { description: 'Live followers, unfollows and self-follows left out; 0 for an unknown fid.' }) followersCount!: number;
}

@ObjectType({ description: 'Live likes by others on a Farcaster user\'s live casts.' })
export class FarcasterLikesCount {
  @Field(() => Int, { description: 'The fid as asked.' }) fid!: number;
  @Field(() => Int, { description: 'Live likes (not recasts) by other users on this user\'s live casts; 0 for an unknown fid.' }) likesCount!: number;
}

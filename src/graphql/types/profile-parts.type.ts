// Pieces of the profile summary (handle, metadata, stats), shared by both protocols.
import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A handle without its namespace.' })
export class Handle {
  @Field(() => String, { description: 'The Farcaster username or the Lens handle\'s local name (e.g. `alice`).' }) localName!: string;
}

@ObjectType({ description: 'Where an image is.' })
export class ImageUri {
  @Field(() => String, { description: 'The image URL as the profile data gives it (never empty: no image is null one level up).' }) uri!: string;
}

@ObjectType({ description: 'An image served in the `optimized` shape of the earlier service\'s answers.' })
export class OptimizedImage {
  @Field(() => ImageUri, { description: 'The image\'s location.' }) optimized!: ImageUri;
}

@ObjectType({ description: 'An image served in the `raw` shape of the earlier service\'s answers.' })
export class RawImage {
  @Field(() => ImageUri, { description: 'The image\'s location.' }) raw!: ImageUri;
}

@ObjectType({ description: 'What a profile says about itself: display name, bio and images.' })
export class ProfileMetadata {
  @Field(() => OptimizedImage, { nullable: true, description: 'Cover image: the Farcaster banner (user data type 10) or the Lens cover picture; null when none.' }) coverPicture!: OptimizedImage | null;
  @Field(() => String, { nullable: true, description: 'Farcaster display name (user data type 2) or Lens profile name; null when none.' }) displayName!: string | null;
  @Field(() => RawImage, { nullable: true, description: 'Profile picture: the Farcaster pfp (user data type 1) or the Lens picture; null when none.' }) picture!: RawImage | null;
  @Field(() => String, { nullable: true, description: 'Farcaster bio (user data type 3) or Lens bio; null when none.' }) bio!: string | null;
}

@ObjectType({ description: 'Current counters. Self-follows never count.' })
export class ProfileStats {
  @Field(() => Int, { description: 'Live followers (self-follows excluded).' }) followers!: number;
  @Field(() => Int, { description: 'Profiles followed live (self excluded).' }) following!: number;
  @Field(() => Float, { nullable: true, description: 'Lens machine-learning quality score as imported; null for Farcaster.' })
  lensClassifierScore!: number | null;
  @Field(() => Int, { description: 'Top-level posts: Farcaster casts that are not replies; Lens publications of type POST.' })
  posts!: number;
}

export function profileMetadata(m: { displayName: string | null; picture: string | null; cover: string | null; bio: string | null }): ProfileMetadata {
  return {
    displayName: m.displayName,
    bio: m.bio,
    picture: m.picture ? { raw: { uri: m.picture } } : null,
    coverPicture: m.cover ? { optimized: { uri: m.cover } } : null,
  };
}

// Pieces of the profile summary (handle, metadata, stats), shared by both protocols.
import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A handle without its namespace.' })
export class Handle {
  @Field(() => String) localName!: string;
}

@ObjectType()
export class ImageUri {
  @Field(() => String) uri!: string;
}

@ObjectType()
export class OptimizedImage {
  @Field(() => ImageUri) optimized!: ImageUri;
}

@ObjectType()
export class RawImage {
  @Field(() => ImageUri) raw!: ImageUri;
}

@ObjectType()
export class ProfileMetadata {
  @Field(() => OptimizedImage, { nullable: true }) coverPicture!: OptimizedImage | null;
  @Field(() => String, { nullable: true }) displayName!: string | null;
  @Field(() => RawImage, { nullable: true }) picture!: RawImage | null;
  @Field(() => String, { nullable: true }) bio!: string | null;
}

@ObjectType({ description: 'Current counters. Self-follows never count.' })
export class ProfileStats {
  @Field(() => Int) followers!: number;
  @Field(() => Int) following!: number;
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

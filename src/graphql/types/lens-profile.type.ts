import { Field, Float, ID, ObjectType } from 'type-graphql';
import type { LensProfileRow } from '../../repositories/lens-profile.repository';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { Handle, ProfileMetadata, profileMetadata } from './profile-parts.type';
import { ProfileSummary } from './profile-summary.type';
import { GLOBAL_ID, Node } from './node.type';
import { globalId } from '../node/global-id';

@ObjectType({ implements: [ProfileSummary, Node], description: 'A Lens profile, with the summary fields (id, handle, metadata, stats) every profile has.' })
export class LensProfile implements ProfileSummary {
  @Field(() => LensProfileIdScalar, { description: 'The profile id, canonical (e.g. `0x01`), or a Lens Chain account address.' }) profileId!: string;
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => ID, { description: 'Same as profileId (what `id` answered before ids were global).' }) nativeId!: string;
  @Field(() => Handle, { nullable: true, description: 'The Lens handle without its namespace; null when the profile has none.' }) handle!: Handle | null;
  @Field(() => ProfileMetadata, { description: 'Name, bio, picture and cover picture from the newest profile metadata.' }) metadata!: ProfileMetadata;
  @Field(() => String, { description: 'Display name, else the handle, else the profile id.' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Picture URI.' }) profilePic!: string | null;
  @Field(() => Float, { description: 'lensClassifierScore, 0 when none was imported.' }) score!: number;
  @Field(() => String, { description: 'The wallet address that owns the profile, lowercase `0x…`.' }) ownedBy!: string;
  /** Not exposed: inputs of lazily resolved fields. */
  classifierScore!: number | null;
  metadataUpdatedAt!: Date | null;
  createdAt!: Date;
}

export function toLensProfile(row: LensProfileRow): LensProfile {
  return {
    profileId: row.profile_id,
    id: globalId('LensProfile', row.profile_id),
    nativeId: row.profile_id,
    handle: row.local_name ? { localName: row.local_name } : null,
    metadata: profileMetadata({ displayName: row.name, picture: row.picture, cover: row.cover_picture, bio: row.bio }),
    name: row.name || row.local_name || row.profile_id,
    profilePic: row.picture,
    score: row.score ?? 0,
    ownedBy: row.owned_by,
    classifierScore: row.score,
    metadataUpdatedAt: row.metadata_updated_at,
    createdAt: row.created_at,
  };
}

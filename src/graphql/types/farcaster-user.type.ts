import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { FarcasterProfileRow } from '../../repositories/farcaster-profile.repository';
import { Handle, ProfileMetadata, profileMetadata } from './profile-parts.type';
import { ProfileSummary } from './profile-summary.type';

@ObjectType({ implements: ProfileSummary, description: 'A Farcaster user (fid). Counters and ranks resolve lazily, batched per request.' })
export class FarcasterUser implements ProfileSummary {
  @Field(() => Int) fid!: number;
  @Field(() => ID, { description: 'The fid as a decimal string.' }) id!: string;
  @Field(() => String, { nullable: true }) username!: string | null;
  @Field(() => Handle, { nullable: true }) handle!: Handle | null;
  @Field(() => ProfileMetadata) metadata!: ProfileMetadata;
}

export function toFarcasterUser(row: FarcasterProfileRow): FarcasterUser {
  return {
    fid: row.fid,
    id: String(row.fid),
    username: row.username,
    handle: row.username ? { localName: row.username } : null,
    metadata: profileMetadata({ displayName: row.display_name, picture: row.pfp, cover: row.cover, bio: row.bio }),
  };
}

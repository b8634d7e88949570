import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { FarcasterProfileRow } from '../../repositories/farcaster-profile.repository';
import { Handle, ProfileMetadata, profileMetadata } from './profile-parts.type';
import { ProfileSummary } from './profile-summary.type';
import { GLOBAL_ID, Node } from './node.type';
import { globalId } from '../node/global-id';

@ObjectType({ implements: [ProfileSummary, Node], description: 'A Farcaster user (fid). Counters and ranks resolve lazily, batched per request.' })
export class FarcasterUser implements ProfileSummary {
  @Field(() => Int, { description: 'The Farcaster id of the user.' }) fid!: number;
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => ID, { description: 'The fid as a decimal string (what `id` answered before ids were global).' }) nativeId!: string;
  @Field(() => String, { nullable: true, description: 'The username (user data type 6, else a live fname); null when the user has neither.' }) username!: string | null;
  @Field(() => Handle, { nullable: true, description: 'The username as a handle (`localName`); null when the user has no username.' }) handle!: Handle | null;
  @Field(() => ProfileMetadata, { description: 'Display name, bio, picture and banner from the user\'s live user data.' }) metadata!: ProfileMetadata;
  @Field(() => String, { nullable: true, description: 'The token the user shows on their profile, as a CAIP-19 asset id (`eip155:8453/erc20:0x…`; user data type 13, PROFILE_TOKEN); null when none is set.' }) profileToken!: string | null;
  @Field(() => String, { nullable: true, description: 'The user\'s LIVE_AT value (user data type 14) as they set it, up to 256 bytes the protocol does not interpret; null when none is set.' }) liveAt!: string | null;
}

export function toFarcasterUser(row: FarcasterProfileRow): FarcasterUser {
  return {
    fid: row.fid,
    id: globalId('FarcasterUser', row.fid),
    nativeId: String(row.fid),
    username: row.username,
    handle: row.username ? { localName: row.username } : null,
    metadata: profileMetadata({ displayName: row.display_name, picture: row.pfp, cover: row.cover, bio: row.bio }),
    // An empty value is how a user clears a field.
    profileToken: row.profile_token || null,
    liveAt: row.live_at || null,
  };
}

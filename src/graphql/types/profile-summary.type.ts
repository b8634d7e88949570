import { Field, ID, InterfaceType } from 'type-graphql';
import { Handle, ProfileMetadata, ProfileStats } from './profile-parts.type';

/** The profile summary common to Farcaster users and Lens profiles. */
@InterfaceType({
  description: 'The summary every profile has, Farcaster user or Lens profile: id, handle, metadata and stats.',
  resolveType: (value: { fid?: unknown }) => (value.fid !== undefined ? 'FarcasterUser' : 'LensProfile'),
})
export abstract class ProfileSummary {
  @Field(() => ID) id!: string;
  @Field(() => Handle, { nullable: true }) handle!: Handle | null;
  @Field(() => ProfileMetadata) metadata!: ProfileMetadata;
  @Field(() => ProfileStats) stats?: ProfileStats;
}

import { Field, ID, InterfaceType } from 'type-graphql';
import { Handle, ProfileMetadata, ProfileStats } from './profile-parts.type';

/** The seed's profile summary (2.1), common to Farcaster users and Lens profiles. */
@InterfaceType({
  description: 'Seed 2.1 profile summary: id, handle, metadata, stats.',
  resolveType: (value: { fid?: unknown }) => (value.fid !== undefined ? 'FarcasterUser' : 'LensProfile'),
})
export abstract class ProfileSummary {
  @Field(() => ID) id!: string;
  @Field(() => Handle, { nullable: true }) handle!: Handle | null;
  @Field(() => ProfileMetadata) metadata!: ProfileMetadata;
  @Field(() => ProfileStats) stats?: ProfileStats;
}

import { Field, ID, InterfaceType } from 'type-graphql';
import { Handle, ProfileMetadata, ProfileStats } from './profile-parts.type';
import { GLOBAL_ID, Node } from './node.type';

/** The profile summary common to Farcaster users and Lens profiles. */
@InterfaceType({
  implements: Node,
  description: 'The summary every profile has, Farcaster user or Lens profile: id, handle, metadata and stats.',
  resolveType: (value: { fid?: unknown }) => (value.fid !== undefined ? 'FarcasterUser' : 'LensProfile'),
})
export abstract class ProfileSummary implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => ID, { description: 'The fid as a decimal string (Farcaster) or the Lens profile id: what `id` answered before ids were global (REST prints it as `id`).' }) nativeId!: string;
  @Field(() => Handle, { nullable: true, description: 'The Farcaster username or Lens handle; null when the profile has none.' }) handle!: Handle | null;
  @Field(() => ProfileMetadata, { description: 'Display name, bio and images.' }) metadata!: ProfileMetadata;
  @Field(() => ProfileStats, { description: 'Live followers, following and top-level posts.' }) stats?: ProfileStats;
}

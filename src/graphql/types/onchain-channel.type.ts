// A Farcaster channel on chain (Snapchain): the channel registry's record, its configuration and its
// members, moderators, pin and followers, as the live sync stores them (docs/sync.md#channels-on-chain).
import { Field, ID, Int, ObjectType } from 'type-graphql';

const LIVE = 'Live: as of the sync (`asOf`).';

@ObjectType({ description: `A channel on chain: registered in the channel registry (an ERC-721 whose tokenId is the channel id) and configured by channel messages. ${LIVE}` })
export class OnchainChannel {
  @Field(() => ID, { description: 'The channel id: keccak256 of the channel key (the registry label and tokenId), 0x hex.' }) channelId!: string;
  @Field(() => String, { nullable: true, description: 'The channel key (its name) in the registry; null when the registry has no record of it.' }) channelKey!: string | null;
  @Field(() => String, { nullable: true, description: 'The owner address the registry records (the registrant, or the receiver of the latest transfer); null when unregistered.' }) owner!: string | null;
  @Field(() => Date, { nullable: true, description: 'When the registration expires, as the latest register or renew says; null when unregistered.' }) expiry!: Date | null;
  @Field(() => Date, { nullable: true, description: 'The block time of the registration the record holds.' }) registeredAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'The block time of the latest renewal applied, if any.' }) renewedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'The block time of the latest transfer applied, if any.' }) transferredAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'The name the channel\'s configuration gives (the latest CHANNEL_UPDATE, whole: a field it leaves out is unset).' }) name!: string | null;
  @Field(() => String, { nullable: true, description: 'The configuration\'s description.' }) description!: string | null;
  @Field(() => String, { nullable: true, description: 'The configuration\'s image URL.' }) imageUrl!: string | null;
  @Field(() => String, { nullable: true, description: 'The configuration\'s header.' }) header!: string | null;
  @Field(() => String, { nullable: true, description: 'The configuration\'s rules.' }) rules!: string | null;
  @Field(() => String, { description: 'Who may cast (advisory, the protocol does not enforce it): EVERYONE, MEMBERS_ONLY or RECOMMENDED; MEMBERS_ONLY when unset.' }) castingMode!: string;
  @Field(() => String, { description: 'Who may join: OPEN (an fid may add itself) or APPROVAL (the owner or a moderator adds it); APPROVAL when unset.' }) membershipMode!: string;
  @Field(() => Int, { description: `Members, moderators included. ${LIVE}` }) membersCount!: number;
  @Field(() => [Int], { description: `The moderators' fids, ascending. ${LIVE}` }) moderators!: number[];
  @Field(() => Int, { description: `Fids following the channel (a like of its CAIP-19 id). ${LIVE}` }) followersCount!: number;
  @Field(() => String, { nullable: true, description: 'The pinned cast\'s hash; null when nothing is pinned.' }) pinnedCastHash!: string | null;
}

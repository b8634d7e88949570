// Lens engagement, collects, collect sums, top creators,
// publications and following: object types of the Lens graph fields.
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { GLOBAL_ID, Node } from './node.type';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import { LensProfile } from './lens-profile.type';
import { LensPublicationType } from '../enums/public-enums';

@ObjectType({ description: 'Distinct counterpart profiles, most interactions first, then id (numeric).' })
export class LensEngagementLists {
  @Field(() => [LensProfile], { description: 'Profiles behind UPVOTE reactions (DOWNVOTE never counts).' }) likes!: LensProfile[];
  @Field(() => [LensProfile], { description: 'Profiles behind visible COMMENT publications.' }) comments!: LensProfile[];
  @Field(() => [LensProfile], { description: 'Profiles behind visible QUOTE publications.' }) quotes!: LensProfile[];
}

@ObjectType({ description: 'inbound = others acting on this profile\'s publications; outbound = this profile acting on others\'.' })
export class LensEngagement {
  @Field(() => LensEngagementLists, { description: 'Others who liked, commented on or quoted this profile\'s visible publications.' }) inbound!: LensEngagementLists;
  @Field(() => LensEngagementLists, { description: 'Others whose visible publications this profile liked, commented on or quoted.' }) outbound!: LensEngagementLists;
}

@ObjectType({ implements: Node, description: 'A collect of a Lens publication by another profile (an imported open-action record marked is_collect).' })
export class LensCollect implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => String, { description: 'The act: `<tx_hash>-<log_index>`, or the record\'s history_id when the dump has no tx columns (what `id` answered before ids were global).' }) nativeId!: string;
  @Field(() => LensProfileIdScalar, { description: 'Author of the collected publication.' }) collectedProfileId!: string;
  @Field(() => String, { description: 'Id of the collected publication (e.g. `0x01-0x0a`).' }) collectedPubId!: string;
  @Field(() => LensProfileIdScalar, { description: 'The profile that collected (never the author).' }) collectorProfileId!: string;
  @Field(() => String, { nullable: true, description: 'The record\'s action result text, as imported; null when it had none.' }) collectActionResult!: string | null;
  @Field(() => String, { nullable: true, description: 'Serialized JSON text, as imported.' }) collectActionData!: string | null;
  @Field(() => String, { nullable: true, description: 'Symbol (a symbol given by the dump as written, an ERC-20 address resolved to its token\'s symbol; the address when it resolves to none); null for a free collect.' }) currency!: string | null;
  @Field(() => Float, { description: 'In whole units of the currency (base units scaled by its decimals).' }) amount!: number;
  @Field(() => Float, { description: 'Imported usd_amount, else amount × that UTC day\'s price, else 0.' }) usdAmount!: number;
  @Field(() => Date, { description: 'When the collect happened (block time, UTC).' }) timestamp!: Date;
}

@ObjectType({ description: 'A collect with its place in the list.' })
export class LensCollectEdge extends Edge(LensCollect) {}

@ObjectType({ description: 'Collects, newest first, ties by act id descending; offset-paged (cursors are positions, `page` addresses the same slices).' })
export class LensCollectConnection extends Connection(LensCollectEdge, {
  totalCount: 'All collects under the filter (self-collects left out): collectSum.count.', paged: OFFSET_PAGED,
}) {}

@ObjectType({ description: 'The collects of one currency within a collect sum.' })
export class LensCurrencyTotal {
  @Field(() => String, { nullable: true, description: 'Upper-cased symbol (an ERC-20 address that resolved to no token stays the lowercase address); null for collects without a currency.' }) currency!: string | null;
  @Field(() => Int, { description: 'Collects in this currency.' }) count!: number;
  @Field(() => Float, { description: 'Their amounts added up, in whole units of the currency; 0 for free collects.' }) amount!: number;
  @Field(() => Float, { description: 'Their USD values added up (each as LensCollect.usdAmount).' }) usdAmount!: number;
}

@ObjectType({ description: 'Collects of a profile\'s publications under a filter (getCollectSumForUser).' })
export class LensCollectSum {
  @Field(() => LensProfileIdScalar, { description: 'The profile whose publications were collected.' }) profileId!: string;
  @Field(() => Int, { description: 'Collects by others under the filter; 0 when none.' }) count!: number;
  @Field(() => Float, { description: 'USD value of those collects added up (each as LensCollect.usdAmount); 0 when none.' }) usdTotal!: number;
  @Field(() => [LensCurrencyTotal], { description: 'By usdAmount desc, then currency (null last).' }) currencies!: LensCurrencyTotal[];
}

@ObjectType({ description: 'A profile by USD collected (getTopCreators).' })
export class LensTopCreator {
  @Field(() => LensProfileIdScalar, { description: 'The creator: author of the collected publications.' }) profileId!: string;
  @Field(() => Int, { description: 'Collects by others of the creator\'s publications under the filter.' }) count!: number;
  @Field(() => Float, { description: 'USD value of those collects added up (as LensCollectSum.usdTotal).' }) usdTotal!: number;
  @Field(() => LensProfile, { description: 'The creator\'s profile record.' }) profile!: LensProfile;
}

@ObjectType({ description: 'A visible Lens publication with what others did to it (self left out).' })
export class LensPublication {
  @Field(() => String, { description: 'The publication id: `<profileId>-<pubSeq>` in hex (e.g. `0x01-0x0a`), a Momoka id, or a Lens Chain post id.' }) publicationId!: string;
  @Field(() => LensProfileIdScalar, { description: 'The author.' }) profileId!: string;
  @Field(() => LensPublicationType, { description: 'Post, comment, mirror or quote.' }) type!: string;
  @Field(() => String, { nullable: true, description: 'The publication this one comments on, quotes or mirrors; null for a POST.' }) parentPublicationId!: string | null;
  @Field(() => Date, { description: 'When it was published (block time, UTC).' }) timestamp!: Date;
  @Field(() => Int, { description: 'UPVOTE reactions (DOWNVOTE never counts).' }) reactionCount!: number;
  @Field(() => Int, { description: 'Visible comments on it by others.' }) commentCount!: number;
  @Field(() => Int, { description: 'Visible quotes of it by others.' }) quoteCount!: number;
  @Field(() => Int, { description: 'Visible mirrors of it by others.' }) mirrorCount!: number;
  @Field(() => Int, { description: 'Collects of it by others.' }) collectCount!: number;
}

@ObjectType({ description: 'A publication with its place in the list.' })
export class LensPublicationEdge extends Edge(LensPublication) {}

@ObjectType({ description: 'Visible publications, newest first, ties by publication id descending; keyset-paged (a cursor is its item\'s time and id: publications made meanwhile never shift a page).' })
export class LensPublicationConnection extends Connection(LensPublicationEdge, { totalCount: 'All visible (not hidden) publications of the profile, of every type.' }) {}

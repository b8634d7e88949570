// Lens engagement, collects, collect sums, top creators,
// publications and following: object types of the Lens graph fields.
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import { LensProfile } from './lens-profile.type';
import { LensPublicationType } from '../enums/public-enums';

@ObjectType({ description: 'Distinct counterpart profiles, most interactions first, then id (numeric).' })
export class LensEngagementLists {
  @Field(() => [LensProfile]) likes!: LensProfile[];
  @Field(() => [LensProfile]) comments!: LensProfile[];
  @Field(() => [LensProfile]) quotes!: LensProfile[];
}

@ObjectType({ description: 'inbound = others acting on this profile\'s publications; outbound = this profile acting on others\'.' })
export class LensEngagement {
  @Field(() => LensEngagementLists) inbound!: LensEngagementLists;
  @Field(() => LensEngagementLists) outbound!: LensEngagementLists;
}

@ObjectType({ description: 'A collect of a Lens publication by another profile (an imported open-action record marked is_collect).' })
export class LensCollect {
  @Field(() => String, { description: 'The act: `<tx_hash>-<log_index>`, or the record\'s history_id when the dump has no tx columns.' }) id!: string;
  @Field(() => LensProfileIdScalar, { description: 'Author of the collected publication.' }) collectedProfileId!: string;
  @Field(() => String) collectedPubId!: string;
  @Field(() => LensProfileIdScalar) collectorProfileId!: string;
  @Field(() => String, { nullable: true }) collectActionResult!: string | null;
  @Field(() => String, { nullable: true, description: 'Serialized JSON text, as imported.' }) collectActionData!: string | null;
  @Field(() => String, { nullable: true, description: 'Symbol (a symbol given by the dump as written, an ERC-20 address resolved to its token\'s symbol; the address when it resolves to none); null for a free collect.' }) currency!: string | null;
  @Field(() => Float, { description: 'In whole units of the currency (base units scaled by its decimals).' }) amount!: number;
  @Field(() => Float, { description: 'Imported usd_amount, else amount × that UTC day\'s price, else 0.' }) usdAmount!: number;
  @Field(() => Date) timestamp!: Date;
}

@ObjectType()
export class LensCollectEdge extends Edge(LensCollect) {}

@ObjectType({ description: 'Collects, newest first, ties by act id descending; offset-paged (cursors are positions, `page` addresses the same slices).' })
export class LensCollectConnection extends Connection(LensCollectEdge, {
  totalCount: 'All collects under the filter (self-collects left out): collectSum.count.', paged: OFFSET_PAGED,
}) {}

@ObjectType()
export class LensCurrencyTotal {
  @Field(() => String, { nullable: true, description: 'Upper-cased symbol; null for collects without a currency.' }) currency!: string | null;
  @Field(() => Int) count!: number;
  @Field(() => Float) amount!: number;
  @Field(() => Float) usdAmount!: number;
}

@ObjectType({ description: 'Collects of a profile\'s publications under a filter (getCollectSumForUser).' })
export class LensCollectSum {
  @Field(() => LensProfileIdScalar) profileId!: string;
  @Field(() => Int) count!: number;
  @Field(() => Float) usdTotal!: number;
  @Field(() => [LensCurrencyTotal], { description: 'By usdAmount desc, then currency (null last).' }) currencies!: LensCurrencyTotal[];
}

@ObjectType({ description: 'A profile by USD collected (getTopCreators).' })
export class LensTopCreator {
  @Field(() => LensProfileIdScalar) profileId!: string;
  @Field(() => Int) count!: number;
  @Field(() => Float) usdTotal!: number;
  @Field(() => LensProfile) profile!: LensProfile;
}

@ObjectType({ description: 'A visible Lens publication with what others did to it (self left out).' })
export class LensPublication {
  @Field(() => String) publicationId!: string;
  @Field(() => LensProfileIdScalar) profileId!: string;
  @Field(() => LensPublicationType) type!: string;
  @Field(() => String, { nullable: true }) parentPublicationId!: string | null;
  @Field(() => Date) timestamp!: Date;
  @Field(() => Int, { description: 'UPVOTE reactions (DOWNVOTE never counts).' }) reactionCount!: number;
  @Field(() => Int) commentCount!: number;
  @Field(() => Int) quoteCount!: number;
  @Field(() => Int) mirrorCount!: number;
  @Field(() => Int) collectCount!: number;
}

@ObjectType()
export class LensPublicationEdge extends Edge(LensPublication) {}

@ObjectType({ description: 'Visible publications, newest first, ties by publication id descending; keyset-paged (a cursor is its item\'s time and id: publications made meanwhile never shift a page).' })
export class LensPublicationConnection extends Connection(LensPublicationEdge, { totalCount: 'All visible (not hidden) publications of the profile, of every type.' }) {}

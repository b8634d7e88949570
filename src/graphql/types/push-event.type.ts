import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { PushMessage } from '../../domain/push-events';
import { GainWindow, NotificationKind, Protocol } from '../enums/public-enums';
import { PushEventType } from '../enums/push-enums';

@ObjectType({ description: 'One push event, as a subscription yields it and a webhook receives it (the same JSON); fields that do not apply to its type are null.' })
export class PushEvent {
  @Field(() => ID, { description: 'Stable id (`<outbox id>` or `<outbox id>:<profile>`): the same on every retry and every instance, so receivers can drop repeats.' }) id!: string;
  @Field(() => PushEventType, { description: 'What happened.' }) type!: PushEventType;
  @Field(() => Date, { description: 'When the change was stored (the sync\'s, refresh\'s or classifier\'s transaction).' }) createdAt!: Date;
  @Field(() => Protocol, { nullable: true, description: 'The protocol of the profile (null for token events).' }) protocol!: Protocol | null;
  @Field(() => Int, { nullable: true, description: 'The Farcaster fid followed, reaching a milestone, entering/leaving a trending page, or notified.' }) fid!: number | null;
  @Field(() => String, { nullable: true, description: 'The Lens profile entering or leaving a trending page.' }) profileId!: string | null;
  @Field(() => Int, { nullable: true, description: 'NEW_FOLLOWER: the fid that followed.' }) followerFid!: number | null;
  @Field(() => Int, { nullable: true, description: 'FOLLOWER_MILESTONE: the milestone reached.' }) milestone!: number | null;
  @Field(() => Int, { nullable: true, description: 'FOLLOWER_MILESTONE: followers after the change.' }) followers!: number | null;
  @Field(() => GainWindow, { nullable: true, description: 'Trending events: the trending period.' }) period!: GainWindow | null;
  @Field(() => Int, { nullable: true, description: 'Trending events: the new place (null: beyond the first 100).' }) position!: number | null;
  @Field(() => Int, { nullable: true, description: 'Trending events: the place before the refresh (null: beyond the first 100).' }) previousPosition!: number | null;
  @Field(() => Int, { nullable: true, description: 'Trending events: the page size of the filter (places 1..top).' }) top!: number | null;
  @Field(() => String, { nullable: true, description: 'TOKEN_MENTIONS_THRESHOLD: the cashtag symbol.' }) symbol!: string | null;
  @Field(() => String, { nullable: true, description: 'TOKEN_MENTIONS_THRESHOLD: the UTC day (YYYY-MM-DD).' }) day!: string | null;
  @Field(() => Int, { nullable: true, description: 'TOKEN_MENTIONS_THRESHOLD: posts mentioning the symbol that day, now.' }) mentions!: number | null;
  @Field(() => Int, { nullable: true, description: 'TOKEN_MENTIONS_THRESHOLD: the threshold of the filter.' }) threshold!: number | null;
  @Field(() => NotificationKind, { nullable: true, description: 'NOTIFICATION: what happened to `fid`.' }) kind!: NotificationKind | null;
  @Field(() => Int, { nullable: true, description: 'NOTIFICATION: the fid that followed, liked, recast, replied, quoted or mentioned.' }) actorFid!: number | null;
  @Field(() => String, { nullable: true, description: 'NOTIFICATION: the cast of `fid` acted on (for MENTION the mentioning cast); null for FOLLOW.' }) targetHash!: string | null;
  @Field(() => String, { nullable: true, description: 'NOTIFICATION: the new cast of a REPLY, QUOTE or MENTION.' }) castHash!: string | null;
}

export const toPushEvent = (m: PushMessage): PushEvent => ({
  ...m, type: m.type as PushEventType, createdAt: new Date(m.createdAt), protocol: m.protocol as Protocol | null, period: m.period as GainWindow | null, kind: m.kind as NotificationKind | null,
});

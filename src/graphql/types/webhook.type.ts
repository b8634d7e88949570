import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { AttemptEntry, DeliveryRecord, WebhookRecord } from '../../push/webhook.repository';
import { GainWindow, NotificationKind, Protocol } from '../enums/public-enums';
import { DeliveryState, PushEventType } from '../enums/push-enums';
import { Connection, Edge } from './connection.type';
import { PushEvent, toPushEvent } from './push-event.type';
import { GLOBAL_ID, Node } from './node.type';
import { globalId } from '../node/global-id';

@ObjectType({ description: 'What a webhook (or a subscription) receives: its event types, and lists that narrow them (an empty list matches all).' })
export class PushFilterOut {
  @Field(() => [PushEventType], { description: 'The event types.' }) types!: PushEventType[];
  @Field(() => [Int], { description: 'Farcaster fids (new followers, milestones, trending).' }) fids!: number[];
  @Field(() => [String], { description: 'Lens profile ids (trending).' }) profileIds!: string[];
  @Field(() => [Int], { description: 'Milestones (FOLLOWER_MILESTONE).' }) milestones!: number[];
  @Field(() => [Protocol], { description: 'Protocols.' }) protocols!: Protocol[];
  @Field(() => [GainWindow], { description: 'Trending periods.' }) periods!: GainWindow[];
  @Field(() => Int, { nullable: true, description: 'The trending page: places 1..top.' }) top!: number | null;
  @Field(() => [String], { description: 'Cashtag symbols (TOKEN_MENTIONS_THRESHOLD).' }) symbols!: string[];
  @Field(() => Int, { nullable: true, description: 'Posts of a symbol on a day to reach (TOKEN_MENTIONS_THRESHOLD).' }) threshold!: number | null;
  @Field(() => [NotificationKind], { description: 'Notification kinds (NOTIFICATION); empty: all.' }) kinds!: NotificationKind[];
  @Field(() => Float, { nullable: true, description: 'The least quality score of a new follower (NEW_FOLLOWER) or a notification\'s actor (NOTIFICATION); null: no minimum.' }) minQuality!: number | null;
}

@ObjectType({ description: 'One attempt of a delivery.' })
export class DeliveryAttempt {
  @Field(() => Date, { description: 'When the POST started.' }) at!: Date;
  @Field(() => Int, { nullable: true, description: 'The receiver\'s HTTP status; null when it did not answer.' }) status!: number | null;
  @Field(() => String, { nullable: true, description: 'Why the attempt failed (non-2xx status, connection error, timeout); null on success.' }) error!: string | null;
  @Field(() => Int, { description: 'How long the attempt took, in ms.' }) ms!: number;
}

@ObjectType({ implements: Node, description: 'One event sent to one webhook: its state and every attempt (the delivery log).' })
export class WebhookDelivery implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => ID, { description: 'The delivery\'s own id (what `id` answered before ids were global).' }) nativeId!: string;
  @Field(() => PushEvent, { description: 'The event, as POSTed (the body).' }) event!: PushEvent;
  @Field(() => DeliveryState, { description: 'Pending, delivered or failed.' }) state!: DeliveryState;
  @Field(() => Int, { description: 'Attempts made.' }) attempts!: number;
  @Field(() => Date, { nullable: true, description: 'When the next attempt is due (pending only).' }) nextAttemptAt!: Date | null;
  @Field(() => Int, { nullable: true, description: 'HTTP status of the last attempt.' }) lastStatus!: number | null;
  @Field(() => String, { nullable: true, description: 'Error of the last attempt.' }) lastError!: string | null;
  @Field(() => [DeliveryAttempt], { description: 'Every attempt, oldest first.' }) log!: DeliveryAttempt[];
  @Field(() => Date, { description: 'When the delivery was created (the event fanned out).' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it was delivered or failed for good.' }) finishedAt!: Date | null;
}

@ObjectType({ description: 'A delivery in a webhook\'s delivery list.' })
export class WebhookDeliveryEdge extends Edge(WebhookDelivery) {}
@ObjectType({ description: 'A webhook\'s deliveries, newest first.' })
export class WebhookDeliveryConnection extends Connection(WebhookDeliveryEdge, { totalCount: 'Deliveries of the webhook kept (finished ones for PUSH_RETENTION_HOURS).' }) {}

@ObjectType({ implements: Node, description: 'A webhook of the calling API key: events matching its filter are POSTed to its URL, signed with its secret.' })
export class Webhook implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => ID, { description: 'The webhook\'s own id, a UUID (what `id` answered before ids were global); `webhook(id:)` and `deleteWebhook(id:)` take it or the global id.' }) nativeId!: string;
  @Field(() => String, { description: 'Where events are POSTed.' }) url!: string;
  @Field(() => PushFilterOut, { description: 'The events it receives.' }) filter!: PushFilterOut;
  @Field(() => Date, { description: 'When it was created; it receives events stored from then on.' }) createdAt!: Date;
}

@ObjectType({ description: 'A webhook in the key\'s list.' })
export class WebhookEdge extends Edge(Webhook) {}
@ObjectType({ description: 'The calling key\'s webhooks, oldest first.' })
export class WebhookConnection extends Connection(WebhookEdge, { totalCount: 'Webhooks of the calling key.' }) {}

@ObjectType({ description: 'A new webhook and its signing secret.' })
export class CreatedWebhook {
  @Field(() => Webhook, { description: 'The webhook.' }) webhook!: Webhook;
  @Field(() => String, { description: 'The HMAC-SHA256 secret of its signatures: shown this once, keep it.' }) secret!: string;
}

export const toWebhook = (w: WebhookRecord): Webhook => ({
  id: globalId('Webhook', w.id), nativeId: w.id, url: w.url, createdAt: w.createdAt,
  filter: {
    types: w.filter.types as PushEventType[], fids: w.filter.fids ?? [], profileIds: w.filter.profileIds ?? [], milestones: w.filter.milestones ?? [],
    protocols: (w.filter.protocols ?? []) as Protocol[], periods: (w.filter.periods ?? []) as GainWindow[], top: w.filter.top ?? null,
    symbols: w.filter.symbols ?? [], threshold: w.filter.threshold ?? null, minQuality: w.filter.minQuality ?? null, kinds: (w.filter.kinds ?? []) as NotificationKind[],
  },
});

const toAttempt = (a: AttemptEntry): DeliveryAttempt => ({ ...a, at: new Date(a.at) });

export const toDelivery = (d: DeliveryRecord): WebhookDelivery => ({
  id: globalId('WebhookDelivery', d.id), nativeId: d.id, event: toPushEvent(d.body), state: d.state as DeliveryState, attempts: d.attempts, nextAttemptAt: d.nextAttemptAt,
  lastStatus: d.lastStatus, lastError: d.lastError, log: d.log.map(toAttempt), createdAt: d.createdAt, finishedAt: d.finishedAt,
});

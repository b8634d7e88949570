import { ArgsType, Field, Float, ID, InputType, Int } from 'type-graphql';
import { PAGE_SIZE } from '../../domain/paging';
import { GainWindow, NotificationKind, Protocol } from '../enums/public-enums';
import { PushEventType } from '../enums/push-enums';
import { NoNul } from './text.validators';

@InputType({ description: 'Which push events to receive: the event types, narrowed by the lists given (a list left out matches all).' })
export class PushFilterInput {
  @Field(() => [PushEventType], { description: 'The event types (at least one).' }) types!: PushEventType[];
  @Field(() => [Int], { nullable: true, description: 'Farcaster fids: new followers of, milestones of, trending places of, notifications of these fids.' }) fids?: number[] | null;
  @Field(() => [String], { nullable: true, description: 'Lens profile ids: trending places of these profiles.' }) profileIds?: string[] | null;
  @Field(() => [Int], { nullable: true, description: 'FOLLOWER_MILESTONE: only these milestones (of 10, 100, 1000, 10000, 100000, 1000000).' }) milestones?: number[] | null;
  @Field(() => [Protocol], { nullable: true, description: 'Only these protocols (Lens has trending events only).' }) protocols?: Protocol[] | null;
  @Field(() => [GainWindow], { nullable: true, description: 'Trending events: only these periods.' }) periods?: GainWindow[] | null;
  @Field(() => Int, { nullable: true, description: `Trending events: the page is places 1..top (1..100, default ${PAGE_SIZE.default}).` }) top?: number | null;
  @Field(() => [String], { nullable: true, description: 'TOKEN_MENTIONS_THRESHOLD: only these cashtag symbols.' }) symbols?: string[] | null;
  @Field(() => Int, { nullable: true, description: 'TOKEN_MENTIONS_THRESHOLD (required with it): a symbol\'s posts on a day reaching this count.' }) threshold?: number | null;
  @Field(() => [NotificationKind], { nullable: true, description: 'NOTIFICATION: only these kinds (all when left out); with `fids`, the fids notified.' }) kinds?: NotificationKind[] | null;
  @Field(() => Float, { nullable: true, description: 'NEW_FOLLOWER and NOTIFICATION: only followers (actors) whose quality score (0..1, `quality.score`, as of the analytics refresh) is at least this; one the refresh did not score is left out. Absent: no filter.' })
  minQuality?: number | null;
}

@ArgsType()
export class PushEventsArgs {
  @Field(() => PushFilterInput, { description: 'The events to receive.' }) filter!: PushFilterInput;
}

@InputType({ description: 'A webhook to create.' })
export class CreateWebhookInput {
  @Field(() => String, { description: 'Where to POST events: http:// or https://, no credentials, a host that is (or resolves only to) public addresses.' }) @NoNul() url!: string;
  @Field(() => PushFilterInput, { description: 'The events to send.' }) filter!: PushFilterInput;
}

@ArgsType()
export class CreateWebhookArgs {
  @Field(() => CreateWebhookInput, { description: 'The webhook.' }) input!: CreateWebhookInput;
}

@ArgsType()
export class WebhookIdArgs {
  @Field(() => ID, { description: 'The webhook\'s id.' }) @NoNul() id!: string;
}

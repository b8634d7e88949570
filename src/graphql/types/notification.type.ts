// Notifications: one connection type per protocol (its actors are that
// protocol's profiles), the unseen count of the calling key beside the page,
// and the seen cursor a mutation moves.
import { Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { NOTIFICATION_ACTORS } from '../../domain/notifications';
import { NotificationKind, Protocol } from '../enums/public-enums';
import { Connection, Edge } from './connection.type';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';

const TARGET = 'The viewer\'s post acted on (LIKE, REPOST, REPLY, QUOTE; for MENTION the mentioning post itself); null for FOLLOW.';
const POST = 'REPLY, QUOTE, MENTION: the new post itself; null for the grouped kinds.';

function NotificationFields<A extends object>(Actor: ClassType<A>, targetName: string, postName: string, idWord: string) {
  @ObjectType()
  abstract class NotificationClass {
    @Field(() => String, { description: `Stable key of the notification: \`<kind>:<target>:<UTC day>\` for a group (\`FOLLOW:<day>\`), \`<kind>:<${idWord}>\` otherwise. The same on every read while it exists.` }) key!: string;
    @Field(() => NotificationKind, { description: 'What happened.' }) kind!: NotificationKind;
    @Field(() => Int, { description: 'Events in the notification: actors of a group (one event per actor and target), 1 for REPLY, QUOTE and MENTION.' }) count!: number;
    @Field(() => [Actor], { description: `The newest actors first, at most ${NOTIFICATION_ACTORS} (count gives how many there are); an actor the store no longer holds is left out.` }) actors!: A[];
    @Field(() => String, { nullable: true, description: TARGET, name: targetName }) target!: string | null;
    @Field(() => String, { nullable: true, description: POST, name: postName }) post!: string | null;
    @Field(() => Date, { description: 'When its newest event happened (the list\'s order).' }) newestAt!: Date;
    @Field(() => Date, { description: 'When its oldest event happened (the same as newestAt for one event).' }) oldestAt!: Date;
    @Field(() => Boolean, { description: 'Whether the calling key marked the viewer\'s notifications seen at or after newestAt (markNotificationsSeen). A group that gains an event after the mark is unseen again.' }) seen!: boolean;
  }
  return NotificationClass;
}

@ObjectType({ description: 'A Farcaster notification: a new follower, or likes, recasts, replies, quotes and mentions of the viewer\'s casts, grouped as NotificationKind says.' })
export class FarcasterNotification extends NotificationFields(FarcasterUser, 'targetHash', 'castHash', 'cast hash') {}

@ObjectType({ description: 'A Lens notification: new followers, or upvotes, mirrors, comments and quotes of the viewer\'s publications, grouped as NotificationKind says.' })
export class LensNotification extends NotificationFields(LensProfile, 'targetPublicationId', 'publicationId', 'publication id') {}

function NotificationConnectionOf<E extends object>(EdgeType: ClassType<E>) {
  @ObjectType()
  abstract class NotificationConnectionClass extends Connection(EdgeType, { totalCount: 'The notifications of the viewer under the filters (kinds, minQuality).' }) {
    @Field(() => Int, { description: 'Notifications under the same filters whose newest event is after the calling key\'s seen mark (all of them before any mark).' }) unseenCount!: number;
    @Field(() => Date, { nullable: true, description: 'The calling key\'s seen mark for this viewer (markNotificationsSeen); null before the first.' }) seenUpTo!: Date | null;
  }
  return NotificationConnectionClass;
}

@ObjectType({ description: 'A Farcaster notification in the list (the notification is a value of the list, embedded in the edge).' })
export class FarcasterNotificationEdge extends Edge(FarcasterNotification) {}

@ObjectType({ description: 'A Farcaster viewer\'s notifications, newest first (ties by key), keyset-paged: events arriving meanwhile never shift a page.' })
export class FarcasterNotificationConnection extends NotificationConnectionOf(FarcasterNotificationEdge) {}

@ObjectType({ description: 'A Lens notification in the list (the notification is a value of the list, embedded in the edge).' })
export class LensNotificationEdge extends Edge(LensNotification) {}

@ObjectType({ description: 'A Lens viewer\'s notifications, newest first (ties by key), keyset-paged: events arriving meanwhile never shift a page.' })
export class LensNotificationConnection extends NotificationConnectionOf(LensNotificationEdge) {}

@ObjectType({ description: 'Where the calling key has read a viewer\'s notifications up to.' })
export class NotificationSeenMark {
  @Field(() => Protocol, { description: 'The viewer\'s protocol.' }) protocol!: Protocol;
  @Field(() => String, { description: 'The viewer: a fid in decimal, or the canonical Lens profile id.' }) viewer!: string;
  @Field(() => Date, { description: 'Notifications whose newest event is at or before this time are seen. It never moves back.' }) seenUpTo!: Date;
}

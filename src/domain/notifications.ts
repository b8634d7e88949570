// Notifications: what happened to a viewer's account, read from the protocols'
// own rows, and the one rule that groups those events into notifications.
//
// Grouping rule (docs/graphql.md#notifications states it for clients):
// - FOLLOW, LIKE and REPOST events are grouped: every event of one kind on one
//   target (the viewer itself for FOLLOW, one post for LIKE and REPOST) whose
//   time falls on one UTC day is one notification. Its count is the number of
//   events (each is a different actor: a row per actor and target), its time the
//   newest event's, and it lists the newest actors first.
// - REPLY, QUOTE and MENTION are never grouped: each is one post with its own
//   content, which a client shows on its own.
// The window is a fixed calendar day rather than a gap between events so that a
// notification's identity (kind, target, day) never changes as events arrive:
// an event only ever joins the group of its own day, and a cursor stays valid.
import type { ProtocolName } from './protocols';

export const NOTIFICATION_KINDS = ['FOLLOW', 'LIKE', 'REPOST', 'REPLY', 'QUOTE', 'MENTION'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds whose events of one target and one window are one notification. */
export const GROUPED_KINDS: readonly NotificationKind[] = ['FOLLOW', 'LIKE', 'REPOST'];

/** Actors listed per notification (newest first); `count` gives all of them. */
export const NOTIFICATION_ACTORS = 5;

/** Kinds the data of each protocol has: Lens rows name no mentions. */
export const KINDS_OF: Readonly<Record<ProtocolName, readonly NotificationKind[]>> = {
  farcaster: NOTIFICATION_KINDS,
  lens: ['FOLLOW', 'LIKE', 'REPOST', 'REPLY', 'QUOTE'],
};

/** One notification as the repository reads it. */
export interface NotificationRow {
  /** Stable id: `<kind>:<target>:<day>` for a group, `<kind>:<post>` otherwise. */
  id: string;
  kind: NotificationKind;
  /** The post acted on (null for FOLLOW; for MENTION the mentioning post itself). */
  target: string | null;
  /** REPLY, QUOTE, MENTION: the new post. */
  post: string | null;
  count: number;
  newestAt: Date;
  oldestAt: Date;
  /** Up to NOTIFICATION_ACTORS actor ids (fid in decimal, or Lens id), newest first. */
  actors: string[];
}

// Push events: what the writers store in the outbox (push_event), what a
// subscriber or a webhook asks for (a filter), and what it receives (a
// message). One outbox row can become several messages (a refresh's trending
// changes) or none for a given filter; `messagesFor` is the one rule both the
// subscriptions and the webhook fan-out apply.
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications';
import { PAGE_SIZE } from './paging';
import type { Period } from './periods';
import type { ProtocolName } from './protocols';

/** Follower counts whose upward crossing is a milestone. Each crossing emits, so a dip below and a new crossing emits again. */
export const FOLLOWER_MILESTONES = [10, 100, 1_000, 10_000, 100_000, 1_000_000] as const;
/** Trending places a refresh reports changes of (the largest page a client can ask for). */
export const TRENDING_WATCHED = PAGE_SIZE.max;
/** A trending page when the filter names none: the first page of the default size. */
export const DEFAULT_TRENDING_TOP = PAGE_SIZE.default;

/** Outbox rows, by type. */
export interface FollowerEventData { fid: number; followerFid: number; followedAt: string }
export interface MilestoneEventData { fid: number; milestone: number; followers: number }
export interface TrendingEventData { protocol: ProtocolName; period: Period; changes: { id: string; before: number | null; after: number | null }[] }
export interface MentionsEventData { symbol: string; day: string; before: number; after: number }
/**
 * A like, recast, reply, quote or mention of a fid, from the live sync. A follow is not stored twice: its
 * NEW_FOLLOWER row is also the FOLLOW notification (messagesFor makes both messages of it).
 */
export interface NotificationEventData {
  /** The fid notified. */
  fid: number;
  kind: Exclude<NotificationKind, 'FOLLOW'>;
  actorFid: number;
  /** The cast acted on: the liked, recast, replied-to or quoted cast; for a mention the mentioning cast. */
  targetHash: string;
  /** REPLY, QUOTE, MENTION: the new cast. */
  castHash: string | null;
  at: string;
}

export type OutboxEvent =
  | { type: 'NEW_FOLLOWER'; data: FollowerEventData }
  | { type: 'FOLLOWER_MILESTONE'; data: MilestoneEventData }
  | { type: 'TRENDING'; data: TrendingEventData }
  | { type: 'TOKEN_MENTIONS'; data: MentionsEventData }
  | { type: 'NOTIFICATION'; data: NotificationEventData };

/** A stored outbox row. */
export type StoredEvent = OutboxEvent & { id: string; createdAt: string };

export const PUSH_TYPES = ['NEW_FOLLOWER', 'FOLLOWER_MILESTONE', 'TRENDING_ENTER', 'TRENDING_LEAVE', 'TOKEN_MENTIONS_THRESHOLD', 'NOTIFICATION'] as const;
export type PushType = (typeof PUSH_TYPES)[number];

/** What a subscription or a webhook wants; every list left out matches everything. */
export interface PushFilter {
  types: PushType[];
  /** Farcaster fids (new followers, milestones, trending, the fid notified). */
  fids?: number[];
  /** Lens profile ids (trending). */
  profileIds?: string[];
  milestones?: number[];
  protocols?: ProtocolName[];
  periods?: Period[];
  /** The trending page: places 1..top (default DEFAULT_TRENDING_TOP). */
  top?: number;
  /** Upper-case cashtag symbols. */
  symbols?: string[];
  /** Mentions on a day reaching this count (required for TOKEN_MENTIONS_THRESHOLD). */
  threshold?: number;
  /** NOTIFICATION: only these kinds. */
  kinds?: NotificationKind[];
  /** NEW_FOLLOWER and NOTIFICATION: only followers (actors) whose quality score is at least this (an unscored one is left out). */
  minQuality?: number;
}

/** A follower's quality score as of the last refresh, null when it has none. */
export type QualityOf = (fid: number) => number | null;

const NO_SCORES: QualityOf = () => null;

/** Whether the filter's minQuality (if any) lets the follower through. */
const qualityAllows = (f: PushFilter, qualityOf: QualityOf, fid: number) => {
  if (f.minQuality === undefined) return true;
  const q = qualityOf(fid);
  return q !== null && q >= f.minQuality;
};

/** What a subscriber or a webhook receives. */
export interface PushMessage {
  /** `<event id>` or `<event id>:<n>` when one event made several messages: stable across retries. */
  id: string;
  type: PushType;
  createdAt: string;
  protocol: ProtocolName | null;
  fid: number | null;
  profileId: string | null;
  followerFid: number | null;
  milestone: number | null;
  followers: number | null;
  period: Period | null;
  position: number | null;
  previousPosition: number | null;
  top: number | null;
  symbol: string | null;
  day: string | null;
  mentions: number | null;
  threshold: number | null;
  /** NOTIFICATION: what happened, who did it, on which cast, and the new cast (replies, quotes, mentions). */
  kind: NotificationKind | null;
  actorFid: number | null;
  targetHash: string | null;
  castHash: string | null;
}

const EMPTY = {
  protocol: null, fid: null, profileId: null, followerFid: null, milestone: null, followers: null, period: null,
  position: null, previousPosition: null, top: null, symbol: null, day: null, mentions: null, threshold: null,
  kind: null, actorFid: null, targetHash: null, castHash: null,
} as const;

const allows = <T>(list: readonly T[] | undefined, value: T) => !list?.length || list.includes(value);

/**
 * The messages an outbox event gives a filter (none when it does not match).
 * `qualityOf` answers the follower scores a minQuality filter needs; the
 * caller reads them for a batch of events at once.
 */
export function messagesFor(e: StoredEvent, f: PushFilter, qualityOf: QualityOf = NO_SCORES): PushMessage[] {
  const base = { ...EMPTY, id: e.id, createdAt: e.createdAt };
  switch (e.type) {
    case 'NEW_FOLLOWER': {
      if (!allows(f.fids, e.data.fid) || !allows(f.protocols, 'farcaster') || !qualityAllows(f, qualityOf, e.data.followerFid)) return [];
      const out: PushMessage[] = [];
      if (f.types.includes('NEW_FOLLOWER')) out.push({ ...base, type: 'NEW_FOLLOWER', protocol: 'farcaster', fid: e.data.fid, followerFid: e.data.followerFid });
      // The same follow as a FOLLOW notification: an id of its own, so a receiver of both types tells them apart.
      if (f.types.includes('NOTIFICATION') && allows(f.kinds, 'FOLLOW')) {
        out.push({ ...base, id: `${e.id}:n`, type: 'NOTIFICATION', protocol: 'farcaster', fid: e.data.fid, followerFid: e.data.followerFid, kind: 'FOLLOW', actorFid: e.data.followerFid });
      }
      return out;
    }
    case 'NOTIFICATION': {
      const d = e.data;
      if (!f.types.includes('NOTIFICATION') || !allows(f.fids, d.fid) || !allows(f.kinds, d.kind) || !allows(f.protocols, 'farcaster')
        || !qualityAllows(f, qualityOf, d.actorFid)) return [];
      return [{ ...base, type: 'NOTIFICATION', protocol: 'farcaster', fid: d.fid, kind: d.kind, actorFid: d.actorFid, targetHash: d.targetHash, castHash: d.castHash }];
    }
    case 'FOLLOWER_MILESTONE':
      if (!f.types.includes('FOLLOWER_MILESTONE') || !allows(f.fids, e.data.fid) || !allows(f.milestones, e.data.milestone)
        || !allows(f.protocols, 'farcaster')) return [];
      return [{ ...base, type: 'FOLLOWER_MILESTONE', protocol: 'farcaster', fid: e.data.fid, milestone: e.data.milestone, followers: e.data.followers }];
    case 'TRENDING': {
      const { protocol, period, changes } = e.data;
      if (!allows(f.protocols, protocol) || !allows(f.periods, period)) return [];
      const top = f.top ?? DEFAULT_TRENDING_TOP;
      const on = (p: number | null) => p !== null && p <= top;
      const out: PushMessage[] = [];
      for (const c of changes) {
        const type = !on(c.before) && on(c.after) ? 'TRENDING_ENTER' : on(c.before) && !on(c.after) ? 'TRENDING_LEAVE' : null;
        if (!type || !f.types.includes(type)) continue;
        const fid = protocol === 'farcaster' ? Number(c.id) : null;
        const profileId = protocol === 'lens' ? c.id : null;
        if (fid !== null && f.fids?.length && !f.fids.includes(fid)) continue;
        if (profileId !== null && f.profileIds?.length && !f.profileIds.includes(profileId)) continue;
        // A filter naming only fids (or only profile ids) wants nothing of the other protocol.
        if ((fid !== null && !f.fids?.length && f.profileIds?.length) || (profileId !== null && !f.profileIds?.length && f.fids?.length)) continue;
        out.push({ ...base, id: `${e.id}:${c.id}`, type, protocol, fid, profileId, period, position: c.after, previousPosition: c.before, top });
      }
      return out;
    }
    case 'TOKEN_MENTIONS': {
      const { symbol, day, before, after } = e.data;
      const t = f.threshold;
      if (!f.types.includes('TOKEN_MENTIONS_THRESHOLD') || t === undefined || !allows(f.symbols, symbol) || !(before < t && after >= t)) return [];
      return [{ ...base, type: 'TOKEN_MENTIONS_THRESHOLD', symbol, day, mentions: after, threshold: t }];
    }
  }
}

export const isNotificationKind = (k: string): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k);

/** The milestones passed going from `before` to `after` followers (upward only). */
export const milestonesCrossed = (before: number, after: number): number[] =>
  FOLLOWER_MILESTONES.filter((m) => before < m && after >= m);

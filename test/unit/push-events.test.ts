// The one matching rule of subscriptions and webhooks, the milestones, and the
// filter checks, on hand-made events.
import { messagesFor, milestonesCrossed, type StoredEvent } from '../../src/domain/push-events';
import { checkPushFilter, checkWebhookUrl } from '../../src/push/push-filter';
import { DEFAULT_TARGET_POLICY } from '../../src/push/webhook-target';
import { TableLookup } from '../helpers/test-lookup';

const at = '2026-11-27T10:00:00.000Z';
const trending: StoredEvent = {
  id: '7', createdAt: at, type: 'TRENDING',
  data: { protocol: 'farcaster', period: 'week', changes: [{ id: '30', before: null, after: 1 }, { id: '1', before: 2, after: 3 }, { id: '5', before: 40, after: 12 }] },
};

describe('push events', () => {
  it('when a follow or a like is matched against NOTIFICATION filters, then fids and kinds narrow them and the follow\'s message has an id of its own', () => {
    const follow: StoredEvent = { id: '3', createdAt: at, type: 'NEW_FOLLOWER', data: { fid: 1, followerFid: 2, followedAt: at } };
    const like: StoredEvent = { id: '4', createdAt: at, type: 'NOTIFICATION', data: { fid: 1, kind: 'LIKE', actorFid: 5, targetHash: '0xa1', castHash: null, at } };
    const shape = (e: StoredEvent, f: Parameters<typeof checkPushFilter>[0]) => messagesFor(e, checkPushFilter(f)).map((m) => [m.id, m.type, m.fid, m.kind, m.actorFid]);
    expect(shape(follow, { types: ['NEW_FOLLOWER', 'NOTIFICATION'] })).toEqual([['3', 'NEW_FOLLOWER', 1, null, null], ['3:n', 'NOTIFICATION', 1, 'FOLLOW', 2]]);
    expect(shape(follow, { types: ['NOTIFICATION'], kinds: ['LIKE'] })).toEqual([]);
    expect(shape(like, { types: ['NOTIFICATION'], fids: [1], kinds: ['LIKE', 'REPLY'] })).toEqual([['4', 'NOTIFICATION', 1, 'LIKE', 5]]);
    expect(shape(like, { types: ['NOTIFICATION'], fids: [2] })).toEqual([]);
    expect(shape(like, { types: ['NEW_FOLLOWER'] })).toEqual([]);
    expect(() => checkPushFilter({ types: ['NOTIFICATION'], kinds: ['SHOUT'] })).toThrow(/filter\.kinds/);
  });

  it('when followers go from before to after, then each milestone passed upward is crossed (none downward)', () => {
    expect([milestonesCrossed(9, 10), milestonesCrossed(5, 120), milestonesCrossed(10, 11), milestonesCrossed(1_000, 999), milestonesCrossed(99_999, 1_000_000)])
      .toEqual([[10], [10, 100], [], [], [100_000, 1_000_000]]);
  });

  it('when a trending change is matched, then enter and leave depend on the page size of the filter', () => {
    const shape = (top: number) => messagesFor(trending, { types: ['TRENDING_ENTER', 'TRENDING_LEAVE'], top }).map((m) => [m.id, m.type, m.fid]);
    expect(shape(2)).toEqual([['7:30', 'TRENDING_ENTER', 30], ['7:1', 'TRENDING_LEAVE', 1]]);
    expect(shape(3)).toEqual([['7:30', 'TRENDING_ENTER', 30]]);
    expect(shape(20)).toEqual([['7:30', 'TRENDING_ENTER', 30], ['7:5', 'TRENDING_ENTER', 5]]);
    expect(messagesFor(trending, { types: ['TRENDING_ENTER'], periods: ['day'] })).toEqual([]);
    expect(messagesFor(trending, { types: ['TRENDING_ENTER'], profileIds: ['0x01'] })).toEqual([]);
  });

  it('when mentions rise, then the threshold is crossed only from below it', () => {
    const e = (before: number, after: number): StoredEvent => ({ id: '1', createdAt: at, type: 'TOKEN_MENTIONS', data: { symbol: 'ETH', day: '2024-06-10', before, after } });
    const f = { types: ['TOKEN_MENTIONS_THRESHOLD' as const], threshold: 4 };
    expect([e(3, 4), e(3, 5), e(4, 6), e(1, 3)].map((x) => messagesFor(x, f).length)).toEqual([1, 1, 0, 0]);
    expect(messagesFor(e(3, 5), { ...f, symbols: ['PEPE'] })).toEqual([]);
  });

  it('when a filter or URL is bad, then the error names the field', async () => {
    expect(() => checkPushFilter({ types: [] })).toThrow(/filter\.types/);
    expect(() => checkPushFilter({ types: ['NOPE'] })).toThrow(/filter\.types: "NOPE"/);
    expect(() => checkPushFilter({ types: ['FOLLOWER_MILESTONE'], milestones: [50] })).toThrow(/filter\.milestones: 50/);
    expect(() => checkPushFilter({ types: ['TRENDING_ENTER'], top: 101 })).toThrow(/filter\.top/);
    expect(() => checkPushFilter({ types: ['TOKEN_MENTIONS_THRESHOLD'] })).toThrow(/filter\.threshold: required/);
    expect(checkPushFilter({ types: ['TOKEN_MENTIONS_THRESHOLD'], symbols: ['eth', 'ETH'], threshold: 3, profileIds: ['0x1'] }))
      .toEqual({ types: ['TOKEN_MENTIONS_THRESHOLD'], symbols: ['ETH'], threshold: 3, profileIds: ['0x01'] });
    await expect(checkWebhookUrl('ftp://x')).rejects.toThrow(/url: must be http/);
    await expect(checkWebhookUrl('https://u:p@x/')).rejects.toThrow(/credentials/);
    await expect(checkWebhookUrl('http://127.0.0.1:8080/')).rejects.toThrow(/^url: the host is a loopback address$/);
    const targets = { ...DEFAULT_TARGET_POLICY, lookup: new TableLookup().lookup };
    expect(await checkWebhookUrl('https://Example.com/hook', targets)).toBe('https://example.com/hook');
    await expect(checkWebhookUrl('https://nowhere.test/hook', targets)).rejects.toThrow(/^url: the host does not resolve to an address webhooks may reach$/);
  });
});

// minQuality in a push filter: checked on input (0..1), and a NEW_FOLLOWER
// event is delivered only when its follower's score is at least the minimum;
// an unscored follower is left out, and other event types are untouched.
import { messagesFor, type PushFilter, type StoredEvent } from '../../src/domain/push-events';
import { checkPushFilter } from '../../src/push/push-filter';

const follow = (followerFid: number): StoredEvent => ({ id: String(followerFid), createdAt: '2024-06-30T00:00:00.000Z', type: 'NEW_FOLLOWER', data: { fid: 1, followerFid } } as StoredEvent);
const scores = new Map([[2, 0.99], [5, 0.001], [8, 0.5]]);
const qualityOf = (fid: number) => scores.get(fid) ?? null;

describe('push filter minQuality', () => {
  it('when NEW_FOLLOWER events meet a minimum of 0.5, then only followers scoring at least 0.5 are delivered', () => {
    const f: PushFilter = checkPushFilter({ types: ['NEW_FOLLOWER'], minQuality: 0.5 });
    expect(f.minQuality).toBe(0.5);
    const delivered = [2, 5, 8, 9].filter((fid) => messagesFor(follow(fid), f, qualityOf).length === 1);
    expect(delivered).toEqual([2, 8]);
  });

  it('when the filter has no minimum, then every follower is delivered, scored or not', () => {
    const f = checkPushFilter({ types: ['NEW_FOLLOWER'] });
    expect([2, 5, 8, 9].filter((fid) => messagesFor(follow(fid), f, qualityOf).length === 1)).toEqual([2, 5, 8, 9]);
    expect(messagesFor(follow(5), f)).toHaveLength(1);
  });

  it('when minQuality is outside 0..1, then the filter is refused as bad input', () => {
    for (const minQuality of [1.5, -0.1, Number.NaN]) {
      expect(() => checkPushFilter({ types: ['NEW_FOLLOWER'], minQuality })).toThrow(/filter\.minQuality/);
    }
  });
});

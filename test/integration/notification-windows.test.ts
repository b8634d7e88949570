// The two shortcuts of the notifications repository against the plain reading,
// on the notify fixture: a page read from the newest days first is the page read
// from every event, at every size and cursor, kinds and minimum quality; and the
// counts walked group by group are the groups of the whole list, for every seen
// mark. The known answers themselves are notifications.test.ts's.
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationRow } from '../../src/domain/notifications';
import type { ProtocolName } from '../../src/domain/protocols';
import { markSeen, notificationPage, NOTIFICATION_PAGE_WINDOWS, type NotificationQuery, type PageWindows } from '../../src/repositories/notifications.repository';
import { setQualityScores } from '../helpers/quality-scores';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let keyId: string;
beforeAll(async () => {
  s = await startTestServer({ fixture: 'notify' });
  await setQualityScores(s.testDb.db, 'farcaster', [[2, 0.9], [3, 0.9], [4, 0.9], [5, 0.5], [6, 0.1], [7, 0.1], [8, 0.1]]);
  await setQualityScores(s.testDb.db, 'lens', [['0x02', 0.9], ['0x03', 0.4]]);
});
afterAll(async () => { await s?.close(); });

const VIEWER: Record<ProtocolName, number | string> = { farcaster: 1, lens: '0x01' };
const KIND_SETS: NotificationKind[][] = [[...NOTIFICATION_KINDS], ['LIKE', 'REPOST'], ['FOLLOW'], ['REPLY', 'QUOTE', 'MENTION']];

const query = (protocol: ProtocolName, kinds: NotificationKind[], minQuality: number | null, limit: number, cursor: NotificationRow | null): NotificationQuery => ({
  protocol, viewer: VIEWER[protocol], apiKeyId: keyId, kinds, minQuality, limit, backward: false,
  cursor: cursor && { at: cursor.newestAt, id: cursor.id },
});

/** Every page of `limit` rows forward, as read with these windows: each page's ids and whether groups lie before it. */
async function walk(protocol: ProtocolName, kinds: NotificationKind[], minQuality: number | null, limit: number, windows: PageWindows | null) {
  const pages: { ids: string[]; beyond: boolean; counts: number[] }[] = [];
  let cursor: NotificationRow | null = null;
  for (;;) {
    const page = await notificationPage(s.testDb.db, query(protocol, kinds, minQuality, limit, cursor), windows);
    pages.push({ ids: page.rows.map((r) => r.id), beyond: page.beyond, counts: page.rows.map((r) => r.count) });
    if (page.rows.length < limit) return pages;
    cursor = page.rows.at(-1)!;
  }
}

describe('notification pages read from the newest days first', () => {
  beforeAll(async () => { keyId = (await s.app.keys.create({ name: 'windows', rateLimit: 100000, scopes: ['read'] })).id; });

  for (const protocol of ['farcaster', 'lens'] as const) {
    it(`when ${protocol} pages of every size are walked with each kind set and minimum, then they are the pages read from every event`, async () => {
      let compared = 0;
      for (const kinds of KIND_SETS) {
        for (const minQuality of [null, 0.5]) {
          for (let limit = 1; limit <= 12; limit++) {
            const everything = await walk(protocol, kinds, minQuality, limit, null);
            // The service's windows, and narrow ones that widen several times over the fixture's five days.
            for (const windows of [NOTIFICATION_PAGE_WINDOWS, { firstDays: 0, maxDays: 3 }]) {
              expect(await walk(protocol, kinds, minQuality, limit, windows)).toEqual(everything);
            }
            compared += everything.length;
          }
        }
      }
      expect(compared).toBeGreaterThan(100);
    });
  }

  it('when a page fits in the first window, then one read; a longer page widens it; a page past the widest reads every event', async () => {
    const q = query('farcaster', [...NOTIFICATION_KINDS], null, 2, null);
    const windows = { firstDays: 1, maxDays: 7 };
    const statements = (limit: number, cursor: NotificationRow | null = null) => s.statementsFor(() => notificationPage(s.testDb.db, { ...q, limit, cursor: cursor && { at: cursor.newestAt, id: cursor.id } }, windows));
    // Statements: the seen mark with the unseen count, then one per window tried and one for the whole list when they fall short.
    // The first window (the newest post's day, 19887, and the one before) holds 9 notifications.
    expect(await statements(2)).toBe(2);
    // 9 of 10 found in 2 days: 4 days next (1.5 × the 2 × 10 / 9 the rate asks, and four times one), which hold all 11.
    expect(await statements(10)).toBe(3);
    // 12 asked: the 4 days hold 11, as many as the whole list: that is the page.
    expect(await statements(12)).toBe(3);
    // After the second notification (19887), 12 asked: 2 days hold 7 older ones, 6 days 9, 7 days (the widest) 9, then every event.
    const [, second] = (await notificationPage(s.testDb.db, q, null)).rows;
    expect(await statements(12, second)).toBe(5);
  });
});

describe('notification counts walked by group', () => {
  for (const protocol of ['farcaster', 'lens'] as const) {
    it(`when ${protocol}'s seen mark moves through every notification, then the unseen count is the groups newer than it, and the total all of them`, async () => {
      const key = (await s.app.keys.create({ name: `counts ${protocol}`, rateLimit: 100000, scopes: ['read'] })).id;
      for (const kinds of KIND_SETS) {
        for (const minQuality of [null, 0.5]) {
          const q = { ...query(protocol, kinds, minQuality, 100, null), apiKeyId: key };
          const all = (await notificationPage(s.testDb.db, q, null)).rows;
          const page = await notificationPage(s.testDb.db, q);
          expect(await page.total()).toBe(all.length);
          if (page.seenUpTo === null) expect(page.unseen).toBe(all.length);
        }
      }
      const times = (await notificationPage(s.testDb.db, { ...query(protocol, [...NOTIFICATION_KINDS], null, 100, null), apiKeyId: key }, null)).rows
        .flatMap((r) => [r.oldestAt, r.newestAt]).sort((a, b) => a.getTime() - b.getTime());
      expect(times.length).toBeGreaterThan(8);
      for (const mark of times) {
        await markSeen(s.testDb.db.sql, key, protocol, String(VIEWER[protocol]), mark);
        for (const kinds of KIND_SETS) {
          for (const minQuality of [null, 0.5]) {
            const q = { ...query(protocol, kinds, minQuality, 100, null), apiKeyId: key };
            const all = (await notificationPage(s.testDb.db, q, null)).rows;
            const page = await notificationPage(s.testDb.db, q);
            expect(page.seenUpTo).toEqual(mark);
            expect(page.unseen).toBe(all.filter((r) => r.newestAt.getTime() > mark.getTime()).length);
          }
        }
      }
    });
  }
});

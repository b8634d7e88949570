import DataLoader from 'dataloader';
import type { Database } from '../../src/db/database';
import type { FarcasterProfileRow } from '../../src/repositories/farcaster-profile.repository';
import { categoryPublicationPage, topCategories } from '../../src/queries/categories';
import { HANDLE_SEARCH_LIMIT, searchFarcasterProfiles } from '../../src/queries/profile-search';
import { lensScoreAverage } from '../../src/queries/score-average';
import { mentionsOfTheDay, trendingTokensOfDay } from '../../src/queries/tokens';
import { topicOfDay, topicsOfTheDay } from '../../src/queries/topics';
import type { ContentLoaders } from '../../src/loaders/content-loaders';

/** A database that answers every statement with `rows` and remembers the parameters. */
function fakeDb(rows: unknown[] = []) {
  const calls: unknown[][] = [];
  const db = { read: (_sql: string, ...params: unknown[]) => { calls.push(params); return Promise.resolve(rows); } } as unknown as Database;
  return { db, calls };
}

describe('read queries', () => {
  it('when a category page is asked, then the name (any case) becomes its id, the page an offset, and every row carries the name', async () => {
    const { db, calls } = fakeDb([]);
    await expect(categoryPublicationPage(db, { category: ' DeFi ', date: '2024-05-01', page: 3, limit: 20 })).resolves.toEqual({ category: 'defi', rows: [] });
    expect(calls).toEqual([[1, '2024-05-01', 20, '40']]);
    await categoryPublicationPage(db, { category: 'nft', page: 1, limit: 5 });
    expect(calls[1]).toEqual([2, null, 5, '0']);
    await expect(categoryPublicationPage(db, { category: 'nft', date: 'yesterday', page: 1, limit: 5 })).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: 'date must be a date YYYY-MM-DD; got "yesterday"' });
  });

  it('when top categories are read, then each row gets its taxonomy name, or its id as text outside the taxonomy', async () => {
    const { db } = fakeDb([{ category_id: 4, collects: 2, usd_amount: 3.5 }, { category_id: 99, collects: 1, usd_amount: 0 }]);
    const rows = await topCategories(db, null, 10);
    expect(rows.map((r) => r.name)).toEqual(['art', '99']);
  });

  it('when the score average is asked, then ids count once, none or [] means all profiles, and no row is a null average over 0', async () => {
    const { db, calls } = fakeDb([]);
    await expect(lensScoreAverage(db, ['0x01', '0x02', '0x01'])).resolves.toEqual({ average: null, profiles: 0 });
    await lensScoreAverage(db, []);
    await lensScoreAverage(db, null);
    expect(calls).toEqual([[['0x01', '0x02']], [], []]);
  });

  it('when a phrase is asked without a day, then it is normalised and the day comes from the request loader', async () => {
    const row = { day: '2024-05-02', topic: 'base' };
    const { db, calls } = fakeDb([row]);
    const newestDay = new DataLoader<'newest', string>((keys) => Promise.resolve(keys.map(() => '2024-05-02')));
    await expect(topicOfDay(db, { newestDay } as unknown as ContentLoaders, ' #Base ', null)).resolves.toBe(row);
    expect(calls).toEqual([[['2024-05-02'], ['base'], false, null]]);
    await expect(topicOfDay(db, { newestDay } as unknown as ContentLoaders, '  ', null)).rejects.toThrow('topic must not be empty');
    await topicsOfTheDay(db, undefined, 7);
    expect(calls[1]).toEqual([null, null, true, 7]);
  });

  it('when token mentions or trending tokens are asked, then the day defaults to null and a blank chain is no filter', async () => {
    const { db, calls } = fakeDb([]);
    await mentionsOfTheDay(db, null);
    await trendingTokensOfDay(db, '2024-05-01', '  ', 5);
    await trendingTokensOfDay(db, null, ' Base ', 5);
    expect(calls).toEqual([[null], ['2024-05-01', null, 5], [null, 'Base', 5]]);
  });

  it('when a handle is searched, then at most the search limit of fids is asked and profiles that no longer load are left out', async () => {
    const { db, calls } = fakeDb([{ fid: 3 }, { fid: 1 }]);
    const profiles = new DataLoader<number, FarcasterProfileRow | null>((fids) =>
      Promise.resolve(fids.map((fid) => (fid === 3 ? ({ fid } as FarcasterProfileRow) : null))));
    await expect(searchFarcasterProfiles(db, profiles, 'Al')).resolves.toEqual([{ fid: 3 }]);
    // The first statement chooses the way (its threshold depends on the limit), the last one asks for the fids.
    expect([calls[0][3], calls[calls.length - 1][2]]).toEqual([HANDLE_SEARCH_LIMIT, HANDLE_SEARCH_LIMIT]);
  });
});

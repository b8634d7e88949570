import DataLoader from 'dataloader';
import type { LensGraphLoaders } from '../../src/loaders/lens-loaders';
import { byCurrencyOrder, collectConnectionPage, collectSum, collectWindow, type CurrencyTotal } from '../../src/queries/collects';
import type { CollectSumRow } from '../../src/repositories/lens-collects.repository';

const utc = (text: string) => new Date(`${text}T00:00:00.000Z`);

describe('collect window', () => {
  it('when no filter or an empty one is given, then every collect counts', () => {
    expect(collectWindow(null)).toEqual({ currency: null, from: null, to: null, period: '' });
    expect(collectWindow(undefined)).toEqual({ currency: null, from: null, to: null, period: '' });
    expect(collectWindow({ currency: '   ', month: null, year: null })).toEqual({ currency: null, from: null, to: null, period: '' });
  });

  it('when a year is given, then the window is that UTC year, end excluded, and its period the year', () => {
    expect(collectWindow({ year: 2024 })).toEqual({ currency: null, from: utc('2024-01-01'), to: utc('2025-01-01'), period: '2024' });
  });

  it('when a month of a year is given, then the window is that UTC month, December ending at the next New Year, its period YYYY-MM', () => {
    expect(collectWindow({ year: 2024, month: 2 })).toEqual({ currency: null, from: utc('2024-02-01'), to: utc('2024-03-01'), period: '2024-02' });
    expect(collectWindow({ year: 2024, month: 12 })).toEqual({ currency: null, from: utc('2024-12-01'), to: utc('2025-01-01'), period: '2024-12' });
  });

  it('when a currency is given, then it is trimmed and upper-cased', () => {
    expect(collectWindow({ currency: ' wmatic ' }).currency).toBe('WMATIC');
  });

  it('when a field is wrong, then a 400 names it', () => {
    const refused = (f: Parameters<typeof collectWindow>[0]) => { try { collectWindow(f); return null; } catch (e) { return [(e as { code: string }).code, (e as Error).message]; } };
    expect(refused({ month: 6 })).toEqual(['BAD_USER_INPUT', 'month requires year']);
    expect(refused({ month: 13, year: 2024 })).toEqual(['BAD_USER_INPUT', 'month must be between 1 and 12; got 13']);
    expect(refused({ month: 0, year: 2024 })).toEqual(['BAD_USER_INPUT', 'month must be between 1 and 12; got 0']);
    expect(refused({ year: 24 })).toEqual(['BAD_USER_INPUT', 'year must be a year between 2000 and 2099; got 24']);
    expect(refused({ currency: 'US\u0000D' })).toEqual(['BAD_USER_INPUT', 'currency must not contain a NUL character']);
  });
});

describe('collect sums', () => {
  const total = (currency: string | null, usdAmount: number): CurrencyTotal => ({ currency, count: 1, amount: 1, usdAmount });

  it('when currencies are ordered, then by USD amount desc, ties by symbol with the unknown currency last', () => {
    const sorted = [total(null, 5), total('USDC', 5), total('WETH', 9), total('DAI', 5), total(null, 0), total('GHO', 0)].sort(byCurrencyOrder);
    expect(sorted.map((t) => [t.currency, t.usdAmount])).toEqual([['WETH', 9], ['DAI', 5], ['USDC', 5], [null, 5], ['GHO', 0], [null, 0]]);
  });

  it('when the sums are read, then the totals come from the rows and nothing collected is zeros', async () => {
    const row = (currency: string | null, usd: number): CollectSumRow => ({ profile_id: '0x01', currency, count: 2, amount: 3, usd_amount: usd, total_count: 4, usd_total: 7 });
    const answers: CollectSumRow[][] = [[row(null, 3), row('DAI', 4)], []];
    const keys: unknown[] = [];
    const collectSums = new DataLoader<{ id: string }, CollectSumRow[], string>((ks) => { keys.push(...ks); return Promise.resolve(ks.map(() => answers.shift()!)); }, { cacheKeyFn: (k) => JSON.stringify(k) });
    const l = { collectSums } as unknown as LensGraphLoaders;
    await expect(collectSum(l, '0x01', { currency: 'dai', year: 2024 })).resolves.toEqual({
      count: 4, usdTotal: 7, currencies: [{ currency: 'DAI', count: 2, amount: 3, usdAmount: 4 }, { currency: null, count: 2, amount: 3, usdAmount: 3 }],
    });
    expect(keys).toEqual([{ id: '0x01', window: { currency: 'DAI', from: utc('2024-01-01'), to: utc('2025-01-01'), period: '2024' } }]);
    await expect(collectSum(l, '0x02', null)).resolves.toEqual({ count: 0, usdTotal: 0, currencies: [] });
  });

  it('when both the filter and the cursor of a collect page are wrong, then the filter is named first', async () => {
    const l = { collects: { load: jest.fn() } } as unknown as LensGraphLoaders;
    await expect(collectConnectionPage(l, '0x01', { month: 6 }, { first: 5, after: 'zzz' })).rejects.toThrow('month requires year');
    await expect(collectConnectionPage(l, '0x01', null, { first: 5, after: 'zzz' })).rejects.toThrow('after is not a cursor returned by this API');
    expect((l.collects.load as jest.Mock).mock.calls).toEqual([]);
  });
});

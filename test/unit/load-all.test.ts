import DataLoader from 'dataloader';
import { loadAll } from '../../src/loaders/load-all';

describe('loadAll', () => {
  it('when some keys have no row, then it yields their null in key order, through one batch', async () => {
    const batches: number[][] = [];
    const loader = new DataLoader<number, string | null>((keys) => {
      batches.push([...keys]);
      return Promise.resolve(keys.map((k) => (k % 2 ? `row ${k}` : null)));
    });
    await expect(loadAll(loader, [3, 2, 1])).resolves.toEqual(['row 3', null, 'row 1']);
    expect(batches).toEqual([[3, 2, 1]]);
  });

  it('when the batch fails, then it rejects with the failure instead of handing it back as a value', async () => {
    const outage = new Error('connection refused');
    const loader = new DataLoader<number, string | null>(() => Promise.reject(outage));
    await expect(loadAll(loader, [1, 2])).rejects.toBe(outage);
    // What loadMany would have done: the failure sits in the array next to the values.
    await expect(new DataLoader<number, string | null>(() => Promise.reject(outage)).loadMany([1])).resolves.toEqual([outage]);
  });
});

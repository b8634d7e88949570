import { RequestScope, requestScopes, takeTurn } from '../../src/db/request-scope';
import { PER_TURN, RequestTurns } from '../../src/db/request-turns';
import { RequestLoader } from '../../src/loaders/request-loader';

const busyFor = (ms: number) => { const end = performance.now() + ms; while (performance.now() < end) { /* holds the loop */ } };

describe('turns of the event loop', () => {
  it('when three pieces take turns at once, then a timer that came due during the first runs before the second', async () => {
    const turns = new RequestTurns();
    const order: string[] = [];
    const pieces = [1, 2, 3].map((n) => turns.take().then(() => { order.push(`piece ${n}`); if (n === 1) busyFor(5); }));
    setTimeout(() => order.push('timer'), 1);
    await Promise.all(pieces);
    expect(order).toEqual(['piece 1', 'timer', 'piece 2', 'piece 3']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(turns.busy).toBe(false);
  });

  it('when work waits for the turns to end, then it runs after the last piece; with no turn waiting it runs at once', async () => {
    const turns = new RequestTurns();
    const order: string[] = [];
    const pieces = [1, 2].map((n) => turns.take().then(() => order.push(`piece ${n}`)));
    turns.whenIdle(() => order.push('after'));
    expect(turns.busy).toBe(true);
    await Promise.all(pieces);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['piece 1', 'piece 2', 'after']);
    turns.whenIdle(() => order.push('at once'));
    expect(order.at(-1)).toBe('at once');
  });

  it('when a request\'s pieces take turns and each reads the same loader, then the loader still sends one batch', async () => {
    const batches: number[][] = [];
    const loader = new RequestLoader<number, number>((keys) => { batches.push([...keys]); return Promise.resolve(keys.map((k) => k * 10)); });
    const answers = await requestScopes.run(new RequestScope(), () => Promise.all([[1, 2], [3], [2, 4]].map(async (keys) => {
      await takeTurn();
      return Promise.all(keys.map((k) => loader.load(k)));
    })));
    expect(answers).toEqual([[10, 20], [30], [20, 40]]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('when one batch answers 1,000 loads, then what waits on them goes on PER_TURN at a time, a due timer runs in between, and the loads they make next are one batch', async () => {
    const batches: number[][] = [];
    const loader = new RequestLoader<number, number>((keys) => { batches.push([...keys]); return Promise.resolve(keys.map((k) => k + 1)); });
    let timerAfter = -1;
    let goneOn = 0;
    const answers = await requestScopes.run(new RequestScope(), () => Promise.all(Array.from({ length: 1000 }, async (_, k) => {
      const v = await loader.load(k);
      goneOn += 1;
      if (goneOn === 1) setTimeout(() => { timerAfter = goneOn; }, 0);
      busyFor(0.01);
      return loader.load(10_000 + v);
    })));
    expect(answers).toEqual(Array.from({ length: 1000 }, (_, k) => 10_000 + k + 2));
    // The timer came due while the first turn ran: it ran after that turn, before the rest.
    expect(timerAfter).toBeGreaterThanOrEqual(PER_TURN);
    expect(timerAfter).toBeLessThan(1000);
    expect(batches.map((b) => b.length)).toEqual([1000, 1000]);
  });

  it('when 300 callers wait on one cached key (answered a few promise jobs apart) and each then reads another loader, then that loader still sends one batch', async () => {
    const shared = new RequestLoader<number, number>((keys) => Promise.resolve(keys.map(() => 7)));
    const batches: number[][] = [];
    const next = new RequestLoader<number, number>((keys) => { batches.push([...keys]); return Promise.resolve(keys.map((k) => k)); });
    const answers = await requestScopes.run(new RequestScope(), () => Promise.all(Array.from({ length: 300 }, async (_, k) => {
      const v = await shared.load(1);
      return next.load(v * 1000 + k);
    })));
    expect(answers).toEqual(Array.from({ length: 300 }, (_, k) => 7000 + k));
    expect(batches.map((b) => b.length)).toEqual([300]);
  });

  it('when there is no request (a job, the CLI), then taking a turn does nothing and loaders batch as DataLoader does', async () => {
    const batches: number[][] = [];
    const loader = new RequestLoader<number, number>((keys) => { batches.push([...keys]); return Promise.resolve(keys.map((k) => k + 1)); });
    await takeTurn();
    expect(await Promise.all([loader.load(1), loader.load(2)])).toEqual([2, 3]);
    expect(batches).toEqual([[1, 2]]);
  });
});

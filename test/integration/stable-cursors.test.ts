// Cursors are positions that survive writes: follows made and undone through
// the sync's own writer (applyOps) between two page fetches, and webhooks and
// deliveries added and removed between two pages, neither repeat nor skip a
// row that existed when paging began, forward (first/after) and backward
// (last/before). On PGlite, and on Postgres with TEST_DATABASE_URL.
import { applyOps } from '../../src/sync/apply-ops';
import type { AnyOp } from '../../src/sync/sync-ops';
import { LOOPBACK_WEBHOOKS } from '../helpers/push-rig';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Page { edges: { cursor: string; node: { fid?: number; id?: string } }[]; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null } }

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { ...LOOPBACK_WEBHOOKS, PUSH_MAX_WEBHOOKS_PER_KEY: 20 } });
});
afterAll(async () => { await s.close(); });

const BASE = Date.parse('2024-05-01T00:00:00Z');
const hours = (h: number) => new Date(BASE + h * 3_600_000);
const apply = (ops: AnyOp[]) => applyOps(s.testDb.db.sql, ops);
const follow = (fid: number, target: number, at: Date): AnyOp => ({ kind: 'link', fid, target, ts: at, remove: false });
const unfollow = (fid: number, target: number): AnyOp => ({ kind: 'link', fid, target, ts: hours(1000), remove: true });
const users = (fids: number[]): AnyOp[] => fids.map((fid) => ({ kind: 'user', fid, registeredAt: hours(-100), custody: null }));

/**
 * `target`'s followers 2..21, fid f at hour f, except fid 11 at hour 10: a tie
 * on time, ordered by fid descending. The list: 21, 20, …, 12, 11, 10, 9, …, 2.
 */
async function seedFollowers(target: number) {
  await apply([...users([target]), ...Array.from({ length: 20 }, (_, i) => i + 2).map((f) => follow(f, target, hours(f === 11 ? 10 : f)))]);
}

const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

async function followers(target: number, args: string): Promise<Page> {
  const d = await s.gql.request<{ farcasterUser: { followers: Page } }>(`{ farcasterUser(fid: ${target}) { followers(${args}) {
    edges { cursor node { fid } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`);
  return d.farcasterUser.followers;
}
const fids = (p: Page) => p.edges.map((e) => e.node.fid);

beforeAll(async () => { await apply(users(Array.from({ length: 40 }, (_, i) => i + 2))); });

describe('stable cursors on Farcaster followers', () => {
  it('when follows are made and undone between forward pages, then every row of the start is read once, in list order, and none twice', async () => {
    await seedFollowers(1);
    expect(fids(await followers(1, 'first: 100'))).toEqual(range(21, 2));

    const p1 = await followers(1, 'first: 5');
    expect(fids(p1)).toEqual([21, 20, 19, 18, 17]);
    // Two new follows ahead of the page, one read row and one unread row undone, one backdated follow at the end.
    await apply([follow(30, 1, hours(50)), follow(31, 1, hours(51)), unfollow(19, 1), unfollow(8, 1), follow(32, 1, hours(0.5))]);
    const p2 = await followers(1, `first: 5, after: "${p1.pageInfo.endCursor}"`);
    // By offset this page would start at 17 again: two rows came ahead of it and one left.
    expect(fids(p2)).toEqual([16, 15, 14, 13, 12]);
    expect([p2.pageInfo.hasPreviousPage, p2.pageInfo.hasNextPage]).toEqual([true, true]);
    // A row of the page just read leaves; a follow joins the tie at hour 10, in the unread part (by fid descending, first of it).
    await apply([unfollow(12, 1), unfollow(13, 1), follow(33, 1, hours(10))]);
    const rest: number[] = [];
    let cursor = p2.pageInfo.endCursor;
    for (let more = true; more;) {
      const p = await followers(1, `first: 5, after: "${cursor}"`);
      rest.push(...(fids(p) as number[]));
      [cursor, more] = [p.pageInfo.endCursor, p.pageInfo.hasNextPage];
    }
    expect(rest).toEqual([33, 11, 10, 9, 7, 6, 5, 4, 3, 2, 32]);
    const read = [...fids(p1), ...fids(p2), ...rest];
    expect(new Set(read).size).toBe(read.length);
  });

  it('when follows are made and undone between backward pages, then every row of the start is read once and none twice', async () => {
    await seedFollowers(50);
    const p1 = await followers(50, 'last: 5');
    expect(fids(p1)).toEqual([6, 5, 4, 3, 2]);
    expect([p1.pageInfo.hasPreviousPage, p1.pageInfo.hasNextPage]).toEqual([true, false]);
    // A backdated follow behind the page (the read part), a new one ahead, one read and one unread row undone.
    await apply([follow(34, 50, hours(0.5)), follow(35, 50, hours(60)), unfollow(4, 50), unfollow(20, 50)]);
    const p2 = await followers(50, `last: 5, before: "${p1.pageInfo.startCursor}"`);
    expect(fids(p2)).toEqual([11, 10, 9, 8, 7]);
    expect([p2.pageInfo.hasPreviousPage, p2.pageInfo.hasNextPage]).toEqual([true, true]);
    const earlier: number[] = [];
    let cursor = p2.pageInfo.startCursor;
    for (let more = true; more;) {
      const p = await followers(50, `last: 5, before: "${cursor}"`);
      earlier.unshift(...(fids(p) as number[]));
      [cursor, more] = [p.pageInfo.startCursor, p.pageInfo.hasPreviousPage];
    }
    expect(earlier).toEqual([35, 21, 19, 18, 17, 16, 15, 14, 13, 12]);
    const read = [...earlier, ...fids(p2), ...fids(p1)];
    expect(new Set(read).size).toBe(read.length);
  });

  it('when a client presents an offset cursor of the earlier version, then it is read by position and the page answers keyset cursors', async () => {
    await seedFollowers(70);
    const legacy = Buffer.from('o:2').toString('base64url');
    const p = await followers(70, `first: 3, after: "${legacy}"`);
    expect(fids(p)).toEqual([19, 18, 17]);
    expect(JSON.parse(Buffer.from(p.pageInfo.endCursor as string, 'base64url').toString())).toEqual([hours(17).toISOString(), 17]);
    await apply([follow(36, 70, hours(80))]);
    expect(fids(await followers(70, `first: 3, after: "${p.pageInfo.endCursor}"`))).toEqual([16, 15, 14]);
  });
});

describe('stable cursors on Farcaster casts', () => {
  const hash = (n: number) => `0x${n.toString(16).padStart(4, '0')}`;
  const cast = (n: number, at: Date): AnyOp => ({
    kind: 'castAdd', hash: hash(n), fid: 90, ts: at, parentFid: null, parentHash: null, parentUrl: null,
    text: `cast ${n}`, embeds: null, mentions: [], quotedHash: null, quotedFid: null,
  });
  const casts = async (args: string): Promise<{ hashes: string[]; page: number; info: Page['pageInfo'] }> => {
    const d = await s.gql.request<any>(`{ farcasterUser(fid: 90) { casts(${args}) { page edges { node { hash } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`);
    const c = d.farcasterUser.casts;
    return { hashes: c.edges.map((e: any) => e.node.hash), page: c.page, info: c.pageInfo };
  };

  it('when casts are made and deleted between pages, then each cast of the start is read once, and page counts the casts ahead', async () => {
    // Casts 1..9 at hours 1..9, cast 10 at hour 9 too (a tie: by hash descending).
    await apply([...users([90]), ...Array.from({ length: 10 }, (_, i) => cast(i + 1, hours(Math.min(i + 1, 9))))]);
    const p1 = await casts('first: 3');
    expect([p1.hashes, p1.page]).toEqual([[hash(10), hash(9), hash(8)], 1]);
    await apply([cast(20, hours(30)), { kind: 'castRemove', fid: 90, hash: hash(9), ts: hours(40) }, { kind: 'castRemove', fid: 90, hash: hash(5), ts: hours(40) }]);
    const p2 = await casts(`first: 3, after: "${p1.info.endCursor}"`);
    // Ahead of cast 7 now: 20, 10, 8 (9 is gone).
    expect([p2.hashes, p2.page, p2.info.hasPreviousPage, p2.info.hasNextPage]).toEqual([[hash(7), hash(6), hash(4)], 2, true, true]);
    const p3 = await casts(`first: 3, after: "${p2.info.endCursor}"`);
    expect([p3.hashes, p3.info.hasNextPage]).toEqual([[hash(3), hash(2), hash(1)], false]);
    const b = await casts(`last: 2, before: "${p2.info.startCursor}"`);
    expect([b.hashes, b.info.hasPreviousPage, b.info.hasNextPage]).toEqual([[hash(10), hash(8)], true, true]);
  });
});

describe('stable cursors on webhooks and deliveries', () => {
  const FILTER = '{ types: [NEW_FOLLOWER], fids: [999999] }';
  const create = async (i: number) => (await s.gql.request<any>(`mutation { createWebhook(input: { url: "http://127.0.0.1:9/h${i}", filter: ${FILTER} }) { webhook { id: nativeId } } }`)).createWebhook.webhook.id as string;
  const remove = (id: string) => s.gql.request(`mutation { deleteWebhook(id: "${id}") }`);
  const hooks = async (args: string): Promise<Page> => (await s.gql.request<any>(`{ webhooks(${args}) {
    edges { cursor node { id: nativeId } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`)).webhooks;
  const ids = (p: Page) => p.edges.map((e) => e.node.id as string);

  it('when webhooks are created and deleted between pages, then both directions read each webhook of the start once', async () => {
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push(await create(i));
    const start = ids(await hooks('first: 100'));
    expect([...start].sort()).toEqual([...made].sort());

    const p1 = await hooks('first: 3');
    expect(ids(p1)).toEqual(start.slice(0, 3));
    await remove(start[1]);
    await remove(start[4]);
    const added = await create(7);
    const p2 = await hooks(`first: 3, after: "${p1.pageInfo.endCursor}"`);
    expect(ids(p2)).toEqual([start[3], start[5], start[6]]);
    expect([p2.pageInfo.hasPreviousPage, p2.pageInfo.hasNextPage]).toEqual([true, true]);
    const p3 = await hooks(`first: 3, after: "${p2.pageInfo.endCursor}"`);
    expect([ids(p3), p3.pageInfo.hasNextPage]).toEqual([[added], false]);

    // Backward from the end, a webhook made meanwhile (after the read part) never shows up.
    const b1 = await hooks('last: 2');
    expect([ids(b1), b1.pageInfo.hasPreviousPage, b1.pageInfo.hasNextPage]).toEqual([[start[6], added], true, false]);
    await create(8);
    await remove(start[3]);
    const b2 = await hooks(`last: 2, before: "${b1.pageInfo.startCursor}"`);
    expect([ids(b2), b2.pageInfo.hasPreviousPage, b2.pageInfo.hasNextPage]).toEqual([[start[2], start[5]], true, true]);
    const b3 = await hooks(`last: 2, before: "${b2.pageInfo.startCursor}"`);
    expect([ids(b3), b3.pageInfo.hasPreviousPage]).toEqual([[start[0]], false]);
  });

  it('when deliveries are added and removed between pages, then both directions read each delivery of the start once', async () => {
    const hook = await create(9);
    const sql = s.testDb.db.sql;
    // Finished deliveries: the worker leaves them alone.
    const add = async (n: number) => (await sql.query<{ id: string }>(`
      INSERT INTO push_delivery (webhook_id, event_id, type, body, state, finished_at)
      SELECT $1::uuid, g, 'NEW_FOLLOWER', '{}'::jsonb, 'delivered', now() FROM generate_series(1, $2::int) g RETURNING id::text`, [hook, n])).map((r) => r.id);
    // Ten of them: ids 9 and 10 order as numbers, not as text.
    const made = await add(10);
    const newestFirst = [...made].reverse();
    const page = async (args: string): Promise<Page> => (await s.gql.request<any>(`{ webhook(id: "${hook}") { deliveries(${args}) {
      edges { cursor node { id: nativeId } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`)).webhook.deliveries;

    const p1 = await page('first: 4');
    expect(ids(p1)).toEqual(newestFirst.slice(0, 4));
    await add(2);
    await sql.query('DELETE FROM push_delivery WHERE id = ANY($1::bigint[])', [[newestFirst[1], newestFirst[5]]]);
    const p2 = await page(`first: 4, after: "${p1.pageInfo.endCursor}"`);
    expect(ids(p2)).toEqual([newestFirst[4], newestFirst[6], newestFirst[7], newestFirst[8]]);
    expect([p2.pageInfo.hasPreviousPage, p2.pageInfo.hasNextPage]).toEqual([true, true]);

    const b1 = await page('last: 3');
    expect([ids(b1), b1.pageInfo.hasNextPage, b1.pageInfo.hasPreviousPage]).toEqual([newestFirst.slice(7), false, true]);
    await sql.query('DELETE FROM push_delivery WHERE id = $1::bigint', [newestFirst[8]]);
    const b2 = await page(`last: 3, before: "${b1.pageInfo.startCursor}"`);
    expect([ids(b2), b2.pageInfo.hasNextPage]).toEqual([[newestFirst[3], newestFirst[4], newestFirst[6]], true]);
  });

  it('when first and last are given together, or a cursor of another list, then BAD_USER_INPUT saying which', async () => {
    const refusal = async (q: string) => {
      const res = await s.gql.request<any>(q).then(() => null, (e) => e.response);
      return res?.errors?.map((e: any) => [e.extensions?.code, e.message]);
    };
    expect(await refusal('{ webhooks(first: 2, last: 2) { totalCount } }')).toEqual([['BAD_USER_INPUT', 'give either first or last, not both']]);
    expect(await refusal(`{ webhooks(last: 2, before: "${Buffer.from('7').toString('base64url')}") { totalCount } }`)).toEqual([['BAD_USER_INPUT', 'before: not a webhook cursor']]);
    expect(await refusal('{ farcasterUser(fid: 2) { followers(first: 2, last: 2) { totalCount } } }')).toEqual([['BAD_USER_INPUT', 'give either first or last, not both']]);
  });
});

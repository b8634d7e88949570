// Push from the jobs: a refresh's publish reports profiles entering and leaving
// the trending pages (test/fixtures/analytics: week order 2, 1, 20, 21 before;
// fid 30 gains 3 followers, so after it 30, 2, 1, 20, 21), checked against the
// trending lists the API answers before and after; the classifier's recount
// reports cashtag mentions crossing a threshold (test/fixtures/content-tokens:
// ETH 3 and PEPE 1 on 2024-06-10, the newest day).
import { refreshAnalytics } from '../../src/analytics/refresh';
import { classifyPosts } from '../../src/content/classify-posts';
import { LexiconClassifier } from '../../src/content/lexicon-classifier';
import type { PushFilter, PushMessage } from '../../src/domain/push-events';
import { createWebhook, LOOPBACK_WEBHOOKS, Receiver } from '../helpers/push-rig';
import { waitUntil } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Messages a filter's subscription gets (read from the dispatcher as graphql-ws does). */
function collect(server: TestServer, filter: PushFilter): { messages: PushMessage[]; stop: () => void } {
  const it = server.app.push!.subscribe(filter);
  const messages: PushMessage[] = [];
  void (async () => { for await (const m of it) messages.push(m); })();
  return { messages, stop: () => { void it.return?.(); } };
}

const settle = () => new Promise((r) => setTimeout(r, 500));

describe('push from the refresh: trending pages', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ fixture: 'analytics', config: { PUSH_POLL_MS: 100, ...LOOPBACK_WEBHOOKS } }); });
  afterAll(async () => { await server.close(); });

  const TRENDING = `query ($r: GainWindow, $first: Int) { trending(protocol: FARCASTER, ratio: $r, first: $first) { edges { node { user { id: nativeId } } } } }`;
  const page = async (ratio: string, top: number) =>
    (await server.gql.request<any>(TRENDING, { r: ratio, first: top })).trending.edges.map((e: any) => Number(e.node.user.id)) as number[];

  it('when a refresh moves profiles onto and off the first places, then TRENDING_ENTER and TRENDING_LEAVE say which, per period and page size', async () => {
    const top2 = collect(server, { types: ['TRENDING_ENTER', 'TRENDING_LEAVE'], protocols: ['farcaster'], top: 2 });
    const week3 = collect(server, { types: ['TRENDING_ENTER', 'TRENDING_LEAVE'], periods: ['week'], top: 3 });
    const enterOnly = collect(server, { types: ['TRENDING_ENTER'], fids: [1, 30], periods: ['week'], top: 2 });
    const receiver = await new Receiver().start();
    await createWebhook(server, receiver.url, { types: ['TRENDING_ENTER', 'TRENDING_LEAVE'], periods: ['WEEK'], top: 2 });
    const periods = ['DAY', 'WEEK', 'MONTH'];
    const before = Object.fromEntries(await Promise.all(periods.map(async (p) => [p, await page(p, 3)])));
    expect(before.WEEK).toEqual([2, 1, 20]);

    await server.testDb.db.sql.query(`INSERT INTO fc_link (fid, target_fid, timestamp) SELECT f, 30, '2024-06-30T11:00:00Z' FROM unnest(ARRAY[31, 32, 33]) AS f`);
    await refreshAnalytics(server.testDb.db);
    const after = Object.fromEntries(await Promise.all(periods.map(async (p) => [p, await page(p, 3)])));
    expect(after.WEEK).toEqual([30, 2, 1]);

    // Expected from the two lists the API answered: in the first `top` after, not before (enter), and the reverse (leave).
    const expected = (period: string, top: number) => {
      const [b, a] = [before[period].slice(0, top), after[period].slice(0, top)];
      return [...a.filter((f: number) => !b.includes(f)).map((fid: number) => ({ type: 'TRENDING_ENTER', period: period.toLowerCase(), fid })),
        ...b.filter((f: number) => !a.includes(f)).map((fid: number) => ({ type: 'TRENDING_LEAVE', period: period.toLowerCase(), fid }))];
    };
    const shape = (m: PushMessage) => ({ type: m.type, period: m.period, fid: m.fid });
    const sorted = <T>(xs: T[]) => [...xs].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    const want2 = periods.flatMap((p) => expected(p, 2));
    await waitUntil('the top-2 messages', () => top2.messages.length, (n) => n >= want2.length, { timeoutMs: 3_000 });
    await settle();
    expect(sorted(top2.messages.map(shape))).toEqual(sorted(want2));
    expect(sorted(week3.messages.filter((m) => m.protocol === 'farcaster').map(shape))).toEqual(sorted(expected('WEEK', 3)));
    // Hand-computed for the week: fid 30 (3/10) comes in first; fid 1 drops from 2nd to 3rd.
    expect(sorted(expected('WEEK', 2))).toEqual(sorted([{ type: 'TRENDING_ENTER', period: 'week', fid: 30 }, { type: 'TRENDING_LEAVE', period: 'week', fid: 1 }]));
    expect(enterOnly.messages.map((m) => [m.type, m.fid, m.position, m.previousPosition, m.top])).toEqual([['TRENDING_ENTER', 30, 1, null, 2]]);
    await waitUntil('the webhook POSTs', () => receiver.posts.length, (n) => n >= 2, { timeoutMs: 3_000 });
    await settle();
    expect(sorted(receiver.posts.map((p) => ({ type: p.json.type, period: p.json.period, fid: p.json.fid })))).toEqual(sorted(expected('WEEK', 2)));

    // A refresh that changes nothing reports nothing.
    const count = top2.messages.length;
    await refreshAnalytics(server.testDb.db);
    await settle();
    expect(top2.messages.length).toBe(count);
    for (const c of [top2, week3, enterOnly]) c.stop();
    await receiver.stop();
  });
});

describe('push from the classifier: token mention thresholds', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ fixture: 'content-tokens', config: { PUSH_POLL_MS: 100 } }); });
  afterAll(async () => { await server.close(); });

  it('when new casts lift a symbol\'s mentions of the newest day past a threshold, then TOKEN_MENTIONS_THRESHOLD reports it once', async () => {
    const eth4 = collect(server, { types: ['TOKEN_MENTIONS_THRESHOLD'], symbols: ['ETH'], threshold: 4 });
    const any2 = collect(server, { types: ['TOKEN_MENTIONS_THRESHOLD'], threshold: 2 });
    const cast = (hash: string, text: string, at: string) => server.testDb.db.sql.query(
      `INSERT INTO fc_cast (hash, fid, text, embeds, mentions, timestamp) VALUES ($1, 9, $2, '[]', '{}', $3)`, [hash, text, at]);
    await cast('0xf01', 'buying $ETH', '2024-06-10T15:00:00Z');
    await cast('0xf02', '$ETH and $PEPE', '2024-06-10T16:00:00Z');
    await cast('0xf03', 'old $ETH', '2024-06-07T12:00:00Z'); // 2024-06-07 is not among the newest days: no event
    await classifyPosts(server.testDb.db, { classifier: new LexiconClassifier() });
    const mentions = await server.gql.request<any>(`{ tokenMentions(date: "2024-06-10") { token postCount } }`);
    expect(mentions.tokenMentions.filter((m: any) => ['ETH', 'PEPE'].includes(m.token))).toEqual([{ token: 'ETH', postCount: 5 }, { token: 'PEPE', postCount: 2 }]);
    await waitUntil('the ETH message', () => eth4.messages.length, (n) => n >= 1, { timeoutMs: 3_000 });
    await settle();
    expect(eth4.messages.map((m) => [m.type, m.symbol, m.day, m.mentions, m.threshold])).toEqual([['TOKEN_MENTIONS_THRESHOLD', 'ETH', '2024-06-10', 5, 4]]);
    // ETH went 3 → 5 (already past 2); PEPE 1 → 2 crosses it; ETH of 06-07 (1 → 2) is too old a day.
    expect(any2.messages.map((m) => [m.symbol, m.day, m.mentions])).toEqual([['PEPE', '2024-06-10', 2]]);
    eth4.stop(); any2.stop();
  });
});

// Cost follows the work: list sizes count before execution, answers have a
// size cap, deep nesting is refused before parsing, and no request (allowed or
// refused) holds the event loop for 100 ms. On the analytics fixture (README
// there): fids 1..40, as-of 2024-06-30, fid 1 has 12 followers.
// Timings are of the service as deployed: NODE_ENV=production, set before graphql loads.
import '../helpers/production-mode';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'analytics' }); });
afterAll(async () => { await s.close(); });

interface Answer { status: number; body: any; text: string; headers: Headers }

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text, headers: res.headers };
}
const post = (server: TestServer, query: string, variables?: unknown) => fetch(`${server.baseUrl}/graphql`, {
  // The GraphQL-over-HTTP media type: a refusal before execution is then a 400 (a legacy application/json client gets 200).
  method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', apikey: server.key }, body: JSON.stringify({ query, variables }),
}).then(answer);

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const LONG_RANGE = 'from: "2021-10-05", to: "2024-06-30", interval: DAY'; // 1000 day points, the most the resolver gives

/** The abusive request: 13 KB, 30 aliases × 100 fids × 1000 day points. */
const ABUSIVE = `{ ${Array.from({ length: 30 }, (_, a) => `a${a}: farcasterUsers(fids: [${ids(100).join(', ')}]) { followersHistory(${LONG_RANGE}) { points { start end followers } } }`).join(' ')} }`;
const ABUSIVE_MESSAGE = 'Query cost 12006000 exceeds the limit of 20000 (farcasterUsers × followersHistory.points: 100 fids × 1000 day points, '
  + 'the heaviest of 30 root fields); ask for fewer ids, shorter ranges or smaller pages';

/** The most expensive history the default limit allows: 4 users × (user, fid, history, from, to + 1000 points × 4) = 16,020; 5 users cost 20,025. */
const HISTORIES = `query($f: [Int!]!) { farcasterUsers(fids: $f) { fid followersHistory(${LONG_RANGE}) { from to points { start end followers } } } }`;

const FRONTEND_FOLLOWERS = `query($fid: Int!) { farcasterUser(fid: $fid) { followers(first: 20) { totalCount edges { followedAt node {
  fid username stats { followers following posts } followers(first: 10) { edges { node { fid username stats { followers following posts } } } } } } } } }`;
const FRONTEND_PROFILES = 'query($f: [Int!]!) { farcasterUsers(fids: $f) { fid username stats { followers following posts } likesCount } }';

describe('GraphQL cost limit', () => {
  it('when the abusive request comes, then 400 BAD_USER_INPUT stating cost and limit, and no resolver ran', async () => {
    const baseline = await s.statementsFor(() => post(s, '{ __typename }'));
    let res!: Answer;
    const statements = await s.statementsFor(async () => { res = await post(s, ABUSIVE); });
    expect(ABUSIVE.length).toBeGreaterThan(12_000);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: ABUSIVE_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } }] });
    // Only the key check touched the database: nothing was loaded for the 3,000 users.
    expect(statements).toBe(baseline);
  });

  it('when the ids come as a variable, then they are counted the same', async () => {
    const aliases = Array.from({ length: 30 }, (_, a) => `a${a}: farcasterUsers(fids: $f) { followersHistory(${LONG_RANGE}) { points { start end followers } } }`);
    const res = await post(s, `query($f: [Int!]!) { ${aliases.join(' ')} }`, { f: ids(100) });
    expect([res.status, res.body.errors[0].message]).toEqual([400, ABUSIVE_MESSAGE]);
  });

  it('when a query costs just under the limit, then it is answered in full; one more user, then 400', async () => {
    const ok = await post(s, HISTORIES, { f: [1, 2, 3, 6] });
    expect(ok.status).toBe(200);
    const users = ok.body.data.farcasterUsers as { fid: number; followersHistory: { points: { end: string; followers: number }[] } }[];
    expect(users.map((u) => u.followersHistory.points.length)).toEqual([1000, 1000, 1000, 1000]);
    const at = (fid: number, end: string) => users.find((u) => u.fid === fid)!.followersHistory.points.find((p) => p.end === end)!.followers;
    expect([at(1, '2024-06-30'), at(2, '2024-05-30'), at(2, '2024-06-29'), at(3, '2024-06-30'), at(6, '2024-06-27')]).toEqual([12, 0, 7, 5, 3]);

    const over = await post(s, HISTORIES, { f: [1, 2, 3, 6, 7] });
    expect(over.status).toBe(400);
    expect(over.body.errors[0]).toEqual({
      message: 'Query cost 20025 exceeds the limit of 20000 (farcasterUsers × followersHistory.points: 5 fids × 1000 day points); ask for fewer ids, shorter ranges or smaller pages',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('when a frontend asks 20 followers × 10 of theirs × stats, or 100 fids with stats and likes, then it is answered', async () => {
    const page = await post(s, FRONTEND_FOLLOWERS, { fid: 1 });
    expect(page.status).toBe(200);
    const followers = page.body.data.farcasterUser.followers;
    expect([followers.totalCount, followers.edges.length]).toEqual([12, 12]);
    const fid2 = followers.edges.find((e: any) => e.node.fid === 2).node;
    expect([fid2.stats.followers, fid2.followers.edges.length]).toEqual([7, 7]);

    const profiles = await post(s, FRONTEND_PROFILES, { f: ids(100) });
    expect(profiles.status).toBe(200);
    expect(profiles.body.data.farcasterUsers).toHaveLength(40);
    expect(profiles.body.data.farcasterUsers[0]).toMatchObject({ fid: 1, stats: { followers: 12 }, likesCount: 4 });
  });

  it('when REST routes are called at their largest list sizes and pages, then they answer 200', async () => {
    const fids = ids(100).join(',');
    const lensIds = ids(100).map((i) => `0x${i.toString(16)}`).join(',');
    const calls: [string, unknown?][] = [
      [`/api/farcaster/user/profiles?fids=${fids}`], [`/api/farcaster/likes-count?fids=${fids}`], [`/api/farcaster/followersCount?fids=${fids}`],
      [`/api/lens/followersCount?ids=${lensIds}`], [`/api/lens/score/average?ids=${lensIds}`],
      ['/api/farcaster/followers/1?limit=100'], ['/api/farcaster/following/1?limit=100'], ['/api/farcaster/casts/1?limit=100'],
      ['/api/farcaster/followers/recent/1?limit=100'], ['/api/farcaster/followers/top/1?limit=20'], ['/api/farcaster/user/engagement/1?limit=100'],
      ['/api/farcaster/followers/history/1?from=2021-10-05&to=2024-06-30'], ['/api/lens/followers/history/0x01?from=2021-10-05&to=2024-06-30'],
      ['/api/lens/profile/engagement/0x01?limit=100'], ['/api/lens/profile/collect/list/0x01?limit=100'], ['/api/lens/followers/recent/0x01?limit=100'],
      ['/api/trending/find', { protocol: 'farcaster', ratio: 'month', limit: 100 }], ['/api/trending/token-stats?limit=100'],
      ['/api/llm/topics?limit=100'], ['/api/llm/categories'],
    ];
    const answers = [];
    for (const [path, body] of calls) answers.push([path, (await s.rest(path, { body })).status]);
    expect(answers).toEqual(calls.map(([path]) => [path, 200]));
    const history = await s.rest('/api/farcaster/followers/history/1?from=2021-10-05&to=2024-06-30');
    expect(history.body.points).toHaveLength(1000);
  });
});

describe('nesting before parsing', () => {
  const deepList = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;

  it('when a 2,000-deep list literal is in an argument, then 400 BAD_USER_INPUT saying it nests too deep', async () => {
    const res = await post(s, `{ farcasterUsers(fids: ${deepList(2000)}) { fid } }`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: 'Query nests deeper than 64 levels of [ and {', extensions: { code: 'BAD_USER_INPUT' } }] });
  });

  it('when the variables nest 2,000 deep, then 400 BAD_USER_INPUT; when GET carries the deep query, then 400 too', async () => {
    const res = await post(s, 'query($f: [Int!]!) { farcasterUsers(fids: $f) { fid } }', { f: JSON.parse(deepList(2000)) });
    expect([res.status, res.body.errors[0]]).toEqual([400, { message: 'Variables nest deeper than 64 levels of [ and {', extensions: { code: 'BAD_USER_INPUT' } }]);
    const get = await fetch(`${s.baseUrl}/graphql?query=${encodeURIComponent(`{ farcasterUsers(fids: ${deepList(2000)}) { fid } }`)}`, { headers: { apikey: s.key, accept: 'application/graphql-response+json', 'apollo-require-preflight': '1' } }).then(answer);
    expect([get.status, get.body.errors[0].extensions.code]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it('when a list literal nests within the bound, then the query is not refused for its nesting', async () => {
    // 60 levels of list literal around a valid query's selection: graphql then answers its own type error.
    const res = await post(s, `{ farcasterUsers(fids: ${deepList(60)}) { fid } }`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).not.toMatch(/nests deeper/);
  });
});

describe('response size cap', () => {
  let small: TestServer;
  beforeAll(async () => { small = await startTestServer({ fixture: 'analytics', config: { GRAPHQL_MAX_RESPONSE_BYTES: 20_000 } }); });
  afterAll(async () => { await small.close(); });

  it('when a GraphQL answer is over the cap, then 400 BAD_USER_INPUT with a whole JSON body, not a cut one', async () => {
    const res = await post(small, HISTORIES, { f: [1, 2, 3, 6] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT' });
    expect(res.body.errors[0].message).toMatch(/^Response of at least \d+ bytes exceeds the limit of 20000 bytes; ask for fewer ids/);
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
    expect(res.body.data).toBeUndefined();
  });

  it('when a REST answer is over the cap, then 400 with the REST error body; answers under it are untouched', async () => {
    const big = await small.rest('/api/farcaster/followers/history/1?from=2021-10-05&to=2024-06-30');
    expect(big.status).toBe(400);
    expect(big.body).toEqual({ statusCode: 400, message: expect.stringMatching(/^Response of at least \d+ bytes exceeds the limit of 20000 bytes/), error: 'Bad Request' });
    const ok = await small.rest('/api/farcaster/user/profile/1');
    expect([ok.status, ok.body.fid]).toEqual([200, 1]);
    const gql = await post(small, FRONTEND_PROFILES, { f: [1, 2] });
    expect([gql.status, gql.body.data.farcasterUsers.length]).toEqual([200, 2]);
  });
});

describe('heavy pieces in turns of the event loop', () => {
  it('when 4 aliases ask for 20 users each with a 101-day history (each list and history built in a turn of its own), then their nested fields load in as many statements as one alias, and each alias answers as alone', async () => {
    const fields = 'fid stats { followers } likesCount followersHistory(from: "2024-03-22", to: "2024-06-30", interval: DAY) { points { followers } }';
    const sets = Array.from({ length: 4 }, (_, a) => Array.from({ length: 20 }, (__, i) => 5 * a + i + 1));
    const many = `query (${sets.map((_, a) => `$f${a}: [Int!]!`).join(', ')}) { ${sets.map((_, a) => `a${a}: farcasterUsers(fids: $f${a}) { ${fields} }`).join(' ')} }`;
    const one = `query ($f: [Int!]!) { farcasterUsers(fids: $f) { ${fields} } }`;
    let answer: any;
    const manyStatements = await s.statementsFor(async () => { answer = await s.gql.request(many, Object.fromEntries(sets.map((fids, a) => [`f${a}`, fids]))); });
    const oneStatements = await s.statementsFor(() => s.gql.request(one, { f: sets[3] }));
    // Without holding the batches back while turns wait, each alias would read the counts and the histories on its own.
    expect(manyStatements).toBe(oneStatements);
    for (const [a, fids] of sets.entries()) {
      const alone: any = await s.gql.request(one, { f: fids });
      expect([answer[`a${a}`].length, answer[`a${a}`]]).toEqual([20, alone.farcasterUsers]);
    }
    expect(answer.a0.map((u: any) => [u.fid, u.followersHistory.points.length]).slice(0, 2)).toEqual([[1, 101], [2, 101]]);
  });
});

/**
 * Longest event-loop delay while `run` runs (the histogram samples every 10 ms; the pause after it lets a last
 * sample land). The heap is collected first (npm test passes --expose-gc): late in a full run a test worker holds
 * the heaps of the files before this one, and a full collection of that, set off by the request's allocations,
 * is the worker's pause, not the request's (in the Postgres suite it made a request that stays well under the
 * bound in a worker of its own miss it by far).
 */
async function loopDelayMs(run: () => Promise<unknown>): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await run();
  await new Promise((resolve) => setTimeout(resolve, 25));
  delay.disable();
  return delay.max / 1e6;
}

describe('event loop', () => {
  it('when the most expensive allowed queries and the abusive one are answered, then no request blocks the event loop for 100 ms', async () => {
    const WIDE = `query($f: [Int!]!) { ${Array.from({ length: 24 }, (_, a) => `a${a}: farcasterUsers(fids: $f) { fid username stats { followers following posts } likesCount }`).join(' ')} }`;
    const requests: [string, () => Promise<number>][] = [
      ['4 users × 1000 history points (cost 16,020)', async () => (await post(s, HISTORIES, { f: [1, 2, 3, 6] })).status],
      ['24 aliases × 100 fids with stats and likes (cost 19,200)', async () => (await post(s, WIDE, { f: ids(100) })).status],
      ['REST engagement, limit 100 (cost 10,804)', async () => (await s.rest('/api/farcaster/user/engagement/1?limit=100')).status],
      ['20 followers × 10 of theirs (cost 1,803)', async () => (await post(s, FRONTEND_FOLLOWERS, { fid: 1 })).status],
      ['the abusive request, refused', async () => (await post(s, ABUSIVE)).status],
    ];
    const best: [string, number][] = [];
    const report: string[] = [];
    for (const [name, run] of requests) {
      // Warm-up: the first run of a path compiles code, which is not the request's own cost.
      const status = await run();
      expect([name, status]).toEqual([name, name.includes('refused') ? 400 : 200]);
      const runs: number[] = [];
      // Up to 20 runs a quarter second apart, until one is under the bound: spread over seconds, so a
      // stretch where the other test files hold both cores (long enough to put several runs in a row of a
      // request far under the bound over it) is not all the test sees.
      for (let i = 0; i < 20 && !(runs.length >= 3 && Math.min(...runs) < 100); i += 1) {
        if (i >= 3) await new Promise((resolve) => setTimeout(resolve, 250));
        runs.push(await loopDelayMs(run));
      }
      report.push(`${name}: ${runs.map((ms) => ms.toFixed(0)).join(' / ')} ms`);
      best.push([name, Math.min(...runs)]);
    }
    console.info(`event loop delay, max of each run:\n${report.join('\n')}`);
    // A request's own synchronous work delays every run by the same amount; on a shared machine the
    // OS also pauses the process now and then, which delays runs at random.
    // So the bound holds for a request when it holds for its best run.
    expect(best.filter(([, ms]) => ms >= 100)).toEqual([]);
  });
});

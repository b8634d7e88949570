// GraphQL when Postgres is cut, stalled or refusing connections (through a TCP
// relay): never a 500 or INTERNAL_SERVER_ERROR, always SERVICE_UNAVAILABLE, on
// both media types. A key the instance has not cached meets the dead database
// at the key check, before GraphQL: a 503, as that layer answers 401 and 429. A
// cached key's request executes (the answer cache's data-version read failing
// leaves it to run uncached): a 200 whose data is null, with the resolvers'
// SERVICE_UNAVAILABLE errors. REST stays a 503. Once the relay heals, the same
// query answers its data.
import { closeRelayedApp, relayedApp, type RelayedApp } from '../helpers/relayed-app';

const QUERY = '{ farcasterUsers(fids: [1, 3]) { fid username } }';
const MEDIA_TYPES = ['application/json', 'application/graphql-response+json'] as const;
const DEADLINE_MS = 2000;
/** What a loaded test machine may add to an answer's time on the client's clock (the server's own deadline answer says so in its message). */
const SLACK_MS = 1000;

interface Answer {
  status: number;
  ms: number;
  body: { data?: { farcasterUsers: { fid: number; username: string | null }[] } | null; errors?: { message: string; extensions?: { code?: string } }[] };
}

async function ask(r: RelayedApp, key: string, accept: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${r.base}/graphql`, {
    method: 'POST', headers: { apikey: key, accept, 'content-type': 'application/json' }, body: JSON.stringify({ query: QUERY }),
  });
  return { status: res.status, body: await res.json(), ms: performance.now() - started };
}

/** What a client reads from an answer: its status, whether it has data (absent, null or the data), its codes and messages. */
const seen = ({ status, body }: Answer) => ({
  status,
  data: 'data' in body ? body.data : 'absent',
  codes: [...new Set(body.errors?.map((e) => e.extensions?.code))],
  messages: [...new Set(body.errors?.map((e) => e.message))],
});

/** Asks until the cached key's answer has data (the database is up, the health monitor has seen it). */
async function untilAnswered(r: RelayedApp, limitMs = 5000): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const a = await ask(r, r.key, 'application/json').catch(() => null);
    if (a?.status === 200 && a.body.data) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`GraphQL did not answer data within ${limitMs} ms`);
}

/** Per media type, the cached key's answer, then the uncached key's of that type: the order the expectations list. */
const askBoth = (r: RelayedApp, uncached: string[]) =>
  Promise.all(MEDIA_TYPES.flatMap((accept, i) => [ask(r, r.key, accept), ask(r, uncached[i], accept)]));

/**
 * After the relay heals: the batch asked again until every answer is a 200, for a while. On a loaded machine the
 * health monitor may take a slow ping just after the heal for a stall and call the database down once more (its
 * rule, tested in db-health's own tests); what this test holds is that the data comes back, with no restart.
 */
async function healedBatch(r: RelayedApp, uncached: string[], limitMs = 5000): Promise<Answer[]> {
  const started = performance.now();
  for (;;) {
    await untilAnswered(r);
    const batch = await askBoth(r, uncached);
    if (batch.every((a) => a.status === 200 && a.body.data) || performance.now() - started > limitMs) return batch;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A key made through the app's pool, tried again for a while: a connection the previous outage cut can
 * sit idle in the pool until its socket's close arrives, and the first statement sent on it fails.
 */
async function newKey(r: RelayedApp, limitMs = 5000): Promise<string> {
  const started = performance.now();
  for (;;) {
    try {
      return (await r.app.keys.create({ name: 'never used' })).key;
    } catch (err) {
      if (performance.now() - started > limitMs) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Before an outage: the answer with the database up (the key is cached by then), and one key per media type this
 * instance has never looked up, whose check needs the database. The app is asked until it answers first: a test
 * process starting on a loaded machine can keep the health monitor's ping waiting long enough to call the database down.
 */
async function healthy(r: RelayedApp): Promise<{ before: Answer; uncached: string[] }> {
  await untilAnswered(r);
  const uncached = await Promise.all(MEDIA_TYPES.map(() => newKey(r)));
  const before = await ask(r, r.key, 'application/json');
  expect(before.status).toBe(200);
  return { before, uncached };
}

const OUTAGES = [
  { outage: 'cut', words: 'cuts every connection' },
  { outage: 'stall', words: 'stalls (forwards nothing, closes nothing)' },
  { outage: 'refuse', words: 'refuses new connections' },
] as const;

describe.each([
  ['the answer cache on (the default)', 32],
  ['the answer cache off', 0],
])('GraphQL while the database is unreachable, with %s', (_name, answerCacheMb) => {
  let r: RelayedApp;
  beforeAll(async () => {
    r = await relayedApp({ KEY_CACHE_SECONDS: 300, ANSWER_CACHE_MB: answerCacheMb, REQUEST_TIMEOUT_MS: DEADLINE_MS });
  });
  afterEach(() => r.relay.restore());
  afterAll(async () => { await closeRelayedApp(r); });

  it.each(OUTAGES)('when the relay $words, then a cached key gets 200 with null data and an uncached one 503, both SERVICE_UNAVAILABLE within the deadline, and the data once it heals', async ({ outage }) => {
    const { before, uncached } = await healthy(r);
    expect(before.body.data?.farcasterUsers).toContainEqual({ fid: 1, username: 'alice' });

    r.relay[outage]();
    const during = await askBoth(r, uncached);
    expect(during.map(seen)).toEqual(MEDIA_TYPES.flatMap(() => [
      { status: 200, data: null, codes: ['SERVICE_UNAVAILABLE'], messages: ['Database unavailable'] },
      { status: 503, data: 'absent', codes: ['SERVICE_UNAVAILABLE'], messages: ['Database unavailable'] },
    ]));
    for (const a of during) expect(a.ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    // REST runs the same operation (and the same answer cache) and stays a 503.
    const rest = await fetch(`${r.base}/api/farcaster/user/profiles?fids=1,3`, { headers: { apikey: r.key } });
    expect([rest.status, await rest.json()]).toEqual([503, { statusCode: 503, message: 'Database unavailable', error: 'Service Unavailable' }]);

    r.relay.restore();
    const after = await healedBatch(r, uncached);
    expect(after.map((a) => [a.status, a.body])).toEqual(after.map(() => [200, before.body]));
  });
});

describe('GraphQL while the database stalls past the request deadline', () => {
  let r: RelayedApp;
  // The health monitor is slow to call the database down here, so the request deadline is what ends each request.
  beforeAll(async () => {
    r = await relayedApp({ KEY_CACHE_SECONDS: 300, REQUEST_TIMEOUT_MS: 1000, DB_HEALTH_TIMEOUT_MS: 5000 });
  });
  afterAll(async () => { await closeRelayedApp(r); });

  it('when nothing answers, then every request, cached key or not, ends at the deadline as a 503 SERVICE_UNAVAILABLE, and the data once it heals', async () => {
    const { before, uncached } = await healthy(r);

    r.relay.stall();
    const during = await askBoth(r, uncached);
    r.relay.restore();
    // The deadline is the HTTP layer's, like the key check: its 503 is the same on both media types.
    expect(during.map(seen)).toEqual(during.map(() => (
      { status: 503, data: 'absent', codes: ['SERVICE_UNAVAILABLE'], messages: ['The request took longer than the 1000 ms limit'] })));
    for (const a of during) expect(a.ms).toBeLessThan(1000 + SLACK_MS);

    const after = await healedBatch(r, uncached);
    expect(after.map((a) => [a.status, a.body])).toEqual(after.map(() => [200, before.body]));
  });
});

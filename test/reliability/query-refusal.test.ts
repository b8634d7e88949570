// A query that will be refused is refused cheaply: its text is bounded before
// parsing (bytes, tokens), its shape and cost before graphql's own validation
// walks it, so the refusal comes within 100 ms and holds the event loop for
// less than 50 ms while /healthz is probed, beyond what a small answered query
// costs at the same moment. Ordinary frontend queries, the
// REST face's own operations and the introspection query still pass. On the
// analytics fixture (README there): fids 1..40, Lens profile 0x01.
// Timings are of the service as deployed: NODE_ENV=production, set before graphql loads.
import '../helpers/production-mode';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  getIntrospectionQuery, Kind, OperationTypeNode, parse, print, visit,
  type ASTNode, type FragmentDefinitionNode, type OperationDefinitionNode, type TypeNode,
} from 'graphql';
import { Subscriber } from '../helpers/push-rig';
import { waitUntil } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'analytics' }); });
afterAll(async () => { await s.close(); });

interface Answer { status: number; body: any }

const headers = () => ({ 'content-type': 'application/json', accept: 'application/graphql-response+json', apikey: s.key });
const answer = async (res: Response): Promise<Answer> => ({ status: res.status, body: JSON.parse(await res.text()) });
const post = (body: object) => fetch(`${s.baseUrl}/graphql`, { method: 'POST', headers: headers(), body: JSON.stringify(body) }).then(answer);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const LONG_RANGE = 'from: "2021-10-05", to: "2024-06-30", interval: DAY'; // 1000 day points, the most the resolver gives
const HINT = 'ask for fewer fields, or send long lists as variables';
const TOKENS = `Query exceeds the limit of 5000 tokens; ${HINT}`;

/** The tester's query: 30 aliases × 100 literal fids × a daily history of 33 months, about 16 KB. */
const TESTERS = `{ ${Array.from({ length: 30 }, (_, a) => `u${a}: farcasterUsers(fids: [${ids(100).join(', ')}]) { fid followersHistory(${LONG_RANGE}) { from to points { start end followers } } }`).join('\n')} }`;
/** Each level spreads the next under followers and following, 12 levels: 2^11 copies of the innermost, 35 deep. */
const DEEP_BOMB = `{ farcasterUser(fid: 1) { ...F0 } } ${Array.from({ length: 12 }, (_, i) => `fragment F${i} on FarcasterUser { ${i === 11 ? 'fid'
  : `followers(first: 100) { edges { node { ...F${i + 1} } } } following(first: 100) { edges { node { ...F${i + 1} } } }`} }`).join(' ')}`;
/** The same within the depth bound: 3 levels, 8 deep, 4 copies of 10,000 fids. */
const BOMB = `{ farcasterUser(fid: 1) { ...F0 } } ${Array.from({ length: 3 }, (_, i) => `fragment F${i} on FarcasterUser { ${i === 2 ? 'fid'
  : `followers(first: 100) { edges { node { ...F${i + 1} } } } following(first: 100) { edges { node { ...F${i + 1} } } }`} }`).join(' ')}`;

/** Abusive requests, what each must be answered (status, first error message) and how it is sent. */
const ABUSIVE: { name: string; send: () => Promise<Answer>; status: number; message: string }[] = [
  {
    name: 'the tester\'s query (16 KB, 30 aliases × 100 literal fids × 1000 day points)',
    send: () => post({ query: TESTERS }),
    status: 400,
    // Per alias: 100 users × (fid, history, from, to) + 100 × 1000 points × (1 + 3 fields) = 400,500.
    message: 'Query cost 12015000 exceeds the limit of 20000 (farcasterUsers × followersHistory.points: 100 fids × 1000 day points, '
      + 'the heaviest of 30 root fields); ask for fewer ids, shorter ranges or smaller pages',
  },
  { name: 'a literal list of 6,000 fids', send: () => post({ query: `{ farcasterUsers(fids: [${ids(6000).join(',')}]) { fid } }` }), status: 400, message: TOKENS },
  { name: 'a deep fragment bomb', send: () => post({ query: DEEP_BOMB }), status: 400, message: 'Query depth limit of 10 exceeded, found 35.' },
  {
    name: 'a fragment bomb within the depth',
    send: () => post({ query: BOMB }),
    status: 400,
    // The user + per level: 2 × (connection + 100 edges + 100 nodes + 100 × the level below); the innermost is a fid.
    message: `Query cost ${1 + 2 * (201 + 100 * 2 * (201 + 100))} exceeds the limit of 20000 (followers.edges × followers.edges: 100 items (first) × 100 items (first)); `
      + 'ask for fewer ids, shorter ranges or smaller pages',
  },
  {
    name: '400 aliases',
    send: () => post({ query: `{ ${Array.from({ length: 400 }, (_, i) => `a${i}: farcasterUser(fid: 1) { fid }`).join(' ')} }` }),
    status: 400,
    message: 'Aliases limit of 30 exceeded, found 400.',
  },
  { name: 'a token flood of 10,000 names', send: () => post({ query: `{ ${'a '.repeat(10_000)} }` }), status: 400, message: TOKENS },
  {
    name: 'a 40 KB document (a query and a long comment)',
    send: () => post({ query: `{ farcasterUser(fid: 1) { fid } } # ${'x'.repeat(40_000)}` }),
    status: 400,
    message: `Query of 40036 bytes exceeds the limit of 32768 bytes; ${HINT}`,
  },
  {
    // Larger than the body limit of /graphql: refused by the body parser, from the Content-Length, as 413 (the
    // status HTTP has for it) before anything reads the document.
    name: 'a 1 MB document',
    send: () => post({ query: `{ farcasterUser(fid: 1) { fid } } # ${'x'.repeat(1 << 20)}` }),
    status: 413,
    message: 'Request body is larger than 102400 bytes',
  },
  {
    name: 'a token flood over GET',
    // `+` is a space in a query string: 6,000 names in a 12 KB URL.
    send: () => fetch(`${s.baseUrl}/graphql?query=%7B${'+a'.repeat(6000)}+%7D`, { headers: { apikey: s.key, accept: 'application/graphql-response+json' } }).then(answer),
    status: 400,
    message: TOKENS,
  },
];

interface Run { wallMs: number; loopMs: number; healthMs: number }
const runOf = (figure: (k: keyof Run) => number): Run => ({ wallMs: figure('wallMs'), loopMs: figure('loopMs'), healthMs: figure('healthMs') });

/**
 * One request with /healthz probed every 2 ms meanwhile: the request's time to its answer, the event loop's
 * longest delay (sampled every millisecond; the app runs in this process), and the slowest /healthz answer.
 * The heap is collected first (npm test passes --expose-gc), so a collection of what earlier tests left is
 * not counted against the request.
 */
async function probed(send: () => Promise<Answer>): Promise<Run & { answer: Answer }> {
  (globalThis as { gc?: () => void }).gc?.();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let healthMs = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await (await fetch(`${s.baseUrl}/healthz`)).text();
      healthMs = Math.max(healthMs, performance.now() - started);
      await sleep(2);
    }
  })();
  await sleep(10);
  delay.enable();
  const started = performance.now();
  const res = await send();
  const wallMs = performance.now() - started;
  await sleep(10);
  delay.disable();
  probing = false;
  await probe;
  return { answer: res, wallMs, loopMs: delay.max / 1e6, healthMs };
}

/** A small query that is answered: its run, taken just before each abusive one, is what the machine's load costs at that moment. */
const CONTROL = () => post({ query: '{ farcasterUser(fid: 1) { fid } }' });

describe('refusals are cheap', () => {
  it('when each abusive query comes while /healthz is probed, then it is refused with its message within 100 ms, holding the event loop less than 50 ms, beyond what an answered small query costs', async () => {
    const bounds: Run = { wallMs: 100, loopMs: 50, healthMs: 100 };
    const metrics = Object.keys(bounds) as (keyof Run)[];
    // Warm-up: the first run of a path compiles code, which is not the refusal's own cost.
    expect((await probed(CONTROL)).answer.status).toBe(200);
    for (const q of ABUSIVE) {
      const first = await probed(q.send);
      expect([q.name, first.answer.status, first.answer.body.errors[0].message]).toEqual([q.name, q.status, q.message]);
    }
    // Each run is paired with a run of the small query just before it, and what counts is the difference: the
    // other test files (and the OS) keep this process waiting for a core now and then, which delays both runs of
    // a pair alike, while a refusal's own work delays only its own run.
    const runs = new Map(ABUSIVE.map((q) => [q, [] as Run[]]));
    const best = (q: (typeof ABUSIVE)[number]): Run => {
      const all = runs.get(q)!;
      return runOf((k) => Math.min(...all.map((r) => r[k])));
    };
    const within = (q: (typeof ABUSIVE)[number]) => metrics.every((k) => best(q)[k] < bounds[k]);
    // Each figure is the best of at least 3 pairs, in rounds of every query: a query not yet within the bounds is
    // run again in later rounds, up to 20, spread over the test's whole length.
    for (let round = 0; round < 20; round += 1) {
      const pending = ABUSIVE.filter((q) => round < 3 || !within(q));
      if (!pending.length) break;
      if (round >= 3) await sleep(500);
      for (const q of pending) {
        const control = await probed(CONTROL);
        const run = await probed(q.send);
        expect([q.name, control.answer.status, run.answer.status]).toEqual([q.name, 200, q.status]);
        runs.get(q)!.push(runOf((k) => run[k] - Math.min(run[k], control[k])));
      }
    }
    const report = ABUSIVE.map((q) => `${q.name}: ${runs.get(q)!.map((r) => `${r.wallMs.toFixed(0)}/${r.loopMs.toFixed(0)}/${r.healthMs.toFixed(0)}`).join('  ')}`);
    const over = ABUSIVE.filter((q) => !within(q)).map((q) => [q.name, Object.fromEntries(metrics.filter((k) => best(q)[k] >= bounds[k]).map((k) => [k, Math.round(best(q)[k])]))]);
    console.info(`refusals, ms beyond the small query's run, to the answer / longest event-loop delay / slowest /healthz, each pair:\n${report.join('\n')}`);
    expect(over).toEqual([]);
  }, 300_000);

  it('when a persisted query is registered with a text over the bound, then 400, and its hash alone is then not known', async () => {
    const query = `{ ${'a '.repeat(6000)} }`;
    const extensions = { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') } };
    const registered = await post({ query, extensions });
    expect([registered.status, registered.body.errors[0].message]).toEqual([400, TOKENS]);
    const byHash = await post({ extensions });
    expect([byHash.status, byHash.body.errors[0].extensions.code]).toEqual([200, 'PERSISTED_QUERY_NOT_FOUND']);
  });
});

const namedOf = (t: TypeNode): string => (t.kind === Kind.NAMED_TYPE ? t.name.value : namedOf(t.type));

/** A value for each required variable a frontend would send on the fixture (optional ones are left out). */
function sample(name: string, type: TypeNode): unknown {
  const named = namedOf(type);
  if (type.kind === Kind.NON_NULL_TYPE && type.type.kind === Kind.LIST_TYPE) return named === 'LensProfileId' ? ['0x01', '0x02'] : [1, 2, 3];
  switch (named) {
    case 'Int': return name === 'b' ? 2 : 1;
    case 'LensProfileId': return '0x01';
    case 'Protocol': return 'FARCASTER';
    case 'TrendingInput': return { protocol: 'FARCASTER' };
    default: return 'x';
  }
}

const operationFiles = ['client/operations', 'test/operations', 'src/rest/operations']
  .flatMap((dir) => readdirSync(path.join(__dirname, '..', '..', dir)).map((f) => path.join(dir, f)));

/** Each query operation of the files with the fragments it spreads (the files share fragments), as a client sends it. */
function operations(): { name: string; text: string; def: OperationDefinitionNode }[] {
  const defs = operationFiles.flatMap((f) => parse(readFileSync(path.join(__dirname, '..', '..', f), 'utf8')).definitions);
  const fragments = new Map(defs.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  return defs.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && d.operation === OperationTypeNode.QUERY).map((def) => {
    const used = new Map<string, FragmentDefinitionNode>();
    const spreads = (node: ASTNode) => visit(node, { FragmentSpread(spread) {
      const f = fragments.get(spread.name.value);
      if (f && !used.has(f.name.value)) { used.set(f.name.value, f); spreads(f); }
    } });
    spreads(def);
    return { name: def.name?.value ?? '(anonymous)', def, text: [def, ...used.values()].map((d) => print(d)).join('\n') };
  });
}

describe('subscriptions over WebSocket', () => {
  it('when a subscription\'s text is over the token bound, then it is refused with the same message as on HTTP and never registered', async () => {
    const flood = `subscription { pushEvents(filter: { types: [NEW_FOLLOWER] }) { ${Array(6000).fill('id').join(' ')} } }`;
    const sub = new Subscriber(s.baseUrl, s.key).subscribe(flood, {});
    try {
      await waitUntil('the refusal', () => sub.errors.length, (n) => n > 0);
      expect(sub.errors).toEqual([[{ message: TOKENS, extensions: { code: 'BAD_USER_INPUT' } }]]);
      expect(s.app.push?.subscriptions.size ?? 0).toBe(0);
    } finally {
      await sub.close();
    }
  });
});

describe('ordinary queries pass the bounds', () => {
  it('when each query of the frontend, the tests and the REST face is sent with its fragments, then it runs, not refused before', async () => {
    const answers: [string, number, boolean, string[]][] = [];
    for (const { name, def, text } of operations()) {
      const variables = Object.fromEntries((def.variableDefinitions ?? [])
        .filter((d) => d.type.kind === Kind.NON_NULL_TYPE && !d.defaultValue)
        .map((d) => [d.variable.name.value, sample(d.variable.name.value, d.type)]));
      const res = await post({ query: text, variables });
      answers.push([name, res.status, res.body.data !== undefined, (res.body.errors ?? []).map((e: { extensions: { code: string } }) => e.extensions.code)]);
    }
    expect(answers.length).toBeGreaterThan(30);
    // A request refused before it runs (text bounds, validation, depth, aliases, cost) has no data; the sample
    // variables may still be refused by a resolver (a category named "x"), which is an answer of its own.
    expect(answers.filter(([, status, ran]) => status !== 200 || !ran)).toEqual([]);
  });

  it('when the introspection query an explorer sends (every option on) comes, then the schema is answered', async () => {
    const query = getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true });
    const res = await post({ query, operationName: 'IntrospectionQuery' });
    expect([res.status, res.body.errors, res.body.data.__schema.queryType.name]).toEqual([200, undefined, 'Query']);
    expect(res.body.data.__schema.types.length).toBeGreaterThan(50);
  });
});

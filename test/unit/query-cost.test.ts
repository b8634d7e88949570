// The cost walker on the real schema: exact costs of small operations, list
// sizes from literals, variables and defaults, and every REST operation at its
// largest allowed input under the default limit.
import fc from 'fast-check';
import { getOperationAST, getVariableValues, Kind, parse, print, type DocumentNode, type TypeNode } from 'graphql';
import { historyPoints } from '../../src/queries/history';
import { fromDayNumber, pointsBetween, type Interval } from '../../src/domain/days';
import { appSchema } from '../../src/graphql/build-schema';
import { explainHeaviest, queryCost, type QueryCost } from '../../src/graphql/cost/query-cost';
import { configSchema } from '../../src/config/config.schema';
import { REST_ROUTES } from '../../src/rest/rest-routes';

const schema = appSchema();
const NOW = new Date('2024-07-01T08:00:00Z');

function costOf(query: string | DocumentNode, variables: Record<string, unknown> = {}, maxFields?: number): QueryCost {
  const doc = typeof query === 'string' ? parse(query) : query;
  const op = getOperationAST(doc);
  if (!op) throw new Error('no operation');
  const coerced = getVariableValues(schema, op.variableDefinitions ?? [], variables);
  if (coerced.errors) throw coerced.errors[0];
  return queryCost(schema, doc, op, coerced.coerced, { now: NOW, maxFields });
}
const cost = (query: string, variables?: Record<string, unknown>) => costOf(query, variables).cost;
const fids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('query cost', () => {
  it('when a list is sized by ids, then every field under it costs once per id', () => {
    // 3 users + 3 fid + 3 stats + 3 × 2 counters
    expect(cost('{ farcasterUsers(fids: [1, 2, 3]) { fid stats { followers posts } } }')).toBe(15);
    expect(cost('query($f: [Int!]!) { farcasterUsers(fids: $f) { fid } }', { f: fids(50) })).toBe(100);
    expect(cost('query($ids: [LensProfileId!]!) { lensProfiles(ids: $ids) { profileId } }', { ids: ['0x01', '0x02'] })).toBe(4);
    // A list argument of a field answering one object multiplies nothing.
    expect(cost('{ lensScoreAverage(ids: ["0x01", "0x02", "0x03"]) { average } }')).toBe(2);
  });

  it('when a connection has first, then its edges have that size; without it, the default', () => {
    // user 1 + followers 1 + totalCount 1 + edges 5 + node 5 + fid 5
    expect(cost('{ farcasterUser(fid: 1) { followers(first: 5) { totalCount edges { node { fid } } } } }')).toBe(18);
    expect(cost('{ farcasterUser(fid: 1) { followers { edges { node { fid } } } } }')).toBe(2 + 3 * 20);
    // Paging backward: `last` sizes the edges as `first` does; `before` alone pages the default.
    expect(cost('{ farcasterUser(fid: 1) { followers(last: 5) { edges { node { fid } } } } }')).toBe(2 + 3 * 5);
    expect(cost('{ lensProfile(id: "0x01") { publications(before: "x") { edges { cursor } } } }')).toBe(2 + 2 * 20);
    expect(cost('{ categoryPosts(category: "defi", last: 7) { totalCount edges { node { publicationId } } } }')).toBe(2 + 3 * 7);
    expect(cost('query($n: Int!) { farcasterUser(fid: 1) { casts(first: $n) { edges { node { hash } } } } }', { n: 7 })).toBe(2 + 3 * 7);
    // Beyond the validated maximum the resolver refuses; the cost counts the maximum.
    expect(cost('{ farcasterUser(fid: 1) { followers(first: 100000) { edges { cursor } } } }')).toBe(2 + 2 * 100);
  });

  it('when engagement has a limit, then each of its six lists has that size', () => {
    const c = costOf('{ farcasterUser(fid: 1) { engagement(limit: 7) { inbound { likes { fid } comments { fid } } outbound { quotes { fid } } } } }');
    // user, engagement, inbound, outbound + 3 lists × (7 + 7)
    expect(c.cost).toBe(4 + 3 * 14);
    expect(c.heaviest.factors).toEqual([{ field: 'engagement.likes', n: 7, what: 'items (limit)' }]);
  });

  it('when input.limit sizes trending users, then an abstract member costs as its most expensive type', () => {
    const q = `{ trendingUsers(input: { limit: 10 }) { total users { user { ... on FarcasterUser { fid username } ... on LensProfile { profileId } } topFollowers { id } } } }`;
    // trendingUsers 1, total 1, users 10, user 10 + the FarcasterUser branch 2 × 10, topFollowers 10 × 3 + id 30
    expect(cost(q)).toBe(2 + 10 + 10 + 20 + 30 + 30);
  });

  it('when followersHistory has a range, then points = range ÷ interval, defaults as the resolver, at most 1000', () => {
    const h = (args: string) => cost(`{ farcasterUser(fid: 1) { followersHistory${args} { points { followers } } } }`);
    const points = (n: number) => 2 + 2 * n;
    // Default: the 30 days up to the as-of day (never after today).
    expect(h('')).toBe(points(30));
    expect(h('(from: "2024-01-01", to: "2024-01-31")')).toBe(points(31));
    expect(h('(from: "2024-01-01", to: "2024-03-31", interval: MONTH)')).toBe(points(3));
    // 2024-01-01 is a Monday; 01-01..01-14 is two weeks, ..01-15 three.
    expect(h('(from: "2024-01-01", to: "2024-01-15", interval: WEEK)')).toBe(points(3));
    // to absent: up to today (2024-07-01), the latest the as-of day can be.
    expect(h('(from: "2024-06-01")')).toBe(points(31));
    expect(h('(from: "2021-10-05", to: "2024-06-30")')).toBe(points(1000));
    expect(h('(from: "2000-01-01", to: "2024-06-30")')).toBe(points(1000));
    // Refused by the resolver before any point exists.
    expect(h('(from: "1900-01-01", to: "2024-06-30")')).toBe(points(1));
    // (A day not on the calendar, 2024-02-30, or an interval not in HistoryInterval never reaches the cost: validation refuses it.)
  });

  it('when the interval counts are compared with the points the history walk yields, then they agree', () => {
    const day = fc.integer({ min: 18_000, max: 20_500 });
    fc.assert(fc.property(day, fc.integer({ min: 0, max: 900 }), fc.constantFrom<Interval>('day', 'week', 'month'), (from, len, interval) => {
      expect(pointsBetween(from, from + len, interval)).toBe(historyPoints([], fromDayNumber(from), fromDayNumber(from + len), interval).length);
    }));
  });

  it('when the abusive request comes (30 aliases × 100 fids × 1000 day points), then its cost is 12,006,000 and says why', () => {
    const list = fids(100).join(', ');
    const q = `{ ${Array.from({ length: 30 }, (_, a) => `a${a}: farcasterUsers(fids: [${list}]) { followersHistory(from: "2021-10-05", to: "2024-06-30", interval: DAY) { points { start end followers } } }`).join(' ')} }`;
    const c = costOf(q);
    // per alias: 100 users + 100 histories + 100 × 1000 points × (1 + 3 fields)
    expect(c.cost).toBe(30 * (100 + 100 + 100 * 1000 * 4));
    expect(explainHeaviest(c)).toBe('farcasterUsers × followersHistory.points: 100 fids × 1000 day points, the heaviest of 30 root fields');
  });

  it('when fields repeat under one response key, are skipped or come through fragments, then they count as execution merges them', () => {
    expect(cost('{ farcasterUser(fid: 1) { fid } farcasterUser(fid: 1) { fid username } }')).toBe(3);
    expect(cost('query($s: Boolean!) { farcasterUser(fid: 1) { fid username @skip(if: $s) } }', { s: true })).toBe(2);
    expect(cost('{ farcasterUsers(fids: [1, 2]) { ...A ...A } } fragment A on FarcasterUser { fid }')).toBe(4);
  });

  it('when fragments spread fragments 2^8 times, then each is costed once and the cost still counts every copy', () => {
    // Each level spreads the one below twice under two aliases: 2^8 leaves per root, cheap to write.
    const levels = Array.from({ length: 8 }, (_, i) => `fragment F${i} on FarcasterUser { a: topFollowers(first: 1) { ...F${i + 1} } b: topFollowers(first: 1) { ...F${i + 1} } }`);
    const q = `{ farcasterUser(fid: 1) { ...F0 } } ${levels.join(' ')} fragment F8 on FarcasterUser { fid }`;
    // The user, 2 + 4 + … + 2^8 topFollowers of one item, 2^8 fids; walked in fewer than 100 steps.
    const c = costOf(q, {}, 100);
    expect([c.truncated, c.cost]).toEqual([false, 1 + (2 ** 9 - 2) + 2 ** 8]);
  });

  it('when an operation has more fields to cost than the bound, then the walk stops and marks it truncated', () => {
    const q = `{ farcasterUser(fid: 1) { ${Array.from({ length: 150 }, (_, i) => `a${i}: fid`).join(' ')} } }`;
    expect(costOf(q, {}, 100).truncated).toBe(true);
    expect([costOf(q).truncated, costOf(q).cost]).toEqual([false, 151]);
  });

  it('when fragments spread each other in a cycle (costed before validation refuses it), then the walk ends where it comes round', () => {
    const q = `{ farcasterUser(fid: 1) { ...A } }
      fragment A on FarcasterUser { followers(first: 2) { edges { node { ...B } } } }
      fragment B on FarcasterUser { following(first: 2) { edges { node { ...A } } } }`;
    // user 1, followers 1, edges 2, node 2, following 2, edges 4, node 4, and A's followers again 4: there the cycle closes.
    expect(cost(q)).toBe(1 + 1 + 2 + 2 + 2 + 4 + 4 + 4);
  });

  it('when one field is repeated thousands of times under its response key, then it is merged into one', () => {
    expect(cost(`{ farcasterUser(fid: 1) { ${'fid '.repeat(4000)} } }`)).toBe(2);
  });

  it('when an ordinary frontend page is costed (20 followers × 10 of theirs × stats, 100 fids with stats and likes), then it is far below the default limit', () => {
    const followers = `query($fid: Int!) { farcasterUser(fid: $fid) { followers(first: 20) { totalCount edges { followedAt node {
      fid username stats { followers following posts } followers(first: 10) { edges { node { fid username stats { followers following posts } } } } } } } } }`;
    expect(cost(followers, { fid: 1 })).toBe(1803);
    expect(cost('query($f: [Int!]!) { farcasterUsers(fids: $f) { fid username stats { followers following posts } likesCount } }', { f: fids(100) })).toBe(800);
  });
});

const namedOf = (t: TypeNode): string => (t.kind === Kind.NAMED_TYPE ? t.name.value : namedOf(t.type));

/** The largest input a REST route accepts for each variable of its operation (id lists: 100). */
function largest(name: string, type: TypeNode): unknown {
  if (type.kind === Kind.NON_NULL_TYPE) return largest(name, type.type);
  if (type.kind === Kind.LIST_TYPE && namedOf(type) === 'NotificationKind') return ['FOLLOW', 'LIKE', 'REPOST', 'REPLY', 'QUOTE', 'MENTION'];
  if (type.kind === Kind.LIST_TYPE) return Array.from({ length: 100 }, (_, i) => (namedOf(type) === 'LensProfileId' ? `0x${(i + 1).toString(16)}` : i + 1));
  switch (type.name.value) {
    case 'Int': return /limit|first/.test(name) ? 100 : 1;
    case 'LensProfileId': return '0x01';
    case 'TrendingInput': return { limit: 100 };
    case 'LensCollectFilter': return {};
    case 'Date': return ({ from: '2021-10-05', to: '2024-06-30' } as Record<string, string>)[name] ?? '2024-06-30';
    case 'HistoryInterval': return 'DAY';
    case 'GainWindow': return 'WEEK';
    case 'TrustStrategy': return 'ENGAGEMENT';
    case 'CastWindow': return 'WEEK';
    case 'Protocol': return 'FARCASTER';
    case 'DateTimeISO': return '2024-06-30T00:00:00Z';
    case 'CreateWebhookInput': return { url: 'https://example.com/hook', filter: { types: ['NEW_FOLLOWER'], fids: Array.from({ length: 100 }, (_, i) => i + 1) } };
    case 'Float': return 0;
    default: return 'x';
  }
}

describe('REST operations under the default limit', () => {
  const limit = configSchema.parse({}).GRAPHQL_MAX_COST;
  it.each(REST_ROUTES.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s at its largest input costs at most the limit', (_name, r) => {
    const op = getOperationAST(r.document);
    const variables = Object.fromEntries((op?.variableDefinitions ?? []).map((d) => [d.variable.name.value, largest(d.variable.name.value, d.type)]));
    const c = costOf(print(r.document), variables);
    expect(c.cost).toBeGreaterThan(0);
    expect(c.cost).toBeLessThanOrEqual(limit);
  });
});

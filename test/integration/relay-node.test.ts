// Relay's Global Object Identification on real fixtures: every Node type's id,
// taken from an ordinary answer, refetches the same object through node() and
// nodes(); ids of two types never agree (a channel and its trending entry);
// a malformed id is a 400, an unknown one null; and nodes() reads each type's
// ids in one statement, however many are asked.
import { NODE_TYPE_NAMES } from '../../src/graphql/node/node-types';
import { globalId } from '../../src/graphql/node/global-id';
import { LOOPBACK_WEBHOOKS } from '../helpers/push-rig';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** One object of a Node type as an ordinary field answered it: its id and a field that tells it apart. */
interface Seen { type: string; id: string; key: unknown }

// nativeId is an Int on some types and a String on others: one alias per type, as GraphQL wants of overlapping fields.
const KEYED = ['ProfileSummary', 'FarcasterChannel', 'TrendingChannel', 'Category', 'Token', 'TokenCategory', 'TokenMarket', 'TokenPrice',
  'TokenMention', 'LensCollect', 'Webhook', 'WebhookDelivery'];
const NODES = `query Nodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on FarcasterCast { key_FarcasterCast: hash }
  ${KEYED.map((t) => `... on ${t} { key_${t}: nativeId }`).join(' ')} } }`;
const NODE = NODES.replace('query Nodes($ids: [ID!]!) { nodes(ids: $ids)', 'query Node($id: ID!) { node(id: $id)');

const keyOf = (n: Record<string, unknown>) => Object.entries(n).find(([k]) => k.startsWith('key_'))?.[1];

/** Every seen object refetched by nodes() (all at once) and by node() (one by one) is the same object. */
async function expectRoundTrip(s: TestServer, seen: Seen[]) {
  const { nodes } = await s.gql.request<any>(NODES, { ids: seen.map((x) => x.id) });
  expect(nodes.map((n: any) => [n.__typename, n.id, keyOf(n)])).toEqual(seen.map((x) => [x.type, x.id, x.key]));
  for (const x of seen) {
    const { node } = await s.gql.request<any>(NODE, { id: x.id });
    expect([node.__typename, node.id, keyOf(node)]).toEqual([x.type, x.id, x.key]);
  }
}

const covered = new Set<string>();

describe('node() and nodes() on the channels fixture (users, channels, trending entries, casts, categories, webhooks)', () => {
  let s: TestServer;
  let seen: Seen[];
  beforeAll(async () => {
    s = await startTestServer({ fixture: 'channels', config: { ...LOOPBACK_WEBHOOKS } });
    const d = await s.gql.request<any>(`{
      farcasterUser(fid: 1) { id nativeId }
      farcasterChannel(id: "base") { id nativeId }
      trendingChannels(window: WEEK) { edges { node { id nativeId } } }
      trendingCasts(window: WEEK) { edges { node { cast { id hash } } } }
      categories { id nativeId }
    }`);
    const hook = (await s.gql.request<any>(`mutation { createWebhook(input: { url: "http://127.0.0.1:9/hook", filter: { types: [NEW_FOLLOWER], fids: [999999] } }) {
      webhook { id nativeId } } }`)).createWebhook.webhook;
    // A finished delivery (never attempted again) of that webhook: deliveries come from events, which this fixture makes none of.
    const body = { id: '1', type: 'NEW_FOLLOWER', createdAt: '2024-06-30T12:00:00.000Z', protocol: 'farcaster', fid: 999999, profileId: null, followerFid: 2 };
    await s.testDb.db.sql.query(`INSERT INTO push_delivery (webhook_id, event_id, type, body, state, finished_at) VALUES ($1, 1, 'NEW_FOLLOWER', $2::jsonb, 'failed', now())`,
      [hook.nativeId, JSON.stringify(body)]);
    const delivery = (await s.gql.request<any>('query($id: ID!) { webhook(id: $id) { deliveries { edges { node { id nativeId } } } } }', { id: hook.id }))
      .webhook.deliveries.edges[0].node;
    seen = [
      { type: 'FarcasterUser', id: d.farcasterUser.id, key: '1' },
      { type: 'FarcasterChannel', id: d.farcasterChannel.id, key: 'base' },
      ...d.trendingChannels.edges.map((e: any) => ({ type: 'TrendingChannel', id: e.node.id, key: e.node.nativeId })),
      ...d.trendingCasts.edges.slice(0, 2).map((e: any) => ({ type: 'FarcasterCast', id: e.node.cast.id, key: e.node.cast.hash })),
      { type: 'Category', id: d.categories[0].id, key: d.categories[0].nativeId },
      { type: 'Webhook', id: hook.id, key: hook.nativeId },
      { type: 'WebhookDelivery', id: delivery.id, key: delivery.nativeId },
    ];
  });
  afterAll(async () => { await s.close(); });

  it('when the ids these fields answered are sent to nodes() and node(), then each gives back the same object of the same type', async () => {
    await expectRoundTrip(s, seen);
    seen.forEach((x) => covered.add(x.type));
  });

  it('when a channel and its trending entry share a name, then their ids differ, and differ per window', async () => {
    const d = await s.gql.request<any>(`{ farcasterChannel(id: "base") { id nativeId }
      week: trendingChannels(window: WEEK) { edges { node { id nativeId channel { id } } } }
      day: trendingChannels(window: DAY) { edges { node { id nativeId } } } }`);
    const week = d.week.edges.find((e: any) => e.node.nativeId === 'base').node;
    const day = d.day.edges.find((e: any) => e.node.nativeId === 'base').node;
    expect(d.farcasterChannel.nativeId).toBe(week.nativeId);
    expect(new Set([d.farcasterChannel.id, week.id, day.id]).size).toBe(3);
    // The entry leads to the channel: the same object by id.
    expect(week.channel.id).toBe(d.farcasterChannel.id);
    // Ids are opaque: the type is inside, not readable as the natural key.
    expect(d.farcasterChannel.id).not.toContain('base');
  });

  // As every argument error of an executed request (GraphQL over HTTP): 200 with the error and no data; BAD_USER_INPUT is the error model's 400.
  it('when an id is malformed, then BAD_USER_INPUT naming the argument and no data, for node() and for any item of nodes()', async () => {
    const bad = ['', 'base', '1', globalId('NoSuchType', 1), globalId('FarcasterUser', 'abc'), globalId('FarcasterUser', 0),
      globalId('Category', '01'), `${globalId('FarcasterUser', 1)}=`, globalId('LensProfile', '0x1'), 'x'.repeat(3000)];
    for (const id of bad) {
      const res = await errorOf(s.gql.request(NODE, { id }));
      expect([id, (res.data as any)?.node, res.errors?.[0].extensions?.code, res.errors?.[0].message.startsWith('id: ')]).toEqual([id, null, 'BAD_USER_INPUT', true]);
    }
    const res = await errorOf(s.gql.request(NODES, { ids: [seen[0].id, 'nope'] }));
    expect([(res.data as any)?.nodes ?? null, res.errors?.[0].extensions?.code, res.errors?.[0].message.startsWith('ids[1]: ')]).toEqual([null, 'BAD_USER_INPUT', true]);
    const tooMany = await errorOf(s.gql.request(NODES, { ids: Array.from({ length: 101 }, () => seen[0].id) }));
    expect([(tooMany.data as any)?.nodes ?? null, tooMany.errors?.[0].extensions?.code]).toEqual([null, 'BAD_USER_INPUT']);
  });

  it('when a well-formed id names nothing, then null in its place, the others answered', async () => {
    const unknown = [globalId('FarcasterUser', 424242), globalId('FarcasterChannel', 'nochannel'), globalId('TrendingChannel', 'week:nochannel'),
      globalId('FarcasterCast', '0xdead'), globalId('Category', 999), globalId('Webhook', '00000000-0000-4000-8000-000000000000'), globalId('WebhookDelivery', 999999)];
    expect((await s.gql.request<any>(NODE, { id: unknown[0] })).node).toBeNull();
    const { nodes } = await s.gql.request<any>(NODES, { ids: [seen[0].id, ...unknown] });
    expect(nodes.map((n: any) => n?.id ?? null)).toEqual([seen[0].id, ...unknown.map(() => null)]);
  });

  it('when many ids of several types are asked at once, then one statement per type, as for one id of each', async () => {
    const one = [...new Map(seen.filter((x) => !x.type.startsWith('Webhook') && x.type !== 'Category').map((x) => [x.type, x])).values()];
    const many = seen.filter((x) => !x.type.startsWith('Webhook') && x.type !== 'Category');
    expect(many.length).toBeGreaterThan(one.length);
    // A fresh request each time: its loaders start empty. Repeats and order do not add statements.
    const single = await s.statementsFor(() => s.gql.request(NODES, { ids: one.map((x) => x.id) }));
    const batched = await s.statementsFor(() => s.gql.request(NODES, { ids: [...many, ...many].reverse().map((x) => x.id) }));
    expect(batched).toBe(single);
    expect(single).toBeLessThanOrEqual(one.length + 2);
  });
});

describe('node() and nodes() on the content-tokens fixture (tokens, their rows, mentions)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'content-tokens' }); });
  afterAll(async () => { await s.close(); });

  it('when the ids of tokens, their categories, markets, prices and mentions are sent back, then each gives back the same object', async () => {
    const d = await s.gql.request<any>(`{ trendingTokens(date: "2024-06-10", limit: 5) { id nativeId categories { id nativeId } markets { id nativeId } price { id nativeId } }
      tokenMentions(date: "2024-06-10") { id nativeId } }`);
    const seen: Seen[] = [
      ...d.trendingTokens.map((t: any) => ({ type: 'Token', id: t.id, key: t.nativeId })),
      ...d.trendingTokens.flatMap((t: any) => t.categories).map((c: any) => ({ type: 'TokenCategory', id: c.id, key: c.nativeId })),
      ...d.trendingTokens.flatMap((t: any) => t.markets).map((m: any) => ({ type: 'TokenMarket', id: m.id, key: m.nativeId })),
      ...d.trendingTokens.flatMap((t: any) => (t.price ? [t.price] : [])).map((p: any) => ({ type: 'TokenPrice', id: p.id, key: p.nativeId })),
      ...d.tokenMentions.map((m: any) => ({ type: 'TokenMention', id: m.id, key: m.nativeId })),
    ];
    for (const type of ['Token', 'TokenCategory', 'TokenMarket', 'TokenPrice', 'TokenMention']) expect([type, seen.some((x) => x.type === type)]).toEqual([type, true]);
    await expectRoundTrip(s, seen);
    seen.forEach((x) => covered.add(x.type));
    // A token and its category row may share a number; never an id.
    expect(new Set(seen.map((x) => x.id)).size).toBe(seen.length);
  });
});

describe('node() and nodes() on the lens-surface fixture (profiles, collects)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'lens-surface' }); });
  afterAll(async () => { await s.close(); });

  it('when the ids of Lens profiles and collects are sent back, then each gives back the same object', async () => {
    const d = await s.gql.request<any>('{ lensProfile(id: "0x01") { id nativeId profileId collects { edges { node { id nativeId } } } } }');
    const collects = d.lensProfile.collects.edges.map((e: any) => e.node);
    expect(collects.length).toBeGreaterThan(0);
    expect(d.lensProfile.nativeId).toBe(d.lensProfile.profileId);
    await expectRoundTrip(s, [
      { type: 'LensProfile', id: d.lensProfile.id, key: '0x01' },
      ...collects.map((c: any) => ({ type: 'LensCollect', id: c.id, key: c.nativeId })),
    ]);
    covered.add('LensProfile').add('LensCollect');
  });
});

afterAll(() => {
  // Every Node type is proven above: a new one fails here until it is.
  expect([...covered].sort()).toEqual([...NODE_TYPE_NAMES].sort());
});

// Notifications on the notify fixture, through the running app: kinds, grouping,
// order, keyset paging, the seen mark per key, minQuality, and the refusals; on
// both protocols and both faces. The README of test/fixtures/notify derives
// every answer asserted here.
import { gql, GraphQLClient } from 'graphql-request';
import { SCOPES } from '../../src/auth/scopes';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { errorOf } from '../helpers/graphql-error';
import { setQualityScores } from '../helpers/quality-scores';

/** The first error's code and message of a request that must fail. */
async function graphqlErrorOf(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  const r: any = await errorOf(p);
  return { code: r.errors?.[0]?.extensions?.code, message: r.errors?.[0]?.message };
}

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'notify' }); });
afterAll(async () => { await s?.close(); });

const FC = gql`query ($fid: Int!, $first: Int, $after: String, $last: Int, $before: String, $kinds: [NotificationKind!], $minQuality: Float) {
  farcasterNotifications(fid: $fid, first: $first, after: $after, last: $last, before: $before, kinds: $kinds, minQuality: $minQuality) {
    totalCount unseenCount seenUpTo
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { key kind count actors { fid } targetHash castHash newestAt oldestAt seen } }
  }
}`;
const LENS = gql`query ($id: LensProfileId!, $first: Int, $kinds: [NotificationKind!], $minQuality: Float) {
  lensNotifications(profileId: $id, first: $first, kinds: $kinds, minQuality: $minQuality) {
    totalCount unseenCount
    edges { node { key kind count actors { profileId } targetPublicationId publicationId newestAt } }
  }
}`;
const MARK = gql`mutation ($viewer: String!, $protocol: Protocol!, $upTo: DateTimeISO) {
  markNotificationsSeen(viewer: $viewer, protocol: $protocol, upTo: $upTo) { protocol viewer seenUpTo }
}`;

/** The Farcaster table of the README: key, count, actor fids. */
const FC_ALL = [
  ['LIKE:0xa2:19888', 1, [5]], ['REPLY:0xc4', 1, [8]], ['MENTION:0xe1', 1, [7]], ['QUOTE:0xd1', 1, [6]],
  ['REPLY:0xc2', 1, [4]], ['REPLY:0xc1', 1, [3]], ['LIKE:0xa1:19887', 1, [8]], ['REPOST:0xa1:19886', 2, [4, 3]],
  ['LIKE:0xa1:19886', 6, [7, 6, 5, 4, 3]], ['FOLLOW:19885', 1, [5]], ['FOLLOW:19884', 3, [4, 3, 2]],
];
const FC_KEYS = FC_ALL.map(([k]) => k);

const fcPage = (vars: Record<string, unknown>, client: GraphQLClient = s.gql) => client.request<any>(FC, { fid: 1, ...vars }).then((d) => d.farcasterNotifications);
const summary = (c: any) => c.edges.map((e: any) => [e.node.key, e.node.count, e.node.actors.map((a: any) => a.fid)]);

describe('Farcaster notifications', () => {
  it('when fid 1 asks, then the 11 notifications of the README come newest first, grouped per target and UTC day', async () => {
    const c = await fcPage({ first: 20 });
    expect(summary(c)).toEqual(FC_ALL);
    expect(c.totalCount).toBe(11);
    expect(c.unseenCount).toBe(11);
    expect(c.seenUpTo).toBeNull();
    const byKey = new Map(c.edges.map((e: any) => [e.node.key, e.node]));
    expect(byKey.get('LIKE:0xa1:19886')).toMatchObject({ kind: 'LIKE', targetHash: '0xa1', castHash: null, newestAt: '2024-06-12T14:00:00.000Z', oldestAt: '2024-06-12T10:00:00.000Z', seen: false });
    expect(byKey.get('FOLLOW:19884')).toMatchObject({ kind: 'FOLLOW', targetHash: null, newestAt: '2024-06-10T23:59:59.000Z', oldestAt: '2024-06-10T08:00:00.000Z' });
    expect(byKey.get('REPLY:0xc4')).toMatchObject({ kind: 'REPLY', targetHash: '0xa2', castHash: '0xc4' });
    expect(byKey.get('QUOTE:0xd1')).toMatchObject({ kind: 'QUOTE', targetHash: '0xa2', castHash: '0xd1' });
    expect(byKey.get('MENTION:0xe1')).toMatchObject({ kind: 'MENTION', targetHash: '0xe1', castHash: '0xe1' });
    expect(c.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it('when paged by 4 forward and back, then every notification comes once, in order', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    const flags: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await fcPage({ first: 4, after });
      seen.push(...c.edges.map((e: any) => e.node.key));
      flags.push(c.pageInfo.hasNextPage);
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(seen).toEqual(FC_KEYS);
    expect(flags).toEqual([true, true, false]);
    const tail = await fcPage({ last: 4 });
    expect(tail.edges.map((e: any) => e.node.key)).toEqual(FC_KEYS.slice(7));
    expect(tail.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = await fcPage({ last: 4, before: tail.pageInfo.startCursor });
    expect(before.edges.map((e: any) => e.node.key)).toEqual(FC_KEYS.slice(3, 7));
  });

  it('when kinds or minQuality narrow the list, then the groups and counts follow the README', async () => {
    expect((await fcPage({ kinds: ['LIKE'] })).edges.map((e: any) => e.node.key)).toEqual(['LIKE:0xa2:19888', 'LIKE:0xa1:19887', 'LIKE:0xa1:19886']);
    await setQualityScores(s.testDb.db, 'farcaster', [[2, 0.9], [3, 0.9], [4, 0.9], [5, 0.5], [6, 0.1], [7, 0.1], [8, 0.1]]);
    const c = await fcPage({ minQuality: 0.6 });
    expect(summary(c)).toEqual([
      ['REPLY:0xc2', 1, [4]], ['REPLY:0xc1', 1, [3]], ['REPOST:0xa1:19886', 2, [4, 3]], ['LIKE:0xa1:19886', 3, [4, 3, 2]], ['FOLLOW:19884', 3, [4, 3, 2]],
    ]);
    expect(c.edges[3].node.newestAt).toBe('2024-06-12T11:00:00.000Z');
    expect(c.totalCount).toBe(5);
  });

  it('when a key marks fid 1 seen, then its notifications up to the mark are seen for that key only', async () => {
    const other = await s.app.keys.create({ name: 'other app', rateLimit: 100000, scopes: ['read'] });
    const otherClient = new GraphQLClient(`${s.baseUrl}/graphql`, { headers: { apikey: other.key } });
    const mark = await s.gql.request<any>(MARK, { viewer: '1', protocol: 'FARCASTER', upTo: '2024-06-13T05:00:00.000Z' });
    expect(mark.markNotificationsSeen).toEqual({ protocol: 'FARCASTER', viewer: '1', seenUpTo: '2024-06-13T05:00:00.000Z' });
    const c = await fcPage({});
    expect(c.unseenCount).toBe(4);
    expect(c.seenUpTo).toBe('2024-06-13T05:00:00.000Z');
    expect(c.edges.map((e: any) => e.node.seen)).toEqual([false, false, false, false, true, true, true, true, true, true, true]);
    // An earlier mark (a stale tab) leaves the later one.
    const again = await s.gql.request<any>(MARK, { viewer: '1', protocol: 'FARCASTER', upTo: '2024-06-01T00:00:00.000Z' });
    expect(again.markNotificationsSeen.seenUpTo).toBe('2024-06-13T05:00:00.000Z');
    // The read-only key of another app has its own mark, and may set it.
    const theirs = await fcPage({}, otherClient);
    expect(theirs.unseenCount).toBe(11);
    expect(theirs.seenUpTo).toBeNull();
    await otherClient.request(MARK, { viewer: '1', protocol: 'FARCASTER' });
    expect((await fcPage({}, otherClient)).unseenCount).toBe(0);
    expect((await fcPage({})).unseenCount).toBe(4);
  });

  it('when the input is bad, then BAD_USER_INPUT; an unknown fid is NOT_FOUND', async () => {
    const codeOf = async (p: Promise<unknown>) => (await graphqlErrorOf(p)).code;
    expect(await codeOf(fcPage({ minQuality: 1.5 }))).toBe('BAD_USER_INPUT');
    expect(await codeOf(fcPage({ after: 'not-a-cursor' }))).toBe('BAD_USER_INPUT');
    expect(await codeOf(fcPage({ first: 0 }))).toBe('BAD_USER_INPUT');
    expect(await codeOf(fcPage({ fid: 999 }))).toBe('NOT_FOUND');
    expect(await codeOf(s.gql.request(MARK, { viewer: 'abc', protocol: 'FARCASTER' }))).toBe('BAD_USER_INPUT');
    expect(await codeOf(s.gql.request(MARK, { viewer: '999', protocol: 'FARCASTER' }))).toBe('NOT_FOUND');
  });
});

describe('Lens notifications', () => {
  const lens = (vars: Record<string, unknown>) => s.gql.request<any>(LENS, { id: '0x1', ...vars }).then((d) => d.lensNotifications);

  it('when 0x01 asks, then the 5 notifications of the README come newest first', async () => {
    const c = await lens({});
    expect(c.edges.map((e: any) => [e.node.key, e.node.kind, e.node.count, e.node.actors.map((a: any) => a.profileId)])).toEqual([
      ['QUOTE:0x03-0x02', 'QUOTE', 1, ['0x03']], ['REPLY:0x02-0x01', 'REPLY', 1, ['0x02']], ['REPOST:0x01-0x01:19886', 'REPOST', 2, ['0x05', '0x04']],
      ['LIKE:0x01-0x01:19886', 'LIKE', 2, ['0x03', '0x02']], ['FOLLOW:19884', 'FOLLOW', 2, ['0x03', '0x02']],
    ]);
    expect(c.edges[0].node).toMatchObject({ targetPublicationId: '0x01-0x02', publicationId: '0x03-0x02', newestAt: '2024-06-13T06:00:00.000Z' });
    expect(c.totalCount).toBe(5);
  });

  it('when minQuality 0.5 is asked, then only 0x02\'s events count; MENTION on Lens is an empty list', async () => {
    await setQualityScores(s.testDb.db, 'lens', [['0x02', 0.9]]);
    const c = await lens({ minQuality: 0.5 });
    expect(c.edges.map((e: any) => [e.node.key, e.node.count])).toEqual([['REPLY:0x02-0x01', 1], ['LIKE:0x01-0x01:19886', 1], ['FOLLOW:19884', 1]]);
    // Lens rows name no mentions: asking for them alone is an empty list.
    const none = await lens({ kinds: ['MENTION'] });
    expect([none.totalCount, none.edges]).toEqual([0, []]);
    expect((await lens({ kinds: ['MENTION', 'QUOTE'] })).edges.map((e: any) => e.node.key)).toEqual(['QUOTE:0x03-0x02']);
  });
});

describe('the scope of notifications', () => {
  it('when a read-only key asks, then it reads and marks (no other scope is needed)', async () => {
    const reader = await s.app.keys.create({ name: 'frontend', rateLimit: 100000, scopes: SCOPES.filter((x) => x === 'read') });
    const client = new GraphQLClient(`${s.baseUrl}/graphql`, { headers: { apikey: reader.key } });
    expect((await client.request<any>(LENS, { id: '0x01' })).lensNotifications.totalCount).toBe(5);
    expect((await client.request<any>(MARK, { viewer: '0x1', protocol: 'LENS' })).markNotificationsSeen.viewer).toBe('0x01');
  });
});

describe('REST /api/v2 notifications', () => {
  it('when fid 1\'s notifications are read by page, then the REST pages are the GraphQL list, flattened, with the key\'s seen state', async () => {
    // The mark of the GraphQL test, set again (marks never move back, so this holds in any order).
    expect((await s.rest('/api/v2/farcaster/user/1/notifications/seen', { body: { upTo: '2024-06-13T05:00:00Z' } })).body.seenUpTo).toBe('2024-06-13T05:00:00.000Z');
    const first = await s.rest('/api/v2/farcaster/user/1/notifications?first=6');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ fid: 1, totalCount: 11, unseenCount: 4, seenUpTo: '2024-06-13T05:00:00.000Z', pageInfo: { hasNextPage: true } });
    expect(first.body.notifications.map((n: any) => n.key)).toEqual(FC_KEYS.slice(0, 6));
    expect(first.body.notifications[0]).toMatchObject({ kind: 'LIKE', count: 1, targetHash: '0xa2', seen: false, actors: [expect.objectContaining({ fid: 5 })] });
    const rest = await s.rest(`/api/v2/farcaster/user/1/notifications?first=6&after=${first.body.pageInfo.endCursor}`);
    expect(rest.body.notifications.map((n: any) => n.key)).toEqual(FC_KEYS.slice(6));
    expect(rest.body.pageInfo.hasNextPage).toBe(false);
    const likes = await s.rest('/api/v2/farcaster/user/1/notifications?kinds=LIKE,REPOST');
    expect(likes.body.notifications.map((n: any) => n.key)).toEqual(['LIKE:0xa2:19888', 'LIKE:0xa1:19887', 'REPOST:0xa1:19886', 'LIKE:0xa1:19886']);
  });

  it('when Lens 0x01 is marked seen over REST, then its list says so', async () => {
    const before = await s.rest('/api/v2/lens/profile/0x1/notifications');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ profileId: '0x01', totalCount: 5, unseenCount: 5, seenUpTo: null });
    expect(before.body.notifications[2]).toMatchObject({ key: 'REPOST:0x01-0x01:19886', targetPublicationId: '0x01-0x01', publicationId: null, actors: [expect.objectContaining({ id: '0x05' }), expect.objectContaining({ id: '0x04' })] });
    const mark = await s.rest('/api/v2/lens/profile/0x01/notifications/seen', { body: { upTo: '2024-06-12T13:00:00.000Z' } });
    expect(mark.status).toBe(200);
    expect(mark.body).toEqual({ protocol: 'lens', viewer: '0x01', seenUpTo: '2024-06-12T13:00:00.000Z' });
    const after = await s.rest('/api/v2/lens/profile/0x01/notifications');
    expect(after.body.unseenCount).toBe(2);
    expect(after.body.notifications.map((n: any) => n.seen)).toEqual([false, false, true, true, true]);
  });

  it('when the input is bad, then 400 naming it; an unknown account is 404', async () => {
    for (const q of ['minQuality=2', 'first=0', 'first=101', 'after=nope', 'kinds=SHOUT', 'first=2&last=2']) {
      const r = await s.rest(`/api/v2/farcaster/user/1/notifications?${q}`);
      expect([q, r.status]).toEqual([q, 400]);
    }
    expect((await s.rest('/api/v2/farcaster/user/1/notifications/seen', { body: { upTo: 'yesterday' } })).status).toBe(400);
    expect((await s.rest('/api/v2/farcaster/user/999/notifications')).status).toBe(404);
    expect((await s.rest('/api/v2/lens/profile/0x99/notifications')).status).toBe(404);
    expect((await s.rest('/api/v2/farcaster/user/999/notifications/seen', { body: {} })).status).toBe(404);
  });
});

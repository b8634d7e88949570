// Apollo Client 4, as a frontend sets it up from the package
// (`@social-graph-analytics/client/apollo`, the compiled ES module), against the
// real server on the analytics fixture: a profile read through a fragment on the
// ProfileSummary interface, then the user's followers paged with fetchMore
// twice. Apollo's development warnings are on and any console warning or error
// fails the test; the same flow on a cache without the generated policies shows
// what they prevent (the check can fail).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import type * as Apollo from '@apollo/client';
import type * as ClientApollo from '../../client/src/apollo';
import { createClient, FarcasterProfileCardDocument } from '../../client/src/index';
import { startTestServer, type TestServer } from '../helpers/test-server';

type ApolloModule = typeof Apollo;
type PackageApollo = typeof ClientApollo;

// Apollo and the package's entry are ES modules; jest runs this file as CommonJS, so they are imported at run time.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- a real import(), which the compiler would turn into require()
const importEsm = new Function('m', 'return import(m)') as (m: string) => Promise<any>;
const PACKAGE_APOLLO = pathToFileURL(path.join(__dirname, '..', '..', 'client', 'dist', 'apollo.js')).href;

// A profile card and a followers page as a frontend writes them: the card through a fragment on the interface,
// the page's nodes with a smaller selection of the same users' metadata and stats.
const PROFILE = `
  fragment ProfileCard on ProfileSummary {
    id
    handle { localName }
    metadata { displayName bio picture { raw { uri } } }
    stats { followers following posts }
  }
  query Profile($fid: Int!) { farcasterUser(fid: $fid) { fid username ...ProfileCard } }`;
const FOLLOWERS = `
  query Followers($fid: Int!, $first: Int!, $after: String) {
    farcasterUser(fid: $fid) {
      id
      followers(first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { cursor followedAt node { id fid username metadata { displayName } stats { followers } } }
      }
    }
  }`;

interface Profile { fid: number; id?: string; stats?: { followers: number; following: number; posts: number }; metadata?: unknown }
interface FollowersData {
  farcasterUser: { followers: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: Array<{ node: { fid: number } }> } };
}

describe('Apollo Client 4 with the package\'s cache on a started server', () => {
  let s: TestServer;
  let apollo: ApolloModule;
  let pkg: PackageApollo;
  let logged: string[];
  const spies: jest.SpyInstance[] = [];

  beforeAll(async () => {
    // Apollo's development build: its cache warnings are printed only when __DEV__ is set before it loads.
    (globalThis as { __DEV__?: boolean }).__DEV__ = true;
    apollo = await importEsm('@apollo/client');
    const dev = await importEsm('@apollo/client/dev');
    dev.loadDevMessages();
    dev.loadErrorMessages();
    apollo.setLogVerbosity('log');
    pkg = await importEsm(PACKAGE_APOLLO);
    s = await startTestServer({ fixture: 'analytics' });
  });
  afterAll(() => s.close());

  beforeEach(() => {
    logged = [];
    for (const level of ['warn', 'error'] as const) {
      spies.push(jest.spyOn(console, level).mockImplementation((...args: unknown[]) => { logged.push(`${level}: ${format(...args)}`); }));
    }
  });
  afterEach(() => { for (const spy of spies.splice(0)) spy.mockRestore(); });

  /** The card of fid 2, then its followers' card of fid 5, then the followers of fid 2 paged 3 at a time to the end. */
  async function profileThenFollowers(client: InstanceType<ApolloModule['ApolloClient']>) {
    const profile = apollo.gql(PROFILE);
    const card = async (fid: number) => ((await client.query({ query: profile, variables: { fid } })).data as { farcasterUser: Profile }).farcasterUser;
    const user = await card(2);
    const follower = await card(5);

    const watched = client.watchQuery({ query: apollo.gql(FOLLOWERS), variables: { fid: 2, first: 3 } });
    let firstPage!: (page: FollowersData) => void;
    const loaded = new Promise<FollowersData>((resolve) => { firstPage = resolve; });
    const subscription = watched.subscribe(({ data, dataState }) => { if (dataState === 'complete') firstPage(data as FollowersData); });
    try {
      const pages = [await loaded];
      for (let more = 0; more < 2; more++) {
        const { endCursor } = pages.at(-1)!.farcasterUser.followers.pageInfo;
        pages.push((await watched.fetchMore({ variables: { after: endCursor } })).data as FollowersData);
      }
      // The list the cache holds for the query's first variables, as a component watching it renders.
      const merged = client.readQuery<FollowersData>({ query: watched.query, variables: { fid: 2, first: 3 } })!.farcasterUser.followers;
      // What the card of fid 5 reads from the cache once the pages have written fid 5 again.
      const cachedFollower = client.readQuery<{ farcasterUser: Profile }>({ query: profile, variables: { fid: 5 } })?.farcasterUser;
      return { user, follower, pages, merged, cachedFollower };
    } finally {
      subscription.unsubscribe();
    }
  }

  it('when the card is read through the interface fragment and the followers are paged twice with fetchMore, then the list grows to all seven, newest first, with no console warning or error', async () => {
    const client = pkg.createApolloClient({ url: `${s.baseUrl}/graphql`, apiKey: s.key });
    const { user, follower, pages, merged, cachedFollower } = await profileThenFollowers(client);

    // The fragment on ProfileSummary answered: the same summary the fetch client reads for the same users.
    const fetchClient = createClient({ url: `${s.baseUrl}/graphql`, apiKey: s.key });
    const summary = async (fid: number) => {
      const u = (await fetchClient.request(FarcasterProfileCardDocument, { fid })).farcasterUser!;
      return { id: u.id, stats: u.stats, metadata: u.metadata };
    };
    expect(user).toMatchObject({ fid: 2, stats: { followers: 7, following: 1, posts: 1 } });
    expect(user).toMatchObject(await summary(2));
    expect(follower).toMatchObject(await summary(5));

    // Each fetchMore answered its own page; the cache appended them into one list in the fixture's order.
    expect(pages.map((p) => p.farcasterUser.followers.edges.map((e) => e.node.fid))).toEqual([[5, 4, 3], [1, 32, 31], [30]]);
    expect(merged.edges.map((e) => e.node.fid)).toEqual([5, 4, 3, 1, 32, 31, 30]);
    expect([merged.totalCount, merged.pageInfo.hasNextPage]).toEqual([7, false]);
    // Fid 5 is one entity: the page's smaller stats merged into the card's, nothing of the card lost.
    expect(cachedFollower).toEqual(follower);
    expect(logged).toEqual([]);
  });

  it('when the same flow runs on a cache without possibleTypes, then Apollo warns that it cannot match the fragment and the card lacks its summary', async () => {
    const client = new apollo.ApolloClient({
      link: new apollo.HttpLink({ uri: `${s.baseUrl}/graphql`, headers: { apikey: s.key } }),
      cache: new apollo.InMemoryCache(),
    });
    const { user } = await profileThenFollowers(client);
    expect(logged).toEqual(expect.arrayContaining([expect.stringContaining('missing `possibleTypes` entry for the supertype of FarcasterUser')]));
    expect(user).toEqual({ __typename: 'FarcasterUser', fid: 2, username: 'user2' });
  });

  it('when the same flow runs on a cache with possibleTypes but no type policies, then Apollo warns of data lost in stats and metadata and each page is kept apart', async () => {
    const client = new apollo.ApolloClient({
      link: new apollo.HttpLink({ uri: `${s.baseUrl}/graphql`, headers: { apikey: s.key } }),
      cache: new apollo.InMemoryCache({ possibleTypes: pkg.possibleTypes }),
    });
    const { merged } = await profileThenFollowers(client);
    expect(logged).toEqual(expect.arrayContaining([
      expect.stringContaining('Cache data may be lost when replacing the stats field of a FarcasterUser object'),
      expect.stringContaining('Cache data may be lost when replacing the metadata field of a FarcasterUser object'),
    ]));
    // Without relayStylePagination each cursor is another list: the first variables still read the first page alone.
    expect(merged.edges.map((e) => e.node.fid)).toEqual([5, 4, 3]);
  });

  it('when the generated policies are read, then every connection field pages Relay-style, each embedded value merges and ProfileSummary names both profile types', () => {
    expect(pkg.possibleTypes.ProfileSummary).toEqual(['FarcasterUser', 'LensProfile']);
    const policies = pkg.typePolicies;
    for (const t of ['ProfileStats', 'ProfileMetadata', 'ProfileRank', 'RankEntry', 'Handle']) expect([t, policies[t]?.merge]).toEqual([t, true]);
    expect(policies.FarcasterUser?.keyFields).toEqual(['id']);
    const followers = policies.FarcasterUser?.fields?.followers as { keyArgs?: unknown; merge?: unknown; read?: unknown };
    expect([followers.keyArgs, typeof followers.merge, typeof followers.read]).toEqual([['minQuality', 'page'], 'function', 'function']);
    // Arguments other than the cursors keep separate lists: one trending list per protocol and window.
    expect((policies.Query?.fields?.trending as { keyArgs?: unknown }).keyArgs).toEqual(['categories', 'minQuality', 'page', 'protocol', 'ratio']);

    // A day without mentions has a null id: it stays embedded rather than every such day sharing `TokenMentionDay:null`.
    const cache = pkg.createApolloCache();
    expect(cache.identify({ __typename: 'TokenMentionDay', id: null })).toBeUndefined();
    expect(cache.identify({ __typename: 'TokenMentionDay', id: 'a772bd11' })).toBe('TokenMentionDay:{"id":"a772bd11"}');
    expect(cache.identify({ __typename: 'FarcasterUser', id: '2' })).toBe('FarcasterUser:{"id":"2"}');
  });
});

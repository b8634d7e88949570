// Relay, as a frontend uses it with the package: relay-compiler (the real
// binary) on client/example-relay's fragments, with @connection on a user's
// followers and @refetchable on the user, against the package's schema copy;
// then relay-runtime on the package's environment (createRelayEnvironment)
// normalizing the answers of a server started on the analytics fixture, and
// paging the followers twice through the refetchable query. Any console warning
// or error (relay-runtime's warnings print there) fails the test.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { format, promisify } from 'node:util';
import type { Environment } from 'relay-runtime';
import { createClient, FarcasterProfileCardDocument } from '../../client/src/index';
import { createRelayEnvironment } from '../../client/src/relay';
import { startTestServer, type TestServer } from '../helpers/test-server';

const run = promisify(execFile);
const EXAMPLE = path.join(__dirname, '..', '..', 'client', 'example-relay');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- relay-compiler's main is CommonJS without types: its binary's path
const RELAY_COMPILER: string | null = require('relay-compiler');

interface Follower { followedAt: string; node: { fid: number; username?: string | null; ' $fragmentSpreads': unknown } }
interface Followers { id: string; followers: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor?: string | null }; edges: Follower[] } }
interface Card { id: string; handle?: unknown; metadata: unknown; stats: { followers: number; following: number; posts: number } }
/** The example's functions (client/example-relay/user-page.ts), loaded once relay-compiler has written the artifacts they import. */
interface RelayExample {
  loadUserPage(environment: Environment, fid: number): Promise<{ user: ({ fid: number } & object) | null; retained: { dispose(): void } }>;
  readProfileCard(environment: Environment, ref: unknown): Card;
  readFollowers(environment: Environment, ref: unknown): Followers;
  loadMoreFollowers(environment: Environment, ref: unknown, count: number): Promise<void>;
}

describe('Relay on the example\'s fragments against a started server', () => {
  let s: TestServer;
  let example: RelayExample;
  let logged: string[];
  const spies: jest.SpyInstance[] = [];

  beforeAll(async () => {
    if (!RELAY_COMPILER) throw new Error(`relay-compiler has no binary for ${process.platform}-${process.arch}`);
    // --validate: fails when the schema refuses a document or a committed artifact is not what the compiler writes.
    await run(RELAY_COMPILER, ['--validate'], { cwd: EXAMPLE }).catch((e: { stdout?: string; stderr?: string }) => {
      throw new Error(`relay-compiler --validate failed (run \`npm run client:relay\` and commit client/example-relay/__generated__):\n${e.stdout}${e.stderr}`);
    });
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only once relay-compiler has written the artifacts it imports
        example = require(path.join(EXAMPLE, 'user-page.ts')) as RelayExample;
    s = await startTestServer({ fixture: 'analytics' });
  });
  afterAll(() => s?.close());

  beforeEach(() => {
    logged = [];
    for (const level of ['warn', 'error'] as const) {
      spies.push(jest.spyOn(console, level).mockImplementation((...args: unknown[]) => { logged.push(`${level}: ${format(...args)}`); }));
    }
  });
  afterEach(() => { for (const spy of spies.splice(0)) spy.mockRestore(); });

  it('when a user\'s page is loaded and the followers are paged twice through the refetchable query, then the stored list grows to all seven, newest first, each follower one record, with no warning', async () => {
    const environment = createRelayEnvironment({ url: `${s.baseUrl}/graphql`, apiKey: s.key });
    const { user, retained } = await example.loadUserPage(environment, 2);
    try {
      expect(user?.fid).toBe(2);
      const fetchClient = createClient({ url: `${s.baseUrl}/graphql`, apiKey: s.key });
      const summary = async (fid: number) => {
        const u = (await fetchClient.request(FarcasterProfileCardDocument, { fid })).farcasterUser!;
        return { stats: u.stats, handle: u.handle, metadata: { displayName: u.metadata.displayName, bio: u.metadata.bio } };
      };
      // The card's fragment on the ProfileSummary interface reads the same summary the fetch client answers.
      expect(example.readProfileCard(environment, user)).toMatchObject(await summary(2));

      const fids = () => example.readFollowers(environment, user).followers.edges.map((e) => e.node.fid);
      expect(fids()).toEqual([5, 4, 3]);
      await example.loadMoreFollowers(environment, user, 3);
      expect(fids()).toEqual([5, 4, 3, 1, 32, 31]);
      await example.loadMoreFollowers(environment, user, 3);
      const { followers } = example.readFollowers(environment, user);
      expect(followers.edges.map((e) => e.node.fid)).toEqual([5, 4, 3, 1, 32, 31, 30]);
      expect([followers.totalCount, followers.pageInfo.hasNextPage]).toEqual([7, false]);

      // Normalized: a follower's card is read from its own record, the same one a page of its own would fill.
      const first = followers.edges[0];
      const card = example.readProfileCard(environment, first.node);
      expect(card).toMatchObject(await summary(5));
      expect(environment.getStore().getSource().get(card.id)).toMatchObject({ __typename: 'FarcasterUser', fid: 5 });
      expect(logged).toEqual([]);
    } finally {
      retained.dispose();
    }
  });

  it('when the user is unknown, then the page\'s user is null with no warning and the environment still answers', async () => {
    const environment = createRelayEnvironment({ url: `${s.baseUrl}/graphql`, apiKey: s.key });
    const missing = await example.loadUserPage(environment, 99999999);
    expect(missing.user).toBeNull();
    missing.retained.dispose();
    expect((await example.loadUserPage(environment, 2)).user?.fid).toBe(2);
    expect(logged).toEqual([]);
  });
});

// The real app on port 0 over a fresh test database, with a fixture imported
// and a key created: what a client sees, nothing stubbed.
import path from 'node:path';
import { GraphQLClient } from 'graphql-request';
import { SCOPES } from '../../src/auth/scopes';
import type { Config } from '../../src/config/config.schema';
import type { PostClassifier } from '../../src/content/classifier.types';
import { ingest } from '../../src/jobs/ingest';
import type { App } from '../../src/http/app';
import { serveApp, testConfig, stopServer } from './serve-app';
import { fixtureKey, seededTestDatabase } from './seeded-database';
import { createTestDatabase, type TestDatabase } from './test-database';
import type { Database } from '../../src/db/database';

export interface TestServer {
  baseUrl: string;
  key: string;
  testDb: TestDatabase;
  /** The running app (its push dispatcher, keys). */
  app: App;
  gql: GraphQLClient;
  /** GET/POST a REST path with the key; returns status, headers and parsed body. */
  rest(pathAndQuery: string, init?: { method?: string; body?: unknown; key?: string | null }): Promise<{ status: number; body: any; headers: Headers }>;
  /** SQL statements the database ran while `run` ran (Prisma query events): proves batching. */
  statementsFor(run: () => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

/** JSON with every object's keys sorted: the same settings give the same text. */
const stableJson = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) =>
  (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/**
 * The settings an ingest reads (the classifier's and the refresh's). A fixture's seeded copy is keyed by these
 * alone, so files that differ only in serving settings (cache sizes, push timings, limits) share one copy.
 */
const SEED_SETTINGS: ReadonlySet<string> = new Set([
  'GRAPH_ALPHA', 'GRAPH_TOLERANCE', 'GRAPH_PRETRUST_FARCASTER', 'GRAPH_PRETRUST_LENS', 'CHANNEL_RANK_CHANNELS',
  'CHANNEL_RANK_MIN_CASTERS', 'RANK_HISTORY_DAYS', 'RANK_HISTORY_INTERVAL_MINUTES', 'LLM_BASE_URL', 'LLM_API_KEY',
  'LLM_MODEL', 'LLM_BATCH_SIZE', 'LLM_CONCURRENCY', 'LLM_TIMEOUT_MS', 'LLM_MAX_RETRIES',
] satisfies (keyof Config)[]);

const seedSettingsOf = (config: Config) => Object.fromEntries(Object.entries(config).filter(([key]) => SEED_SETTINGS.has(key)));

/**
 * The config as a seed sees it: reading a setting outside SEED_SETTINGS throws, so a seed step that starts
 * reading one fails the seeding test instead of being answered from a copy made under another value.
 */
const seedView = (config: Config): Config => new Proxy(config, {
  get(target, prop, receiver) {
    if (typeof prop === 'string' && prop in target && !SEED_SETTINGS.has(prop)) {
      throw new Error(`the seed read ${prop}, which its copy is not keyed by: add it to SEED_SETTINGS in test/helpers/test-server.ts`);
    }
    return Reflect.get(target, prop, receiver) as unknown;
  },
});

/** A fixture's folder by name; an absolute path (a generated dataset) is itself. */
export const fixture = (name: string) => (path.isAbsolute(name) ? name : path.join(__dirname, '..', 'fixtures', name));

/** A state to start from that no fixture folder holds (a generated dataset): `key` names what `run` does beyond the code. */
export interface ServerSeed { key: string; run(db: Database, config: Config): Promise<unknown> }

export async function startTestServer(opts: { fixture?: string; seed?: ServerSeed; config?: Partial<Config>; classifier?: PostClassifier; clock?: () => Date } = {}): Promise<TestServer> {
  const config = testConfig(opts.config);
  // The same ingest as `npm run cli -- import`: classifier and graph-score settings from the config unless a classifier is given.
  const seed = (dir: string) => (db: Database) => ingest(db, seedView(config), { import: { dir, progress: 'silent' }, classify: { classifier: opts.classifier }, refresh: {} });
  let testDb: TestDatabase;
  if (opts.seed) {
    const seed = opts.seed;
    testDb = await seededTestDatabase(`seed:${seed.key}:${stableJson(config)}`, (db) => seed.run(db, config));
  } else if (!opts.fixture) testDb = await createTestDatabase();
  else if (opts.classifier) {
    // A classifier given by the test is code the seed key cannot name: this ingest runs on its own.
    testDb = await createTestDatabase();
    await seed(fixture(opts.fixture))(testDb.db);
  } else {
    // The seeded state depends on the fixture's files and on the seed's settings (the code and migrations are in the key).
    const dir = fixture(opts.fixture);
    testDb = await seededTestDatabase(`fixture:${fixtureKey(dir)}:${stableJson(seedSettingsOf(config))}`, seed(dir));
  }
  const { app, server, base: baseUrl } = await serveApp(config, testDb.db, { clock: opts.clock });
  const { keys, close } = app;
  // Every scope: the tests of each face use this one key.
  const { key } = await keys.create({ name: 'test', rateLimit: 100000, scopes: SCOPES });

  return {
    baseUrl, key, testDb, app,
    // A current client: it accepts the GraphQL-over-HTTP media type, so requests refused before execution keep their 4xx.
    gql: new GraphQLClient(`${baseUrl}/graphql`, { headers: { apikey: key, accept: 'application/graphql-response+json, application/json' } }),
    async rest(p, init = {}) {
      const headers: Record<string, string> = {};
      const k = init.key === undefined ? key : init.key;
      if (k !== null) headers.apikey = k;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${baseUrl}${p}`, {
        method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'), headers,
        body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try { body = JSON.parse(text); } catch { /* not JSON: keep the text */ }
      return { status: res.status, body, headers: res.headers };
    },
    async statementsFor(run) {
      const before = testDb.db.statementCount;
      await run();
      return testDb.db.statementCount - before;
    },
    async close() {
      await stopServer(server);
      await close();
      await testDb.close();
    },
  };
}

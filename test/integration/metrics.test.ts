// /metrics as Prometheus scrapes it from the real app on a real database:
// known requests on both faces move exact counters and histogram counts under
// their route patterns, codes and operation names; imports and refreshes show
// as durations and as times read from the database; a stalled database
// leaves the scrape bounded and answered.
import { Client } from 'pg';
import { refreshAnalytics } from '../../src/analytics/refresh';
import { KeyService } from '../../src/auth/key.service';
import { ingest } from '../../src/jobs/ingest';
import { testConfig } from '../helpers/serve-app';
import { onPostgres } from '../helpers/test-database';
import { fixture, startTestServer, type TestServer } from '../helpers/test-server';
import { parsePrometheus, type Exposition } from '../helpers/prometheus-text';

const PROFILE = '/api/farcaster/user/profile/:fid';

async function scrape(server: TestServer): Promise<Exposition> {
  const res = await fetch(`${server.baseUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(await res.text());
}

/** How much each sample moved between two scrapes (absent counts as 0). */
const delta = (before: Exposition, after: Exposition) => (name: string, labels: Record<string, string> = {}) =>
  (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);

async function graphql(server: TestServer, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', apikey: server.key, accept: 'application/graphql-response+json, application/json', ...headers },
  });
  return { status: res.status, body: await res.json() };
}

describe('/metrics with a dataset', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ fixture: 'api-basic' }); });
  afterAll(async () => { await server.close(); });

  it('when REST answers 200, 404, 400, 401 and 429, then each is counted under the route pattern with its status, and error answers by code', async () => {
    const before = await scrape(server);
    expect((await server.rest('/api/farcaster/user/profile/1')).status).toBe(200);
    expect((await server.rest('/api/farcaster/user/profile/1')).status).toBe(200);
    expect((await server.rest('/api/farcaster/user/profile/999999')).status).toBe(404);
    expect((await server.rest('/api/farcaster/user/profile/abc')).status).toBe(400);
    expect((await server.rest('/api/farcaster/user/profile/1', { key: null })).status).toBe(401);
    expect((await server.rest('/no/such/path/17')).status).toBe(404);
    const { key: oneAMinute } = await new KeyService(server.testDb.db, 600, 0, 10).create({ name: 'one a minute', rateLimit: 1 });
    expect((await server.rest('/api/farcaster/user/profile/1', { key: oneAMinute })).status).toBe(200);
    expect((await server.rest('/api/farcaster/user/profile/1', { key: oneAMinute })).status).toBe(429);
    const d = delta(before, await scrape(server));

    const requests = (status: string, route = PROFILE) => d('sga_http_requests_total', { method: 'GET', route, status });
    expect([requests('200'), requests('404'), requests('400'), requests('401'), requests('429')]).toEqual([3, 1, 1, 1, 1]);
    // The raw paths never become labels: an unknown one is `unmatched`.
    expect(requests('404', 'unmatched')).toBe(1);
    expect(d('sga_http_request_duration_seconds_count', { method: 'GET', route: PROFILE })).toBe(7);
    expect(d('sga_http_request_duration_seconds_bucket', { method: 'GET', route: PROFILE, le: '+Inf' })).toBe(7);
    // The previous scrape counts under its own route.
    expect(d('sga_http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBe(1);

    const errors = (code: string) => d('sga_errors_total', { code, surface: 'rest' });
    expect({ NOT_FOUND: errors('NOT_FOUND'), BAD_USER_INPUT: errors('BAD_USER_INPUT'), UNAUTHENTICATED: errors('UNAUTHENTICATED'), RATE_LIMITED: errors('RATE_LIMITED') })
      .toEqual({ NOT_FOUND: 2, BAD_USER_INPUT: 1, UNAUTHENTICATED: 1, RATE_LIMITED: 1 });
    expect(d('sga_errors_total', { code: 'NOT_FOUND', surface: 'graphql' })).toBe(0);

    // The route's own GraphQL operation ran for the 200s, the unknown fid and `abc` (refused by the operation's variable
    // coercion, as on the GraphQL face); the 401 and the 429 were answered before the route.
    const op = { operation: 'RestFarcasterUserProfile', type: 'query', surface: 'rest' };
    expect(d('sga_graphql_operations_total', { ...op, outcome: 'success' })).toBe(3);
    expect(d('sga_graphql_operations_total', { ...op, outcome: 'error' })).toBe(2);
    expect(d('sga_graphql_operation_duration_seconds_count', op)).toBe(5);
  });

  it('when GraphQL operations succeed, fail and are refused, then they are counted by name, type and outcome on the graphql surface, errors once by code', async () => {
    const before = await scrape(server);
    expect((await graphql(server, { query: 'query ProfileOne { farcasterUsers(fids: [1]) { fid } }' })).status).toBe(200);
    expect((await graphql(server, { query: 'query ProfileOne { farcasterUsers(fids: [2]) { fid } }', operationName: 'ProfileOne' })).status).toBe(200);
    expect((await graphql(server, { query: '{ farcasterUsers(fids: [1]) { fid } }' })).status).toBe(200);
    const missing = await graphql(server, { query: 'query MissingUser { farcasterUser(fid: 999999) { fid } }' });
    expect([missing.status, missing.body.errors[0].extensions.code]).toEqual([200, 'NOT_FOUND']);
    // Refused before execution: a 400 for a client that accepts application/graphql-response+json, a 200 with errors for a legacy one.
    expect((await graphql(server, { query: 'query Broken { nope }', operationName: 'Broken' })).status).toBe(400);
    const legacy = await graphql(server, { query: 'query Broken { nope }', operationName: 'Broken' }, { accept: 'application/json' });
    expect([legacy.status, legacy.body.errors[0].extensions.code]).toEqual([200, 'BAD_USER_INPUT']);
    expect((await graphql(server, { query: '{ __typename }' }, { apikey: 'sga_wrong' })).status).toBe(401);
    const d = delta(before, await scrape(server));

    const ops = (operation: string, type: string, outcome: string) => d('sga_graphql_operations_total', { operation, type, surface: 'graphql', outcome });
    expect({
      profileOne: ops('ProfileOne', 'query', 'success'), anonymous: ops('anonymous', 'query', 'success'),
      missing: ops('MissingUser', 'query', 'error'), broken: ops('Broken', 'unknown', 'error'),
    }).toEqual({ profileOne: 2, anonymous: 1, missing: 1, broken: 2 });
    expect(d('sga_graphql_operation_duration_seconds_count', { operation: 'ProfileOne', type: 'query', surface: 'graphql' })).toBe(2);

    const requests = (status: string) => d('sga_http_requests_total', { method: 'POST', route: '/graphql', status });
    expect([requests('200'), requests('400'), requests('401')]).toEqual([5, 1, 1]);
    expect(d('sga_http_request_duration_seconds_count', { method: 'POST', route: '/graphql' })).toBe(7);

    const errors = (code: string) => d('sga_errors_total', { code, surface: 'graphql' });
    // Each error answer once: the partial 200, the 400, the legacy 200 and the 401; the successes none.
    expect({ NOT_FOUND: errors('NOT_FOUND'), BAD_USER_INPUT: errors('BAD_USER_INPUT'), UNAUTHENTICATED: errors('UNAUTHENTICATED') })
      .toEqual({ NOT_FOUND: 1, BAD_USER_INPUT: 2, UNAUTHENTICATED: 1 });
    expect(d('sga_errors_total', { code: 'NOT_FOUND', surface: 'rest' })).toBe(0);
  });

  it('when scraped, then the sync metrics keep their names (none without a syncer), process metrics carry the sga_ prefix and every family has a type', async () => {
    const m = await scrape(server);
    expect(m.types.get('sga_sync_up')).toBe('gauge');
    expect(m.types.get('sga_sync_stalls_total')).toBe('counter');
    expect(m.all('sga_sync_up')).toEqual([]);
    expect(m.value('sga_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(m.types.get('sga_nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(m.value('sga_db_up')).toBe(1);
    for (const s of m.samples) expect(m.types.has(s.name.replace(/_(bucket|sum|count)$/, '')) || m.types.has(s.name)).toBe(true);
  });
});

describe('/metrics and the data', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.close(); });

  it('when a dataset is imported and refreshed in the process, then durations are observed, and data age, last refresh and last import are read from the database', async () => {
    const empty = await scrape(server);
    expect(empty.all('sga_data_age_seconds')).toEqual([]);
    expect(empty.all('sga_import_last_success_timestamp_seconds')).toEqual([]);
    expect(empty.value('sga_imports_running')).toBe(0);
    expect(empty.value('sga_import_duration_seconds_count', { outcome: 'ok' })).toBeUndefined();

    const from = Date.now() / 1000;
    await ingest(server.testDb.db, testConfig(), { import: { dir: fixture('api-basic'), progress: 'silent' }, refresh: {} });
    const to = Date.now() / 1000;
    const m = await scrape(server);
    expect(m.value('sga_import_duration_seconds_count', { outcome: 'ok' })).toBe(1);
    expect(m.value('sga_refresh_duration_seconds_count', { protocol: 'farcaster', outcome: 'ok' })).toBe(1);
    expect(m.value('sga_refresh_duration_seconds_count', { protocol: 'lens', outcome: 'ok' })).toBe(1);
    for (const protocol of ['farcaster', 'lens']) {
      expect(m.value('sga_data_age_seconds', { protocol })).toBeGreaterThan(0);
      const refreshed = m.value('sga_refresh_last_timestamp_seconds', { protocol })!;
      expect(refreshed).toBeGreaterThanOrEqual(Math.floor(from) - 1);
      expect(refreshed).toBeLessThanOrEqual(to + 1);
    }
    const imported = m.value('sga_import_last_success_timestamp_seconds')!;
    expect(imported).toBeGreaterThanOrEqual(Math.floor(from) - 1);
    expect(imported).toBeLessThanOrEqual(to + 1);
    expect(m.value('sga_import_last_duration_seconds', { status: 'ok' })).toBeGreaterThan(0);
    expect(m.value('sga_imports_running')).toBe(0);

    // A refresh that fails is observed as failed, for its protocol only.
    await expect(refreshAnalytics(server.testDb.db, { protocols: ['lens'], afterStep: () => Promise.reject(new Error('injected')) })).rejects.toThrow('injected');
    const after = await scrape(server);
    expect(after.value('sga_refresh_duration_seconds_count', { protocol: 'lens', outcome: 'failed' })).toBe(1);
    expect(after.value('sga_refresh_duration_seconds_count', { protocol: 'lens', outcome: 'ok' })).toBe(1);
    expect(after.value('sga_refresh_duration_seconds_count', { protocol: 'farcaster', outcome: 'failed' })).toBeUndefined();
  });

  it('when the database stalls, then the scrape still answers within about a second, without the series that need a query', async () => {
    const db = server.testDb.db;
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let held: Promise<unknown>;
    let pglitePending: Promise<unknown>[] = [];
    let locker: Client | null = null;
    if (onPostgres()) {
      // Every table the scrape reads, locked by a transaction left open: its reads wait for the lock.
      locker = new Client({ connectionString: server.testDb.url });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE protocol_state, import_run, sync_status IN ACCESS EXCLUSIVE MODE');
      held = released;
    } else {
      // PGlite runs one transaction at a time: one left open holds every statement behind it.
      let started!: () => void;
      const inside = new Promise<void>((resolve) => { started = resolve; });
      held = db.sql.transaction(async () => { started(); await released; });
      await inside;
      pglitePending = [db.sql.query('SELECT 1'), db.sql.query('SELECT 2')];
    }
    try {
      const t = performance.now();
      const m = await scrape(server);
      const ms = performance.now() - t;
      expect(ms).toBeGreaterThan(900);
      expect(ms).toBeLessThan(2500);
      expect(m.all('sga_data_age_seconds')).toEqual([]);
      expect(m.all('sga_imports_running')).toEqual([]);
      expect(m.value('sga_process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(m.value('sga_http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
      // Read without a query: the open transaction and the two statements queued behind it.
      if (!onPostgres()) expect(m.value('sga_db_pglite_pending_operations')).toBe(3);
      else expect(m.value('sga_db_pool_max_connections', { pool: 'requests' })).toBe(4);
    } finally {
      release();
      if (locker) { await locker.query('ROLLBACK'); await locker.end(); }
      await held!;
      await Promise.all(pglitePending);
    }
    const recovered = await scrape(server);
    expect(recovered.all('sga_data_age_seconds').length).toBe(2);
    if (!onPostgres()) expect(recovered.value('sga_db_pglite_pending_operations')).toBe(0);
  });
});

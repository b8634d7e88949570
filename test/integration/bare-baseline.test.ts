// The throughput benchmark's bare baseline (scripts/bench/bare-*.ts) against the
// service, on the api-basic fixture: for every benchmarked request, on the
// benchmark's own request lists (the fixture's profiles, an id written
// non-canonically and unknown ids), both answer the same status and the same
// body byte for byte, after running the same statements with the same
// parameters. The benchmark's ratios compare like with like only while this holds.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bareListener } from '../../scripts/bench/bare-server';
import { drawSample, THROUGHPUT_ROUTES, type BenchRequest, type Query, type Sample } from '../../scripts/bench/throughput-routes';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Statement { sql: string; params: string }

let s: TestServer;
let bare: Server;
let bareBase: string;
let sample: Sample;
const serviceRan: Statement[] = [];
const bareRan: Statement[] = [];

const statement = (text: string, params: unknown[] | undefined): Statement =>
  ({ sql: text.replace(/\s+/g, ' ').trim(), params: JSON.stringify(params ?? []) });
const inOrder = (xs: Statement[]) => xs.map((x) => `${x.sql} ${x.params}`).sort();

beforeAll(async () => {
  // The answer cache on, as the benchmark's production server has it: each request here is its first (a miss),
  // and a miss reads the data versions even where the answer shows none of them.
  s = await startTestServer({ fixture: 'api-basic', config: { ANSWER_CACHE_MB: 32 } });
  const db = s.testDb.db;
  // Every repository statement of the service goes through Database.read.
  const read = db.read.bind(db);
  db.read = (async (text: string, ...params: unknown[]) => {
    serviceRan.push(statement(text, params));
    return read(text, ...params);
  });
  const query: Query = (text, params) => {
    bareRan.push(statement(text, params));
    return db.sql.query(text, params);
  };
  bare = createServer(bareListener(query));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const drawn = await drawSample((text, params) => db.sql.query(text, params), 10, 1);
  // The fixture's every profile, one Lens id in a non-canonical spelling, and ids nobody has.
  sample = { fids: [...drawn.fids, 999_999], lensIds: [...drawn.lensIds, '0x1', '0xffffff'] };
});

afterAll(async () => {
  await new Promise<void>((resolve) => bare.close(() => resolve()));
  await s.close();
});

/** The request as the benchmark sends it to either server (the key too: the bare server ignores it). */
async function send(base: string, r: BenchRequest): Promise<{ status: number; type: string | null; body: string }> {
  const headers: Record<string, string> = { apikey: s.key };
  if (r.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + r.path, { method: r.method, headers, body: r.body });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/** Both answers of a request and the statements each server ran for it. */
async function both(r: BenchRequest) {
  serviceRan.length = 0;
  const service = await send(s.baseUrl, r);
  const serviceSql = [...serviceRan];
  bareRan.length = 0;
  const bareAnswer = await send(bareBase, r);
  return { service, bare: bareAnswer, serviceSql, bareSql: [...bareRan] };
}

describe('bare baseline of the throughput benchmark', () => {
  it('when the sample is drawn from the fixture, then it holds its profiles of both protocols', () => {
    expect([...sample.fids].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 999_999]);
    expect(sample.lensIds.slice(0, -2).sort()).toEqual(['0x01', '0x02', '0x03', '0x04']);
  });

  it.each(THROUGHPUT_ROUTES.map((r) => [r.name, r] as const))('when %s is asked for each id of the sample, then the bare server answers the same bytes after the same statements', async (_name, route) => {
    const requests = route.requests(sample);
    expect(requests.length).toBeGreaterThan(0);
    const statuses: number[] = [];
    for (const r of requests) {
      const a = await both(r);
      expect({ request: r, status: a.bare.status, type: a.bare.type, body: a.bare.body })
        .toEqual({ request: r, status: a.service.status, type: a.service.type, body: a.service.body });
      expect(a.serviceSql.length).toBeGreaterThan(0);
      expect(inOrder(a.bareSql)).toEqual(inOrder(a.serviceSql));
      statuses.push(a.service.status);
    }
    // Found profiles answer 200; an unknown Lens id on REST answers 404 from both.
    expect(statuses).toContain(200);
    if (route.key === 'lens-profile') expect(statuses.filter((x) => x === 404)).toHaveLength(1);
  });

  it('when a request needs its nested lists, then both answer them non-empty and alike', async () => {
    const [trending] = THROUGHPUT_ROUTES.filter((r) => r.key === 'trending');
    const farcasterMonth = trending.requests(sample).find((r) => r.body?.includes('"farcaster"') && r.body.includes('"month"'))!;
    const t = await both(farcasterMonth);
    const body = JSON.parse(t.bare.body);
    expect(body.users.length).toBeGreaterThan(0);
    expect(body.users.some((u: { topFollowers: unknown[] }) => u.topFollowers.length > 0)).toBe(true);
    expect(t.bare.body).toBe(t.service.body);

    const [followers] = THROUGHPUT_ROUTES.filter((r) => r.key === 'graphql-follower-stats');
    const fid1 = followers.requests({ fids: [1], lensIds: [] })[0];
    const f = await both(fid1);
    expect(JSON.parse(f.bare.body).data.farcasterUser.followers.edges.map((e: { node: { fid: number } }) => e.node.fid).sort()).toEqual([2, 3, 4, 5]);
    expect(f.bare.body).toBe(f.service.body);
  });

  it('when trending is paged past page 1 or asked with the defaults, then both answer alike too', async () => {
    const bodies = [{ protocol: 'farcaster', ratio: 'month', limit: 2, page: 2 }, { protocol: 'farcaster', ratio: 'month', limit: 2, page: 9 }, {}];
    for (const body of bodies) {
      const a = await both({ method: 'POST', path: '/api/trending/find', body: JSON.stringify(body) });
      expect(a.service.status).toBe(200);
      expect(a.bare.body).toBe(a.service.body);
      expect(inOrder(a.bareSql)).toEqual(inOrder(a.serviceSql));
    }
  });
});

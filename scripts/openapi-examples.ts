// `npm run openapi:examples`: the 2xx example of every REST operation, taken
// from a real answer on the demo data (the dataset a first start generates:
// DEMO_SCALE's default scale, seed 1) and written to src/openapi/examples.json,
// which the OpenAPI document shows. The examples test recomputes the answers
// and compares. Lists are cut to their first EXAMPLE_ITEMS items, so the
// document shows the shape of a page without carrying it whole.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/load-config';
import type { Config } from '../src/config/config.schema';
import { END_MS } from '../src/datagen/clock';
import { generateDataset } from '../src/datagen/generate';
import type { Database } from '../src/db/database';
import { ingest } from '../src/jobs/ingest';
import { DEMO_SEED } from '../src/demo/demo-data';
import { EXAMPLES_FILE, exampleKey, type OperationExamples } from '../src/openapi/operation-examples';
import { isKeyScoped, type RestRoute } from '../src/rest/rest-route.type';
import { REST_ROUTES } from '../src/rest/rest-routes';
import { EXAMPLE_WEBHOOK_ID } from '../src/rest/routes/webhook.routes';
import { deletesLast, withOwnWebhook } from '../test/helpers/example-calls';
import { startTestServer, type TestServer } from '../test/helpers/test-server';

export const EXAMPLE_ITEMS = 2;
/**
 * A key-scoped answer's own values are of the run (a webhook's id, creation
 * time, secret, the cursors over them): shown as these, in the same form.
 */
const SHOWN_TIME = '2024-06-30T12:00:00.000Z';
const SHOWN_SECRET = 'whsec_' + 'x'.repeat(43);
const SHOWN_CURSOR = Buffer.from(`${SHOWN_TIME}|${EXAMPLE_WEBHOOK_ID}`).toString('base64url');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PER_RUN: Record<string, string> = { secret: SHOWN_SECRET, startCursor: SHOWN_CURSOR, endCursor: SHOWN_CURSOR };

/** The demo dataset's scale and seed, as the first start makes it (src/demo/demo-data.ts). */
export const DEMO = { scale: loadConfig({}, {}).DEMO_SCALE, seed: DEMO_SEED } as const;

/** The example call of a route, as GET /api/docs shows it. */
export function exampleUrl(route: RestRoute): string {
  const p = route.path.replace(/:\w+/, route.example.path ?? '');
  return route.example.query ? `${p}?${route.example.query}` : p;
}

const cut = (v: unknown): unknown => (Array.isArray(v) ? v.slice(0, EXAMPLE_ITEMS).map(cut)
  : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x)])) : v);

/** A key-scoped answer with the run's own values replaced by the documented ones. */
function shown(v: unknown, since: number, key = ''): unknown {
  if (typeof v === 'string') {
    if (key in PER_RUN) return PER_RUN[key];
    if (UUID.test(v)) return EXAMPLE_WEBHOOK_ID;
    return /^\d{4}-\d{2}-\d{2}T/.test(v) && Date.parse(v) >= since ? SHOWN_TIME : v;
  }
  if (Array.isArray(v)) return v.map((x) => shown(x, since));
  return v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shown(x, since, k)])) : v;
}

/** Times at or after `since` (after the dataset's end, so the run's own) shown as SHOWN_TIME. */
function shownTimes(v: unknown, since: number): unknown {
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(v) && Date.parse(v) >= since ? SHOWN_TIME : v;
  if (Array.isArray(v)) return v.map((x) => shownTimes(x, since));
  return v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shownTimes(x, since)])) : v;
}

export interface ExampleAnswer { route: RestRoute; url: string; status: number; body: unknown }

/** Every route's example called on the server, deletes last (the webhook routes on a webhook of the server's key). */
export async function callExamples(s: TestServer, since: number): Promise<ExampleAnswer[]> {
  const own = await withOwnWebhook(s);
  const out: ExampleAnswer[] = [];
  for (const route of deletesLast([...REST_ROUTES])) {
    const url = own(exampleUrl(route));
    const res = await s.rest(url, { method: route.method.toUpperCase(), body: route.example.body });
    // Any answer's times from this run (a row's import time) are of the run too; the data ends in 2024.
    out.push({ route, url, status: res.status, body: isKeyScoped(route) ? shown(res.body, since) : shownTimes(res.body, since) });
  }
  return out;
}

/** The examples file's content: each 2xx answer with a body, its lists cut. */
export function examplesOf(answers: ExampleAnswer[]): OperationExamples {
  const out: OperationExamples = {};
  for (const a of [...answers].sort((x, y) => exampleKey(x.route).localeCompare(exampleKey(y.route)))) {
    if (a.status >= 200 && a.status < 300 && a.status !== 204) out[exampleKey(a.route)] = cut(a.body);
  }
  return out;
}

/** Generates the demo dataset in a temporary folder and starts the app on it. */
export async function demoServer(): Promise<{ server: TestServer; startedAt: number; close: () => Promise<void> }> {
  // The demo data happens before END_MS, so any later time in an answer is the run's (an import, a webhook).
  const startedAt = END_MS + 1000;
  // Generated and imported once per code version (the generator is seeded), then copied for each run.
  const seed = {
    key: `demo:${DEMO.scale}:${DEMO.seed}`,
    async run(db: Database, config: Config) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'sga-demo-examples-'));
      try {
        await generateDataset({ out: dir, scale: DEMO.scale, seed: DEMO.seed });
        await ingest(db, config, { import: { dir, progress: 'silent' }, classify: {}, refresh: {} });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
  // Time limits wide enough for a loaded machine: a timed-out example would be a 503, not the answer.
  const server = await startTestServer({ seed, config: { REQUEST_TIMEOUT_MS: 300_000, DB_STATEMENT_TIMEOUT_MS: 0 } });
  return { server, startedAt, close: () => server.close() };
}

async function main() {
  const { server, startedAt, close } = await demoServer();
  try {
    const examples = examplesOf(await callExamples(server, startedAt));
    await writeFile(EXAMPLES_FILE, `${JSON.stringify(examples, null, 2)}\n`);
    console.log(`${Object.keys(examples).length} examples written to ${path.relative(process.cwd(), EXAMPLES_FILE)}`);
  } finally {
    await close();
  }
}

if (require.main === module) main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });

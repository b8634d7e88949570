// Every documented example on the demo data (the dataset a first start makes):
// each answers its success, with data wherever the route's answer is the
// protocols' data, and the 2xx examples of the OpenAPI document
// (src/openapi/examples.json, `npm run openapi:examples`) are those answers.
// One generated dataset and one import for both: the slowest set-up of all, so it
// runs with the first-start tests (TEST_ALL=1) rather than in the edit loop.
import { loadExamples } from '../../src/openapi/operation-examples';
import { isKeyScoped } from '../../src/rest/rest-route.type';
import { callExamples, demoServer, examplesOf, type ExampleAnswer } from '../../scripts/openapi-examples';

const SET_UP_TIMEOUT_MS = 900_000;
let answers: ExampleAnswer[];
let close: () => Promise<void>;

beforeAll(async () => {
  const demo = await demoServer();
  close = demo.close;
  answers = await callExamples(demo.server, demo.startedAt);
}, SET_UP_TIMEOUT_MS);
afterAll(async () => { await close?.(); });

/** Why a body answers nothing: an empty list, at the top or as a field of the top object, or a zero total. */
function emptiness(body: unknown): string | null {
  if (Array.isArray(body)) return body.length ? null : '[]';
  if (!body || typeof body !== 'object') return null;
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v) && !v.length) return `${k}: []`;
    if (k === 'totalCount' && v === 0) return 'totalCount 0';
  }
  return null;
}

describe('documented examples on the demo data', () => {
  it('when every example is called, then it answers its success, and data unless the route reads the key\'s own records', () => {
    expect(answers.length).toBeGreaterThan(60);
    const failures = answers.flatMap((a) => {
      const success = a.route.success ?? 200;
      if (a.status !== success) return [`${a.route.method} ${a.url}: ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`];
      if (success === 204 || isKeyScoped(a.route)) return [];
      const why = emptiness(a.body);
      return why ? [`${a.route.method} ${a.url}: ${why}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it('when the answers are cut as the examples file cuts them, then they are the recorded 2xx examples', () => {
    expect(examplesOf(answers)).toEqual(loadExamples());
  });
});

// The explorers in a real headless Chromium, offline (every host name but the
// test server's fails to resolve): the Sandbox page falls back to GraphiQL with
// the key, GraphiQL renders from the service's own assets, introspects and runs
// a query with the key. Runs where a Chromium is installed (jest.config.js).
import { type BrowserPage, HeadlessChromium } from '../../scripts/browser/headless-chromium';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let browser: HeadlessChromium;
beforeAll(async () => {
  [s, browser] = await Promise.all([startTestServer({ fixture: 'api-basic' }), HeadlessChromium.launch({ offline: true })]);
});
afterAll(async () => { await browser?.close(); await s?.close(); });

/** The text of GraphiQL's answer pane once it holds an answer. */
const ANSWER = `(() => {
  const pane = document.querySelector('.graphiql-response .CodeMirror');
  const text = pane && pane.CodeMirror ? pane.CodeMirror.getValue() : '';
  return /"(data|errors)"/.test(text) ? text : '';
})()`;

async function runQuery(p: BrowserPage): Promise<unknown> {
  await p.waitFor(`!!document.querySelector('.graphiql-execute-button')`, 'the run button');
  await p.evaluate(`document.querySelector('.graphiql-execute-button').click()`);
  return JSON.parse(await p.waitFor<string>(ANSWER, 'an answer in the result pane'));
}

/** Requests the page made to anything but the test server: none may succeed. */
const foreign = (p: BrowserPage) => p.responses.filter((r) => /^https?:/.test(r.url) && !r.url.startsWith(s.baseUrl));

const FARCASTER_1_2_3 = { data: { farcasterUsers: [
  { fid: 1, username: 'alice', stats: { followers: 4, following: 2, posts: 2 } },
  { fid: 2, username: 'alicia', stats: { followers: 2, following: 1, posts: 1 } },
  { fid: 3, username: 'bob', stats: { followers: 1, following: 2, posts: 0 } },
] } };

describe('explorers in headless Chromium, offline', () => {
  it('when /graphql?apikey= opens offline, then it falls back to GraphiQL, which introspects and runs the example query with the key', async () => {
    const p = await browser.newPage();
    await p.trackNetwork();
    await p.goto(`${s.baseUrl}/graphql?apikey=${encodeURIComponent(s.key)}`);
    await p.waitFor(`location.pathname === '/graphiql' && !!document.querySelector('.graphiql-container')`, 'GraphiQL after the fallback');
    expect(await p.evaluate('location.search')).toBe('?from=sandbox');
    expect(await p.evaluate(`document.getElementById('apikey').value`)).toBe(s.key);
    expect(await p.evaluate(`document.getElementById('sandbox-notice').hidden`)).toBe(false);
    expect(await runQuery(p)).toEqual(FARCASTER_1_2_3);
    // GraphiQL's own requests: its assets and the POSTs of introspection and the query, all answered by the service.
    const ours = p.responses.filter((r) => r.url.startsWith(s.baseUrl)).map((r) => `${r.status} ${new URL(r.url).pathname}`);
    expect(ours).toEqual(expect.arrayContaining([
      '200 /graphiql/assets/react.production.min.js', '200 /graphiql/assets/react-dom.production.min.js',
      '200 /graphiql/assets/graphiql.min.js', '200 /graphiql/assets/graphiql.min.css',
    ]));
    const posts = ours.filter((r) => r.endsWith(' /graphql'));
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(posts)).toEqual(new Set(['200 /graphql']));
    expect(foreign(p)).toEqual([]);
    // The one failure is the Sandbox script's CDN, unreachable offline; no CSP refusal, no script error.
    expect(p.errors).toEqual([expect.stringMatching(/ERR_NAME_NOT_RESOLVED https:\/\/embeddable-sandbox\.cdn\.apollographql\.com\//)]);
  });

  it('when /graphiql opens with no key and one is typed into the form, then queries run with it', async () => {
    const p = await browser.newPage();
    await p.goto(`${s.baseUrl}/graphiql`);
    await p.waitFor(`!!document.querySelector('.graphiql-container')`, 'GraphiQL');
    expect(await p.evaluate(`document.getElementById('key-status').textContent`)).toMatch(/no key yet/);
    await p.evaluate(`(() => {
      document.getElementById('apikey').value = ${JSON.stringify(s.key)};
      document.getElementById('key-form').requestSubmit();
    })()`);
    expect(await runQuery(p)).toEqual(FARCASTER_1_2_3);
    // Only the key-less introspection before the key was typed was refused.
    expect(p.errors.length).toBeGreaterThanOrEqual(1);
    expect(p.errors).toEqual(p.errors.map(() => expect.stringMatching(/status of 401 \(Unauthorized\) http:\/\/127\.0\.0\.1:\d+\/graphql$/)));
  });
});

// The two GraphQL explorers: Apollo Sandbox on GET /graphql (from Apollo's CDN,
// the key from ?apikey=, falling back to the offline explorer) and GraphiQL at
// /graphiql (served from node_modules, the key sent on every request). The
// pages' inline scripts run here against stand-ins for the browser, and their
// fetcher against the real server; a real headless browser runs them in
// test/browser/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inlineScripts, runPageScripts } from '../helpers/page-script';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'api-basic' }); });
afterAll(async () => { await s.close(); });

const SANDBOX_CDN = 'https://embeddable-sandbox.cdn.apollographql.com/v2/embeddable-sandbox.umd.production.min.js';
const pkgFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

async function page(pathAndQuery: string, accept = 'text/html') {
  const res = await fetch(`${s.baseUrl}${pathAndQuery}`, { headers: { accept } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', csp: res.headers.get('content-security-policy'), html: await res.text() };
}

describe('Apollo Sandbox on GET /graphql', () => {
  it('when a browser asks for /graphql, then the Sandbox page with its config, a fallback link and a nonce-bound script, and no key needed', async () => {
    const p = await page('/graphql?apikey=sga_whatever');
    expect([p.status, p.type]).toEqual([200, expect.stringMatching(/^text\/html/)]);
    const scripts = inlineScripts(p.html);
    expect(scripts).toHaveLength(1);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(p.html)![1];
    expect(csp).toContain(`script-src 'nonce-${scripts[0].nonce}' https://embeddable-sandbox.cdn.apollographql.com`);
    expect(csp).toContain('frame-src https://sandbox.embed.apollographql.com');
    expect(p.html).toContain('href="/graphiql"');
    const config = JSON.parse(/<script type="application\/json" id="sandbox-config">([^<]*)<\/script>/.exec(p.html)![1]);
    expect(config).toMatchObject({ sandboxScript: SANDBOX_CDN, offlineExplorerPath: '/graphiql', loadTimeoutMs: 4000 });
    // The key is read by the page from its URL, never written into the HTML.
    expect(p.html).not.toContain('sga_whatever');
    const again = await page('/graphql');
    expect(inlineScripts(again.html)[0].nonce).not.toBe(scripts[0].nonce);
  });

  it('when the Sandbox script loads, then the Sandbox opens on this endpoint with the URL\'s key as a shared header', async () => {
    const { html } = await page('/graphql');
    const run = runPageScripts(html, `${s.baseUrl}/graphql?apikey=${encodeURIComponent(s.key)}`);
    expect(run.appendedScripts.map((x) => x.src)).toEqual([SANDBOX_CDN]);
    const opened: any[] = [];
    run.window.EmbeddedSandbox = function EmbeddedSandbox(options: unknown) { opened.push(options); };
    run.appendedScripts[0].onload!();
    expect(opened).toEqual([expect.objectContaining({
      target: '#embeddableSandbox', initialEndpoint: `${s.baseUrl}/graphql`, endpointIsEditable: false, runTelemetry: false,
      initialState: expect.objectContaining({ sharedHeaders: { apikey: s.key }, includeCookies: false, document: expect.stringContaining('farcasterUsers') }),
    })]);
    // Loaded in time: the timeout no longer moves the page.
    run.timers.forEach((t) => t.fn());
    expect(run.replacedWith).toEqual([]);
  });

  it('when the URL has no key, then the Sandbox header shows where the key goes', async () => {
    const run = runPageScripts((await page('/graphql')).html, `${s.baseUrl}/graphql`);
    const opened: any[] = [];
    run.window.EmbeddedSandbox = function EmbeddedSandbox(options: unknown) { opened.push(options); };
    run.appendedScripts[0].onload!();
    expect(opened[0].initialState.sharedHeaders).toEqual({ apikey: '<your API key>' });
  });

  it('when the Sandbox script cannot load (offline), then the page moves to the offline explorer with the key', async () => {
    const run = runPageScripts((await page('/graphql')).html, `${s.baseUrl}/graphql?apikey=${encodeURIComponent('sga_a+b/c')}`);
    const expected = '/graphiql?from=sandbox&apikey=sga_a%2Bb%2Fc';
    expect(run.elements.get('offline-explorer-link')!.attributes.href).toBe(expected);
    run.appendedScripts[0].onerror!();
    expect(run.replacedWith).toEqual([expected]);
    expect(run.elements.get('sandbox-status')!.textContent).toMatch(/cannot be loaded \(its CDN is unreachable\)/);
  });

  it('when the Sandbox script neither loads nor fails within the timeout, then the page falls back too (no key: none carried)', async () => {
    const run = runPageScripts((await page('/graphql')).html, `${s.baseUrl}/graphql`);
    expect(run.timers.map((t) => t.ms)).toEqual([4000]);
    run.timers[0].fn();
    expect(run.replacedWith).toEqual(['/graphiql?from=sandbox']);
    // A late load after the fallback does nothing.
    run.window.EmbeddedSandbox = () => { throw new Error('must not open'); };
    run.appendedScripts[0].onload!();
  });

  it('when the page is asked with a query but no key, then operations stay behind the key', async () => {
    const res = await fetch(`${s.baseUrl}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(401);
  });
});

describe('GraphiQL at /graphiql', () => {
  it('when asked without a key, then an HTML page whose scripts and styles are all served by this service, under a same-origin CSP', async () => {
    const p = await page('/graphiql');
    expect([p.status, p.type]).toEqual([200, expect.stringMatching(/^text\/html/)]);
    const nonce = inlineScripts(p.html)[0].nonce;
    expect(p.csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(p.csp).toContain("default-src 'self'");
    expect(p.csp).toContain("connect-src 'self'");
    const srcs = [...p.html.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    expect(srcs).toEqual([
      'data:,',
      '/graphiql/assets/graphiql.min.css',
      '/graphiql/assets/react.production.min.js',
      '/graphiql/assets/react-dom.production.min.js',
      '/graphiql/assets/graphiql.min.js',
    ]);
    expect(p.html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('when each asset is fetched, then 200 with its type and the installed package file\'s bytes', async () => {
    const expected: [string, string, string][] = [
      ['graphiql.min.css', 'text/css', pkgFile('graphiql', 'graphiql.min.css')],
      ['react.production.min.js', 'text/javascript', pkgFile('react', 'umd/react.production.min.js')],
      ['react-dom.production.min.js', 'text/javascript', pkgFile('react-dom', 'umd/react-dom.production.min.js')],
      ['graphiql.min.js', 'text/javascript', pkgFile('graphiql', 'graphiql.min.js')],
      ['index.umd.js.map', 'application/json', pkgFile('graphiql', 'dist/index.umd.js.map')],
    ];
    for (const [name, type, file] of expected) {
      const res = await fetch(`${s.baseUrl}/graphiql/assets/${name}`);
      const body = Buffer.from(await res.arrayBuffer());
      expect({ name, status: res.status, type: res.headers.get('content-type')?.split(';')[0], sameBytes: body.equals(readFileSync(file)) })
        .toEqual({ name, status: 200, type, sameBytes: true });
    }
    // The UMD builds the page relies on: React 18 (19 has none) and GraphiQL's global.
    expect(readFileSync(pkgFile('react', 'umd/react.production.min.js'), 'utf8')).toContain('"18.');
    expect(readFileSync(pkgFile('graphiql', 'graphiql.min.js'), 'utf8')).toContain('.GraphiQL=');
  });

  it('when a name outside the table is asked, then 404 (nothing else of node_modules is reachable)', async () => {
    for (const p of ['/graphiql/assets/package.json', '/graphiql/assets/..%2F..%2Fpackage.json', '/graphiql/assets/graphiql.js']) {
      expect([p, (await fetch(`${s.baseUrl}${p}`)).status]).toEqual([p, 404]);
    }
  });

  /** Runs the page's script with stand-ins for React, ReactDOM and GraphiQL; the fetcher calls the real server. */
  async function openGraphiql(url: string, storage?: Map<string, string>) {
    const { html } = await page('/graphiql');
    const renders: { type: unknown; props: any }[] = [];
    const sent: Record<string, string>[] = [];
    const GraphiQL = function GraphiQL() { /* a component stand-in */ };
    const run = runPageScripts(html, url, {
      React: { createElement: (type: unknown, props: unknown) => ({ type, props }) },
      ReactDOM: { createRoot: () => ({ render: (tree: { type: unknown; props: unknown }) => { renders.push(tree); } }) },
      GraphiQL,
      fetch: (to: string, init: RequestInit) => { sent.push(init.headers as Record<string, string>); return fetch(new URL(to, s.baseUrl), init); },
    }, storage);
    return { run, renders, sent, GraphiQL };
  }

  const INTROSPECT = { query: '{ __schema { queryType { name } } }' };

  it('when opened with ?apikey=, then GraphiQL renders and its fetcher sends the key: the schema introspects', async () => {
    const { run, renders, sent, GraphiQL } = await openGraphiql(`${s.baseUrl}/graphiql?apikey=${encodeURIComponent(s.key)}&from=sandbox`);
    expect(renders).toHaveLength(1);
    expect(renders[0].type).toBe(GraphiQL);
    expect(renders[0].props.defaultQuery).toContain('farcasterUsers(fids: [1, 2, 3])');
    expect(await renders[0].props.fetcher(INTROSPECT, { headers: {} })).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    expect(sent[0]).toMatchObject({ apikey: s.key, 'content-type': 'application/json' });
    const answer = await renders[0].props.fetcher({ query: '{ farcasterUsers(fids: [1]) { username } }' });
    expect(answer).toEqual({ data: { farcasterUsers: [{ username: 'alice' }] } });
    // The key leaves the address bar, stays in the tab's storage and in the form; the Sandbox notice shows.
    expect(run.historyUrls).toEqual(['/graphiql?from=sandbox']);
    expect([...run.storage.values()]).toEqual([s.key]);
    expect(run.elements.get('apikey')!.value).toBe(s.key);
    expect(run.elements.get('sandbox-notice')!.hidden).toBe(false);
    expect(run.elements.get('key-status')!.textContent).toMatch(/sent as the apikey header/);
  });

  it('when opened with no key, then the page asks for one and the server\'s 401 shows as a GraphQL error', async () => {
    const { run, renders, sent } = await openGraphiql(`${s.baseUrl}/graphiql`);
    expect(run.elements.get('sandbox-notice')!.hidden).toBe(true);
    expect(run.elements.get('key-status')!.textContent).toMatch(/no key yet/);
    const answer = await renders[0].props.fetcher(INTROSPECT, {});
    expect(answer.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(sent[0].apikey).toBeUndefined();
  });

  it('when a key is typed into the form, then GraphiQL is mounted again and every request carries the new key; a Headers-tab apikey wins', async () => {
    const { run, renders } = await openGraphiql(`${s.baseUrl}/graphiql`);
    run.elements.get('apikey')!.value = `  ${s.key} `;
    let prevented = false;
    run.elements.get('key-form')!.listeners.submit[0]({ preventDefault: () => { prevented = true; } });
    expect(prevented).toBe(true);
    expect(renders).toHaveLength(2);
    expect(renders[1].props.key).not.toBe(renders[0].props.key);
    expect(await renders[1].props.fetcher(INTROSPECT, {})).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    const overridden = await renders[1].props.fetcher(INTROSPECT, { headers: { ApiKey: 'sga_typed_in_headers_tab' } });
    expect(overridden.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // A reload of the tab finds the key in sessionStorage.
    const reloaded = await openGraphiql(`${s.baseUrl}/graphiql`, run.storage);
    expect(await reloaded.renders[0].props.fetcher(INTROSPECT, {})).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });
});

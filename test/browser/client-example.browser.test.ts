// client/example, bundled by esbuild as its dev server bundles it, served on
// its own origin and opened in a headless Chromium (offline): the typed client
// calls the service on the other origin through a real CORS preflight, renders
// the card and pages the followers both ways. Runs where a Chromium is installed.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { HeadlessChromium, type BrowserPage } from '../../scripts/browser/headless-chromium';
import { startTestServer, type TestServer } from '../helpers/test-server';

const EXAMPLE = path.join(__dirname, '..', '..', 'client', 'example');

let s: TestServer;
let browser: HeadlessChromium;
let site: esbuild.BuildContext;
let tmp: string;
let pageOrigin: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'client-example-'));
  await copyFile(path.join(EXAMPLE, 'index.html'), path.join(tmp, 'index.html'));
  site = await esbuild.context({
    entryPoints: [path.join(EXAMPLE, 'main.ts')], outdir: path.join(tmp, 'dist'),
    bundle: true, format: 'esm', target: 'es2022', logLevel: 'silent',
  });
  const { port } = await site.serve({ servedir: tmp, host: '127.0.0.1' });
  pageOrigin = `http://127.0.0.1:${port}`;
  [s, browser] = await Promise.all([startTestServer({ fixture: 'analytics' }), HeadlessChromium.launch({ offline: true })]);
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
  await site?.dispose();
  await rm(tmp, { recursive: true, force: true });
});

const text = (p: BrowserPage, selector: string) => p.evaluate<string>(`document.querySelector('${selector}').textContent`);
/** The followers table's first column once it differs from `before`. */
const followerNames = (p: BrowserPage, before = '') => p.waitFor<string>(
  `(() => { const t = [...document.querySelectorAll('#followers td:first-child')].map((td) => td.textContent).join(' '); return t && t !== ${JSON.stringify(before)} ? t : ''; })()`,
  'a followers page');

describe('client/example in headless Chromium on another origin', () => {
  it('when opened with the key, then the card and the followers render, and the pages walk older and back newer', async () => {
    const p = await browser.newPage();
    await p.trackNetwork();
    expect(new URL(s.baseUrl).origin).not.toBe(pageOrigin);
    await p.goto(`${pageOrigin}/?api=${encodeURIComponent(`${s.baseUrl}/graphql`)}&apikey=${encodeURIComponent(s.key)}&fid=2`);
    await p.waitFor(`!document.querySelector('#card').hidden`, 'the profile card');
    const card = await text(p, '#card');
    expect(card).toContain('@user2 · fid 2');
    expect(card).toContain('7 followers · 1 following · 1 posts · 2 likes');
    expect(card).toContain('gains this week#1+2');

    const first = await followerNames(p);
    expect(first).toBe('user5 user4 user3 user1 user32');
    await p.evaluate(`document.querySelector('#next').click()`);
    const second = await followerNames(p, first);
    expect(second).toBe('user31 user30');
    expect(await p.evaluate(`document.querySelector('#next').disabled`)).toBe(true);
    await p.evaluate(`document.querySelector('#prev').click()`);
    expect(await followerNames(p, second)).toBe(first);

    // The browser preflighted (the apikey header is not a simple one) and the service granted it; every POST answered 200.
    const api = p.responses.filter((r) => r.url === `${s.baseUrl}/graphql`).map((r) => r.status);
    expect(api.filter((status) => status === 204).length).toBeGreaterThanOrEqual(1);
    expect(api.filter((status) => status !== 204)).toEqual([200, 200, 200, 200]);
    expect(p.errors).toEqual([]);
  });

  it('when the fid is unknown or the key wrong, then the page shows the service\'s NOT_FOUND message or the key hint', async () => {
    const p = await browser.newPage();
    await p.goto(`${pageOrigin}/?api=${encodeURIComponent(`${s.baseUrl}/graphql`)}&apikey=${encodeURIComponent(s.key)}&fid=99999`);
    expect(await p.waitFor(`document.querySelector('#status.error')?.textContent`, 'the error')).toBe('Farcaster user 99999 not found');
    await p.goto(`${pageOrigin}/?api=${encodeURIComponent(`${s.baseUrl}/graphql`)}&apikey=wrong&fid=2`);
    expect(await p.waitFor(`document.querySelector('#status.error')?.textContent`, 'the error')).toMatch(/^Missing or wrong API key/);
  });
});

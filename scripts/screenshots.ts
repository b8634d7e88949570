// npm run docs:screenshots — pictures of the explorers for the docs, taken by
// headless Chromium with every host but the service unresolvable (offline):
//   docs/screenshots/graphiql-offline.png   GraphiQL at /graphiql, the example query run, its answer shown
//   docs/screenshots/sandbox-offline.png    GET /graphql as a browser sees it offline: it falls back to GraphiQL
//   docs/screenshots/openapi-docs.png       the OpenAPI page at /docs (skipped with a line while /docs is 404)
// The server is the embedded demo (`npm start`'s code) on a throw-away data
// directory with the demo dataset (DEMO_SCALE, default tiny) and its demo key.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HeadlessChromium, type BrowserPage } from './browser/headless-chromium';

const ROOT = path.join(__dirname, '..');
const OUT = path.join(ROOT, 'docs', 'screenshots');

interface DemoServer { base: string; key: string; stop(): Promise<void> }

/** `src/index.ts` on a fresh DATA_DIR: it builds the demo dataset, prints the demo key and listens. */
async function startDemoServer(): Promise<DemoServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sga-screenshots-'));
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_SCALE: process.env.DEMO_SCALE ?? 'tiny', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => { child.kill('SIGTERM'); await exited; await rm(dataDir, { recursive: true, force: true }); };
  return new Promise((resolve, reject) => {
    let out = '';
    const read = (d: Buffer) => {
      out += String(d);
      const port = /service on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      const key = /Demo API key[^:]*: (\S+)/.exec(out)?.[1];
      if (port && key) resolve({ base: `http://127.0.0.1:${port}`, key, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`demo server exited (${code}) before printing its key:\n${out}`)));
  });
}

const ANSWER = `(() => {
  const pane = document.querySelector('.graphiql-response .CodeMirror');
  const text = pane && pane.CodeMirror ? pane.CodeMirror.getValue() : '';
  return /"data"/.test(text) ? text : '';
})()`;

async function shoot(page: BrowserPage, name: string): Promise<void> {
  // Let fonts and the editors settle before the picture.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await writeFile(path.join(OUT, name), await page.screenshot());
  console.log(`wrote docs/screenshots/${name}`);
}

async function graphiqlWithAnswer(browser: HeadlessChromium, s: DemoServer): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${s.base}/graphiql?apikey=${encodeURIComponent(s.key)}`);
  await page.waitFor(`!!document.querySelector('.graphiql-execute-button')`, 'GraphiQL');
  await page.evaluate(`document.querySelector('.graphiql-execute-button').click()`);
  await page.waitFor(ANSWER, 'the answer of the example query');
  await shoot(page, 'graphiql-offline.png');
}

async function sandboxOffline(browser: HeadlessChromium, s: DemoServer): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${s.base}/graphql?apikey=${encodeURIComponent(s.key)}`);
  await page.waitFor(`location.pathname === '/graphiql' && !document.getElementById('sandbox-notice').hidden`, 'the fallback to GraphiQL');
  // The schema came by introspection with the key: open the documentation explorer to show it.
  const docs = `document.querySelector('.graphiql-sidebar button[aria-label="Show Documentation Explorer"]')`;
  await page.waitFor(`!!${docs}`, 'the documentation button');
  await page.evaluate(`${docs}.click()`);
  await page.waitFor(`(document.querySelector('.graphiql-doc-explorer') || { innerText: '' }).innerText.includes('FarcasterUser')`, 'the schema in the documentation explorer');
  await shoot(page, 'sandbox-offline.png');
}

async function openapiDocs(browser: HeadlessChromium, s: DemoServer): Promise<void> {
  const status = (await fetch(`${s.base}/docs`)).status;
  if (status !== 200) { console.log(`skipped openapi-docs.png: GET /docs answers ${status} here`); return; }
  const page = await browser.newPage();
  await page.goto(`${s.base}/docs`);
  await page.waitFor(`document.querySelectorAll('.opblock').length > 0 || document.body.innerText.length > 200`, 'the OpenAPI page');
  await shoot(page, 'openapi-docs.png');
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  console.log('starting the demo server (demo dataset on a temporary data directory)…');
  const server = await startDemoServer();
  const browser = await HeadlessChromium.launch({ offline: true, width: 1400, height: 900 });
  try {
    await graphiqlWithAnswer(browser, server);
    await sandboxOffline(browser, server);
    await openapiDocs(browser, server);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });

// Headless Chromium driven over the DevTools protocol through a pipe
// (--remote-debugging-pipe: JSON messages ended by NUL on fds 3 and 4), so no
// WebSocket client or browser-automation package is needed. Used by the
// explorer's browser check and by the screenshots script.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** The Chromium binary: $CHROMIUM_PATH, or the first of the usual names on PATH; null when there is none. */
export function findChromium(): string | null {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
      const file = path.join(dir, name);
      if (dir && existsSync(file)) return file;
    }
  }
  return null;
}

export interface LaunchOptions {
  /** Every host name but 127.0.0.1 and localhost fails to resolve: the machine as if offline, whatever its network. */
  offline?: boolean;
  width?: number;
  height?: number;
}

interface Pending { resolve(v: any): void; reject(e: Error): void; method: string }
type Listener = (params: any, sessionId?: string) => void;

export class HeadlessChromium {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private buffered = '';
  private exited = false;

  private constructor(private readonly child: ChildProcess, private readonly profileDir: string, readonly options: Required<LaunchOptions>) {
    const out = child.stdio[4] as Readable;
    out.setEncoding('utf8');
    out.on('data', (chunk: string) => this.receive(chunk));
    child.on('exit', () => {
      this.exited = true;
      for (const p of this.pending.values()) p.reject(new Error(`chromium exited during ${p.method}`));
      this.pending.clear();
    });
  }

  static async launch(options: LaunchOptions = {}): Promise<HeadlessChromium> {
    const binary = findChromium();
    if (!binary) throw new Error('no Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH');
    const o: Required<LaunchOptions> = { offline: true, width: 1400, height: 900, ...options };
    const profileDir = await mkdtemp(path.join(os.tmpdir(), 'sga-chromium-'));
    const args = [
      '--headless', '--no-sandbox', '--disable-gpu', '--remote-debugging-pipe', `--user-data-dir=${profileDir}`,
      '--no-first-run', '--no-default-browser-check', '--disable-extensions', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--mute-audio', '--hide-scrollbars', '--password-store=basic',
      `--window-size=${o.width},${o.height}`,
      ...(o.offline ? ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'] : []),
      'about:blank',
    ];
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => { stderr = (stderr + String(d)).slice(-4000); });
    const browser = new HeadlessChromium(child, profileDir, o);
    try {
      await browser.send('Browser.getVersion', {}, undefined, 15000);
    } catch (err) {
      await browser.close();
      throw new Error(`chromium did not answer: ${(err as Error).message}\n${stderr}`);
    }
    return browser;
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    let end: number;
    while ((end = this.buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(this.buffered.slice(0, end));
      this.buffered = this.buffered.slice(end + 1);
      if (typeof message.id === 'number') {
        const p = this.pending.get(message.id);
        if (!p) continue;
        this.pending.delete(message.id);
        if (message.error) p.reject(new Error(`${p.method}: ${message.error.message}`));
        else p.resolve(message.result);
      } else if (message.method) {
        for (const l of this.listeners.get(message.method) ?? []) l(message.params, message.sessionId);
      }
    }
  }

  send<T = any>(method: string, params: object = {}, sessionId?: string, timeoutMs = 30000): Promise<T> {
    if (this.exited) return Promise.reject(new Error(`chromium has exited (${method})`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => { this.pending.delete(id); reject(new Error(`${method}: no answer in ${timeoutMs} ms`)); }, timeoutMs);
      this.pending.set(id, {
        method,
        resolve: (v) => { clearTimeout(timer); resolve(v); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
      (this.child.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  on(event: string, listener: Listener): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  /** A new tab of the launch size, with its console errors and uncaught exceptions collected. */
  async newPage(): Promise<BrowserPage> {
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const page = new BrowserPage(this, sessionId);
    await Promise.all([
      this.send('Page.enable', {}, sessionId),
      this.send('Runtime.enable', {}, sessionId),
      this.send('Log.enable', {}, sessionId),
      this.send('Emulation.setDeviceMetricsOverride', { width: this.options.width, height: this.options.height, deviceScaleFactor: 1, mobile: false }, sessionId),
    ]);
    return page;
  }

  async close(): Promise<void> {
    if (!this.exited) {
      const gone = new Promise((resolve) => this.child.once('exit', resolve));
      try { await this.send('Browser.close', {}, undefined, 5000); } catch { this.child.kill('SIGKILL'); }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([gone, new Promise((resolve) => { timer = setTimeout(resolve, 5000); })]);
      clearTimeout(timer);
      if (!this.exited) this.child.kill('SIGKILL');
    }
    await rm(this.profileDir, { recursive: true, force: true });
  }
}

export class BrowserPage {
  /** Console errors, uncaught exceptions and browser log errors (CSP refusals, failed loads), in order. */
  readonly errors: string[] = [];
  /** Every response the page received: URL and status. */
  readonly responses: { url: string; status: number; mimeType: string }[] = [];

  constructor(private readonly browser: HeadlessChromium, readonly sessionId: string) {
    const mine = (fn: Listener): Listener => (params, sid) => { if (sid === sessionId) fn(params, sid); };
    browser.on('Runtime.consoleAPICalled', mine((p) => {
      if (p.type === 'error') this.errors.push(`console: ${p.args.map((a: any) => a.value ?? a.description ?? '').join(' ')}`);
    }));
    browser.on('Runtime.exceptionThrown', mine((p) => this.errors.push(`exception: ${p.exceptionDetails?.exception?.description ?? p.exceptionDetails?.text}`)));
    browser.on('Log.entryAdded', mine((p) => { if (p.entry.level === 'error') this.errors.push(`${p.entry.source}: ${p.entry.text} ${p.entry.url ?? ''}`.trim()); }));
    browser.on('Network.responseReceived', mine((p) => this.responses.push({ url: p.response.url, status: p.response.status, mimeType: p.response.mimeType })));
  }

  send<T = any>(method: string, params: object = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  /** Records responses from now on (Network domain). */
  async trackNetwork(): Promise<void> {
    await this.send('Network.enable');
  }

  /** Navigates and waits for the load event. */
  async goto(url: string, timeoutMs = 30000): Promise<void> {
    const loaded = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => { off(); reject(new Error(`${url}: no load event in ${timeoutMs} ms`)); }, timeoutMs);
      const off = this.browser.on('Page.loadEventFired', (_p, sid) => { if (sid === this.sessionId) { clearTimeout(timer); off(); resolve(); } });
    });
    const nav = await this.send<{ errorText?: string }>('Page.navigate', { url });
    if (nav.errorText) throw new Error(`${url}: ${nav.errorText}`);
    await loaded;
  }

  /** The value of an expression in the page (a promise is awaited). */
  async evaluate<T = unknown>(expression: string): Promise<T> {
    const r = await this.send<any>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) throw new Error(`evaluate ${expression}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    return r.result.value as T;
  }

  /** Polls until the expression is truthy; returns its value. */
  async waitFor<T = unknown>(expression: string, what: string, timeoutMs = 20000): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await this.evaluate<T>(expression).catch(() => undefined);
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; page errors: ${JSON.stringify(this.errors)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async screenshot(): Promise<Buffer> {
    const { data } = await this.send<{ data: string }>('Page.captureScreenshot', { format: 'png' });
    return Buffer.from(data, 'base64');
  }
}

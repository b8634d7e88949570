// Runs the inline scripts of a served page in a bare VM context with a small
// stand-in for the DOM: just the elements the script looks up by id, the
// location, timers and storage, each recording what the script did to them.
// What is asserted is the page's own code as served, not a copy of it.
import vm from 'node:vm';

export interface FakeElement {
  id: string;
  textContent: string;
  hidden: boolean;
  value: string;
  className: string;
  attributes: Record<string, string>;
  listeners: Record<string, ((event: { preventDefault(): void }) => void)[]>;
  setAttribute(name: string, value: string): void;
  addEventListener(type: string, fn: (event: { preventDefault(): void }) => void): void;
}

export interface FakeScript { src: string; nonce?: string; onload?: () => void; onerror?: () => void }

export interface PageRun {
  elements: Map<string, FakeElement>;
  appendedScripts: FakeScript[];
  replacedWith: string[];
  historyUrls: string[];
  storage: Map<string, string>;
  /** Timers the script set, not yet run: run them to play the passing of time. */
  timers: { ms: number; fn: () => void }[];
  window: Record<string, any>;
}

/** The page's inline scripts with a nonce, in order (not JSON data blocks, not external scripts). */
export function inlineScripts(html: string): { nonce: string; code: string }[] {
  return [...html.matchAll(/<script nonce="([^"]+)">([\s\S]*?)<\/script>/g)].map((m) => ({ nonce: m[1], code: m[2] }));
}

/** The page's elements with an id; the text of each is what stands before the next tag (the JSON data blocks hold no `<`). */
function elementsOf(html: string): Map<string, FakeElement> {
  const elements = new Map<string, FakeElement>();
  for (const m of html.matchAll(/<(\w+)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>([^<]*)/g)) {
    const attrs = m[2];
    const id = /\sid="([^"]+)"/.exec(attrs)?.[1];
    if (!id) continue;
    elements.set(id, {
      id, textContent: m[1] === 'input' ? '' : m[3], hidden: /\shidden(\s|=|$)/.test(attrs), value: '', className: '', attributes: {}, listeners: {},
      setAttribute(name, value) { this.attributes[name] = value; },
      addEventListener(type, fn) { (this.listeners[type] ??= []).push(fn); },
    });
  }
  return elements;
}

export function runPageScripts(html: string, url: string, globals: Record<string, unknown> = {}, storage = new Map<string, string>()): PageRun {
  const elements = elementsOf(html);
  const appendedScripts: FakeScript[] = [];
  const replacedWith: string[] = [];
  const historyUrls: string[] = [];
  const timers: PageRun['timers'] = [];
  const here = new URL(url);
  const location = {
    href: here.href, origin: here.origin, pathname: here.pathname, search: here.search, hash: here.hash,
    replace(to: string) { replacedWith.push(to); },
  };
  const window: Record<string, any> = {
    location,
    history: { replaceState(_s: unknown, _t: string, to: string) { historyUrls.push(to); } },
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => { storage.set(k, String(v)); },
      removeItem: (k: string) => { storage.delete(k); },
    },
    ...globals,
  };
  const document = {
    getElementById: (id: string) => elements.get(id) ?? null,
    createElement: (tag: string) => { if (tag !== 'script') throw new Error(`unexpected element ${tag}`); return {} as FakeScript; },
    head: { appendChild: (s: FakeScript) => { appendedScripts.push(s); } },
  };
  window.window = window;
  window.document = document;
  const context = vm.createContext({
    ...window, window, document, URLSearchParams, JSON, encodeURIComponent, String, Object,
    setTimeout: (fn: () => void, ms: number) => { timers.push({ ms, fn }); return timers.length; },
    clearTimeout: (id: number) => { if (timers[id - 1]) timers[id - 1].fn = () => undefined; },
  });
  for (const { code } of inlineScripts(html)) vm.runInContext(code, context);
  return { elements, appendedScripts, replacedWith, historyUrls, storage, timers, window };
}

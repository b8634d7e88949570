// Waiting for a running sync to reach a state, and the settings and parts the
// live-sync scenarios share: the engine is asynchronous end to end (gRPC stream,
// writer queue, transaction), so a test polls the answer it expects, with a
// deadline, and fails with the last answer it saw.
import pino, { type Logger } from 'pino';
import type { SyncOptions } from '../../src/sync/sync-engine';

export const silentLog: Logger = pino({ level: 'silent' });

/** Small timings so that stalls, reconnects and backoff happen within a test. */
export function syncOptions(url: string, overrides: Partial<SyncOptions> = {}): SyncOptions {
  return {
    url, tls: false, apiKey: undefined, apiKeyHeader: 'x-api-key', callTimeoutMs: 2_000,
    stallMs: 800, headPollMs: 100, reconnectMinMs: 50, reconnectMaxMs: 400, maxBatchEvents: 5_000,
    backfill: 'off', backfillConcurrency: 4, reconcileIntervalS: 0, reconcileSample: 20, reconcilePerSecond: 1_000,
    statusEveryMs: 200, holder: 'sync-live-test', ...overrides,
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class WaitTimeout extends Error {
  constructor(what: string, readonly last: unknown) {
    super(`timed out waiting for ${what}; last seen: ${JSON.stringify(last)}`);
  }
}

/**
 * Reads `read()` every `everyMs` until `done(value)` holds; returns that value.
 * Throws WaitTimeout (with the last value read) after `timeoutMs`.
 */
export async function waitUntil<T>(
  what: string, read: () => Promise<T> | T, done: (value: T) => boolean, o: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (o.timeoutMs ?? 5_000);
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (done(last)) return last;
    } catch (err) {
      // A read that fails (a fid not known yet answers 404) is a state to wait past, not a result.
      last = { error: err instanceof Error ? err.message : String(err) } as T;
    }
    if (Date.now() > deadline) throw new WaitTimeout(what, last);
    await sleep(o.everyMs ?? 25);
  }
}

/** Waits until `read()` equals `expected` (deep equality through JSON); returns it. */
export function waitForEqual<T>(what: string, read: () => Promise<T> | T, expected: T, o: { timeoutMs?: number; everyMs?: number } = {}): Promise<T> {
  const want = JSON.stringify(expected);
  return waitUntil(what, read, (v) => JSON.stringify(v) === want, o);
}

/** Holds `read()` at `expected` for `ms`: what must not change (nothing doubled later) stays so. */
export async function staysEqual<T>(read: () => Promise<T> | T, expected: T, ms: number, everyMs = 50): Promise<void> {
  const want = JSON.stringify(expected);
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const got = JSON.stringify(await read());
    if (got !== want) throw new Error(`changed to ${got}, expected to stay ${want}`);
    await sleep(everyMs);
  }
}

/** The p-quantile (0..1) of samples, nearest rank. */
export function quantile(samples: number[], p: number): number {
  if (!samples.length) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

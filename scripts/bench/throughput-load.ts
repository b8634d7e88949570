// One load run with autocannon in the bench's own process: the request list
// cycled by one counter shared by every connection (so the connections do not
// walk the list in step, and no id is asked far more than another), every
// response's latency kept (autocannon's own histogram rounds to whole
// milliseconds, too coarse for the fastest answers).
import autocannon from 'autocannon';
import type { BenchRequest } from './throughput-routes';

export interface LoadOptions {
  connections: number;
  /** Seconds. */
  duration: number;
  /** Requests per second over all connections; unset: as fast as the server answers. */
  overallRate?: number;
  /** Sent with every request (the key; the bare server ignores it). */
  headers: Record<string, string>;
}

export interface LoadResult {
  responses: number;
  /** Answers other than 2xx, connection errors and timeouts: any of them spoils the run. */
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Responses by HTTP status. */
  statuses: Record<string, number>;
  seconds: number;
  /** 2xx responses per second of the run. */
  reqPerSec: number;
  /** Milliseconds, nearest rank over every response. */
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
}

const pct = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : 0);
const r2 = (x: number) => Math.round(x * 100) / 100;

export function runLoad(base: string, requests: BenchRequest[], opts: LoadOptions): Promise<LoadResult> {
  if (!requests.length) throw new Error('no requests to send');
  let next = 0;
  const latencies: number[] = [];
  let ok = 0;
  const statuses: Record<string, number> = {};
  const json = { ...opts.headers, 'content-type': 'application/json' };
  return new Promise((resolve, reject) => {
    const instance = autocannon({
      url: base,
      connections: opts.connections,
      duration: opts.duration,
      overallRate: opts.overallRate,
      requests: [{
        setupRequest: (req) => {
          const r = requests[next++ % requests.length];
          return { ...req, method: r.method, path: r.path, body: r.body, headers: r.body === undefined ? opts.headers : json };
        },
      }],
    }, (err, result) => {
      if (err) { reject(err); return; }
      // autocannon's own clock: from its start to its stop, when it stops counting answers.
      const seconds = result.duration;
      const sorted = latencies.sort((a, b) => a - b);
      resolve({
        responses: latencies.length, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, statuses, seconds: r2(seconds),
        reqPerSec: r2(ok / seconds),
        latency: {
          p50: r2(pct(sorted, 0.5)), p90: r2(pct(sorted, 0.9)), p99: r2(pct(sorted, 0.99)), max: r2(sorted[sorted.length - 1] ?? 0),
          mean: r2(sorted.reduce((a, b) => a + b, 0) / Math.max(sorted.length, 1)),
        },
      });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) ok += 1;
    });
  });
}

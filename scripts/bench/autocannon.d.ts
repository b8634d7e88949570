// The part of autocannon's programmatic API the throughput benchmark uses
// (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface RequestParams { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }
    interface Request extends RequestParams {
      /** Called before each send; returns the request to send. */
      setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams;
    }
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Requests per second over all connections: each connection gets its share as a per-second budget. */
      overallRate?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      requests?: Request[];
    }
    interface Result {
      errors: number; timeouts: number; non2xx: number; '2xx': number;
      latency: { p50: number; p99: number; max: number; mean: number };
      requests: { average: number; total: number; sent: number };
      /** Seconds. */
      duration: number;
    }
    interface Instance extends EventEmitter {
      stop(): void;
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export = autocannon;
}

// Watches Postgres from a connection of its own, so a silent stall (the server
// or the network stops answering without closing anything) is noticed within
// interval + timeout, not after the TCP keep-alive or a request's deadline.
// While the database is down, queries fail at once with 503 and every pooled
// connection is dropped (a stalled socket never recovers on its own); the first
// ping that succeeds brings it back, with no restart. A ping that is only slow
// while the pool's own queries keep getting answers is load (a saturated CPU
// delays every reply), not a stall: it does not take the database down. Only
// answers in the second half of the ping's wait count, and such a ping is
// followed by the next at once: a stall that began just after a ping was sent
// (its reply caught in the stall, the pool answered just before) is then
// noticed within 1.5 × the timeout, instead of interval + 2 × timeout.
import type { ClientConfig } from 'pg';
import { ProbeConnection } from './probe-connection';

export type DbHealthState = 'up' | 'down';

export interface DbHealthOptions { intervalMs: number; timeoutMs: number }

export interface DbHealthStatus { state: DbHealthState; since: string; lastError: string | null; lastPingMs: number | null }

export class DbHealthMonitor {
  private state: DbHealthState = 'up';
  private since = new Date();
  private lastError: string | null = null;
  private lastPingMs: number | null = null;
  /** performance.now() of the newest answer to one of the pool's queries. */
  private lastAnswerAt = -Infinity;
  private readonly connection: ProbeConnection;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  /** The last ping got no answer in time but was taken for load: ping again without waiting the interval. */
  private recheck = false;
  private readonly listeners = { down: new Set<() => void>(), up: new Set<() => void>() };

  constructor(config: ClientConfig, private readonly opts: DbHealthOptions) {
    this.connection = new ProbeConnection(config, opts.timeoutMs);
  }

  get isDown(): boolean { return !this.stopped && this.state === 'down'; }

  status(): DbHealthStatus {
    return { state: this.state, since: this.since.toISOString(), lastError: this.lastError, lastPingMs: this.lastPingMs };
  }

  on(event: 'down' | 'up', fn: () => void): void { this.listeners[event].add(fn); }

  /** The server answered a query of the pool (rows or an SQL error): it is not stalled. */
  noteAnswer(): void { this.lastAnswerAt = performance.now(); }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.since = new Date();
    this.schedule(0);
  }

  stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.connection.drop();
    return Promise.resolve();
  }

  /** One ping now (also used by /readyz when the monitor is not running). */
  async ping(): Promise<boolean> {
    const started = performance.now();
    this.recheck = false;
    try {
      await this.connection.query('SELECT 1');
      this.lastPingMs = Math.round(performance.now() - started);
      this.lastError = null;
      this.set('up');
      return true;
    } catch (err) {
      // The connection was dropped: the next ping opens a new one (a slow one too, rather than queue behind it).
      const answering = (err as Error).message === this.connection.noAnswer && this.lastAnswerAt > started + this.opts.timeoutMs / 2;
      if (answering && this.state === 'up') { this.recheck = true; return true; }
      this.lastError = (err as Error).message;
      this.set('down');
      return false;
    }
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => { void this.ping().finally(() => this.schedule(this.recheck ? 0 : this.opts.intervalMs)); }, delay);
    this.timer.unref();
  }

  private set(next: DbHealthState): void {
    if (next === this.state) return;
    this.state = next;
    this.since = new Date();
    for (const fn of this.listeners[next]) fn();
  }
}

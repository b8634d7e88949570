// One rate-limit budget (points per window per key) kept in Redis while it
// answers and in this instance's memory otherwise. rate-limiter-flexible's own
// insurance limiter is not used: it hides the failure, and the breaker in
// RedisLink needs to see it to stop asking a Redis that does not answer.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisLink } from './redis-link';

export interface BudgetOptions { points: number; durationSeconds: number; keyPrefix: string }

export class FallbackLimiter {
  private readonly memory: RateLimiterMemory;
  private readonly shared: RateLimiterRedis | null;

  constructor(private readonly link: RedisLink | null, opts: BudgetOptions) {
    const base = { points: opts.points, duration: opts.durationSeconds, keyPrefix: opts.keyPrefix };
    this.memory = new RateLimiterMemory(base);
    // rejectIfRedisNotReady: while reconnecting, fail at once rather than on the command timeout.
    this.shared = link ? new RateLimiterRedis({ ...base, storeClient: link.client, rejectIfRedisNotReady: true }) : null;
  }

  /** Spends one point; rejects with a RateLimiterRes when the budget is spent. */
  consume(key: string): Promise<RateLimiterRes> {
    return this.run((l) => l.consume(key));
  }

  /** Adds one point without ever rejecting (for counting failures). */
  penalty(key: string): Promise<RateLimiterRes> {
    return this.run((l) => l.penalty(key));
  }

  /** Points spent in the current window, or null when none. */
  get(key: string): Promise<RateLimiterRes | null> {
    return this.run((l) => l.get(key));
  }

  private async run<T>(op: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    if (this.shared && this.link?.usable()) {
      try {
        return await this.link.bounded(op(this.shared));
      } catch (err) {
        // A spent budget is an answer, not a failure.
        if (err instanceof RateLimiterRes) throw err;
        this.link.failed(err);
      }
    }
    return op(this.memory);
  }
}

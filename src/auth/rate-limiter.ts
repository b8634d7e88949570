// The two budgets of the API key check, with rate-limiter-flexible: requests
// per key per minute, and failed keys per client address per minute. In memory
// for one instance; shared through Redis when REDIS_URL is set, falling back to
// memory (per instance) while Redis fails or stalls, and back when it answers.
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config/config.schema';
import { FallbackLimiter } from './fallback-limiter';
import type { AuthenticatedKey } from './key.types';
import { RedisLink, type RateLimitState } from './redis-link';

export type { RateLimitState } from './redis-link';

const WINDOW_SECONDS = 60;

const retryAfterOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** A key's budget as the RateLimit and RateLimit-Policy headers tell it, after this request was counted. */
export interface KeyBudget {
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
  /** False when this request was over the budget (a 429, waiting resetSeconds). */
  allowed: boolean;
}

const budgetOf = (limit: number, res: RateLimiterRes, allowed: boolean): KeyBudget => ({
  limit, windowSeconds: WINDOW_SECONDS, remaining: Math.max(0, res.remainingPoints), allowed,
  // A refused request waits at least a second (Retry-After is never 0).
  resetSeconds: allowed ? Math.max(0, Math.ceil(res.msBeforeNext / 1000)) : retryAfterOf(res),
});

export type RateLimitSettings = Pick<Config, 'REDIS_URL' | 'REDIS_COMMAND_TIMEOUT_MS' | 'AUTH_FAILURE_LIMIT'>;

export class KeyRateLimiter {
  private readonly limiters = new Map<number, FallbackLimiter>();
  private readonly failures: FallbackLimiter;

  private constructor(private readonly link: RedisLink | null, private readonly failureLimit: number) {
    this.failures = new FallbackLimiter(link, { points: failureLimit, durationSeconds: WINDOW_SECONDS, keyPrefix: 'sga-authfail' });
  }

  static async create(settings: RateLimitSettings): Promise<KeyRateLimiter> {
    const link = settings.REDIS_URL ? await RedisLink.connect(settings.REDIS_URL, settings.REDIS_COMMAND_TIMEOUT_MS) : null;
    return new KeyRateLimiter(link, settings.AUTH_FAILURE_LIMIT);
  }

  /** Where the budgets are kept right now (shown by /readyz). */
  state(): RateLimitState {
    return this.link ? this.link.state() : 'memory';
  }

  /** One limiter per distinct limit: keys with the same budget share its store. */
  private limiterFor(points: number): FallbackLimiter {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      limiter = new FallbackLimiter(this.link, { points, durationSeconds: WINDOW_SECONDS, keyPrefix: `sga-rl-${points}` });
      this.limiters.set(points, limiter);
    }
    return limiter;
  }

  /**
   * Spends one request of the key's budget and says what is left; a request over
   * the budget is counted too and comes back with allowed false (the caller answers 429).
   */
  async consume(key: AuthenticatedKey): Promise<KeyBudget> {
    try {
      return budgetOf(key.rateLimit, await this.limiterFor(key.rateLimit).consume(key.id), true);
    } catch (res) {
      if (res instanceof RateLimiterRes) return budgetOf(key.rateLimit, res, false);
      throw res;
    }
  }

  /** Seconds until the address may present a failing key again; 0 while it is under its failure budget. */
  async failureBlock(address: string): Promise<number> {
    const res = await this.failures.get(address);
    return res && res.consumedPoints >= this.failureLimit ? retryAfterOf(res) : 0;
  }

  /** Counts one failed key (unknown, revoked or expired) against the address. */
  async recordFailure(address: string): Promise<void> {
    await this.failures.penalty(address);
  }

  async close(): Promise<void> {
    await this.link?.close();
  }
}

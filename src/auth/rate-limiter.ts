// The two budgets of the API key check, with rate-limiter-flexible: requests
// per key per minute, and failed keys per client address per minute. In memory
// for one instance; shared through Redis when REDIS_URL is set, falling back to
// memory (per instance) while Redis fails or stalls, and back when it answers.
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config/config.schema';
import { rateLimited } from '../errors/app-error';
import { FallbackLimiter } from './fallback-limiter';
import type { AuthenticatedKey } from './key.types';
import { RedisLink, type RateLimitState } from './redis-link';

export type { RateLimitState } from './redis-link';

const WINDOW_SECONDS = 60;

const retryAfterOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

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

  /** Spends one request of the key's budget; throws RATE_LIMITED with the wait when spent. */
  async consume(key: AuthenticatedKey): Promise<void> {
    try {
      await this.limiterFor(key.rateLimit).consume(key.id);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw rateLimited(retryAfterOf(res));
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

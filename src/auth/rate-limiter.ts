// Per-key request budget per minute (CONTRACT §7), with rate-limiter-flexible:
// in memory for one instance, shared through Redis when REDIS_URL is set.
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimited } from '../errors/app-error';
import type { AuthenticatedKey } from './key.types';

const WINDOW_SECONDS = 60;

export class KeyRateLimiter {
  private readonly limiters = new Map<number, RateLimiterAbstract>();

  private constructor(private readonly redis: Redis | null) {}

  /**
   * With a Redis URL, waits (up to 2 s) for the connection so the first
   * requests already share state; if Redis is down, limits stay per instance
   * (the in-memory insurance limiter) until it is back.
   */
  static async create(redisUrl?: string): Promise<KeyRateLimiter> {
    if (!redisUrl) return new KeyRateLimiter(null);
    // enableOfflineQueue off: during an outage requests fall back to memory at once instead of queueing.
    const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      redis.once('ready', () => { clearTimeout(timer); resolve(); });
    });
    return new KeyRateLimiter(redis);
  }

  /** One limiter per distinct limit: keys with the same budget share its store. */
  private limiterFor(points: number): RateLimiterAbstract {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      const memory = new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix: `sga-rl-${points}` });
      limiter = this.redis
        ? new RateLimiterRedis({ storeClient: this.redis, points, duration: WINDOW_SECONDS, keyPrefix: `sga-rl-${points}`, insuranceLimiter: memory })
        : memory;
      this.limiters.set(points, limiter);
    }
    return limiter;
  }

  /** Spends one request of the key's budget; throws RATE_LIMITED with the wait when spent. */
  async consume(key: AuthenticatedKey): Promise<void> {
    try {
      await this.limiterFor(key.rateLimit).consume(key.id);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw rateLimited(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
      throw res;
    }
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => undefined);
  }
}

import type { NextFunction, Request, Response } from 'express';
import { rateLimited, unauthorized } from '../errors/app-error';
import type { KeyService } from './key.service';
import type { KeyRateLimiter } from './rate-limiter';

/**
 * Requires a valid `apikey` header, spends one request of its budget, and
 * keeps it in res.locals. Its answers carry the key's budget in the IETF
 * RateLimit-Policy and RateLimit headers (draft-ietf-httpapi-ratelimit-headers,
 * structured-field form), the 429 as well, next to its Retry-After.
 *
 * Failed keys (unknown, revoked, expired) are counted per client address; past
 * AUTH_FAILURE_LIMIT a minute the address gets 429 with Retry-After and its keys
 * are not looked up until the window passes, so guessing costs neither database
 * queries nor cache memory. The limit is on failures only: a valid key from that
 * address still passes when this instance knows it (cached, or verified here
 * before, then looked up once more); a valid key it never saw waits like the rest,
 * since only the database could tell it from a guess. A missing header is a
 * cheap 401 and is not counted.
 */
export function requireApiKey(keys: KeyService, limiter: KeyRateLimiter) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const header = req.headers.apikey;
      const secret = Array.isArray(header) ? header[0]?.trim() : header?.trim();
      if (!secret) throw unauthorized();
      const now = new Date();
      const cached = keys.cached(secret, now);
      let key = cached.kind === 'valid' ? cached.key : null;
      if (!key) {
        const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
        const blockedFor = await limiter.failureBlock(address);
        if (blockedFor > 0 && !(cached.kind === 'unknown' && cached.seenValid)) throw rateLimited(blockedFor);
        key = cached.kind === 'invalid' ? null : await keys.verify(secret, now);
        if (!key) {
          if (blockedFor > 0) throw rateLimited(blockedFor);
          await limiter.recordFailure(address);
          throw unauthorized();
        }
      }
      const budget = await limiter.consume(key);
      // On every answer to a known key, 2xx or 4xx, on both faces: later handlers and the error handler add headers, never remove them.
      res.setHeader('RateLimit-Policy', `"default";q=${budget.limit};w=${budget.windowSeconds}`);
      res.setHeader('RateLimit', `"default";r=${budget.remaining};t=${budget.resetSeconds}`);
      if (!budget.allowed) throw rateLimited(budget.resetSeconds);
      res.locals.apiKey = key;
      next();
    } catch (err) {
      next(err);
    }
  };
}

import type { NextFunction, Request, Response } from 'express';
import { unauthorized } from '../errors/app-error';
import type { KeyService } from './key.service';
import type { KeyRateLimiter } from './rate-limiter';

/** Requires a valid `apikey` header, spends one request of its budget, and keeps it in res.locals. */
export function requireApiKey(keys: KeyService, limiter: KeyRateLimiter) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const header = req.headers.apikey;
      const secret = Array.isArray(header) ? header[0] : header;
      if (!secret) throw unauthorized();
      const key = await keys.verify(secret.trim());
      if (!key) throw unauthorized();
      await limiter.consume(key);
      res.locals.apiKey = key;
      next();
    } catch (err) {
      next(err);
    }
  };
}

import type { Config } from '../config/config.schema';
import { systemTargetLookup, type TargetLookup, type TargetPolicy } from './webhook-target';

export interface PushOptions {
  pollMs: number;
  webhookTimeoutMs: number;
  maxAttempts: number;
  maxAgeS: number;
  retryBaseMs: number;
  retryMaxMs: number;
  concurrency: number;
  retentionHours: number;
  maxWebhooksPerKey: number;
  /** Where webhooks may send, checked at create and before every attempt (webhook-target.ts). */
  targets: TargetPolicy;
}

/** `lookup` resolves webhook hosts: the system resolver unless a test puts in its own (tests look up no real name). */
export const pushOptionsOf = (c: Config, lookup: TargetLookup = systemTargetLookup): PushOptions => ({
  pollMs: c.PUSH_POLL_MS, webhookTimeoutMs: c.PUSH_WEBHOOK_TIMEOUT_MS, maxAttempts: c.PUSH_WEBHOOK_MAX_ATTEMPTS, maxAgeS: c.PUSH_WEBHOOK_MAX_AGE_S,
  retryBaseMs: c.PUSH_RETRY_BASE_MS, retryMaxMs: c.PUSH_RETRY_MAX_MS, concurrency: c.PUSH_DELIVERY_CONCURRENCY,
  retentionHours: c.PUSH_RETENTION_HOURS, maxWebhooksPerKey: c.PUSH_MAX_WEBHOOKS_PER_KEY,
  targets: {
    allowPrivate: c.PUSH_WEBHOOK_ALLOW_PRIVATE === 'on', httpsOnly: c.PUSH_WEBHOOK_HTTPS_ONLY === 'on',
    timeoutMs: c.PUSH_WEBHOOK_TIMEOUT_MS, lookup,
  },
});

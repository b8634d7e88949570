import type { Config } from '../config/config.schema';

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
}

export const pushOptionsOf = (c: Config): PushOptions => ({
  pollMs: c.PUSH_POLL_MS, webhookTimeoutMs: c.PUSH_WEBHOOK_TIMEOUT_MS, maxAttempts: c.PUSH_WEBHOOK_MAX_ATTEMPTS, maxAgeS: c.PUSH_WEBHOOK_MAX_AGE_S,
  retryBaseMs: c.PUSH_RETRY_BASE_MS, retryMaxMs: c.PUSH_RETRY_MAX_MS, concurrency: c.PUSH_DELIVERY_CONCURRENCY,
  retentionHours: c.PUSH_RETENTION_HOURS, maxWebhooksPerKey: c.PUSH_MAX_WEBHOOKS_PER_KEY,
});

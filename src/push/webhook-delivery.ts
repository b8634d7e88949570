// Webhook delivery: claims due attempts (SKIP LOCKED, a lease per attempt),
// POSTs each message signed, and stores the outcome: delivered on a 2xx,
// otherwise retried after an exponential backoff with jitter until the
// attempts or the age run out (then failed). Everything is in push_delivery,
// so a restarted instance (or another one) carries on where this one stopped.
import type { Logger } from 'pino';
import type { SqlClient } from '../db/sql-client';
import type { PushOptions } from './push-options';
import { claimDue, recordAttempt, type AttemptEntry, type ClaimedAttempt } from './webhook.repository';
import { ATTEMPT_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from './webhook-signature';

/** Wait before attempt `attempt + 1`: base·2^(attempt−1) capped at max, then half to all of it (jitter spreads retries of many deliveries). */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/** Longest error text kept in the log. */
const ERROR_CHARS = 200;

/**
 * Why a POST failed, for the log. fetch says only "fetch failed": the reason
 * (ECONNREFUSED …) is its cause's code. Read by shape, not instanceof: fetch's
 * errors may come from another realm.
 */
function attemptError(err: unknown, timeoutMs: number): string {
  const e = (err ?? {}) as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.cause && (e.cause as { name?: string }).name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  return String(e.cause?.code ?? (e.cause?.message || e.message || err)).slice(0, ERROR_CHARS);
}

export class WebhookDelivery {
  private inFlight = new Set<Promise<void>>();
  private claiming = false;
  private again = false;
  private stopped = false;

  constructor(private readonly sql: SqlClient, private readonly opts: PushOptions, private readonly log: Logger) {}

  /** Claims and starts due attempts up to the concurrency; called on a poll and after a fan-out. */
  kick(): void {
    if (this.stopped) return;
    if (this.claiming) { this.again = true; return; }
    this.claiming = true;
    void this.claim().catch((err) => this.log.warn({ err: err instanceof Error ? err.message : err }, 'push: claiming webhook deliveries failed'))
      .finally(() => {
        this.claiming = false;
        if (this.again) { this.again = false; this.kick(); }
      });
  }

  private async claim(): Promise<void> {
    const room = this.opts.concurrency - this.inFlight.size;
    if (room <= 0) return;
    // The lease outlasts the POST's timeout: the attempt stays this instance's while it runs.
    const claimed = await claimDue(this.sql, room, this.opts.webhookTimeoutMs + 10_000);
    for (const c of claimed) {
      const p = this.attempt(c).catch((err) => this.log.warn({ err, delivery: c.id }, 'push: storing a webhook attempt failed'))
        .finally(() => { this.inFlight.delete(p); this.kick(); });
      this.inFlight.add(p);
    }
  }

  private async attempt(c: ClaimedAttempt): Promise<void> {
    const body = JSON.stringify(c.body);
    const timestamp = Math.floor(Date.now() / 1000);
    const started = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(c.url, {
        method: 'POST', body, redirect: 'manual', signal: AbortSignal.timeout(this.opts.webhookTimeoutMs),
        headers: {
          'content-type': 'application/json', 'user-agent': 'social-graph-analytics-push/1',
          [SIGNATURE_HEADER]: signBody(c.secret, timestamp, body), [TIMESTAMP_HEADER]: String(timestamp),
          [EVENT_ID_HEADER]: c.body.id, [ATTEMPT_HEADER]: String(c.attempt),
        },
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (err) {
      error = attemptError(err, this.opts.webhookTimeoutMs);
    }
    const entry: AttemptEntry = { at: new Date(started).toISOString(), status, error, ms: Date.now() - started };
    if (!error) { await recordAttempt(this.sql, c.id, c.attempt, entry, 'delivered'); return; }
    const delay = retryDelayMs(c.attempt, this.opts.retryBaseMs, this.opts.retryMaxMs);
    const retryAt = new Date(Date.now() + delay);
    const tooOld = retryAt.getTime() - c.createdAt.getTime() > this.opts.maxAgeS * 1000;
    await recordAttempt(this.sql, c.id, c.attempt, entry, c.attempt >= this.opts.maxAttempts || tooOld ? 'failed' : retryAt);
  }

  /** Stops claiming; waits for the attempts in flight (each bounded by the POST timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.claiming || this.inFlight.size) await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 20))]);
  }
}

// Webhook delivery: claims due attempts (SKIP LOCKED, a lease per attempt),
// checks the target again (resolveTarget: a webhook created under other
// settings, or a name whose answer changed, is refused here), POSTs each
// message signed to the checked addresses, and stores the outcome: delivered
// on a 2xx, otherwise retried after an exponential backoff with jitter until
// the attempts or the age run out (then failed). Everything is in push_delivery,
// so a restarted instance (or another one) carries on where this one stopped.
import type { Logger } from 'pino';
import type { SqlClient } from '../db/sql-client';
import type { PushOptions } from './push-options';
import { claimDue, recordAttempt, type AttemptEntry, type ClaimedAttempt } from './webhook.repository';
import { POST_TIMEOUT, postToTarget } from './webhook-post';
import { ATTEMPT_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from './webhook-signature';
import { resolveTarget } from './webhook-target';

/** Wait before attempt `attempt + 1`: base·2^(attempt−1) capped at max, then half to all of it (jitter spreads retries of many deliveries). */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/** Longest error text kept in the log. */
const ERROR_CHARS = 200;

/** Why a POST failed, for the log: the connection's error code (ECONNREFUSED, a TLS code …), never a stack or an address. */
function attemptError(err: unknown, timeoutMs: number): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === POST_TIMEOUT) return `no answer within ${timeoutMs} ms`;
  return typeof code === 'string' ? code.slice(0, ERROR_CHARS) : 'the request failed';
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
    const started = Date.now();
    const checked = await resolveTarget(c.url, this.opts.targets);
    // A refused target is never connected to, and its entry says only why it was refused: no status, no
    // duration, nothing that differs between an internal port that answers and one that does not.
    if (!checked.ok) { await this.record(c, { at: new Date(started).toISOString(), status: null, error: `target refused: ${checked.reason}`, ms: 0 }); return; }
    const body = JSON.stringify(c.body);
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await postToTarget(checked.target, body, {
        'content-type': 'application/json', 'user-agent': 'social-graph-analytics-push/1',
        [SIGNATURE_HEADER]: signBody(c.secret, timestamp, body), [TIMESTAMP_HEADER]: String(timestamp),
        [EVENT_ID_HEADER]: c.body.id, [ATTEMPT_HEADER]: String(c.attempt),
      }, Math.max(1, started + this.opts.webhookTimeoutMs - Date.now()));
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (err) {
      error = attemptError(err, this.opts.webhookTimeoutMs);
    }
    await this.record(c, { at: new Date(started).toISOString(), status, error, ms: Date.now() - started });
  }

  private async record(c: ClaimedAttempt, entry: AttemptEntry): Promise<void> {
    if (!entry.error) { await recordAttempt(this.sql, c.id, c.attempt, entry, 'delivered'); return; }
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

// Every instance runs one dispatcher. Woken by NOTIFY on the outbox channel
// (and by a poll, should a notification be lost), it reads the events stored
// since it last looked and hands them to this instance's subscribers, fans
// them out to webhooks, and starts due webhook deliveries. Each instance reads
// every event, so a subscriber gets each event once, whichever instance it is on.
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { PushFilter, PushMessage } from '../domain/push-events';
import { PUSH_CHANNEL } from '../repositories/push-outbox.sql';
import { fanOut } from './fan-out';
import { eventsAfter, newestEventId, pruneOutbox } from './outbox.repository';
import type { PushOptions } from './push-options';
import { Subscriptions } from './subscriptions';
import { followerQualities } from './follower-quality';
import { WebhookDelivery } from './webhook-delivery';

/** Events read per round (a full page reads again at once). */
const PAGE = 1_000;
/**
 * An id missing below ids already read belongs to a transaction that took it and
 * has not committed (or rolled back): it is waited for this long before passing it.
 */
const GAP_WAIT_MS = 10_000;
const PRUNE_EVERY_MS = 600_000;

export class PushDispatcher {
  readonly subscriptions = new Subscriptions();
  readonly delivery: WebhookDelivery;
  /** Every id at or below it has been handed on (or given up as rolled back). */
  private cursor = 0;
  private readonly seen = new Set<number>();
  private maxSeen = 0;
  private readonly gaps = new Map<number, number>();
  private running = false;
  private again = false;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: () => Promise<void> = () => Promise.resolve();
  private round: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database, private readonly opts: PushOptions, private readonly log: Logger) {
    this.delivery = new WebhookDelivery(db.sql, opts, log);
  }

  async start(): Promise<void> {
    // A database unreachable at start-up must not stop the app: the first round that reaches it starts from its head.
    await this.startAtHead().catch(() => undefined);
    this.unlisten = await this.db.listen(PUSH_CHANNEL, () => this.kick());
    const every = (ms: number, fn: () => void) => { const t = setInterval(fn, ms); t.unref(); this.timers.push(t); };
    every(this.opts.pollMs, () => { this.kick(); this.delivery.kick(); });
    every(PRUNE_EVERY_MS, () => { pruneOutbox(this.db.sql, this.opts.retentionHours).catch(() => undefined); });
    this.kick();
  }

  subscribe(filter: PushFilter): AsyncIterableIterator<PushMessage> { return this.subscriptions.subscribe(filter); }

  /** Runs a round now, or once more after the one running. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) { this.again = true; return; }
    this.running = true;
    this.round = this.runRound().catch((err) => this.log.warn({ err: err instanceof Error ? err.message : err }, 'push: dispatch round failed'))
      .finally(() => {
        this.running = false;
        if (this.again) { this.again = false; this.kick(); }
      });
  }

  private started = false;

  private async startAtHead(): Promise<void> {
    this.cursor = this.maxSeen = await newestEventId(this.db.sql);
    this.started = true;
  }

  private async runRound(): Promise<void> {
    if (!this.started) await this.startAtHead();
    if (this.subscriptions.size === 0) {
      // Nobody to hand events to: skip to the head instead of reading every event a busy sync stores.
      this.cursor = this.maxSeen = Math.max(this.cursor, await newestEventId(this.db.sql));
      this.seen.clear();
      this.gaps.clear();
    } else await this.readEvents();
    if (await fanOut(this.db.sql) > 0) this.delivery.kick();
  }

  private async readEvents(): Promise<void> {
    const events = await eventsAfter(this.db.sql, this.cursor, PAGE);
    const qualityOf = await followerQualities(this.db.sql, events, this.subscriptions.filters());
    for (const e of events) {
      const id = Number(e.id);
      if (this.seen.has(id) || id <= this.cursor) continue;
      this.seen.add(id);
      this.maxSeen = Math.max(this.maxSeen, id);
      this.subscriptions.publish(e, qualityOf);
    }
    this.advance();
    if (events.length === PAGE) this.again = true;
  }

  private advance(): void {
    const now = Date.now();
    while (this.cursor < this.maxSeen) {
      const next = this.cursor + 1;
      if (this.seen.delete(next)) { this.cursor = next; this.gaps.delete(next); continue; }
      const since = this.gaps.get(next) ?? now;
      this.gaps.set(next, since);
      if (now - since < GAP_WAIT_MS) return;
      this.gaps.delete(next);
      this.cursor = next;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.unlisten();
    await this.round;
    await this.delivery.stop();
    this.subscriptions.endAll();
  }
}

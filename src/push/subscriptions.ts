// This instance's subscribers: each has a filter and a bounded queue of
// messages its client has not read yet. A client that falls that far behind
// is ended with an error rather than holding memory without bound.
import { messagesFor, type PushFilter, type QualityOf, type PushMessage, type StoredEvent } from '../domain/push-events';

/** Messages queued for one subscriber before it is ended. */
const MAX_QUEUED = 1_000;

class Subscriber implements AsyncIterableIterator<PushMessage> {
  private queue: PushMessage[] = [];
  private waiting: ((r: IteratorResult<PushMessage>) => void) | null = null;
  private failed: Error | null = null;
  done = false;

  constructor(readonly filter: PushFilter, private readonly onEnd: (s: Subscriber) => void) {}

  offer(m: PushMessage): void {
    if (this.done) return;
    if (this.waiting) { const w = this.waiting; this.waiting = null; w({ value: m, done: false }); return; }
    if (this.queue.length >= MAX_QUEUED) { this.failed = new Error('subscriber too slow: more than 1000 messages unread'); this.finish(); return; }
    this.queue.push(m);
  }

  next(): Promise<IteratorResult<PushMessage>> {
    const m = this.queue.shift();
    if (m) return Promise.resolve({ value: m, done: false });
    if (this.failed) return Promise.reject(this.failed);
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => { this.waiting = resolve; });
  }

  return(): Promise<IteratorResult<PushMessage>> { this.finish(); return Promise.resolve({ value: undefined, done: true }); }

  finish(): void {
    if (this.done) return;
    this.done = true;
    this.onEnd(this);
    const w = this.waiting;
    this.waiting = null;
    w?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() { return this; }
}

export class Subscriptions {
  private readonly subscribers = new Set<Subscriber>();

  get size(): number { return this.subscribers.size; }

  subscribe(filter: PushFilter): AsyncIterableIterator<PushMessage> {
    const s = new Subscriber(filter, (x) => this.subscribers.delete(x));
    this.subscribers.add(s);
    return s;
  }

  /** The filters of the live subscribers (the dispatcher reads the follower scores their minQuality needs). */
  filters(): PushFilter[] { return [...this.subscribers].map((s) => s.filter); }

  publish(e: StoredEvent, qualityOf?: QualityOf): void {
    for (const s of this.subscribers) for (const m of messagesFor(e, s.filter, qualityOf)) s.offer(m);
  }

  endAll(): void { for (const s of [...this.subscribers]) s.finish(); }
}

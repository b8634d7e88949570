// Turns of the event loop for one request's heavy pieces. graphql-js completes
// everything that waits on one database answer in one go: the 24 aliases × 100
// profiles of a wide query, or 4 histories of 1,000 points each, are one long
// stretch of synchronous work after their batch arrives, during which no other
// request (not even a health check) is served. Here that work is spread over turns of
// the loop, with timers and I/O between them:
// - a heavy piece (a long list or history about to be built) takes a turn of its own;
// - what waits on a loader goes on at most PER_TURN at a time: the 4,800
//   counter fields of a 2,400-profile answer, whose counters arrive in one
//   batch, go on 200 per turn.
//
// Turns must not split DataLoader's batches: a loader that the pieces read
// (each profile's counts) would otherwise send one statement per turn. So
// while turns are waiting, the request's loaders hold their batches back and
// send them once the last turn has run (src/loaders/request-loader.ts).

/** What goes on in one turn: this many loader results, or one heavy piece (a turn's length against the loop's latency: docs/performance.md#request-path). */
export const PER_TURN = 200;

interface Waiter { release: () => void; weight: number }

export class RequestTurns {
  private readonly waiting: Waiter[] = [];
  private readonly afterLast: (() => void)[] = [];
  private running = false;
  /** Weight let through since the current turn began. */
  private spent = 0;
  private resetQueued = false;

  /** True while anything waits for a turn (or the last released has not finished its turn). */
  get busy(): boolean { return this.running; }

  /** A heavy piece: resolves in a turn of the event loop that it has to itself (as far as PER_TURN goes). */
  take(): Promise<void> {
    return this.wait(PER_TURN);
  }

  /**
   * A loader's result on its way to the code that waits on it: handed on at
   * once while this turn has room, else in a later turn.
   */
  readonly pace = <T>(value: T): T | Promise<T> => {
    if (this.waiting.length === 0 && this.spent < PER_TURN) {
      this.spend(1);
      return value;
    }
    return this.wait(1).then(() => value);
  };

  /** Runs `fn` once nothing waits for a turn (at once when nothing does). */
  whenIdle(fn: () => void): void {
    if (this.running) this.afterLast.push(fn);
    else fn();
  }

  private wait(weight: number): Promise<void> {
    return new Promise((release) => {
      this.waiting.push({ release, weight });
      if (!this.running) {
        this.running = true;
        setImmediate(this.next);
      }
    });
  }

  private spend(weight: number): void {
    this.spent += weight;
    if (!this.resetQueued) {
      this.resetQueued = true;
      setImmediate(this.reset);
    }
  }

  private readonly reset = (): void => {
    this.spent = 0;
    this.resetQueued = false;
  };

  // One turn per loop iteration: what it releases goes on in the microtasks right after this
  // callback, and the next turn is queued from here, so it runs in the next iteration, after the
  // timers and I/O that came due meanwhile. The turn after the last release finds nothing waiting
  // (the released code has run by then) and lets the held batches go.
  private readonly next = (): void => {
    this.spent = 0;
    let released = false;
    while (this.waiting.length > 0 && this.spent < PER_TURN) {
      const waiter = this.waiting.shift()!;
      this.spent += waiter.weight;
      waiter.release();
      released = true;
    }
    if (released) {
      setImmediate(this.next);
      return;
    }
    this.running = false;
    for (const fn of this.afterLast.splice(0)) fn();
  };
}

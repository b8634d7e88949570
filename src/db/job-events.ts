// Jobs that ran in this process on a database (an import, one protocol's
// refresh) say how long they took, for whoever watches that database (the
// server's /metrics). Listeners are per Database, so several apps in one
// process (tests) each hear only their own database's jobs.

export interface JobFinished {
  job: 'import' | 'refresh';
  /** The refreshed protocol; an import has none. */
  protocol?: string;
  seconds: number;
  outcome: 'ok' | 'failed';
}

export class JobEvents {
  private readonly listeners = new Set<(e: JobFinished) => void>();

  /** Returns the unsubscribe function. */
  on(listener: (e: JobFinished) => void): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  /** A listener's fault never fails the job that reports. */
  finished(e: JobFinished): void {
    for (const listener of this.listeners) {
      try { listener(e); } catch { /* the job's result matters more than its metric */ }
    }
  }

  /** Runs `work`, then reports its duration and outcome. */
  async timed<T>(job: JobFinished['job'], protocol: string | undefined, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const report = (outcome: JobFinished['outcome']) =>
      this.finished({ job, ...(protocol ? { protocol } : {}), seconds: (performance.now() - started) / 1000, outcome });
    try {
      const out = await work();
      report('ok');
      return out;
    } catch (err) {
      report('failed');
      throw err;
    }
  }
}

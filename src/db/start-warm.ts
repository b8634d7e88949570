// The warm at start: what `cli warm` reads (warm-relations.ts), read by the
// server itself in the background once it serves, so that the first requests
// after a restart of the database host, or a cache the operating system dropped,
// do not each pay a disk read per page. /readyz shows where it stands; it is not
// a reason to answer 503 (every route answers meanwhile, only slower), so a load
// balancer that wants warm instances waits for `warm.state` to be `done`.
//
// One instance warms at a time: instances behind one database share its host's
// page cache, so a second reading the same files at once would double the disk
// reads of a rolling restart for nothing.
import type { Logger } from 'pino';
import { withAdvisoryLock } from './advisory-lock';
import { ADVISORY_LOCKS } from './advisory-locks';
import type { SqlClient } from './sql-client';
import { WARM_RELATIONS, warmRelations } from './warm-relations';

export interface WarmStatus {
  /**
   * `off` (WARM_AT_START=off), `not needed` (the embedded database: its files are the operating system's
   * to cache as they are read), `warming`, `done`, `skipped` (another instance was warming the same
   * database), `failed`.
   */
  state: 'off' | 'not needed' | 'warming' | 'done' | 'skipped' | 'failed';
  relationsDone: number;
  relations: number;
  bytes: number;
  ms: number;
  error?: string;
}

export class StartWarmer {
  private current: WarmStatus = { state: 'off', relationsDone: 0, relations: WARM_RELATIONS.length, bytes: 0, ms: 0 };
  private run: Promise<void> | null = null;

  constructor(private readonly sql: SqlClient, private readonly log: Logger) {}

  status(): WarmStatus { return { ...this.current }; }

  /** Starts the warm in the background (once); resolves when it ends, never with a failure (that is its status). */
  start(): Promise<void> {
    this.run ??= this.warm();
    return this.run;
  }

  private async warm(): Promise<void> {
    if (this.sql.kind !== 'postgres') { this.current.state = 'not needed'; return; }
    this.current.state = 'warming';
    const started = performance.now();
    try {
      const ran = await withAdvisoryLock(this.sql, ADVISORY_LOCKS.warm, () => warmRelations(this.sql, (r) => {
        this.current.relationsDone += 1;
        this.current.bytes += r.bytes;
        this.current.ms = Math.round(performance.now() - started);
      }));
      this.current.ms = Math.round(performance.now() - started);
      this.current.state = ran ? 'done' : 'skipped';
      this.log.info({ warm: this.current }, ran ? 'warmed the follow indexes and profile tables' : 'warm at start skipped: another instance is warming this database');
    } catch (err) {
      this.current.state = 'failed';
      this.current.error = (err as Error).message;
      this.log.warn({ err }, 'warm at start failed: requests read from disk until the cache fills');
    }
  }
}

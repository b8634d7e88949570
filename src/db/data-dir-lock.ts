// One process owns an embedded data directory. PGlite takes no lock of its own,
// and two processes writing one directory corrupt it beyond repair (the next
// start aborts), so the server and the CLI take this lock file before they open
// PGlite there. A lock left by a process that no longer runs (kill -9, crash) is
// taken over; PGlite's own crash recovery then replays what it had written.
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'owner.lock';

export interface LockRecord {
  pid: number;
  kind: 'server' | 'cli';
  /** What runs: the CLI's arguments, or the server's command line. */
  command: string;
  startedAt: string;
  /** Server only: where it takes CLI commands (see src/cli/admin-server.ts). */
  adminSocket?: string;
}

export interface DataDirLock {
  readonly file: string;
  readonly record: LockRecord;
  /** Removes the lock file if it is still ours; also runs on process exit. */
  release(): void;
}

export class DataDirBusyError extends Error {
  constructor(readonly dataDir: string, readonly holder: LockRecord) {
    super(holder.kind === 'server'
      ? `data directory ${dataDir} is in use by the server (pid ${holder.pid}, started ${holder.startedAt}); stop it first or set DATA_DIR`
      : `data directory ${dataDir} is in use by \`npm run cli -- ${holder.command}\` (pid ${holder.pid}, started ${holder.startedAt}); wait for it to finish or set DATA_DIR`);
  }
}

/** The on-disk PGlite directory of this configuration; none on Postgres or in memory (nothing to share). */
export function embeddedDataDir(config: { DATABASE_URL?: string; DATA_DIR: string }): string | undefined {
  if (config.DATABASE_URL) return undefined;
  return config.DATA_DIR === 'memory://' || config.DATA_DIR === ':memory:' ? undefined : config.DATA_DIR;
}

/** Lock files this process holds: a record with our own pid that is not here is a previous life (pid 1 in a container). */
const heldHere = new Set<string>();

/** Sync on purpose: it runs before anything opens the database, and on process exit. */
export function acquireDataDirLock(dataDir: string, who: Omit<LockRecord, 'pid' | 'startedAt'>): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), LOCK_FILE);
  const record: LockRecord = { pid: process.pid, kind: who.kind, command: who.command, startedAt: new Date().toISOString(), ...(who.adminSocket ? { adminSocket: who.adminSocket } : {}) };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (tryCreate(file, record)) return holding(file, record);
    const holder = readLock(file);
    if (holder === 'gone') continue;
    if (holder === 'being-written') { sleep(20); continue; }
    if (holder !== 'unreadable' && isAlive(file, holder.pid)) throw new DataDirBusyError(dataDir, holder);
    removeStale(file, holder);
  }
  throw new Error(`could not take the lock ${file}: it keeps changing`);
}

/**
 * Creates the lock with its whole content at once: the record goes to a file of
 * this process first, then link() puts it in place, which fails if a lock exists.
 * A reader never sees an empty or half-written lock.
 */
function tryCreate(file: string, record: LockRecord): boolean {
  const draft = `${file}.${process.pid}.draft`;
  const fd = openSync(draft, 'w', 0o644);
  try {
    writeSync(fd, `${JSON.stringify(record)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkQuiet(draft);
  }
}

function holding(file: string, record: LockRecord): DataDirLock {
  heldHere.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    process.off('exit', release);
    const now = readLock(file);
    if (typeof now === 'object' && sameHolder(now, record)) unlinkQuiet(file);
  };
  process.on('exit', release);
  return { file, record, release };
}

type ReadResult = LockRecord | 'gone' | 'being-written' | 'unreadable';

/** An empty or partial file younger than this is a holder between its create and its write. */
const WRITE_GRACE_MS = 2000;

function readLock(file: string): ReadResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw err;
  }
  try {
    const r = JSON.parse(text) as LockRecord;
    if (Number.isInteger(r.pid) && r.pid > 0 && (r.kind === 'server' || r.kind === 'cli')) return r;
  } catch { /* partial or foreign content: judged by age below */ }
  try {
    return Date.now() - statSync(file).mtimeMs < WRITE_GRACE_MS ? 'being-written' : 'unreadable';
  } catch {
    return 'gone';
  }
}

function isAlive(file: string, pid: number): boolean {
  if (pid === process.pid) return heldHere.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

const sameHolder = (a: LockRecord, b: LockRecord) => a.pid === b.pid && a.startedAt === b.startedAt;

/**
 * Two processes may find the same stale lock at once: each takes over only under
 * a short guard file and only if the lock still is the stale one it judged, so the
 * loser then meets the winner's fresh lock instead of deleting it.
 */
function removeStale(file: string, stale: LockRecord | 'unreadable'): void {
  const guard = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // The guard is held for microseconds; an old one is left by a process killed inside it.
    try { if (Date.now() - statSync(guard).mtimeMs > 10_000) unlinkQuiet(guard); } catch { /* gone */ }
    sleep(20);
    return;
  }
  try {
    const now = readLock(file);
    const still = stale === 'unreadable' ? now === 'unreadable' : typeof now === 'object' && sameHolder(now, stale);
    if (still) unlinkQuiet(file);
  } finally {
    closeSync(fd);
    unlinkQuiet(guard);
  }
}

function unlinkQuiet(file: string): void {
  try { unlinkSync(file); } catch { /* already gone */ }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

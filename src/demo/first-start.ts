// A new embedded data directory is set up by a child process: PGlite creates the
// database (initdb), the migrations run and, unless DEMO_DATA=off, the demo
// dataset is generated, imported, classified and analysed. PGlite's WebAssembly
// memory never shrinks and V8 keeps the heap it grew, so a server that did this
// itself kept the high-water mark for its whole life, far above what it needs to
// open the finished directory (docs/performance.md#embedded-memory). The child's
// memory goes back to the system when it exits.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DemoResult } from './demo-data';

export const FIRST_START_DONE = 'first-start-done';
export interface FirstStartDone { type: typeof FIRST_START_DONE; demo: DemoResult }

/** PGlite's own test: a data directory without PG_VERSION has no database yet. */
export function isNewDataDir(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'PG_VERSION'));
}

export interface FirstStart {
  pid: number;
  /** The demo's result once the child has exited 0; rejects when it failed or was stopped. */
  done: Promise<DemoResult>;
  /** Stops the child (SIGTERM) and waits for it to exit: the next start finds PG_VERSION and finishes the work in-process. */
  stop(): Promise<void>;
}

/**
 * Forks the set-up with this process's environment (so its configuration) and
 * Node flags (so it runs from the sources under tsx as from dist/); its log
 * lines go to this process's stdout and stderr. The caller holds DATA_DIR's
 * lock and must not open PGlite there until `done` settles.
 */
export function startFirstStart(): FirstStart {
  const entry = path.join(__dirname, `first-start.child${path.extname(__filename)}`);
  const child = fork(entry, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let demo: DemoResult | undefined;
  child.on('message', (m: Partial<FirstStartDone>) => { if (m?.type === FIRST_START_DONE && m.demo) demo = m.demo; });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const done = new Promise<DemoResult>((resolve, reject) => {
    child.once('error', reject);
    void exited.then(({ code, signal }) => (code === 0 && demo
      ? resolve(demo)
      : reject(new Error(`setting up the new data directory (pid ${child.pid}) failed: ${signal ? `signal ${signal}` : `exit code ${code}`}`))));
  });
  return {
    pid: child.pid!, done,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

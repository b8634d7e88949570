// The data directory lock: one holder, a clear refusal naming it, stale locks
// (dead pid, our own pid from a previous life, garbage) taken over, release that
// never deletes another holder's lock, and release on a normal exit.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirBusyError, LOCK_FILE, type LockRecord } from '../../src/db/data-dir-lock';

let root: string;
let n = 0;
const freshDir = () => path.join(root, `d${++n}`);
const lockOf = (dir: string) => path.join(dir, LOCK_FILE);
const readLock = (dir: string) => JSON.parse(readFileSync(lockOf(dir), 'utf8')) as LockRecord;
const write = (dir: string, r: Partial<LockRecord> | string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(lockOf(dir), typeof r === 'string' ? r : JSON.stringify(r));
};
/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

beforeAll(() => { root = mkdtempSync(path.join(os.tmpdir(), 'sga-lock-')); });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('data directory lock', () => {
  it('when a server holds it, then a second taker gets one line naming the server, and after release it can be taken again', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir, { kind: 'server', command: 'node dist/src/index.js', adminSocket: '/x/admin.sock' });
    expect(readLock(dir)).toEqual({ pid: process.pid, kind: 'server', command: 'node dist/src/index.js', startedAt: lock.record.startedAt, adminSocket: '/x/admin.sock' });
    let busy: unknown;
    try { acquireDataDirLock(dir, { kind: 'cli', command: 'keys list' }); } catch (err) { busy = err; }
    expect(busy).toBeInstanceOf(DataDirBusyError);
    expect((busy as Error).message).toBe(
      `data directory ${dir} is in use by the server (pid ${process.pid}, started ${lock.record.startedAt}); stop it first or set DATA_DIR`);
    lock.release();
    expect(existsSync(lockOf(dir))).toBe(false);
    acquireDataDirLock(dir, { kind: 'cli', command: 'keys list' }).release();
  });

  it('when another live process runs a CLI command, then the refusal names that command', () => {
    const dir = freshDir();
    write(dir, { pid: process.ppid, kind: 'cli', command: 'import data/ds', startedAt: '2030-01-01T00:00:00.000Z' });
    expect(() => acquireDataDirLock(dir, { kind: 'server', command: 's' })).toThrow(
      `data directory ${dir} is in use by \`npm run cli -- import data/ds\` (pid ${process.ppid}, started 2030-01-01T00:00:00.000Z); wait for it to finish or set DATA_DIR`);
    expect(readLock(dir).pid).toBe(process.ppid);
  });

  it.each([
    ['a process that no longer runs', () => ({ pid: deadPid(), kind: 'server', command: 's', startedAt: '2020-01-01T00:00:00.000Z' })],
    ['this pid in a previous life (pid 1 in a container)', () => ({ pid: process.pid, kind: 'server', command: 's', startedAt: '2020-01-01T00:00:00.000Z' })],
    ['nothing readable, written long ago', () => 'not json'],
  ])('when the lock was left by %s, then it is taken over', (_what, stale) => {
    const dir = freshDir();
    const content = stale();
    write(dir, content as Partial<LockRecord> | string);
    if (typeof content === 'string') utimesSync(lockOf(dir), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const lock = acquireDataDirLock(dir, { kind: 'cli', command: 'refresh' });
    expect(readLock(dir)).toMatchObject({ pid: process.pid, kind: 'cli', command: 'refresh' });
    lock.release();
    expect(existsSync(lockOf(dir))).toBe(false);
  });

  it('when the lock was taken over by someone else meanwhile, then release leaves their lock alone', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir, { kind: 'cli', command: 'keys list' });
    const theirs = { pid: process.ppid, kind: 'server', command: 's', startedAt: '2030-01-01T00:00:00.000Z' };
    writeFileSync(lockOf(dir), JSON.stringify(theirs));
    lock.release();
    expect(readLock(dir)).toEqual(theirs);
  });

  it('when the holder exits normally without releasing, then the lock is gone', () => {
    const dir = freshDir();
    const script = `require('./src/db/data-dir-lock').acquireDataDirLock(${JSON.stringify(dir)}, { kind: 'cli', command: 'x' }); process.exit(3)`;
    const res = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: path.join(__dirname, '..', '..'), encoding: 'utf8' });
    expect(res.status).toBe(3);
    expect(existsSync(dir)).toBe(true);
    expect(existsSync(lockOf(dir))).toBe(false);
  });
});

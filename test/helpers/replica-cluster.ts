// A throwaway PostgreSQL primary and a hot-standby streaming replica of it
// (initdb, pg_basebackup -R), in one temporary directory on ports of their
// own, run as the postgres user; the machine's own server is left alone.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

/** The newest installed server's binaries (Debian's layout), or the ones on PATH. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], 'bin') : '';
}

/**
 * A port no other process is about to take: a free one below the kernel's
 * ephemeral range. A port from listen(0) is itself ephemeral, and between
 * choosing it and the server binding it (initdb, the primary's start and the
 * base backup: seconds) any listen(0) or outgoing connection in a parallel
 * test file could be handed the same port, and the server would not start.
 */
async function freePort(taken: number[]): Promise<number> {
  const range = existsSync('/proc/sys/net/ipv4/ip_local_port_range')
    ? readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number) : [32768];
  const below = Math.max(range[0] || 32768, 11000);
  for (let tries = 0; tries < 200; tries += 1) {
    const port = 10000 + Math.floor(Math.random() * (below - 10000));
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port between 10000 and ${below}`);
}

function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, but there is no postgres user to run the test clusters as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface ReplicaCluster {
  primaryUrl: string;
  standbyUrl: string;
  /** The server's log so far (every statement, log_statement = all). */
  log(server: 'primary' | 'standby'): string;
  /** Runs one statement on the primary or the standby (a connection of its own). */
  query<R extends Record<string, unknown>>(server: 'primary' | 'standby', text: string): Promise<R[]>;
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  /** Stops both servers and removes the directory; safe to call twice and after a failed start. */
  destroy(): Promise<void>;
}

export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const bin = binDir();
  const tool = (name: string) => (bin ? path.join(bin, name) : name);
  const owner = postgresUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sga-replicas-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const asPostgres = (name: string, args: string[]) =>
    (owner ? run('runuser', ['-u', 'postgres', '--', tool(name), ...args]) : run(tool(name), args));
  const primaryDir = path.join(dir, 'primary');
  const standbyDir = path.join(dir, 'standby');
  const primaryPort = await freePort([]);
  const standbyPort = await freePort([primaryPort]);
  const pgCtl = (dataDir: string, action: string, extra: string[] = []) =>
    asPostgres('pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-w', '-t', '30', action, ...extra]).catch((err: Error) => {
      // pg_ctl only says "examine the log output", and destroy() removes the log: put its end in the error.
      const log = existsSync(`${dataDir}.log`) ? readFileSync(`${dataDir}.log`, 'utf8').split('\n').slice(-15).join('\n') : '(no log)';
      throw new Error(`${err.message}\n${path.basename(dataDir)}'s log ends:\n${log}`);
    });
  const started: string[] = [];

  const destroy = async () => {
    for (const d of started.splice(0).reverse()) await pgCtl(d, 'stop', ['-m', 'immediate']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Trust auth for local and 127.0.0.1 connections, replication included (initdb's pg_hba for --auth=trust).
    await asPostgres('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await appendFile(path.join(primaryDir, 'postgresql.conf'), [
      `port = ${primaryPort}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`,
      'wal_level = replica', 'max_wal_senders = 4', 'hot_standby = on', 'max_connections = 200',
      // Throwaway data: no waiting for the disk.
      'fsync = off', 'synchronous_commit = off', 'full_page_writes = off',
      // Every statement in the server's log: the test reads which server ran a request's reads.
      "log_statement = 'all'", "log_min_messages = 'warning'", '',
    ].join('\n'));
    await pgCtl(primaryDir, 'start');
    started.push(primaryDir);
    await asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
    await appendFile(path.join(standbyDir, 'postgresql.conf'), `port = ${standbyPort}\n`);
    await pgCtl(standbyDir, 'start');
    started.push(standbyDir);
  } catch (err) {
    await destroy();
    throw err;
  }

  const url = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;
  return {
    primaryUrl: url(primaryPort),
    standbyUrl: url(standbyPort),
    log: (server) => readFileSync(`${server === 'primary' ? primaryDir : standbyDir}.log`, 'utf8'),
    async query(server, text) {
      const c = new Client({ connectionString: url(server === 'primary' ? primaryPort : standbyPort) });
      await c.connect();
      try { return (await c.query(text)).rows; } finally { await c.end(); }
    },
    async stopStandby() {
      await pgCtl(standbyDir, 'stop', ['-m', 'immediate']);
      started.splice(started.indexOf(standbyDir), 1);
    },
    async startStandby() {
      await pgCtl(standbyDir, 'start');
      started.push(standbyDir);
    },
    destroy,
  };
}

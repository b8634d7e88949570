// The local channel through which CLI commands run inside the server that owns
// the data directory: HTTP over a Unix socket, readable and writable by the
// owner only. POST /run with {argv, cwd}; the answer streams one JSON object a
// line: {"out": line} | {"err": line}, and last {"exit": code}.
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

export const RUN_PATH = '/run';

export interface RunRequest { argv: string[]; cwd: string }
export type RunMessage = { out: string } | { err: string } | { exit: number };

/** Unix socket paths are limited to about 100 bytes: a deep DATA_DIR gets one in the temp folder, named after it. */
const MAX_SOCKET_PATH = 100;

export function adminSocketPath(dataDir: string): string {
  const inside = path.join(path.resolve(dataDir), 'admin.sock');
  if (inside.length <= MAX_SOCKET_PATH) return inside;
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `sga-admin-${id}.sock`);
}

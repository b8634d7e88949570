// A server whose port is taken says so in one line and exits before it opens
// the database: a real process, started as `npm start` starts it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

describe('a busy port', () => {
  it('when the port is in use, then the server exits 1 with one line before it opens the database', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const port = (blocker.address() as AddressInfo).port;
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'sga-port-')), 'data');
    try {
      const root = path.join(__dirname, '..', '..');
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
        cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'off', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => { stderr += String(d); });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`port ${port} on 127.0.0.1 is already in use: stop what uses it or set PORT`);
      // No database was created in DATA_DIR (at most the owner lock, already released).
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
      if (existsSync(dataDir)) expect(readdirSync(dataDir).filter((f) => !f.startsWith('owner.lock'))).toEqual([]);
    } finally {
      blocker.close();
    }
  });
});

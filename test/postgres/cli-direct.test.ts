// On Postgres the data directory lock and the admin socket do not apply: the CLI
// connects directly even when a live server holds the (unused) DATA_DIR.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/main';
import { loadConfig } from '../../src/config/load-config';
import { LOCK_FILE } from '../../src/db/data-dir-lock';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
let tmp: string;
beforeAll(async () => {
  t = await createTestDatabase();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'sga-cli-pg-'));
});
afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

it('when DATABASE_URL is set, then the CLI ignores a held DATA_DIR and runs on Postgres', async () => {
  const dataDir = path.join(tmp, 'data');
  mkdirSync(dataDir);
  // A live process (our parent) "serving" on a socket that does not exist: forwarding there would fail.
  const held = JSON.stringify({ pid: process.ppid, kind: 'server', command: 's', startedAt: '2030-01-01T00:00:00.000Z', adminSocket: path.join(tmp, 'none.sock') });
  writeFileSync(path.join(dataDir, LOCK_FILE), held);
  const out: string[] = [];
  const err: string[] = [];
  const config = loadConfig({ DATABASE_URL: t.url, DATA_DIR: dataDir });
  const code = await runCli(['keys', 'create', '--name', 'direct', '--json'], { out: (l) => out.push(l), err: (l) => err.push(l) }, { config });
  expect({ code, err }).toEqual({ code: 0, err: [] });
  const { id } = JSON.parse(out[0]);
  const [row] = await t.db.read<{ name: string }>('SELECT name FROM api_key WHERE id = ANY($1::uuid[])', [id]);
  expect(row).toEqual({ name: 'direct' });
  expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(held);
});

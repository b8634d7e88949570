// `npm run cli -- …` on a real database: exit codes 0/1/2, keys, migrate,
// generate + import.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/main';
import { WARM_RELATIONS } from '../../src/db/warm-relations';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
let dataDir: string;
const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sga-cli-'));
  if (process.env.TEST_DATABASE_URL) {
    t = await createTestDatabase();
    process.env.DATABASE_URL = t.url;
  } else {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = path.join(dataDir, 'db');
  }
});
afterAll(async () => {
  Object.assign(process.env, saved);
  if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
  if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('CLI', () => {
  it('when asked for help, then usage and exit 0; when the words are wrong, then exit 2', async () => {
    expect(await cli('--help')).toMatchObject({ code: 0, out: expect.stringContaining('keys create') });
    expect((await cli()).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    expect((await cli('keys', 'create')).code).toBe(2);
    expect((await cli('keys', 'create', '--name', 'x', '--rate-limit', 'lots')).code).toBe(2);
    expect((await cli('keys', 'list', '--bogus')).code).toBe(2);
  });

  it('when run as a process, then the exit code reaches the shell', () => {
    const res = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'src/cli/main.ts', 'frobnicate'], { cwd: path.join(__dirname, '..', '..'), encoding: 'utf8' });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('unknown command: frobnicate');
  });

  it('when migrate runs twice, then the second has nothing to do', async () => {
    await cli('migrate');
    expect(await cli('migrate')).toEqual({ code: 0, out: 'database is up to date', err: '' });
  });

  it('when warm runs, then on Postgres every listed relation is read through (its blocks are its size), and on the embedded store there is nothing to warm', async () => {
    await cli('migrate');
    const res = await cli('warm', '--json');
    expect(res).toMatchObject({ code: 0, err: '' });
    const report = JSON.parse(res.out) as { relations: { relation: string; bytes: number; blocks: number }[]; bytes: number };
    if (!onPostgres()) {
      expect(report).toEqual({ relations: [], bytes: 0, ms: 0 });
      expect((await cli('warm')).out).toContain('nothing to warm');
      return;
    }
    expect(report.relations.map((r) => r.relation)).toEqual(WARM_RELATIONS);
    for (const r of report.relations) {
      // An index has its metapage even when empty; a table may have no page yet.
      if (/_(idx|pkey)$/.test(r.relation)) expect(r.bytes).toBeGreaterThan(0);
      expect(r.blocks * 8192).toBe(r.bytes);
    }
    expect(report.bytes).toBe(report.relations.reduce((s, r) => s + r.bytes, 0));
    const plain = await cli('warm');
    expect(plain.out.split('\n')).toHaveLength(WARM_RELATIONS.length + 1);
    expect(plain.out).toMatch(/^fc_link_target_follower_live_idx: \d+\.\d MiB in \d+ ms$/m);
    expect(plain.out).toMatch(new RegExp(`^warmed ${WARM_RELATIONS.length} relations, \\d+\\.\\d MiB, in \\d+\\.\\d s$`, 'm'));
    expect((await cli('warm', 'now')).code).toBe(2);
  });

  it('when keys are created, listed, rotated and revoked with --json, then each prints one JSON object', async () => {
    const created = JSON.parse((await cli('keys', 'create', '--name', 'ci', '--rate-limit', '5', '--expires', '2030-01-01T00:00:00Z', '--json')).out);
    expect(created).toMatchObject({ name: 'ci', rateLimit: 5, scopes: ['read'], expiresAt: '2030-01-01T00:00:00.000Z', revokedAt: null });
    expect(created.key).toMatch(/^sga_[A-Za-z0-9_-]{43}$/);
    const listed = JSON.parse((await cli('keys', 'list', '--json')).out);
    const mine = listed.find((k: { id: string }) => k.id === created.id);
    expect(mine).toMatchObject({ name: 'ci', prefix: created.key.slice(0, 12) });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const rotated = JSON.parse((await cli('keys', 'rotate', created.id, '--json')).out);
    expect(rotated).toMatchObject({ name: 'ci', rateLimit: 5 });
    expect(rotated.key).not.toBe(created.key);
    const after = JSON.parse((await cli('keys', 'list', '--json')).out);
    expect(after.find((k: { id: string }) => k.id === created.id)).toMatchObject({ replacedBy: rotated.id, revokedAt: expect.any(String) });
    expect(JSON.parse((await cli('keys', 'revoke', rotated.id, '--json')).out).revokedAt).toEqual(expect.any(String));
  });

  it('when a key is created with an unknown or empty scope, then a usage error (exit 2) naming it, and no key is made', async () => {
    const before = JSON.parse((await cli('keys', 'list', '--json')).out).length;
    const unknown = await cli('keys', 'create', '--name', 'x', '--scopes', 'read,admin');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^--scopes: unknown scope "admin": scopes are read, webhooks, personalize, comma-separated\n/);
    expect((await cli('keys', 'create', '--name', 'x', '--scopes', '')).code).toBe(2);
    expect((await cli('keys', 'create', '--name', 'x', '--scopes', 'read,')).code).toBe(2);
    expect(JSON.parse((await cli('keys', 'list', '--json')).out)).toHaveLength(before);
  });

  it('when keys are created with and without --scopes, then read only by default, the scopes named otherwise, listed as text and JSON, and kept by rotate', async () => {
    const plain = JSON.parse((await cli('keys', 'create', '--name', 'frontend', '--json')).out);
    const both = JSON.parse((await cli('keys', 'create', '--name', 'backend', '--scopes', 'webhooks, read', '--json')).out);
    const hooks = JSON.parse((await cli('keys', 'create', '--name', 'hooks', '--scopes', 'webhooks', '--json')).out);
    expect([plain.scopes, both.scopes, hooks.scopes]).toEqual([['read'], ['read', 'webhooks'], ['webhooks']]);
    const text = await cli('keys', 'create', '--name', 'reader', '--scopes', 'read');
    expect(text.out).toMatch(/^[0-9a-f-]{36} {2}sga_\S{8}… {2}reader {2}scopes=read {2}limit=/);

    const listed = JSON.parse((await cli('keys', 'list', '--json')).out) as { id: string; scopes: string[] }[];
    expect([plain, both, hooks].map((k) => listed.find((l) => l.id === k.id)?.scopes)).toEqual([['read'], ['read', 'webhooks'], ['webhooks']]);
    const lines = (await cli('keys', 'list')).out.split('\n');
    expect(lines.find((l) => l.startsWith(both.id))).toContain('  backend  scopes=read,webhooks  limit=');
    expect(lines.find((l) => l.startsWith(plain.id))).toContain('  frontend  scopes=read  limit=');

    const rotated = JSON.parse((await cli('keys', 'rotate', both.id, '--json')).out);
    expect([rotated.name, rotated.scopes]).toEqual(['backend', ['read', 'webhooks']]);
    expect(JSON.parse((await cli('keys', 'rotate', hooks.id, '--json')).out).scopes).toEqual(['webhooks']);
  });

  it('when a key id is unknown or malformed, then exit 1 with a one-line reason', async () => {
    const unknown = await cli('keys', 'revoke', '00000000-0000-0000-0000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe('error: no key with id 00000000-0000-0000-0000-000000000000');
    expect((await cli('keys', 'rotate', 'nope')).code).toBe(1);
  });

  it('when a tiny dataset is generated and imported, then rows land and the summary says how many', async () => {
    const out = path.join(dataDir, 'tiny');
    const gen = await cli('generate', '--out', out, '--scale', 'tiny', '--seed', '7');
    expect(gen.code).toBe(0);
    const imp = await cli('import', out, '--progress', 'silent');
    expect(imp.code).toBe(0);
    // One line per table, then the totals, whose counts add up to the rows read.
    expect(imp.out).toMatch(/^farcaster\/links: read \d+, stored \d+, updated \d+, unchanged \d+.*, bad 0, ignored \d+/m);
    const totals = /^imported (\d+) rows read: stored (\d+), updated (\d+), unchanged (\d+).*, bad (\d+), ignored (\d+) in [\d.]+s, \d+ rows\/s$/m
      .exec(imp.out);
    expect(totals).not.toBeNull();
    const [read, stored, updated, unchanged, bad, ignored] = totals!.slice(1).map(Number);
    expect(bad).toBe(0);
    expect(stored + updated + unchanged + bad + ignored).toBe(read);
    // The import classifies the new posts before it refreshes the analytics.
    const classified = /classified (\d+) posts \(farcaster (\d+), lens (\d+)\) with (\S+)/.exec(imp.out);
    expect(classified).not.toBeNull();
    expect(Number(classified![1])).toBeGreaterThan(1000);
    expect(imp.out.indexOf('classified')).toBeLessThan(imp.out.indexOf('refreshed'));
    expect((await cli('import', path.join(dataDir, 'missing'))).code).toBe(1);
    const empty = path.join(dataDir, 'empty');
    mkdirSync(path.join(empty, 'lens'), { recursive: true });
    writeFileSync(path.join(empty, 'lens', 'readme.txt'), 'not a table');
    const nothing = await cli('import', empty);
    expect(nothing.code).toBe(1);
    expect(nothing.err).toContain(`nothing to import in ${empty}: expected table files in tokens/, farcaster/, lens/`);

    // Nothing new: an incremental run labels nothing; --rebuild labels every post again.
    expect((await cli('classify')).out).toMatch(/^classified 0 posts \(farcaster 0, lens 0\)/);
    const rebuilt = await cli('classify', '--rebuild');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.out).toContain(`classified ${classified![1]} posts`);
    expect((await cli('classify', '--frobnicate')).code).toBe(2);
  });
});

// Upgrading a database whose keys were made before scopes existed: migrated up
// to the migration before the scopes column, given a key, then migrated the
// rest of the way. The old key keeps everything it could do; new keys read only.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { hashKey, keyPrefix, newKeySecret } from '../../src/auth/key-secret';
import { KeyService } from '../../src/auth/key.service';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../../src/db/migrate';
import { createUnmigratedDatabase, type TestDatabase } from '../helpers/test-database';

const SCOPES_MIGRATION = '20261201010000_api_key_scopes';

let t: TestDatabase;
let before: string;

beforeAll(async () => {
  t = await createUnmigratedDatabase();
  // The migrations folder as it was before the scopes column: a copy of every earlier migration.
  before = mkdtempSync(path.join(os.tmpdir(), 'sga-migrations-'));
  for (const m of migrationFiles().filter((f) => f.name < SCOPES_MIGRATION)) cpSync(path.join(MIGRATIONS_DIR, m.name), path.join(before, m.name), { recursive: true });
});
afterAll(async () => {
  await t.close();
  rmSync(before, { recursive: true, force: true });
});

describe('the scopes migration', () => {
  it('when a key made before the migration is migrated, then it has read and webhooks; a key made after has read only', async () => {
    expect(migrationFiles().map((m) => m.name)).toContain(SCOPES_MIGRATION);
    const early = await migrate(t.db.sql, { dir: before });
    expect(early).not.toContain(SCOPES_MIGRATION);
    const secret = newKeySecret();
    const id = randomUUID();
    await t.db.sql.query('INSERT INTO api_key (id, name, prefix, key_hash) VALUES ($1, $2, $3, $4)', [id, 'old', keyPrefix(secret), hashKey(secret)]);

    expect(await migrate(t.db.sql)).toEqual(migrationFiles().map((m) => m.name).filter((n) => n >= SCOPES_MIGRATION));
    const [row] = await t.db.sql.query<{ scopes: string[] }>('SELECT scopes FROM api_key WHERE id = $1', [id]);
    expect(row.scopes).toEqual(['read', 'webhooks']);
    const keys = new KeyService(t.db, 600, 0);
    expect(await keys.verify(secret)).toEqual({ id, name: 'old', rateLimit: 600, scopes: ['read', 'webhooks'] });

    // After it: a row written without scopes, and a key made without naming them, read only.
    const raw = randomUUID();
    await t.db.sql.query('INSERT INTO api_key (id, name, prefix, key_hash) VALUES ($1, $2, $3, $4)', [raw, 'raw', 'sga_raw', hashKey('raw')]);
    const [rawRow] = await t.db.sql.query<{ scopes: string[] }>('SELECT scopes FROM api_key WHERE id = $1', [raw]);
    expect(rawRow.scopes).toEqual(['read']);
    expect((await keys.create({ name: 'new' })).scopes).toEqual(['read']);
    expect((await keys.list()).map((k) => [k.name, k.scopes])).toEqual([['old', ['read', 'webhooks']], ['raw', ['read']], ['new', ['read']]]);
  });
});

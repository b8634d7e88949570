// The Lens Chain sync against a JSON-RPC double serving real ABI-encoded logs: events in,
// the usual Lens answers out (REST), rows equal to an import of the same facts from a
// BigQuery v3 dump, and a reorg deeper than the confirmations undone.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/main';
import { importDataset } from '../../src/importer/import-dataset';
import { readLensSyncStatus } from '../../src/lens-sync/lens-sync-status';
import { LensSyncEngine } from '../../src/lens-sync/sync-engine';
import { lensSyncOptionsOf, startLensSyncWorker } from '../../src/lens-sync/sync-worker';
import { createLogger } from '../../src/logging/logger';
import { postIdOf } from '../../src/lens-sync/log-decoder';
import type { Database } from '../../src/db/database';
import { testConfig } from '../helpers/serve-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { LensRpcDouble } from '../helpers/lens-rpc-double/lens-rpc-double';
import {
  accountCreated, actionExecuted, addr, followed, MAINNET, ownerTransferred, postCreated, postDeleted, unfollowed, usernameAssigned,
} from '../helpers/lens-rpc-double/lens-events';

const [A, B, C, D] = [addr(0xa1), addr(0xb2), addr(0xc3), addr(0xd4)];
const [OWNER_A, OWNER_B, OWNER_C, NEW_OWNER_A] = [addr(0x1a), addr(0x1b), addr(0x1c), addr(0x2a)];
const GHO = addr(0x60);
const [P1, P2, P3, P4] = [1n, 2n, 3n, 4n].map((n) => n * 1_000_003n);
const OTHER_GRAPH = addr(0x99);

const lensSync = async (db: Database, double: LensRpcDouble, args: string[], extra: Record<string, unknown> = {}) => {
  const out: string[] = [];
  const err: string[] = [];
  const config = testConfig({ LENS_RPC_URL: double.url, LENS_SYNC_CONFIRMATIONS: 2, LENS_SYNC_RETRY_MIN_MS: 10, LENS_SYNC_HEAD_POLL_MS: 20, ...extra });
  const code = await runCli(['lens-sync', ...args], { out: (l) => out.push(l), err: (l) => err.push(l) }, { db, config });
  if (code !== 0) throw new Error(`lens-sync exited ${code}: ${err.join('\n')}`);
  return out;
};

const TABLES: Record<string, string> = {
  lens_profile: 'SELECT profile_id, owned_by, is_burnt, created_at FROM lens_profile ORDER BY 1',
  lens_handle: 'SELECT profile_id, local_name FROM lens_handle ORDER BY 1',
  lens_follow: 'SELECT profile_id, follower_profile_id, "timestamp", deleted_at FROM lens_follow WHERE deleted_at IS NULL ORDER BY 1, 2',
  lens_publication: 'SELECT * FROM lens_publication ORDER BY 1',
};
const rowsOf = async (db: Database) => Object.fromEntries(await Promise.all(Object.entries(TABLES).map(async ([t, q]) => [t, await db.read(q)])));

describe('lens-sync: events in, Lens answers out', () => {
  let double: LensRpcDouble;
  let s: TestServer;
  beforeAll(async () => {
    double = await new LensRpcDouble().start();
    double.mine([accountCreated(A, OWNER_A), accountCreated(B, OWNER_B), accountCreated(C, OWNER_C)]);
    double.mine([usernameAssigned('alice', A), usernameAssigned('bob', B), usernameAssigned('carol', C)]);
    double.mine([followed(B, A), followed(C, A), followed(A, B), followed(C, B, OTHER_GRAPH)]);
    double.mine([postCreated({ id: P1, author: A }), postCreated({ id: P2, author: B, replied: P1, root: P1 }),
      postCreated({ id: P3, author: C, quoted: P1 }), postCreated({ id: P4, author: C, reposted: P1, root: P1 })]);
    double.mine([actionExecuted({ action: MAINNET.collectAction, sender: B, postId: P1, postAuthor: A, amount: 2n * 10n ** 18n, token: GHO }),
      actionExecuted({ action: MAINNET.tippingAction, sender: C, postId: P1, postAuthor: A, amount: 10n ** 18n, token: GHO })]);
    double.mine([unfollowed(A, B)]);
    double.mine([postDeleted(P3, C), ownerTransferred(A, OWNER_A, NEW_OWNER_A)]);
    double.mineEmpty(2);
    s = await startTestServer({});
    await lensSync(s.testDb.db, double, ['--from-block', '0', '--once']);
  });
  afterAll(async () => { await s.close(); await double.close(); });

  it('when accounts, usernames and follows are on chain, then profiles answer their followers and following; an unfollow and another graph do not count', async () => {
    expect((await s.rest(`/api/lens/profile/${A}`)).body).toMatchObject({ profileId: A, totalFollowers: 2, totalFollowing: 0 });
    expect((await s.rest(`/api/lens/followersCount?ids=${A},${B},${C}`)).body).toEqual([
      { profileId: A, followersCount: 2 }, { profileId: B, followersCount: 0 }, { profileId: C, followersCount: 0 },
    ]);
    expect(await s.testDb.db.read('SELECT profile_id, owned_by FROM lens_profile ORDER BY 1')).toEqual([
      { profile_id: A, owned_by: NEW_OWNER_A }, { profile_id: B, owned_by: OWNER_B }, { profile_id: C, owned_by: OWNER_C },
    ]);
    expect(await s.testDb.db.read('SELECT profile_id, local_name FROM lens_handle ORDER BY 1')).toEqual([
      { profile_id: A, local_name: 'alice' }, { profile_id: B, local_name: 'bob' }, { profile_id: C, local_name: 'carol' },
    ]);
  });

  it('when posts, comments, quotes and reposts are created, then they are POST, COMMENT, QUOTE and MIRROR; a deleted one is hidden', async () => {
    expect(await s.testDb.db.read('SELECT publication_id, profile_id, publication_type, parent_publication_id, is_hidden FROM lens_publication ORDER BY 1')).toEqual([
      { publication_id: postIdOf(P1), profile_id: A, publication_type: 'POST', parent_publication_id: null, is_hidden: false },
      { publication_id: postIdOf(P2), profile_id: B, publication_type: 'COMMENT', parent_publication_id: postIdOf(P1), is_hidden: false },
      { publication_id: postIdOf(P3), profile_id: C, publication_type: 'QUOTE', parent_publication_id: postIdOf(P1), is_hidden: true },
      { publication_id: postIdOf(P4), profile_id: C, publication_type: 'MIRROR', parent_publication_id: postIdOf(P1), is_hidden: false },
    ]);
    // Engagement lists are the analytics refresh's (the server runs it every minute while it syncs).
    expect(await runCli(['refresh', '--protocol', 'lens'], { out: () => undefined, err: () => undefined }, { db: s.testDb.db, config: testConfig() })).toBe(0);
    const { body } = await s.rest(`/api/lens/profile/engagement/${A}`);
    expect({ comments: body.inbound.comments.map((p: { profileId: string }) => p.profileId), quotes: body.inbound.quotes }).toEqual({ comments: [B], quotes: [] });
  });

  it('when a SimpleCollectAction and a tip are executed, then the collect is listed with its amount and the tip is an act that is not a collect', async () => {
    const { status, body } = await s.rest(`/api/lens/profile/collect/list/${A}`);
    expect(status).toBe(200);
    expect(body).toEqual([expect.objectContaining({
      collectedProfileId: A, collectedPubId: postIdOf(P1), collectorProfileId: B, currency: GHO, amount: 2e18, usdAmount: 0,
      timestamp: '2025-05-12T09:00:05.000Z',
    })]);
    expect(await s.testDb.db.read('SELECT acted_profile_id, is_collect, source_currency, source_amount::text AS amount FROM lens_act ORDER BY is_collect DESC')).toEqual([
      { acted_profile_id: B, is_collect: true, source_currency: GHO, amount: '2000000000000000000' },
      { acted_profile_id: C, is_collect: false, source_currency: GHO, amount: '1000000000000000000' },
    ]);
  });

  it('when the sync runs again, then it resumes from its cursor (the last confirmed block and its hash) and nothing changes', async () => {
    const cursor = await s.testDb.db.read<{ block_number: string; block_hash: string }>('SELECT block_number::text, block_hash FROM lens_sync_cursor');
    expect(cursor).toEqual([{ block_number: String(double.head - 2), block_hash: double.blocks[double.head - 2].hash }]);
    const before = await rowsOf(s.testDb.db);
    await lensSync(s.testDb.db, double, ['--once']);
    await lensSync(s.testDb.db, double, ['--from-block', '3', '--once']);
    expect(await rowsOf(s.testDb.db)).toEqual(before);
    const status = await readLensSyncStatus(s.testDb.db.sql);
    expect(status?.status).toMatchObject({ block: double.head - 2, head: double.head, blocksBehind: 2, secondsBehind: 0, reorgs: 0, undecoded: 0 });
  });

  it('when a status is stored, then /readyz and /metrics show the Lens sync', async () => {
    const ready = await s.rest('/readyz');
    expect(ready.body.lensSync).toMatchObject({ block: double.head - 2, head: double.head, confirmations: 2, reorgs: 0 });
    const metrics = await fetch(`${s.baseUrl}/metrics`).then((r) => r.text());
    expect(metrics).toContain(`sga_lens_sync_block ${double.head - 2}`);
  });

  it('when the same facts are imported from a BigQuery v3 dump, then the rows are equal', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lens-v3-dump-'));
    mkdirSync(path.join(dir, 'lens-v3'));
    const hex = (a: string) => `\\x${a.slice(2)}`;
    const at = (block: number) => new Date(double.blocks[block].timestamp * 1000).toISOString();
    const csv = (name: string, lines: string[]) => writeFileSync(path.join(dir, 'lens-v3', `${name}.csv`), `${lines.join('\n')}\n`);
    csv('account.known_smart_wallet', ['address,owned_by,legacy_profile_id,timestamp',
      `${hex(A)},${hex(NEW_OWNER_A)},,${at(1)}`, `${hex(B)},${hex(OWNER_B)},,${at(1)}`, `${hex(C)},${hex(OWNER_C)},,${at(1)}`]);
    csv('account.username_assigned', ['account,local_name,namespace,timestamp',
      `${hex(A)},alice,${hex(MAINNET.namespace)},${at(2)}`, `${hex(B)},bob,${hex(MAINNET.namespace)},${at(2)}`, `${hex(C)},carol,${hex(MAINNET.namespace)},${at(2)}`]);
    csv('account.follower', ['account_following,account_follower,graph,timestamp',
      `${hex(A)},${hex(B)},${hex(MAINNET.graph)},${at(3)}`, `${hex(A)},${hex(C)},${hex(MAINNET.graph)},${at(3)}`]);
    const p = (id: bigint) => hex(postIdOf(id));
    csv('post.record', ['id,account,post_types,parent_post,quoted_post,root_post,is_deleted,is_hidden_by_parent,timestamp',
      `${p(P1)},${hex(A)},[],,,,false,false,${at(4)}`, `${p(P2)},${hex(B)},"[""comment""]",${p(P1)},,${p(P1)},false,false,${at(4)}`,
      `${p(P3)},${hex(C)},"[""quote""]",,${p(P1)},,true,false,${at(4)}`, `${p(P4)},${hex(C)},"[""repost""]",${p(P1)},,${p(P1)},false,false,${at(4)}`]);
    const imported: TestDatabase = await createTestDatabase();
    try {
      await importDataset(imported.db, { dir, progress: 'silent' });
      expect(await rowsOf(imported.db)).toEqual(await rowsOf(s.testDb.db));
    } finally { await imported.close(); }
  });
});

describe('lens-sync: reorgs', () => {
  let double: LensRpcDouble;
  let t: TestDatabase;
  const followersOfA = async () => (await t.db.read<{ f: string }>(`SELECT follower_profile_id AS f FROM lens_follow WHERE profile_id = $1 AND deleted_at IS NULL ORDER BY 1`, A)).map((r) => r.f);
  beforeAll(async () => {
    double = await new LensRpcDouble().start();
    t = await createTestDatabase();
  });
  afterAll(async () => { await t.close(); await double.close(); });

  it('when a block within the confirmations is replaced, then only the new one is ever applied', async () => {
    double.mine([accountCreated(A, OWNER_A), accountCreated(B, OWNER_B), accountCreated(C, OWNER_C), accountCreated(D, OWNER_A)]);
    double.mine([followed(B, A)]);
    double.mine([followed(C, A)]);
    await lensSync(t.db, double, ['--from-block', '0', '--once'], { LENS_SYNC_CONFIRMATIONS: 1, LENS_SYNC_CHUNK_BLOCKS: 1 });
    expect(await followersOfA()).toEqual([B]);
    double.reorg(3, [[followed(D, A)]]);
    double.mineEmpty(1);
    await lensSync(t.db, double, ['--once'], { LENS_SYNC_CONFIRMATIONS: 1, LENS_SYNC_CHUNK_BLOCKS: 1 });
    expect(await followersOfA()).toEqual([B, D].sort());
    expect((await readLensSyncStatus(t.db.sql))?.status.reorgs).toBe(0);
  });

  it('when applied blocks are replaced (a reorg deeper than the confirmations), then their rows are undone and the new blocks applied', async () => {
    const cursorBefore = double.head - 1;
    // Blocks 2.. replaced: B's follow and D's are gone, C follows instead, and a post that only the new chain has.
    double.reorg(2, [[followed(C, A)], [postCreated({ id: P1, author: C })], [], []]);
    await lensSync(t.db, double, ['--once'], { LENS_SYNC_CONFIRMATIONS: 1, LENS_SYNC_CHUNK_BLOCKS: 1 });
    expect(await followersOfA()).toEqual([C]);
    expect(await t.db.read('SELECT publication_id, profile_id FROM lens_publication')).toEqual([{ publication_id: postIdOf(P1), profile_id: C }]);
    const status = (await readLensSyncStatus(t.db.sql))?.status;
    expect(status).toMatchObject({ reorgs: 1, blocksUndone: cursorBefore - 1, block: double.head - 1 });
    expect(await t.db.read('SELECT block_number::int AS n, block_hash FROM lens_sync_cursor')).toEqual([{ n: double.head - 1, block_hash: double.blocks[double.head - 1].hash }]);
  });

  it('when a reorg replaces every applied batch, then all of them are undone back to the first one\'s parent', async () => {
    double.reorg(1, [[accountCreated(A, OWNER_B)], [followed(D, A)], [], []]);
    await lensSync(t.db, double, ['--once'], { LENS_SYNC_CONFIRMATIONS: 1 });
    expect(await t.db.read('SELECT profile_id, owned_by FROM lens_profile')).toEqual([{ profile_id: A, owned_by: OWNER_B }]);
    expect(await followersOfA()).toEqual([D]);
    expect(await t.db.read('SELECT count(*)::int AS n FROM lens_publication')).toEqual([{ n: 0 }]);
  });

  it('when the node fails, then the step is retried with backoff and the status says why', async () => {
    const config = testConfig({ LENS_RPC_URL: double.url, LENS_SYNC_CONFIRMATIONS: 1, LENS_SYNC_RETRY_MIN_MS: 10, LENS_RPC_TIMEOUT_MS: 200 });
    const engine = new LensSyncEngine(t.db.sql, lensSyncOptionsOf(config, { once: true, statusEveryMs: 0 }), createLogger('silent'));
    await engine.start();
    double.failing = 'node overloaded';
    double.mineEmpty(1);
    const run = engine.run();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(engine.status.data).toMatchObject({ state: 'retrying', lastError: { message: expect.stringContaining('node overloaded') } });
    expect(engine.status.data.retries).toBeGreaterThan(0);
    double.failing = null;
    await run;
    expect(engine.status.data).toMatchObject({ block: double.head - 1 });
  });
});

describe('lens-sync: the worker', () => {
  it('when two workers run on one database, then one holds the lock and follows the chain; the other waits', async () => {
    const double = await new LensRpcDouble().start();
    const t = await createTestDatabase();
    try {
      double.mine([accountCreated(A, OWNER_A)]);
      double.mine([followed(B, A)]);
      double.mineEmpty(1);
      const config = testConfig({ LENS_RPC_URL: double.url, LENS_SYNC_CONFIRMATIONS: 1, LENS_SYNC_HEAD_POLL_MS: 20, LENS_SYNC_START_BLOCK: 0 });
      const opts = lensSyncOptionsOf(config, { statusEveryMs: 0 });
      const [one, two] = [startLensSyncWorker(t.db, opts, createLogger('silent'), 50), startLensSyncWorker(t.db, opts, createLogger('silent'), 50)];
      const until = Date.now() + 10_000;
      while ((await t.db.read('SELECT 1 FROM lens_follow')).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect([one.engine() !== null, two.engine() !== null].filter(Boolean)).toEqual([true]);
      expect(await t.db.read('SELECT profile_id, follower_profile_id FROM lens_follow')).toEqual([{ profile_id: A, follower_profile_id: B }]);
      await Promise.all([one.stop(), two.stop()]);
      expect((await readLensSyncStatus(t.db.sql))?.status.state).toBe('stopped');
    } finally { await t.close(); await double.close(); }
  });
});

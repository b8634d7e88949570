// The matched pairs as kept (cross_match): after an import they are the
// definition's (a live verified Ethereum address of the fid owns the profile);
// every kind of write to either side (insert, the sync's upsert, a removal, an
// owner change, a delete, a truncate) changes them in the same statement; the
// match answers follow at once; the refresh's repair puts a damaged table right
// and moves the data versions only when it changed something.
import { repairMatches } from '../../src/analytics/cross-match-repair';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'cross-protocol' }); });
afterAll(async () => { await s.close(); });

const sql = <T>(text: string, params: unknown[] = []) => s.testDb.db.sql.query<T>(text, params);

type Pair = [number, string];
const pairs = (rows: { fid: number; profile_id: string }[]): Pair[] => rows.map((r) => [r.fid, r.profile_id]);
const kept = async () => pairs(await sql('SELECT fid, profile_id FROM cross_match ORDER BY fid, profile_id'));
/** The definition, computed here independently (case-insensitive on both sides). */
const defined = async () => pairs(await sql(`SELECT DISTINCT v.fid, p.profile_id FROM fc_verification v JOIN lens_profile p ON lower(p.owned_by) = lower(v.address)
  WHERE v.deleted_at IS NULL AND v.protocol = 'ethereum' ORDER BY v.fid, p.profile_id`));
const versions = async () => (await sql<{ data_version: number }>('SELECT data_version FROM protocol_state ORDER BY protocol')).map((r) => Number(r.data_version));
const ADDRESS = (n: string) => `0xaaaa${n.padStart(36, '0')}`;

/** Writes as the live sync does: one upsert statement. */
const upsertVerification = (fid: number, address: string, deletedAt: string | null) => sql(`
  INSERT INTO fc_verification (fid, address, protocol, timestamp, deleted_at) VALUES ($1, $2, 'ethereum', now(), $3)
  ON CONFLICT (fid, address) DO UPDATE SET protocol = EXCLUDED.protocol, timestamp = EXCLUDED.timestamp, deleted_at = EXCLUDED.deleted_at`, [fid, address, deletedAt]);

describe('matched pairs kept by the writers (cross_match)', () => {
  it('when the fixture is imported, then the pairs are the README\'s and the definition\'s', async () => {
    expect(await kept()).toEqual([[1, '0x01'], [1, '0x09'], [2, '0x02'], [2, '0x0b'], [3, '0x03'], [4, '0x0100'], [5, '0x05'], [6, '0x06']]);
    expect(await kept()).toEqual(await defined());
  });

  it('when a verification is added, removed and revived as the sync writes it, then the pair follows in the same statement, and the match route with it', async () => {
    const matchOf = async (fid: number) => (await s.rest(`/api/farcaster/match/${fid}`)).body;
    // A new profile, owned by an address no fid has verified: no pair until fid 7 verifies it.
    await sql(`INSERT INTO lens_profile (profile_id, owned_by, is_burnt, created_at) VALUES ('0x0777', $1, false, now())`, [ADDRESS('77')]);
    expect(await kept()).toEqual(await defined());
    const before = JSON.stringify(await matchOf(7));
    await upsertVerification(7, ADDRESS('77'), null);
    expect((await kept()).filter(([fid]) => fid === 7)).toEqual([[7, '0x0777']]);
    expect(JSON.stringify(await matchOf(7))).not.toBe(before);
    expect(JSON.stringify(await matchOf(7))).toContain('0x0777');
    await upsertVerification(7, ADDRESS('77'), new Date().toISOString());
    expect((await kept()).filter(([fid]) => fid === 7)).toEqual([]);
    await upsertVerification(7, ADDRESS('77'), null);
    expect((await kept()).filter(([fid]) => fid === 7)).toEqual([[7, '0x0777']]);
    // A rewrite that changes nothing of the match (the sync's timestamps) leaves it.
    await sql("UPDATE fc_verification SET timestamp = now() WHERE fid = 7");
    expect(await kept()).toEqual(await defined());
    // Another protocol than Ethereum does not match.
    await sql("UPDATE fc_verification SET protocol = 'solana' WHERE fid = 7 AND address = $1", [ADDRESS('77')]);
    expect((await kept()).filter(([fid]) => fid === 7)).toEqual([]);
    await sql('DELETE FROM fc_verification WHERE fid = 7 AND address = $1', [ADDRESS('77')]);
    expect(await kept()).toEqual(await defined());
  });

  it('when a Lens profile changes owner, is deleted or comes back, then its pairs follow', async () => {
    // 0x06 passes from fid 6's address to fid 3's.
    await sql("UPDATE lens_profile SET owned_by = $1 WHERE profile_id = '0x06'", [ADDRESS('3')]);
    expect((await kept()).filter(([, p]) => p === '0x06')).toEqual([[3, '0x06']]);
    // An import's rewrite of other columns keeps the pairs.
    await sql('UPDATE lens_profile SET is_burnt = is_burnt');
    expect(await kept()).toEqual(await defined());
    await sql("DELETE FROM lens_profile WHERE profile_id = '0x06'");
    expect((await kept()).filter(([, p]) => p === '0x06')).toEqual([]);
    await sql(`INSERT INTO lens_profile (profile_id, owned_by, is_burnt, created_at) VALUES ('0x06', $1, false, now())`, [ADDRESS('6')]);
    expect((await kept()).filter(([, p]) => p === '0x06')).toEqual([[6, '0x06']]);
    expect(await kept()).toEqual(await defined());
  });

  it('when the table is damaged, then the repair adds and drops what differs and moves the data versions; on a right table it writes nothing', async () => {
    await sql("DELETE FROM cross_match WHERE fid = 3");
    await sql("INSERT INTO cross_match (fid, profile_id) VALUES (8, '0x01'), (9, '0x09')");
    const before = await versions();
    expect(await repairMatches(s.testDb.db.sql)).toEqual({ added: 1, dropped: 2 });
    expect(await kept()).toEqual(await defined());
    const after = await versions();
    expect(after.map((v, i) => v - before[i])).toEqual([1, 1]);
    expect(await repairMatches(s.testDb.db.sql)).toEqual({ added: 0, dropped: 0 });
    expect(await versions()).toEqual(after);
  });

  it('when a side is truncated, then no pair is left; when it is written again, then the pairs come back', async () => {
    const all = await kept();
    const rows = await sql<Record<string, unknown>>('SELECT fid, address, protocol, timestamp, deleted_at FROM fc_verification');
    await s.testDb.db.sql.transaction(async (tx) => {
      await tx.exec('TRUNCATE fc_verification');
      expect(await tx.query('SELECT 1 FROM cross_match')).toEqual([]);
      await tx.query(`INSERT INTO fc_verification (fid, address, protocol, timestamp, deleted_at)
        SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[])`,
      [rows.map((r) => r.fid), rows.map((r) => r.address), rows.map((r) => r.protocol), rows.map((r) => r.timestamp), rows.map((r) => r.deleted_at)]);
    });
    expect(await kept()).toEqual(all);
  });
});

// Loads follow graphs from a migrated database: PGlite by default, Postgres
// when TEST_DATABASE_URL is set (test/helpers/test-database.ts decides).
import { computeGraphScore } from '../../src/analytics/graph-score';
import { loadFollowGraph, type FollowGraph } from '../../src/analytics/follow-edges';
import type { Database } from '../../src/db/database';
import type { SqlClient } from '../../src/db/sql-client';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const T = '2024-01-01T00:00:00Z';

/** Edges as "follower>followed" in id space, sorted, so tests read like the data. */
const edgesOf = <K>(g: FollowGraph<K>) =>
  Array.from(g.from, (f, e) => `${String(g.ids[f])}>${String(g.ids[g.to[e]])}`).sort();

const expectDenseMapping = <K>(g: FollowGraph<K>) => {
  expect(g.indexOf.size).toBe(g.ids.length);
  g.ids.forEach((id, i) => expect(g.indexOf.get(id)).toBe(i));
  expect(g.from).toHaveLength(g.to.length);
};

/**
 * The database through a SqlClient with some members replaced, inside transactions too. It inherits from the
 * real client, so members it does not replace keep working.
 */
function wrapped(db: Database, replace: (sql: SqlClient) => Partial<SqlClient>): Database {
  const wrap = (sql: SqlClient): SqlClient => {
    const w = Object.assign(Object.create(sql) as SqlClient, replace(sql));
    w.transaction = <T>(fn: (tx: SqlClient) => Promise<T>) => sql.transaction((tx) => fn(wrap(tx)));
    return w;
  };
  return { sql: wrap(db.sql) } as unknown as Database;
}

/** Records every statement, COPY included. */
const recording = (db: Database, statements: string[]) => wrapped(db, (sql) => ({
  query: <T>(text: string, params?: unknown[]) => { statements.push(text); return sql.query<T>(text, params); },
  ...(sql.copyOut ? { copyOut: (statement: string) => { statements.push(statement); return sql.copyOut!(statement); } } : {}),
}));

/** Without COPY out: Postgres read the way PGlite is, in keyset batches. */
const withoutCopy = (db: Database) => wrapped(db, () => ({ copyOut: undefined }));

describe('loadFollowGraph', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('when the database is empty, then the graph is empty', async () => {
    for (const g of [await loadFollowGraph(t.db, 'farcaster'), await loadFollowGraph(t.db, 'lens')]) {
      expect(g.ids).toEqual([]);
      expect(g.from).toHaveLength(0);
      expect(g.to).toHaveLength(0);
    }
  });

  describe('with rows', () => {
    beforeAll(async () => {
      await t.db.sql.exec(`
        INSERT INTO fc_user (fid) VALUES (1), (2), (3), (100);
        INSERT INTO fc_user_data (fid, type, value, timestamp) VALUES (20, 1, 'pfp', '${T}'), (20, 2, 'name', '${T}');
        INSERT INTO fc_fname (fid, fname) VALUES (30, 'thirty');
        INSERT INTO fc_link (fid, target_fid, timestamp, deleted_at) VALUES
          (1, 2, '${T}', NULL), (2, 1, '${T}', NULL), (1, 3, '${T}', NULL),
          (3, 9, '${T}', NULL),      -- 9 is known only through this follow
          (100, 1, '${T}', NULL),
          (3, 1, '${T}', '${T}'),    -- unfollowed
          (50, 1, '${T}', '${T}'),   -- unfollowed, and 50 is known nowhere else
          (2, 2, '${T}', NULL);      -- self-follow
        INSERT INTO lens_profile (profile_id, owned_by, created_at) VALUES
          ('0x01', '0xa', '${T}'), ('0x02', '0xa', '${T}'), ('0x0a', '0xb', '${T}'), ('0x0100', '0xc', '${T}'), ('0x05', '0xd', '${T}');
        INSERT INTO lens_follow (profile_id, follower_profile_id, timestamp, deleted_at) VALUES
          ('0x01', '0x02', '${T}', NULL), ('0x02', '0x01', '${T}', NULL), ('0x0a', '0x01', '${T}', NULL),
          ('0x0100', '0x0b', '${T}', NULL),  -- 0x0b has no lens_profile row
          ('0x01', '0x0a', '${T}', '${T}'),  -- unfollowed
          ('0x0a', '0x0c', '${T}', '${T}'),  -- unfollowed, 0x0c known nowhere else
          ('0x02', '0x02', '${T}', NULL);    -- self-follow
      `);
    });

    it('when Farcaster is loaded, then every known fid is a node in numeric order and only live follows are edges', async () => {
      const g = await loadFollowGraph(t.db, 'farcaster');
      expect(g.ids).toEqual([1, 2, 3, 9, 20, 30, 100]);
      expectDenseMapping(g);
      expect(edgesOf(g)).toEqual(['1>2', '1>3', '100>1', '2>1', '3>9'].sort());
    });

    it('when Lens is loaded, then profiles and follow endpoints are nodes ordered by numeric value', async () => {
      const g = await loadFollowGraph(t.db, 'lens');
      expect(g.ids).toEqual(['0x01', '0x02', '0x05', '0x0a', '0x0b', '0x0100']);
      expectDenseMapping(g);
      expect(edgesOf(g)).toEqual(['0x01>0x02', '0x01>0x0a', '0x02>0x01', '0x0b>0x0100'].sort());
    });

    it.each([1, 2, 3, 5])('when the batch size is %i, then the graph is the same as with one batch', async (batchSize) => {
      const one = await loadFollowGraph(t.db, 'farcaster');
      const paged = await loadFollowGraph(t.db, 'farcaster', { batchSize });
      expect(paged.ids).toEqual(one.ids);
      expect(edgesOf(paged)).toEqual(edgesOf(one));
      const lensOne = await loadFollowGraph(t.db, 'lens');
      const lensPaged = await loadFollowGraph(t.db, 'lens', { batchSize });
      expect(lensPaged.ids).toEqual(lensOne.ids);
      expect(edgesOf(lensPaged)).toEqual(edgesOf(lensOne));
    });

    it('when the batch size is smaller than the table, then PGlite reads the follows in several keyset queries, Postgres in one binary COPY along the key', async () => {
      const statements: string[] = [];
      await loadFollowGraph(recording(t.db, statements), 'farcaster', { batchSize: 2 });
      const linkQueries = statements.filter((s) => s.includes('FROM fc_link'));
      if (t.db.sql.kind === 'postgres') {
        expect(linkQueries).toEqual(['COPY (SELECT fid, target_fid FROM fc_link WHERE deleted_at IS NULL AND fid <> target_fid ORDER BY fid, target_fid) TO STDOUT (FORMAT binary)']);
        return;
      }
      // 5 live follows in batches of 2: 2 + 2 + 1.
      expect(linkQueries).toHaveLength(3);
      expect(linkQueries.slice(1).every((s) => s.includes('(fid, target_fid) > ($1, $2)'))).toBe(true);
    });

    it('when the graph is read in batches of 2 without COPY, then it is the same graph edge for edge, in the same order', async () => {
      for (const protocol of ['farcaster', 'lens'] as const) {
        const plain: FollowGraph<number | string> = protocol === 'farcaster' ? await loadFollowGraph(t.db, 'farcaster') : await loadFollowGraph(t.db, 'lens');
        const paged: FollowGraph<number | string> = protocol === 'farcaster'
          ? await loadFollowGraph(withoutCopy(t.db), 'farcaster', { batchSize: 2 }) : await loadFollowGraph(withoutCopy(t.db), 'lens', { batchSize: 2 });
        expect(paged.ids).toEqual(plain.ids);
        expect([Array.from(paged.from), Array.from(paged.to)]).toEqual([Array.from(plain.from), Array.from(plain.to)]);
        expect(plain.from.length).toBeGreaterThan(0);
      }
    });

    it('when the batch size is invalid, then it throws a RangeError', async () => {
      await expect(loadFollowGraph(t.db, 'lens', { batchSize: 0 })).rejects.toThrow(RangeError);
    });

    // Farcaster has 5 live follows and Lens 4: the count is right, short (follows added since) or over (some undone).
    it.each([['farcaster', 5], ['farcaster', 2], ['farcaster', 9], ['lens', 4], ['lens', 0]] as const)(
      'when %s is loaded expecting %i follows, then the graph is the same as without, in arrays of its exact length',
      async (protocol, expectedEdges) => {
        const plain: FollowGraph<number | string> = protocol === 'farcaster' ? await loadFollowGraph(t.db, 'farcaster') : await loadFollowGraph(t.db, 'lens');
        const sized: FollowGraph<number | string> = protocol === 'farcaster'
          ? await loadFollowGraph(t.db, 'farcaster', { expectedEdges, batchSize: 2 })
          : await loadFollowGraph(t.db, 'lens', { expectedEdges, batchSize: 2 });
        expect(sized.ids).toEqual(plain.ids);
        expect(edgesOf(sized)).toEqual(edgesOf(plain));
        for (const column of [sized.from, sized.to]) expect(column.buffer.byteLength).toBe(column.length * 4);
      });

    it('when the expected follows are not a count, then it throws a RangeError', async () => {
      await expect(loadFollowGraph(t.db, 'lens', { expectedEdges: -1 })).rejects.toThrow(RangeError);
      await expect(loadFollowGraph(t.db, 'lens', { expectedEdges: 1.5 })).rejects.toThrow(RangeError);
    });

    it('when a loaded graph is scored, then every node gets a score and followed nodes outrank unfollowed ones', async () => {
      const g = await loadFollowGraph(t.db, 'farcaster');
      const { scores, converged } = computeGraphScore(g.ids.length, g.from, g.to);
      expect(converged).toBe(true);
      expect(scores).toHaveLength(g.ids.length);
      expect(scores[g.indexOf.get(1)!]).toBeGreaterThan(scores[g.indexOf.get(20)!]);
    });
  });
});

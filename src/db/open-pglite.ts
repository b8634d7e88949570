// The embedded store: one PGlite instance, in memory or in a data directory,
// shared by Prisma and the SqlClient. It runs one statement at a time
// (counting-pglite.ts counts the queue) and is in-process: no pool, no health
// monitor, nothing to route.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';
import { CountingPGlite } from './counting-pglite';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB, type DatabaseOptions } from './database-options';
import { pgliteListen } from './notifications';
import { pgliteSqlClient } from './sql-client';
import { QUERY_EVENTS, type StoreParts } from './store-parts';

const isInMemory = (dataDir: string) => dataDir === 'memory://' || dataDir === ':memory:';

export function openPglite(opts: DatabaseOptions): StoreParts {
  const inMemory = isInMemory(opts.dataDir);
  if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
  // One options object: PGlite drops the second argument when the first (the data directory) is not a string,
  // so an in-memory store given (undefined, options) ran with none of them.
  const lite = new CountingPGlite({
    dataDir: inMemory ? undefined : opts.dataDir,
    loadDataDir: inMemory ? opts.pgliteDataDirArchive : undefined,
    // pg_trgm: the user search's trigram index (its migration creates the extension).
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.pgliteSharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`],
  });
  return {
    prisma: new PrismaClient({ adapter: new PrismaPGlite(lite), log: QUERY_EVENTS }),
    sql: pgliteSqlClient(lite),
    description: inMemory ? 'pglite (in memory)' : `pglite (${opts.dataDir})`,
    connectionStats: () => ({ kind: 'pglite', pending: lite.pending }),
    listen: pgliteListen(lite),
    health: null,
    primaryRead: null,
    // The checkpoint first: a store loaded from the archive then has no WAL to replay at start. A plain tar:
    // PGlite compresses and decompresses through web streams, far slower than the caller's zlib, and a gzip
    // archive given without a gzip type is first parsed as a tar, fails, and is parsed again.
    dumpDataDir: async () => { await lite.exec('CHECKPOINT'); return lite.dumpDataDir('none'); },
    end: () => lite.close(),
  };
}

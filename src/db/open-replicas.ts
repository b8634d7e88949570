// Streaming replicas beside a Postgres primary: a request pool and a health
// monitor per replica (the same pool as the primary's, watched the same way),
// one lag probe for all of them, and the router that pins each request's reads
// to one server (read-routing.ts). `prisma` (API keys) and `sql` (jobs,
// writes) stay on the primary.
import { DEFAULT_HEALTH, DEFAULT_REPLICA_MAX_LAG_MS, type DatabaseOptions } from './database-options';
import { directRead } from './direct-read';
import { watchedRequestPool } from './open-postgres';
import { ReadRouter, serverName, type ReadFn, type ReplicaServer } from './read-routing';
import { ReplicaLagProbe } from './replica-lag';
import type { ReplicaParts } from './store-parts';

/** Null without replicas: every request read then goes to the primary, with no router between. */
export function openReplicas(primaryUrl: string, primaryRead: ReadFn, opts: DatabaseOptions): ReplicaParts | null {
  const urls = opts.replicaUrls ?? [];
  if (urls.length === 0) return null;
  const replicas = urls.map((url) => {
    const { pool, health } = watchedRequestPool(url, opts);
    const server: ReplicaServer = { name: serverName(url), read: (text, params) => directRead(pool, text, params), requests: 0, health };
    return { server, pool };
  });
  const lag = new ReplicaLagProbe({ connectionString: primaryUrl }, urls.map((connectionString) => ({ connectionString })),
    { ...(opts.health ?? DEFAULT_HEALTH), maxLagMs: opts.replicaMaxLagMs ?? DEFAULT_REPLICA_MAX_LAG_MS });
  const router = new ReadRouter({ name: 'primary', read: primaryRead, requests: 0 }, replicas.map((r) => r.server), lag);
  return {
    router,
    start() {
      for (const r of replicas) r.server.health.start();
      lag.start();
    },
    async stop() {
      lag.stop();
      await Promise.all(replicas.map((r) => r.server.health.stop()));
    },
    end: async () => { await Promise.all(replicas.map((r) => r.pool.end())); },
  };
}

import { createHash } from 'node:crypto';
import { RedisLink } from '../auth/redis-link';
import type { Config } from '../config/config.schema';
import type { Database } from '../db/database';
import { migrationFiles } from '../db/migrate';
import { projectRoot } from '../project-root';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AnswerCache } from './answer-cache';

/** The database itself: its cluster (initdb's system identifier) and its own oid, so two databases never share keys in one Redis. */
const DATABASE_IDENTITY = `SELECT system_identifier::text AS cluster, current_database() AS name,
  (SELECT oid FROM pg_database WHERE datname = current_database())::text AS oid FROM pg_control_system()`;

/**
 * Answers in Redis are kept apart per database (versions count from the same
 * numbers everywhere) and per build whose answers may differ: the package
 * version and the newest migration.
 */
async function namespace(db: Database): Promise<string> {
  const version = (JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  const migration = migrationFiles().at(-1)?.name ?? 'none';
  const [identity] = await db.sql.query<{ cluster: string; name: string; oid: string }>(DATABASE_IDENTITY);
  const parts = `${identity.cluster}/${identity.name}/${identity.oid}/${version}/${migration}`;
  return `sga:answer:${createHash('sha1').update(parts).digest('hex').slice(0, 16)}`;
}

/** The instance's answer cache, shared through Redis when REDIS_URL is set (its own connection: a slow answer there never delays a rate limit). */
export async function createAnswerCache(config: Config, db: Database): Promise<{ cache: AnswerCache; close(): Promise<void> }> {
  const redis = config.REDIS_URL && config.ANSWER_CACHE_MB > 0 ? await RedisLink.connect(config.REDIS_URL, config.REDIS_COMMAND_TIMEOUT_MS) : null;
  const cache = new AnswerCache({ maxBytes: Math.round(config.ANSWER_CACHE_MB * 1024 * 1024), redis, ttlSeconds: config.ANSWER_CACHE_TTL_SECONDS, namespace: () => namespace(db) });
  cache.warm();
  return { cache, close: async () => { await redis?.close(); } };
}

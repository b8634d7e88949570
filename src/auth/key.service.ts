// API keys (CONTRACT §7): created, listed, revoked and rotated by the CLI;
// verified on every request through a short-lived cache.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { AppError, badInput } from '../errors/app-error';
import { hashKey, keyPrefix, newKeySecret } from './key-secret';
import type { AuthenticatedKey, CreatedKey, KeyRecord } from './key.types';

export interface CreateKeyInput { name: string; expiresAt?: Date | null; rateLimit?: number }

type KeyRow = {
  id: string; name: string; prefix: string; rate_limit: number; created_at: Date;
  expires_at: Date | null; revoked_at: Date | null; last_used_at: Date | null; replaced_by: string | null;
};

const toRecord = (r: KeyRow): KeyRecord => ({
  id: r.id, name: r.name, prefix: r.prefix, rateLimit: r.rate_limit, createdAt: r.created_at,
  expiresAt: r.expires_at, revokedAt: r.revoked_at, lastUsedAt: r.last_used_at, replacedBy: r.replaced_by,
});

export class KeyService {
  private readonly cache = new Map<string, { key: AuthenticatedKey | null; until: number }>();

  constructor(private readonly db: Database, private readonly defaultRateLimit: number, private readonly cacheSeconds: number) {}

  async create(input: CreateKeyInput): Promise<CreatedKey> {
    if (!input.name.trim()) throw badInput('name must not be empty');
    if (input.rateLimit !== undefined && (!Number.isInteger(input.rateLimit) || input.rateLimit < 1)) throw badInput('rate limit must be a positive integer');
    if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) throw badInput('expires must be an ISO 8601 date-time');
    const secret = newKeySecret();
    const row = await this.db.prisma.apiKey.create({
      data: {
        id: randomUUID(), name: input.name.trim(), prefix: keyPrefix(secret), key_hash: hashKey(secret),
        rate_limit: input.rateLimit ?? this.defaultRateLimit, expires_at: input.expiresAt ?? null,
      },
    });
    return { ...toRecord(row), key: secret };
  }

  async list(): Promise<KeyRecord[]> {
    const rows = await this.db.prisma.apiKey.findMany({ orderBy: { created_at: 'asc' } });
    return rows.map(toRecord);
  }

  async revoke(id: string): Promise<KeyRecord> {
    const existing = await this.find(id);
    if (existing.revokedAt) return existing;
    const row = await this.db.prisma.apiKey.update({ where: { id }, data: { revoked_at: new Date() } });
    this.cache.clear();
    return toRecord(row);
  }

  /** A new secret with the old key's name, limit and expiry; the old key stops working now. */
  async rotate(id: string): Promise<CreatedKey> {
    const old = await this.find(id);
    if (old.revokedAt) throw badInput(`key ${id} is revoked`);
    const next = await this.create({ name: old.name, rateLimit: old.rateLimit, expiresAt: old.expiresAt });
    await this.db.prisma.apiKey.update({ where: { id }, data: { revoked_at: new Date(), replaced_by: next.id } });
    this.cache.clear();
    return next;
  }

  /** The key's identity when the secret is known, active and unexpired; else null. */
  async verify(secret: string, now = new Date()): Promise<AuthenticatedKey | null> {
    const hash = hashKey(secret);
    const hit = this.cache.get(hash);
    if (hit && hit.until > now.getTime()) return hit.key;
    const row = await this.db.prisma.apiKey.findUnique({ where: { key_hash: hash } });
    const active = row && !row.revoked_at && (!row.expires_at || row.expires_at > now);
    const key = active ? { id: row.id, name: row.name, rateLimit: row.rate_limit } : null;
    const until = row?.expires_at ? Math.min(row.expires_at.getTime(), now.getTime() + this.cacheSeconds * 1000) : now.getTime() + this.cacheSeconds * 1000;
    this.cache.set(hash, { key, until });
    // Written at most once per cache period per key (only on a cache miss).
    if (key) await this.db.prisma.apiKey.update({ where: { id: key.id }, data: { last_used_at: now } });
    return key;
  }

  private async find(id: string): Promise<KeyRecord> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw badInput(`not a key id: ${id}`);
    const row = await this.db.prisma.apiKey.findUnique({ where: { id } });
    if (!row) throw new AppError('NOT_FOUND', `no key with id ${id}`);
    return toRecord(row);
  }
}

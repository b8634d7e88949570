// API keys: created, listed, revoked and rotated by the CLI; verified on
// every request through two short-lived, bounded caches.
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database';
import { AppError, badInput } from '../errors/app-error';
import { hashKey, keyPrefix, newKeySecret } from './key-secret';
import type { AuthenticatedKey, CreatedKey, KeyRecord } from './key.types';
import { DEFAULT_SCOPES, scopesOf, type Scope } from './scopes';

/** `scopes`: DEFAULT_SCOPES (read only) when not given. */
export interface CreateKeyInput { name: string; expiresAt?: Date | null; rateLimit?: number; scopes?: readonly Scope[] }

type KeyRow = {
  id: string; name: string; prefix: string; rate_limit: number; scopes: string[] | null; created_at: Date;
  expires_at: Date | null; revoked_at: Date | null; last_used_at: Date | null; replaced_by: string | null;
};

const toRecord = (r: KeyRow): KeyRecord => ({
  id: r.id, name: r.name, prefix: r.prefix, rateLimit: r.rate_limit, scopes: scopesOf(r.scopes), createdAt: r.created_at,
  expiresAt: r.expires_at, revokedAt: r.revoked_at, lastUsedAt: r.last_used_at, replacedBy: r.replaced_by,
});

/** What the caches say about a secret without asking the database. */
export type CachedAnswer =
  | { kind: 'valid'; key: AuthenticatedKey }
  /** Unknown, revoked or expired, within its cache period. */
  | { kind: 'invalid' }
  /** Only the database can tell; `seenValid`: this instance once verified it (its cache period is over). */
  | { kind: 'unknown'; seenValid: boolean };

/** Throws BAD_USER_INPUT for a key that must not be created (the CLI asks before it opens the database). */
export function checkNewKey(input: CreateKeyInput): void {
  if (!input.name.trim()) throw badInput('name must not be empty');
  if (input.rateLimit !== undefined && (!Number.isInteger(input.rateLimit) || input.rateLimit < 1)) throw badInput('rate limit must be a positive integer');
  // A key with no scope could answer nothing but 403s.
  if (input.scopes && !input.scopes.length) throw badInput('a key needs at least one scope');
  if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) throw badInput('expires must be an ISO 8601 date-time');
  // A key born expired could never be used: refuse it rather than print a dead secret.
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw badInput('expires must be in the future');
}

export class KeyService {
  // Two caches by SHA-256 hash, each bounded (least recently used evicted), so
  // a flood of distinct bad keys costs bounded memory and cannot evict the
  // valid keys. Entries outlive their cache period (`until`) until evicted: a
  // stale valid entry still says "this instance saw this key valid".
  private readonly valid: LRUCache<string, { key: AuthenticatedKey; until: number }>;
  private readonly invalid: LRUCache<string, number>;

  constructor(private readonly db: Database, private readonly defaultRateLimit: number, private readonly cacheSeconds: number, cacheSize = 10_000) {
    this.valid = new LRUCache({ max: cacheSize });
    this.invalid = new LRUCache({ max: cacheSize });
  }

  /** Entries held by the two caches (bounded by the cache size each). */
  cacheSizes(): { valid: number; invalid: number } {
    return { valid: this.valid.size, invalid: this.invalid.size };
  }

  async create(input: CreateKeyInput): Promise<CreatedKey> {
    checkNewKey(input);
    const secret = newKeySecret();
    const row = await this.db.prisma.apiKey.create({
      data: {
        id: randomUUID(), name: input.name.trim(), prefix: keyPrefix(secret), key_hash: hashKey(secret),
        rate_limit: input.rateLimit ?? this.defaultRateLimit, scopes: scopesOf(input.scopes ?? DEFAULT_SCOPES), expires_at: input.expiresAt ?? null,
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
    this.forget(id);
    return toRecord(row);
  }

  /** A new secret with the old key's name, limit, scopes and expiry; the old key stops working now. */
  async rotate(id: string): Promise<CreatedKey> {
    const old = await this.find(id);
    if (old.revokedAt) throw badInput(`key ${id} is revoked`);
    // The new key keeps the old expiry, so an expired key would rotate into a dead one.
    if (old.expiresAt && old.expiresAt.getTime() <= Date.now()) throw badInput(`key ${id} is expired`);
    const next = await this.create({ name: old.name, rateLimit: old.rateLimit, scopes: old.scopes, expiresAt: old.expiresAt });
    await this.db.prisma.apiKey.update({ where: { id }, data: { revoked_at: new Date(), replaced_by: next.id } });
    this.forget(id);
    return next;
  }

  /** What the caches know about the secret; never queries. */
  cached(secret: string, now = new Date()): CachedAnswer {
    const hash = hashKey(secret);
    const good = this.valid.get(hash);
    if (good && good.until > now.getTime()) return { kind: 'valid', key: good.key };
    const badUntil = this.invalid.get(hash);
    if (badUntil !== undefined && badUntil > now.getTime()) return { kind: 'invalid' };
    return { kind: 'unknown', seenValid: good !== undefined };
  }

  /** Lookups under way, by key hash: requests of one key arriving together when its cache entry ends share one. */
  private readonly looking = new Map<string, Promise<AuthenticatedKey | null>>();

  /** The key's identity when the secret is known, active and unexpired; else null. */
  async verify(secret: string, now = new Date()): Promise<AuthenticatedKey | null> {
    const hit = this.cached(secret, now);
    if (hit.kind === 'valid') return hit.key;
    if (hit.kind === 'invalid') return null;
    const hash = hashKey(secret);
    let lookup = this.looking.get(hash);
    if (!lookup) {
      lookup = this.lookUp(hash, now).finally(() => this.looking.delete(hash));
      this.looking.set(hash, lookup);
    }
    return lookup;
  }

  private async lookUp(hash: string, now: Date): Promise<AuthenticatedKey | null> {
    const row = await this.db.prisma.apiKey.findUnique({ where: { key_hash: hash } });
    const active = row && !row.revoked_at && (!row.expires_at || row.expires_at > now);
    const key = active ? { id: row.id, name: row.name, rateLimit: row.rate_limit, scopes: scopesOf(row.scopes) } : null;
    const until = now.getTime() + this.cacheSeconds * 1000;
    if (key) {
      this.invalid.delete(hash);
      // A valid key is trusted no longer than it lives; a bad one never turns valid.
      this.valid.set(hash, { key, until: row?.expires_at ? Math.min(row.expires_at.getTime(), until) : until });
    } else {
      this.valid.delete(hash);
      this.invalid.set(hash, until);
    }
    // Written at most once per cache period per key (only on a cache miss).
    if (key) await this.db.prisma.apiKey.update({ where: { id: key.id }, data: { last_used_at: now } });
    return key;
  }

  /** Drops the cached valid entries of a key this instance revoked (other instances wait out their cache period). */
  private forget(id: string): void {
    const hashes = [...this.valid.entries()].filter(([, entry]) => entry.key.id === id).map(([hash]) => hash);
    for (const hash of hashes) this.valid.delete(hash);
  }

  private async find(id: string): Promise<KeyRecord> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw badInput(`not a key id: ${id}`);
    const row = await this.db.prisma.apiKey.findUnique({ where: { id } });
    if (!row) throw new AppError('NOT_FOUND', `no key with id ${id}`);
    return toRecord(row);
  }
}

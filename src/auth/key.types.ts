import type { Scope } from './scopes';

/** The caller of a request, as the key check and the key cache know it. */
export interface AuthenticatedKey { id: string; name: string; rateLimit: number; scopes: readonly Scope[] }

export interface KeyRecord {
  id: string; name: string; prefix: string; rateLimit: number; scopes: Scope[];
  createdAt: Date; expiresAt: Date | null; revokedAt: Date | null; lastUsedAt: Date | null; replacedBy: string | null;
}

export interface CreatedKey extends KeyRecord {
  /** The secret itself: shown once, never stored. */
  key: string;
}

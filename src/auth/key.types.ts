export interface AuthenticatedKey { id: string; name: string; rateLimit: number }

export interface KeyRecord {
  id: string; name: string; prefix: string; rateLimit: number;
  createdAt: Date; expiresAt: Date | null; revokedAt: Date | null; lastUsedAt: Date | null; replacedBy: string | null;
}

export interface CreatedKey extends KeyRecord {
  /** The secret itself: shown once, never stored. */
  key: string;
}

import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; the `sga_` prefix lets secret scanners recognise a leaked key. */
export function newKeySecret(): string {
  return `sga_${randomBytes(32).toString('base64url')}`;
}

/** Only this hash is stored. Keys are high-entropy, so a fast hash is enough. */
export function hashKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The part shown in listings to tell keys apart. */
export const keyPrefix = (secret: string) => secret.slice(0, 12);

// Webhook signatures: HMAC-SHA256 with the webhook's secret over
// `<timestamp>.<body>` (the timestamp, Unix seconds, also in a header), so a
// receiver can check both who sent a body and that it is not an old one replayed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-push-signature';
export const TIMESTAMP_HEADER = 'x-push-timestamp';
export const EVENT_ID_HEADER = 'x-push-id';
export const ATTEMPT_HEADER = 'x-push-attempt';

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The signature header's value: `v1=<hex>`. */
export function signBody(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (docs/push.md shows the same check): signature matches and the timestamp is recent. */
export function verifySignature(secret: string, timestamp: string, body: string, signature: string, toleranceS = 300, now = Date.now()): boolean {
  const ts = Number(timestamp);
  if (!Number.isInteger(ts) || Math.abs(now / 1000 - ts) > toleranceS) return false;
  const want = Buffer.from(signBody(secret, ts, body));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

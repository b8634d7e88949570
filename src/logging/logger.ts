import pino, { type Logger } from 'pino';

/** Keys never reach the logs, whichever header or field carries them. */
const REDACT = ['req.headers.apikey', 'req.headers.authorization', 'key', 'apikey'];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}
export type { Logger };

// LISTEN on a channel: Postgres NOTIFY reaches every connection that listens,
// in any process; PGlite delivers notifications to listeners of the same
// instance (one process). On Postgres the listener holds one connection of its
// own, reconnected after a loss (the caller polls too, so nothing waits on it).
import { Client } from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** Starts listening; resolves to the function that stops. */
export type Listen = (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;

const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

export function pgliteListen(lite: PGlite): Listen {
  return async (channel, onNotify) => {
    const stop = await lite.listen(channel, () => onNotify());
    return async () => { await stop().catch(() => undefined); };
  };
}

export function pgListen(connectionString: string, reconnectMs = 1_000): Listen {
  return async (channel, onNotify) => {
    let client: Client | null = null;
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    const connect = async (): Promise<void> => {
      const c = new Client({ connectionString });
      c.on('notification', (n) => { if (n.channel === channel) onNotify(); });
      c.on('error', () => retry(c));
      c.on('end', () => retry(c));
      try {
        await c.connect();
        await c.query(`LISTEN ${quoted(channel)}`);
        if (stopped) { await c.end(); return; }
        client = c;
        // Whatever was sent while no connection listened is found by the caller's read.
        onNotify();
      } catch {
        retry(c);
      }
    };
    const retry = (c: Client) => {
      if (stopped || timer || (client && client !== c)) return;
      client = null;
      c.end().catch(() => undefined);
      timer = setTimeout(() => { timer = null; void connect(); }, reconnectMs);
      timer.unref();
    };
    await connect();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    };
  };
}

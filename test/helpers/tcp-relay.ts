// A TCP relay the chaos tests put between the service and Postgres or Redis:
// `cut` closes every connection, and each new one once accepted (a crash or restart),
// `stall` keeps every socket open but forwards nothing, in either direction
// (a silent network partition: no RST, no FIN), `refuse` closes every
// connection and the port itself, so a new connection is refused (ECONNREFUSED:
// the server is down, nothing listens); `restore` heals all three, and bytes
// held back during a stall are then delivered, as TCP would.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

type Mode = 'open' | 'cut' | 'stall' | 'refuse';

export interface TcpRelay {
  listen(): Promise<number>;
  cut(): void;
  stall(): void;
  refuse(): void;
  restore(): void;
  close(): Promise<void>;
  /** Connections accepted since start (to tell reconnects apart). */
  readonly accepted: number;
}

export function tcpRelay(target: { host: string; port: number }): TcpRelay {
  const pairs = new Set<Pair>();
  let mode: Mode = 'open';
  let accepted = 0;
  let port = 0;

  type Pair = { client: net.Socket; upstream: net.Socket | null; held: Array<['up' | 'down', Buffer]>; pendingConnect: boolean };
  const flush = (p: Pair) => {
    if (!p.upstream) return;
    for (const [dir, chunk] of p.held.splice(0)) (dir === 'up' ? p.upstream : p.client).write(chunk);
  };

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    pair.pendingConnect = false;
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => { pair.client.destroy(); pairs.delete(pair); });
    upstream.on('data', (chunk) => { if (mode === 'stall') pair.held.push(['down', chunk]); else pair.client.write(chunk); });
    flush(pair);
  };

  const server = net.createServer((client) => {
    if (mode === 'cut') { client.destroy(); return; }
    accepted += 1;
    const pair: Pair = { client, upstream: null, held: [], pendingConnect: false };
    pairs.add(pair);
    client.on('error', () => undefined);
    client.on('close', () => { pair.upstream?.destroy(); pairs.delete(pair); });
    client.on('data', (chunk) => {
      if (mode === 'stall' || !pair.upstream) pair.held.push(['up', chunk]);
      else pair.upstream.write(chunk);
    });
    if (mode === 'stall') pair.pendingConnect = true; else connectUpstream(pair);
  });

  const dropAll = () => {
    for (const p of pairs) { p.client.destroy(); p.upstream?.destroy(); }
    pairs.clear();
  };

  return {
    get accepted() { return accepted; },
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      resolve(port);
    })),
    cut() {
      mode = 'cut';
      dropAll();
    },
    stall() { mode = 'stall'; },
    refuse() {
      mode = 'refuse';
      dropAll();
      server.close();
    },
    restore() {
      // The same port again: the clients' connection strings name it.
      if (port && !server.listening) server.listen(port, '127.0.0.1');
      mode = 'open';
      for (const p of pairs) {
        if (p.pendingConnect) { connectUpstream(p); continue; }
        flush(p);
      }
    },
    close: () => new Promise<void>((resolve) => {
      dropAll();
      // Already closed when refusing: its callback then carries ERR_SERVER_NOT_RUNNING, which is the same end.
      server.close(() => resolve());
    }),
  };
}

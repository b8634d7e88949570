// Where a request's reads go when streaming replicas are configured: the first
// read of a request picks one server, a replica that is up and within the lag
// bound (in turn), or the primary when none is, and every later read of that
// request goes to the same server. One request then reads protocol_state (its
// generation and the data_version its answer is cached under) and the rows
// from one server, in one snapshot (src/db/request-snapshot.ts), never
// protocol_state from one replica and rows from another. Reads outside a
// request (jobs, the CLI) and every write go to the primary.
import type { DbHealthMonitor } from './db-health';
import type { ReplicaLagProbe, ReplicaLagStatus } from './replica-lag';
import type { RequestScope } from './request-scope';

/** A read statement with positional parameters, rows as Prisma's raw queries type them (src/db/direct-read.ts). */
export type ReadFn = <T>(text: string, params: unknown[]) => Promise<T[]>;

export interface ReadServer {
  /** 'primary', or the replica's host:port/database (never its credentials). */
  name: string;
  read: ReadFn;
  /** Requests whose reads went to this server, since start. */
  requests: number;
}

export interface ReplicaServer extends ReadServer { health: DbHealthMonitor }

export interface ReplicaStatus extends ReplicaLagStatus {
  name: string;
  /** Reads may go to it now: up, a standby, and within DATABASE_REPLICA_MAX_LAG_MS. */
  usable: boolean;
  health: 'up' | 'down';
  requests: number;
}

/** host:port/database of a connection string: how logs, /readyz and /metrics name a replica. */
export function serverName(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname || '/'}`;
}

export class ReadRouter {
  private readonly pins = new WeakMap<RequestScope, ReadServer>();
  private next = 0;

  constructor(readonly primary: ReadServer, readonly replicas: ReplicaServer[], private readonly lag: ReplicaLagProbe) {}

  /** The server of the request's reads (chosen by its first read); the primary outside a request. */
  serverFor(scope: RequestScope | undefined): ReadServer {
    if (!scope) return this.primary;
    let server = this.pins.get(scope);
    if (!server) {
      server = this.choose();
      server.requests += 1;
      this.pins.set(scope, server);
    }
    return server;
  }

  usable(i: number): boolean {
    return !this.replicas[i].health.isDown && this.lag.withinBound(i);
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((r, i) => ({
      name: r.name, usable: this.usable(i), health: r.health.isDown ? 'down' : 'up', requests: r.requests, ...this.lag.status(i),
    }));
  }

  /** The usable replicas in turn, or the primary. */
  private choose(): ReadServer {
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const i = this.next;
      this.next = (this.next + 1) % this.replicas.length;
      if (this.usable(i)) return this.replicas[i];
    }
    return this.primary;
  }
}

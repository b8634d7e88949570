// A connection of its own for a periodic probe (health ping, replica lag): a
// query is bounded by the probe's timeout, connecting included, and a query
// that fails or times out drops the connection (a stalled socket never
// answers again), so the next probe opens a new one.
import { Client, type ClientConfig } from 'pg';
import { withTimeout } from './with-timeout';

export class ProbeConnection {
  private client: Client | null = null;

  constructor(private readonly config: ClientConfig, private readonly timeoutMs: number) {}

  /** The message of the rejection when no answer came within the timeout. */
  get noAnswer(): string { return `no answer from the database within ${this.timeoutMs} ms`; }

  async query<R extends Record<string, unknown>>(text: string): Promise<R[]> {
    try {
      return await withTimeout(this.send<R>(text), this.timeoutMs, this.noAnswer);
    } catch (err) {
      this.drop();
      throw err;
    }
  }

  drop(): void {
    // pg's Client keeps its socket out of its public typings; destroying it is the only way to stop a stalled probe.
    const c = this.client as unknown as { connection?: { stream?: { destroy(): void } } } | null;
    c?.connection?.stream?.destroy();
    this.client = null;
  }

  private async send<R extends Record<string, unknown>>(text: string): Promise<R[]> {
    if (!this.client) {
      // The probe's own bound (withTimeout) decides first; this only closes the socket after.
      const client = new Client({ ...this.config, connectionTimeoutMillis: 2 * this.timeoutMs });
      client.on('error', () => undefined);
      this.client = client;
      await client.connect();
    }
    return (await this.client.query<R>(text)).rows;
  }
}

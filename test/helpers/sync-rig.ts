// A node double, the real app and sync engines on the app's database: what the
// live-sync scenarios drive. Answers are read the way a client reads them (REST
// and GraphQL through the running app), never from the tables.
import { gql } from 'graphql-request';
import type { SqlClient } from '../../src/db/sql-client';
import { SyncEngine, type SyncOptions } from '../../src/sync/sync-engine';
import { HubDouble, type HubDoubleOptions } from './hub-double/hub-double';
import { MessageFactory, idRegisterEvent } from './hub-double/message-factory';
import type { TestServer } from './test-server';
import { silentLog, syncOptions, waitUntil } from './sync-wait';

/** A database can be followed from scratch again (a new double's ids start at block 1). */
export async function forgetSync(sql: SqlClient): Promise<void> {
  await sql.exec(`TRUNCATE sync_cursor, sync_backfill, sync_status, sync_unhandled`);
  await sql.query(`DELETE FROM app_meta WHERE key = 'sync_backfill'`);
}

export interface UserAnswer {
  fid: number;
  username: string | null;
  totalFollowers: number;
  likesCount: number;
  stats: { followers: number; following: number; posts: number };
  metadata: { displayName: string | null; picture: { raw: { uri: string } } | null };
  verifications: { address: string; protocol: string }[];
  casts: { totalCount: number; edges: { node: { hash: string; likes: number; recasts: number; replies: number; quotes: number } }[] };
}

const USER = gql`
  query SyncUser($fid: Int!) {
    farcasterUser(fid: $fid) {
      fid username totalFollowers likesCount
      stats { followers following posts }
      metadata { displayName picture { raw { uri } } }
      verifications { address protocol }
      casts(first: 100) { totalCount edges { node { hash likes recasts replies quotes } } }
    }
  }`;

/** What a client of the app sees. */
export class Answers {
  constructor(private readonly server: TestServer) {}

  async user(fid: number): Promise<UserAnswer> {
    return (await this.server.gql.request<{ farcasterUser: UserAnswer }>(USER, { fid })).farcasterUser;
  }

  /** REST GET of a path; throws on a non-200 answer so a wait goes on. */
  async rest<T = any>(path: string): Promise<T> {
    const r = await this.server.rest(path);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as T;
  }

  async followersTotal(fid: number): Promise<number> {
    return (await this.rest<{ totalFollowers: number }>(`/api/farcaster/followers/total/${fid}`)).totalFollowers;
  }

  /** Followers of many fids in one request (unknown fids count 0). */
  async followersCounts(fids: number[]): Promise<Map<number, number>> {
    const body = await this.rest<{ fid: number; followersCount: number }[]>(`/api/farcaster/followersCount?fids=${fids.join(',')}`);
    return new Map(body.map((r) => [r.fid, r.followersCount]));
  }
}

export class LiveRig {
  readonly double: HubDouble;
  readonly f = new MessageFactory();
  readonly answers: Answers;
  url = '';
  private readonly engines = new Set<SyncEngine>();

  constructor(readonly server: TestServer, o: HubDoubleOptions = {}) {
    this.double = new HubDouble({ numShards: 2, ...o });
    this.answers = new Answers(server);
  }

  get sql(): SqlClient { return this.server.testDb.db.sql; }

  /** Starts the double on a database that forgets any earlier sync (fresh: the engine starts at the heads). */
  async open(): Promise<this> {
    await forgetSync(this.sql);
    this.url = await this.double.start();
    return this;
  }

  options(overrides: Partial<SyncOptions> = {}): SyncOptions { return syncOptions(this.url, overrides); }

  /** A started engine on the app's database; stopped by close() unless stopped before. */
  async engine(overrides: Partial<SyncOptions> = {}): Promise<SyncEngine> {
    const engine = new SyncEngine(this.sql, this.options(overrides), silentLog);
    this.engines.add(engine);
    await engine.start();
    return engine;
  }

  async stopEngine(engine: SyncEngine): Promise<void> {
    await engine.stop();
    this.engines.delete(engine);
  }

  /** Registers fids on chain and waits until the app knows them (a fid without fc_user answers 404). */
  async register(...fids: number[]): Promise<void> {
    for (const fid of fids) this.double.onChain(idRegisterEvent({ fid }));
    await waitUntil(`fids ${fids.join(',')} known to the app`, async () => {
      for (const fid of fids) await this.answers.user(fid);
      return true;
    }, (ok) => ok);
  }

  async cursors(): Promise<Record<number, number>> {
    const rows = await this.sql.query<{ shard: number; event_id: string }>('SELECT shard, event_id::text FROM sync_cursor ORDER BY shard');
    return Object.fromEntries(rows.map((r) => [r.shard, Number(r.event_id)]));
  }

  /** The node's newest event id per shard. */
  nodeHeads(): Record<number, number> {
    const out: Record<number, number> = {};
    for (let s = 1; s <= this.double.store.numShards; s++) {
      const events = this.double.store.sealedEvents(s);
      out[s] = events.length ? events[events.length - 1].id : 0;
    }
    return out;
  }

  async close(): Promise<void> {
    for (const e of this.engines) await e.stop();
    this.engines.clear();
    await this.double.stop();
  }
}

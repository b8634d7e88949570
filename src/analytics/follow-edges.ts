// Loads one protocol's live follow graph as dense typed arrays for the graph
// score and the personalized rank, appended to Int32Arrays, so millions of
// follows never exist as one array of row objects. On Postgres each read is one
// binary COPY along the table's primary key (db/copy-binary.ts: no row objects
// at all); on PGlite, keyset-paginated batches along the same key. Same SELECT
// on both, so the same graph, edge for edge.
import type { Database } from '../db/database';
import type { SqlClient } from '../db/sql-client';
import { readBinaryCopy, type BinaryColumn } from '../db/copy-binary';
import { FARCASTER, LENS, type IdKind, type ProtocolName, type ProtocolSpec } from '../domain/protocols';

export interface FollowGraph<K> {
  /** Every profile of the protocol, ascending by numeric value; node i is ids[i]. */
  ids: K[];
  indexOf: Map<K, number>;
  /** Edge e: node from[e] (the follower) follows node to[e]. Distinct pairs, no self-follows. */
  from: Int32Array;
  to: Int32Array;
}

export interface LoadFollowGraphOptions {
  /** Rows per query where the rows are read in batches (PGlite; Postgres reads each table in one COPY). Default 5,000. */
  batchSize?: number;
  /**
   * The live follows expected (a count just taken): the edge arrays are allocated at that length at once.
   * Without it they double as they fill, and the last doubling holds the old arrays and the new ones,
   * twice as long, together: 24 bytes a follow at the peak instead of 8.
   */
  expectedEdges?: number;
  /** Told the follows read so far after each batch (a large graph's load is long enough to want a progress line). */
  onProgress?: (followsRead: number) => void;
}

/**
 * A batch's rows are JavaScript objects (PGlite parses a whole result at once, and
 * an object costs far more than the follow's two ints) that live while the batch
 * is walked. A batch this small dies in V8's young generation; a much larger one
 * is promoted and stays in the old space until a full collection, raising the
 * resident memory for no gain in load time (docs/performance.md#follow-graph-load).
 */
const DEFAULT_BATCH_SIZE = 5_000;

/** A keyset-paginated read: `columns` of `table` filtered by `where`, walked along `key` (a unique, indexed column list). */
interface PagedRead { table: string; columns: string[]; key: string[]; where?: string; distinct?: boolean }

interface GraphReads<K extends number | string> {
  id: IdKind<K>;
  /** Columns [follower, followed], read along the table's primary key. */
  follows: PagedRead;
  /** Single-column reads of profile ids that exist even without follows. */
  profiles: PagedRead[];
}

/** Live follows (no unfollow, no self-follow) and every id of the known tables. */
const graphReads = <K extends number | string>(p: ProtocolSpec<K>): GraphReads<K> => {
  const { table, follower, followee, primaryKey } = p.follows;
  return {
    id: p.id,
    follows: { table, columns: [follower, followee], key: [...primaryKey], where: `deleted_at IS NULL AND ${follower} <> ${followee}` },
    profiles: p.known.map((k) => ({ table: k.table, columns: [p.key], key: [p.key], distinct: !k.oneRowPerId })),
  };
};

const FARCASTER_READS = graphReads(FARCASTER);
const LENS_READS = graphReads(LENS);

/** Live follows (deleted_at IS NULL, no self-follows) of one protocol, as dense indices. */
export async function loadFollowGraph(db: Database, protocol: 'farcaster', options?: LoadFollowGraphOptions): Promise<FollowGraph<number>>;
export async function loadFollowGraph(db: Database, protocol: 'lens', options?: LoadFollowGraphOptions): Promise<FollowGraph<string>>;
export async function loadFollowGraph(
  db: Database, protocol: ProtocolName, options: LoadFollowGraphOptions = {},
): Promise<FollowGraph<number> | FollowGraph<string>> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`loadFollowGraph: batchSize must be an integer ≥ 1, got ${batchSize}`);
  }
  const expected = options.expectedEdges;
  if (expected !== undefined && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`loadFollowGraph: expectedEdges must be an integer ≥ 0, got ${expected}`);
  }
  const progress = options.onProgress;
  if (protocol === 'farcaster') return withSnapshot(db.sql, (sql) => loadWith(sql, FARCASTER_READS, batchSize, new EdgeBuffer(expected), progress));
  if (protocol === 'lens') return withSnapshot(db.sql, (sql) => loadWith(sql, LENS_READS, batchSize, new EdgeBuffer(expected), progress));
  throw new RangeError(`loadFollowGraph: unknown protocol ${String(protocol)}`);
}

/**
 * On Postgres all batches read one REPEATABLE READ snapshot, so a concurrent
 * import cannot tear the graph. On PGlite a transaction would hold the single
 * connection and stall every other query for the whole load, so batches run
 * as plain statements; the loader stays correct either way because every
 * follow endpoint becomes a node whatever the profile tables say.
 */
function withSnapshot<T>(sql: SqlClient, fn: (sql: SqlClient) => Promise<T>): Promise<T> {
  if (sql.kind !== 'postgres') return fn(sql);
  return sql.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return fn(tx);
  });
}

async function loadWith<K extends number | string>(
  sql: SqlClient, spec: GraphReads<K>, batchSize: number, edges: EdgeBuffer, onProgress?: (followsRead: number) => void,
): Promise<FollowGraph<K>> {
  // Nodes get provisional indices in order of first sight, renumbered once all are known.
  const ids: K[] = [];
  const indexOf = new Map<K, number>();
  const intern = (raw: unknown): number => {
    const id = spec.id.fromRow(raw);
    let i = indexOf.get(id);
    if (i === undefined) { i = ids.length; ids.push(id); indexOf.set(id, i); }
    return i;
  };

  const idType = spec.id.sqlType;
  for (const read of spec.profiles) await readAll(sql, read, batchSize, idType, (values) => { intern(values[0]); });
  await readAll(sql, spec.follows, batchSize, idType, (values) => { edges.push(intern(values[0]), intern(values[1])); }, () => onProgress?.(edges.size));
  const { from, to } = edges.finish();

  // Renumber so that node order is id order; indexOf is updated in place.
  const order = Int32Array.from(ids.keys()).sort((a, b) => spec.id.compare(ids[a], ids[b]));
  const finalOf = new Int32Array(ids.length);
  const sorted = new Array<K>(ids.length);
  for (let k = 0; k < order.length; k++) {
    finalOf[order[k]] = k;
    sorted[k] = ids[order[k]];
    indexOf.set(sorted[k], k);
  }
  for (let e = 0; e < from.length; e++) { from[e] = finalOf[from[e]]; to[e] = finalOf[to[e]]; }
  return { ids: sorted, indexOf, from, to };
}

/** Rows read between two progress calls on the COPY path (a batch's worth). */
const COPY_PROGRESS_ROWS = 200_000;

/** `SELECT [DISTINCT] columns FROM table`: the head of both reads' statements. */
const selectFrom = (read: PagedRead) => `SELECT ${read.distinct ? 'DISTINCT ' : ''}${read.columns.join(', ')} FROM ${read.table}`;

/**
 * Every row of `read` in key order, its columns' values (each an id of type `idType`) in order: one binary
 * COPY where the client has it (Postgres), else keyset-paginated batches. `progress` is called after each
 * batch's worth of rows and at the end.
 */
async function readAll(
  sql: SqlClient, read: PagedRead, batchSize: number, idType: BinaryColumn,
  onRow: (values: unknown[]) => void, progress?: () => void,
): Promise<void> {
  if (sql.copyOut) {
    const select = `${selectFrom(read)}${read.where ? ` WHERE ${read.where}` : ''} ORDER BY ${read.key.join(', ')}`;
    let rows = 0;
    await readBinaryCopy(sql.copyOut(`COPY (${select}) TO STDOUT (FORMAT binary)`), read.columns.map(() => idType), (values) => {
      onRow(values);
      if (++rows % COPY_PROGRESS_ROWS === 0) progress?.();
    });
    progress?.();
    return;
  }
  const values: unknown[] = [];
  for await (const rows of pages(sql, read, batchSize)) {
    for (const row of rows) {
      for (let i = 0; i < read.columns.length; i++) values[i] = row[read.columns[i]];
      onRow(values);
    }
    progress?.();
  }
}

/** Yields batches of rows in key order; each query resumes after the last key seen. */
async function* pages(sql: SqlClient, read: PagedRead, batchSize: number): AsyncGenerator<Record<string, unknown>[]> {
  const keyList = read.key.join(', ');
  const select = selectFrom(read);
  const after = read.key.length === 1 ? `${keyList} > $1` : `(${keyList}) > (${read.key.map((_, i) => `$${i + 1}`).join(', ')})`;
  const filter = (withKey: boolean) => [read.where, withKey ? after : undefined].filter(Boolean).join(' AND ');
  const text = (withKey: boolean) => {
    const where = filter(withKey);
    const limit = `$${withKey ? read.key.length + 1 : 1}`;
    return `${select}${where ? ` WHERE ${where}` : ''} ORDER BY ${keyList} LIMIT ${limit}`;
  };
  const first = text(false);
  const next = text(true);

  let last: unknown[] | undefined;
  for (;;) {
    const rows = last ? await sql.query(next, [...last, batchSize]) : await sql.query(first, [batchSize]);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const tail = rows[rows.length - 1];
    last = read.key.map((k) => tail[k]);
  }
}

/**
 * Parallel Int32 columns. Without an expected length they double when full.
 * With one they start at it and, past it (follows added since the count),
 * grow by a sixteenth, so the arrays never hold much more than the follows.
 */
export class EdgeBuffer {
  private from: Int32Array;
  private to: Int32Array;
  private length = 0;

  constructor(private readonly expected?: number) {
    const capacity = expected === undefined ? 1024 : Math.max(expected, 1);
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
  }

  /** Edges pushed so far. */
  get size(): number { return this.length; }

  /** Length of the arrays held (for the tests of the growth). */
  get capacity(): number { return this.from.length; }

  push(a: number, b: number): void {
    if (this.length === this.from.length) {
      const size = this.expected === undefined ? this.length * 2 : this.length + Math.max(this.length >>> 4, 1024);
      const grow = (old: Int32Array) => { const next = new Int32Array(size); next.set(old); return next; };
      this.from = grow(this.from);
      this.to = grow(this.to);
    }
    this.from[this.length] = a;
    this.to[this.length] = b;
    this.length += 1;
  }

  /**
   * The arrays themselves when they are full (the expected length was right), else exact-length
   * copies, so that the slack of a growth is released.
   */
  finish(): { from: Int32Array; to: Int32Array } {
    if (this.length === this.from.length) return { from: this.from, to: this.to };
    return { from: this.from.slice(0, this.length), to: this.to.slice(0, this.length) };
  }
}

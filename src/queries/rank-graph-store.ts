// The follow graphs the personalized rank walks, held in memory once per
// process (one store per app) as CSR typed arrays. A protocol's graph is loaded
// on first use (or at start, with preload) and reloaded when
// protocol_state.generation moves on: one load at a time per protocol (single
// flight), in the background, the old graph answering meanwhile (after a short
// wait for the new one). A request finding no graph at all waits for the load
// a few seconds; a load that takes longer (minutes at the network's size) goes
// on, and the request is told so with the load's progress and a Retry-After.
// So the rank is as of the analytics refresh: the live follows read just after
// the generation it answers for was flipped.
import { buildCsr, type Csr } from '../analytics/graph-score';
import { loadFollowGraph } from '../analytics/follow-edges';
import { prepareWorkspace, workspaceBytes } from '../analytics/personalized-rank';
import type { Database } from '../db/database';
import { withinMs } from '../db/with-timeout';
import { FARCASTER, LENS, type ProtocolName, type ProtocolSpec } from '../domain/protocols';
import { AppError } from '../errors/app-error';
import { fidIds, textIds, type NodeIds } from './rank-graph-ids';

type Id = number | string;

export interface RankGraph {
  protocol: ProtocolName;
  /** The analytics generation current when the load began. */
  generation: number;
  csr: Csr;
  nodes: number;
  edges: number;
  /** Typed arrays and ids held, plus the scratch arrays of the rank (allocated, and their pages written, with the graph). */
  bytes: number;
  loadedAt: Date;
  /** Node index of a profile id, -1 when the graph does not hold it. */
  indexOf(id: Id): number;
  /** Profile id of a node index. */
  idOf(node: number): Id;
}

export interface RankGraphStoreOptions {
  /** Most follows a graph may hold; 0 turns the personalized rank off. */
  maxEdges: number;
  /** The work cap of one rank (follows pushed); by default the algorithm's. */
  maxWork?: number;
  /** Told of background loads that fail (the next request tries again). */
  onLoadError?: (protocol: ProtocolName, err: unknown) => void;
  /**
   * How long a request that finds an older generation's graph waits for the new one before the old one
   * answers it. Default 1000 ms: a small graph reloads within it (answers move to the new generation
   * at once); a large one (medium: seconds) keeps answering from the old graph meanwhile. 0: never wait.
   */
  reloadWaitMs?: number;
  /**
   * How long a request that finds no graph held waits for the load before it is answered 503 with the load's
   * progress and a Retry-After (the load goes on). Default 5000 ms: small graphs load within it.
   */
  firstLoadWaitMs?: number;
}

/** A load under way: follows read of those counted before it began. */
export interface RankGraphLoadProgress {
  generation: number;
  /** Live follows counted before the read (null while counting). */
  follows: number | null;
  followsRead: number;
  seconds: number;
}

/** What a protocol's slot holds, for /readyz. */
export interface RankGraphStatus {
  state: 'off' | 'not loaded' | 'loading' | 'loaded' | 'refused';
  generation?: number;
  follows?: number;
  profiles?: number;
  mib?: number;
  loadedAt?: string;
  /** A load under way (the first, or a reload while the held graph answers). */
  loading?: RankGraphLoadProgress;
  /** Why the graph of the current generation is not held (over PERSONALIZED_RANK_MAX_EDGES). */
  reason?: string;
}

/**
 * Seconds until a load ends at its rate so far (follows read over the time taken), 1 to 600; 10 before a
 * follow is read (the count, the profiles' ids and the first batch come first).
 */
export function loadRetryAfterSeconds(progress: RankGraphLoadProgress | undefined): number {
  if (!progress || progress.follows === null || progress.followsRead <= 0) return 10;
  const left = progress.seconds * Math.max(progress.follows - progress.followsRead, 0) / progress.followsRead;
  return Math.min(Math.max(Math.ceil(left), 1), 600);
}

const SPECS: Record<ProtocolName, ProtocolSpec> = { farcaster: FARCASTER, lens: LENS };
const NAMES: Record<ProtocolName, string> = { farcaster: 'Farcaster', lens: 'Lens' };

interface Slot {
  graph?: RankGraph;
  loading?: Promise<RankGraph>;
  loadingGeneration?: number;
  /** A generation whose graph is over the bound: refused again without counting again. */
  refused?: { generation: number; error: AppError };
  /** Of the load under way. */
  progress?: { generation: number; follows: number | null; followsRead: number; startedAt: number };
}

export class RankGraphStore {
  private readonly slots: Record<ProtocolName, Slot> = { farcaster: {}, lens: {} };

  constructor(private readonly db: Database, private readonly options: RankGraphStoreOptions) {}

  get enabled(): boolean { return this.options.maxEdges > 0; }

  /** The work cap of one rank on these graphs. */
  get maxWork(): number | undefined { return this.options.maxWork; }

  /** Each protocol's graph and load, for /readyz. */
  status(): Record<ProtocolName, RankGraphStatus> {
    const of = (protocol: ProtocolName): RankGraphStatus => {
      if (!this.enabled) return { state: 'off' };
      const { graph, progress, refused } = this.slots[protocol];
      const loading = progress ? this.progressOf(progress) : undefined;
      if (graph) {
        return {
          state: 'loaded', generation: graph.generation, follows: graph.edges, profiles: graph.nodes,
          mib: Math.round(graph.bytes / 2 ** 20 * 10) / 10, loadedAt: graph.loadedAt.toISOString(), ...(loading ? { loading } : {}),
        };
      }
      if (loading) return { state: 'loading', loading };
      if (refused) return { state: 'refused', generation: refused.generation, reason: refused.error.message };
      return { state: 'not loaded' };
    };
    return { farcaster: of('farcaster'), lens: of('lens') };
  }

  /**
   * Starts loading the graph of `generation` unless it is held or loading (at start, so that the first
   * request does not wait for it). A failure is reported through onLoadError; the next request tries again.
   */
  preload(protocol: ProtocolName, generation: number): void {
    if (!this.enabled) return;
    const slot = this.slots[protocol];
    if (slot.graph?.generation === generation || slot.refused?.generation === generation) return;
    this.reportFailure(protocol, this.reload(protocol, generation));
  }

  /** The graphs held now (for /metrics and the docs' figures). */
  loaded(): RankGraph[] {
    return (['farcaster', 'lens'] as const).flatMap((p) => (this.slots[p].graph ? [this.slots[p].graph] : []));
  }

  /**
   * The graph to answer with while `generation` is current: the one held if it
   * is of that generation; else the one held (stale) while a reload runs; else,
   * with none held, the load awaited.
   */
  async graph(protocol: ProtocolName, generation: number): Promise<RankGraph> {
    if (!this.enabled) {
      throw new AppError('SERVICE_UNAVAILABLE', 'the personalized rank is turned off on this server (PERSONALIZED_RANK_MAX_EDGES=0)');
    }
    const slot = this.slots[protocol];
    if (slot.graph?.generation === generation) return slot.graph;
    if (slot.refused?.generation === generation) throw slot.refused.error;
    const loading = this.reload(protocol, generation);
    if (slot.graph) {
      // The old graph answers if the new one is not there in time; a failure is reported, not thrown at this request.
      const old = slot.graph;
      this.reportFailure(protocol, loading);
      const wait = this.options.reloadWaitMs ?? 1000;
      if (!(wait > 0)) return old;
      return (await withinMs(loading.catch(() => undefined), wait)) ?? old;
    }
    return this.firstGraph(protocol, loading);
  }

  /** With no graph held: the load if it ends within firstLoadWaitMs, else a 503 with its progress (the load goes on). */
  private async firstGraph(protocol: ProtocolName, loading: Promise<RankGraph>): Promise<RankGraph> {
    const graph = await withinMs(loading, this.options.firstLoadWaitMs ?? 5000);
    if (graph) return graph;
    // Nobody may await this load any more: its failure is reported, not left unhandled.
    this.reportFailure(protocol, loading);
    throw this.stillLoading(protocol);
  }

  private readonly reported = new WeakSet<Promise<RankGraph>>();

  /** A load's failure goes to onLoadError once, however many requests and preloads let go of it. */
  private reportFailure(protocol: ProtocolName, loading: Promise<RankGraph>): void {
    if (this.reported.has(loading)) return;
    this.reported.add(loading);
    loading.catch((err) => this.options.onLoadError?.(protocol, err));
  }

  private progressOf(p: NonNullable<Slot['progress']>): RankGraphLoadProgress {
    return { generation: p.generation, follows: p.follows, followsRead: p.followsRead, seconds: Math.round((Date.now() - p.startedAt) / 100) / 10 };
  }

  /** 503 naming the load's progress, with a Retry-After from its rate so far. */
  private stillLoading(protocol: ProtocolName): AppError {
    const p = this.slots[protocol].progress;
    const progress = p ? this.progressOf(p) : undefined;
    const read = progress?.followsRead ?? 0;
    const total = progress?.follows ?? null;
    const seconds = progress?.seconds ?? 0;
    const retryAfter = loadRetryAfterSeconds(progress);
    const done = total === null ? 'counting the follows' : `${read.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} follows read`;
    return new AppError('SERVICE_UNAVAILABLE',
      `the ${NAMES[protocol]} follow graph of the personalized rank is loading (${done} in ${Math.round(seconds)} s); try again in ${retryAfter} s`,
      true, retryAfter);
  }

  /** One load per protocol at a time; a load for an older generation is followed by one for the newer. */
  private reload(protocol: ProtocolName, generation: number): Promise<RankGraph> {
    const slot = this.slots[protocol];
    if (slot.loading && slot.loadingGeneration !== undefined && slot.loadingGeneration >= generation) return slot.loading;
    if (slot.loading) return slot.loading.catch(() => undefined).then(() => this.reload(protocol, generation));
    const loading = this.load(protocol, generation).then(
      (graph) => {
        // A newer generation's graph may have landed meanwhile: keep the newest.
        if (!slot.graph || slot.graph.generation <= graph.generation) slot.graph = graph;
        return graph;
      },
    ).finally(() => {
      if (slot.loading === loading) { slot.loading = undefined; slot.loadingGeneration = undefined; slot.progress = undefined; }
    });
    slot.loading = loading;
    slot.loadingGeneration = generation;
    return loading;
  }

  private async load(protocol: ProtocolName, generation: number): Promise<RankGraph> {
    const spec = SPECS[protocol];
    const { table, follower, followee } = spec.follows;
    const progress: NonNullable<Slot['progress']> = { generation, follows: null, followsRead: 0, startedAt: Date.now() };
    this.slots[protocol].progress = progress;
    // Counted before loading, so a graph over the bound never takes its memory.
    const [{ n }] = await this.db.sql.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ${table} WHERE deleted_at IS NULL AND ${follower} <> ${followee}`);
    if (Number(n) > this.options.maxEdges) {
      const error = new AppError('SERVICE_UNAVAILABLE',
        `the ${NAMES[protocol]} follow graph has ${n} follows, more than this server holds for the personalized rank (PERSONALIZED_RANK_MAX_EDGES=${this.options.maxEdges})`);
      // The memory bound wins over serving a stale graph: the old one is dropped too.
      const slot = this.slots[protocol];
      slot.refused = { generation, error };
      slot.graph = undefined;
      throw error;
    }
    progress.follows = Number(n);
    // The count sizes the edge arrays: 8 bytes a follow while they are read, not the 24 of doubling arrays.
    const options = { expectedEdges: Number(n), onProgress: (read: number) => { progress.followsRead = read; } };
    return protocol === 'farcaster' ? this.build('farcaster', generation, await loadFollowGraph(this.db, 'farcaster', options))
      : this.build('lens', generation, await loadFollowGraph(this.db, 'lens', options));
  }

  private build<K extends Id>(protocol: ProtocolName, generation: number, g: { ids: K[]; from: Int32Array; to: Int32Array }): RankGraph {
    const csr = buildCsr(g.ids.length, g.from, g.to);
    prepareWorkspace(csr);
    const ids = (protocol === 'farcaster' ? fidIds(g.ids as number[]) : textIds(g.ids as string[], LENS.id.compare)) as NodeIds<Id>;
    return {
      protocol, generation, csr, nodes: ids.length, edges: csr.target.length, loadedAt: new Date(),
      bytes: csr.offset.byteLength + csr.target.byteLength + ids.bytes + workspaceBytes(ids.length, csr.target.length),
      indexOf: (id) => ids.indexOf(id),
      idOf: (node) => ids.at(node),
    };
  }
}

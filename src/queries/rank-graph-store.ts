// The follow graphs the personalized rank walks, held in memory once per
// process (one store per app) as CSR typed arrays. A protocol's graph is loaded
// on first use and reloaded when protocol_state.generation moves on: one load
// at a time per protocol (single flight), in the background, the old graph
// answering meanwhile (after a short wait for the new one); only a request
// finding no graph at all waits for the load whatever it takes.
// So the rank is as of the analytics refresh: the live follows read just after
// the generation it answers for was flipped.
import { buildCsr, type Csr } from '../analytics/graph-score';
import { loadFollowGraph } from '../analytics/follow-edges';
import { prepareWorkspace, workspaceBytes } from '../analytics/personalized-rank';
import type { Database } from '../db/database';
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
}

const SPECS: Record<ProtocolName, ProtocolSpec> = { farcaster: FARCASTER, lens: LENS };
const NAMES: Record<ProtocolName, string> = { farcaster: 'Farcaster', lens: 'Lens' };

interface Slot {
  graph?: RankGraph;
  loading?: Promise<RankGraph>;
  loadingGeneration?: number;
  /** A generation whose graph is over the bound: refused again without counting again. */
  refused?: { generation: number; error: AppError };
}

export class RankGraphStore {
  private readonly slots: Record<ProtocolName, Slot> = { farcaster: {}, lens: {} };

  constructor(private readonly db: Database, private readonly options: RankGraphStoreOptions) {}

  get enabled(): boolean { return this.options.maxEdges > 0; }

  /** The work cap of one rank on these graphs. */
  get maxWork(): number | undefined { return this.options.maxWork; }

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
      const settled = loading.catch((err) => { this.options.onLoadError?.(protocol, err); return undefined; });
      const wait = this.options.reloadWaitMs ?? 1000;
      if (!(wait > 0)) return old;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<undefined>((resolve) => {
        const t = setTimeout(() => resolve(undefined), wait);
        t.unref?.();
        timer = t;
      });
      const fresh = await Promise.race([settled, timeout]);
      if (timer) clearTimeout(timer);
      return fresh ?? old;
    }
    return loading;
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
    ).finally(() => { if (slot.loading === loading) { slot.loading = undefined; slot.loadingGeneration = undefined; } });
    slot.loading = loading;
    slot.loadingGeneration = generation;
    return loading;
  }

  private async load(protocol: ProtocolName, generation: number): Promise<RankGraph> {
    const spec = SPECS[protocol];
    const { table, follower, followee } = spec.follows;
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
    // The count sizes the edge arrays: 8 bytes a follow while they are read, not the 24 of doubling arrays.
    const options = { expectedEdges: Number(n) };
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

// Speed of the personalized rank on graphs shaped like a dataset scale (by
// default `medium`: 200k Farcaster users and 100k Lens profiles, ~20 follows
// each; `network`: a million fids at 180), built in memory by the dataset
// generator's own follow model (src/datagen/follows.ts, heavy-tailed
// popularity), so no database is involved. Measures the algorithm alone over
// 200 random seed sets per case (one viewer, ten and a hundred seeds; hops 3, 4
// and 5) and the memory the graph holds in the service, and writes
// docs/bench/ppr-<scale>.json. The network's Farcaster graph takes minutes
// and gigabytes to build (docs/performance.md#personalized-rank).
//
//   npm run bench:ppr [-- --scale medium --protocols farcaster,lens --epsilon 1e-7 --runs 200 --hops 3,4,5 --seeds 1,10,100 --max-work 1500000 --out docs/bench/ppr-medium.json]

import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCsr } from '../../src/analytics/graph-score';
import { personalizedRank, DEFAULT_EPSILON, DEFAULT_MAX_WORK, workspaceBytes } from '../../src/analytics/personalized-rank';
import { generateFollows } from '../../src/datagen/follows';
import { buildPopulation } from '../../src/datagen/population';
import { Rng } from '../../src/datagen/random';
import { SCALES, volumesOf } from '../../src/datagen/scales';
import { prng } from './prng';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const EPSILON = Number(arg('epsilon', String(DEFAULT_EPSILON)));
const RUNS = Number(arg('runs', '200'));
const MAX_WORK = Number(arg('max-work', String(DEFAULT_MAX_WORK)));
const PROTOCOLS = arg('protocols', 'farcaster,lens').split(',');
const HOPS = arg('hops', '3,4,5').split(',').map(Number);
const SEEDS = arg('seeds', '1,10,100').split(',').map(Number);
const SCALE = arg('scale', 'medium') as keyof typeof SCALES;
const OUT = arg('out', path.join(__dirname, '..', '..', 'docs', 'bench', `ppr-${SCALE}.json`));
const SEED = 1;

/** The generator's live follows (unfollowed ones and blocks left out, as the service's graph does) as 0-based edges. */
async function followGraph(name: string, n: number, meanDegree: number) {
  const pop = buildPopulation(SEED, name, n, Date.UTC(2022, 0, 1));
  let from = new Int32Array(1 << 20);
  let to = new Int32Array(1 << 20);
  let m = 0;
  await generateFollows(pop, new Rng(SEED, `${name}:links`), { meanDegree, unfollowRate: 0.05, otherRate: 0 }, (f, t, _ms, deleted) => {
    if (deleted) return undefined;
    if (m === from.length) {
      const grow = (a: Int32Array) => { const b = new Int32Array(a.length * 2); b.set(a); return b; };
      from = grow(from); to = grow(to);
    }
    from[m] = f - 1; to[m] = t - 1; m += 1;
    return undefined;
  });
  return buildCsr(n, from.subarray(0, m), to.subarray(0, m));
}

/** Packed Lens ids 0x01..n as the service holds them (src/queries/rank-graph-ids.ts): `0x`, an even number of hex digits, a 4-byte end. */
function lensIdBytes(n: number): number {
  let bytes = 4 * n;
  for (let i = 1; i <= n; i++) { const digits = i.toString(16).length; bytes += 2 + digits + (digits % 2); }
  return bytes;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const r3 = (x: number) => Math.round(x * 1000) / 1000;

function measure(csr: ReturnType<typeof buildCsr>, seedsPerSet: number, hops: number, seed: number) {
  const n = csr.offset.length - 1;
  const rnd = prng(seed);
  const sets = Array.from({ length: RUNS }, () => Array.from({ length: seedsPerSet }, () => Math.floor(rnd() * n)));
  // Warm-up: the workspace is allocated and the code optimised before timing.
  for (const s of sets.slice(0, 10)) personalizedRank(csr, s, { hops, epsilon: EPSILON, maxWork: MAX_WORK });
  const ms: number[] = [];
  const cpuMs: number[] = [];
  const work: number[] = [];
  const bounds: number[] = [];
  const pushes: number[] = [];
  const balls: number[] = [];
  let unconverged = 0;
  let smallerRadius = 0;
  for (const s of sets) {
    const t = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const res = personalizedRank(csr, s, { hops, epsilon: EPSILON, maxWork: MAX_WORK });
    const used = process.cpuUsage(cpu);
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    cpuMs.push((used.user + used.system) / 1000);
    work.push(res.pushedEdges);
    bounds.push(res.errorBound); pushes.push(res.pushes); balls.push(res.ballNodes);
    if (!res.converged) unconverged += 1;
    if (res.hops < hops) smallerRadius += 1;
  }
  const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
  const [t, c, b, p, wk, ball] = [sorted(ms), sorted(cpuMs), sorted(bounds), sorted(pushes), sorted(work), sorted(balls)];
  return {
    seedsPerSet, hops, runs: RUNS,
    // Wall time, and the process's CPU time (what the call costs when the machine is shared).
    ms: { p50: r3(quantile(t, 0.5)), p99: r3(quantile(t, 0.99)), max: r3(t[t.length - 1]) },
    cpuMs: { p50: r3(quantile(c, 0.5)), p99: r3(quantile(c, 0.99)), max: r3(c[c.length - 1]) },
    errorBound: { p50: quantile(b, 0.5), p99: quantile(b, 0.99), max: b[b.length - 1] },
    pushes: { p50: quantile(p, 0.5), p99: quantile(p, 0.99) },
    pushedEdges: { p50: quantile(wk, 0.5), p99: quantile(wk, 0.99) },
    ballNodes: { p50: quantile(ball, 0.5), p99: quantile(ball, 0.99) },
    unconverged,
    // Answers at a smaller radius than asked (the BFS would have read more than its share of the budget).
    smallerRadius,
  };
}

async function main() {
  const scale = SCALES[SCALE];
  if (!scale) throw new Error(`--scale: one of ${Object.keys(SCALES).join(', ')}`);
  const meanDegree = volumesOf(scale).followsPerUser;
  const cases: object[] = [];
  const graphs: object[] = [];
  for (const [name, n] of ([['farcaster', scale.farcasterUsers], ['lens', scale.lensProfiles]] as const).filter(([p]) => PROTOCOLS.includes(p))) {
    const started = Date.now();
    const csr = await followGraph(name, n, meanDegree);
    const edges = csr.target.length;
    // In the service: the CSR, the ids (fids as an Int32Array; Lens ids packed, their canonical hex text and an end each) and the workspace.
    const csrBytes = csr.offset.byteLength + csr.target.byteLength;
    const idBytes = name === 'farcaster' ? 4 * n : lensIdBytes(n);
    const graph = { protocol: name, nodes: n, edges, buildSeconds: (Date.now() - started) / 1000, csrBytes, idBytes, workspaceBytes: workspaceBytes(n, edges),
      totalMiB: r3((csrBytes + idBytes + workspaceBytes(n, edges)) / 2 ** 20) };
    graphs.push(graph);
    console.log(JSON.stringify(graph));
    for (const seedsPerSet of SEEDS) {
      for (const hops of HOPS) {
        const c = { protocol: name, ...measure(csr, seedsPerSet, hops, 1000 * seedsPerSet + hops) };
        cases.push(c);
        console.log(JSON.stringify(c));
      }
    }
  }
  const out = {
    what: `personalized rank (forward push on the k-hop ball), algorithm only, graphs of ${SCALE}'s shape from the generator's follow model`,
    generatedAt: new Date().toISOString(), epsilon: EPSILON, maxWork: MAX_WORK, alpha: 0.85,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, node: process.version, loadAverageBefore: loadBefore, loadAverageAfter: os.loadavg().map(r3) },
    rssMiB: r3(process.memoryUsage().rss / 2 ** 20), graphs, cases,
  };
  writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`written ${OUT}`);
}

const loadBefore = os.loadavg().map(r3);
main().catch((err) => { console.error(err); process.exit(1); });

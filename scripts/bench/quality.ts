// The quality score against the spam the generator plants (src/datagen/spam.ts):
// a generated dataset imported into a Postgres database of its own and
// refreshed, then, per protocol, the score of every account read against
// spam-labels.csv: precision and recall of "spam" = score below the threshold,
// and the AUC (the chance a random real account scores above a random planted
// one). Where the dump carries Lens's own ML score, its Pearson and Spearman
// correlation with ours. Writes docs/bench/quality-<scale>.json.
//   npm run bench:quality -- --scale small [--seed 42] [--threshold 0.2] [--data-dir DIR] [--reuse]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { QUALITY_MODEL } from '../../src/analytics/quality/model';
import type { Scale } from '../../src/datagen/generate';
import { benchServerUrl, ensureDataset, log, prepareDatabase } from './bench-db';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' }, seed: { type: 'string', default: '42' }, threshold: { type: 'string', default: '0.2' },
    'data-dir': { type: 'string' }, reuse: { type: 'boolean', default: false },
  },
});
const scale = values.scale as Scale;
const seed = Number(values.seed);
const threshold = Number(values.threshold);
const dataDir = values['data-dir'] ?? path.join('/tmp', `sga-quality-${scale}-${seed}`);

/** AUC by ranks (Mann–Whitney U), ties counted half: P(score of a real account > score of a spam account). */
export function auc(real: number[], spam: number[]): number {
  const all = [...real.map((s) => ({ s, spam: false })), ...spam.map((s) => ({ s, spam: true }))].sort((a, b) => a.s - b.s);
  let rankSumReal = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j].s === all[i].s) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (!all[k].spam) rankSumReal += rank;
    i = j;
  }
  return (rankSumReal - real.length * (real.length + 1) / 2) / (real.length * spam.length);
}

const pearson = (x: number[], y: number[]) => {
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  let sxy = 0; let sxx = 0; let syy = 0;
  for (let i = 0; i < x.length; i++) { sxy += (x[i] - mx) * (y[i] - my); sxx += (x[i] - mx) ** 2; syy += (y[i] - my) ** 2; }
  return sxy / Math.sqrt(sxx * syy);
};
const ranks = (x: number[]) => {
  const order = x.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(x.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j < order.length && order[j][0] === order[i][0]) j++;
    for (let k = i; k < j; k++) r[order[k][1]] = (i + j + 1) / 2;
    i = j;
  }
  return r;
};

async function main() {
  const dataset = await ensureDataset(dataDir, scale, seed);
  const labels = new Map<string, string>();
  for (const line of readFileSync(path.join(dataset.dir, 'spam-labels.csv'), 'utf8').trim().split('\n').slice(1)) {
    const [protocol, id, pattern] = line.split(',');
    labels.set(`${protocol}:${id}`, pattern);
  }
  const { db, setup } = await prepareDatabase({ serverUrl: benchServerUrl(), name: `bench_quality_${scale}`, datasetDir: dataset.dir, reuse: values.reuse });
  try {
    const protocols: Record<string, unknown> = {};
    for (const [protocol, table, key] of [['farcaster', 'fc_quality', 'fid'], ['lens', 'lens_quality', 'profile_id']] as const) {
      const rows = await db.sql.query<{ id: string; score: number; lens_score: number | null }>(`
        SELECT q.${key}::text AS id, q.score, ${protocol === 'lens' ? 'ls.score' : 'NULL::float8'} AS lens_score
        FROM ${table} q ${protocol === 'lens' ? 'LEFT JOIN lens_score ls ON ls.profile_id = q.profile_id' : ''}
        WHERE q.generation = (SELECT generation FROM protocol_state WHERE protocol = '${protocol}')`);
      const spam = rows.filter((r) => labels.has(`${protocol}:${r.id}`));
      const real = rows.filter((r) => !labels.has(`${protocol}:${r.id}`));
      const flagged = rows.filter((r) => r.score < threshold);
      const truePositives = flagged.filter((r) => labels.has(`${protocol}:${r.id}`)).length;
      const byPattern: Record<string, { accounts: number; recall: number; meanScore: number }> = {};
      for (const pattern of new Set(labels.values())) {
        const mine = spam.filter((r) => labels.get(`${protocol}:${r.id}`) === pattern);
        byPattern[pattern] = { accounts: mine.length, recall: mine.filter((r) => r.score < threshold).length / mine.length,
          meanScore: mine.reduce((a, r) => a + r.score, 0) / mine.length };
      }
      const withLens = rows.filter((r) => r.lens_score !== null && !labels.has(`${protocol}:${r.id}`));
      protocols[protocol] = {
        accounts: rows.length, planted: spam.length, labelledNotScored: [...labels.keys()].filter((k) => k.startsWith(`${protocol}:`)).length - spam.length,
        precision: truePositives / flagged.length, recall: truePositives / spam.length, flagged: flagged.length,
        auc: auc(real.map((r) => r.score), spam.map((r) => r.score)), byPattern,
        realBelowThreshold: real.filter((r) => r.score < threshold).length / real.length,
        ...(withLens.length > 2 ? { lensMlScore: {
          accounts: withLens.length,
          pearson: pearson(withLens.map((r) => r.score), withLens.map((r) => r.lens_score!)),
          spearman: pearson(ranks(withLens.map((r) => r.score)), ranks(withLens.map((r) => r.lens_score!))),
        } } : {}),
      };
      log(`${protocol}: ${JSON.stringify(protocols[protocol])}`);
    }
    const out = { scale, seed, threshold, modelVersion: QUALITY_MODEL.version, command: `npm run bench:quality -- --scale ${scale} --seed ${seed} --threshold ${threshold}`,
      refreshSeconds: setup.refreshSeconds, protocols };
    const file = path.join('docs', 'bench', `quality-${scale}.json`);
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    log(`wrote ${file}`);
  } finally {
    await db.close();
  }
}

main().catch((e) => { process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`); process.exit(1); });

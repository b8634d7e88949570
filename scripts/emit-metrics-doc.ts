// Rewrites the metric table of docs/metrics.md from the registry the app builds.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Database } from '../src/db/database';
import { createAppMetrics } from '../src/metrics/app-metrics';
import { DOC_END, DOC_START, metricsTable } from '../src/metrics/metrics-doc';

async function main() {
  const file = path.join(__dirname, '..', 'docs', 'metrics.md');
  const db = Database.open({ dataDir: 'memory://' });
  const metrics = createAppMetrics(db);
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(DOC_START);
  const end = text.indexOf(DOC_END);
  if (start < 0 || end < 0) throw new Error(`docs/metrics.md has no ${DOC_START} … ${DOC_END} section`);
  writeFileSync(file, text.slice(0, start) + metricsTable(metrics.registry) + text.slice(end + DOC_END.length));
  metrics.close();
  await db.close();
}

main().catch((err) => { console.error(err); process.exit(1); });

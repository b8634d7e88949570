// The metric list of docs/metrics.md, written from the registry itself, so the
// document names exactly what /metrics can answer (a test compares the two;
// `npx tsx scripts/emit-metrics-doc.ts` rewrites it).
import { collectDefaultMetrics, Registry } from 'prom-client';
import { METRIC_PREFIX } from './app-metrics';

export const DOC_START = '<!-- metrics:start (written by scripts/emit-metrics-doc.ts) -->';
export const DOC_END = '<!-- metrics:end -->';

type Described = { name: string; help: string; type: string; labelNames?: readonly string[] };

/** Names of prom-client's Node process metrics as this service prefixes them (they depend on the Node version, so they are listed as a family). */
export function defaultMetricNames(): Set<string> {
  const r = new Registry();
  collectDefaultMetrics({ register: r, prefix: METRIC_PREFIX });
  // prom-client types these entries as MetricObject, which leaves out the name and help every metric carries.
  return new Set(r.getMetricsAsArray().map((m) => (m as unknown as Described).name));
}

export function metricsTable(registry: Registry): string {
  const defaults = defaultMetricNames();
  // The same MetricObject typing as above: name and help are there at run time.
  const ours = (registry.getMetricsAsArray() as unknown as Described[]).filter((m) => !defaults.has(m.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  const rows = ours.map((m) => `| \`${m.name}\` | ${m.type} | ${(m.labelNames ?? []).map((l) => `\`${l}\``).join(', ')} | ${m.help.replace(/\|/g, '\\|')} |`);
  return [
    DOC_START,
    '| metric | type | labels | meaning |',
    '|---|---|---|---|',
    ...rows,
    `| \`${METRIC_PREFIX}process_*\`, \`${METRIC_PREFIX}nodejs_*\` | | | Node.js process metrics (prom-client's defaults: CPU, memory, heap, event-loop lag, GC, handles) |`,
    DOC_END,
  ].join('\n');
}

// docs/metrics.md lists what the registry defines, as scripts/emit-metrics-doc.ts writes it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAppMetrics, type AppMetrics } from '../../src/metrics/app-metrics';
import { defaultMetricNames, DOC_END, DOC_START, metricsTable } from '../../src/metrics/metrics-doc';
import { createPgliteDatabase, type TestDatabase } from '../helpers/test-database';

const doc = readFileSync(path.join(__dirname, '../../docs/metrics.md'), 'utf8');
let t: TestDatabase;
let metrics: AppMetrics;
beforeAll(async () => { t = await createPgliteDatabase(); metrics = createAppMetrics(t.db); });
afterAll(async () => { metrics.close(); await t.close(); });

describe('docs/metrics.md', () => {
  it('when the registry is written as a table, then the document holds that table (run scripts/emit-metrics-doc.ts after a change)', () => {
    const start = doc.indexOf(DOC_START);
    expect(start).toBeGreaterThan(0);
    expect(doc.slice(start, doc.indexOf(DOC_END) + DOC_END.length)).toBe(metricsTable(metrics.registry));
  });

  it('when the registry is read, then every metric is named in the document, or is a Node process metric under the two documented prefixes', () => {
    const names = metrics.registry.getMetricsAsArray().map((m) => (m as unknown as { name: string }).name);
    const defaults = defaultMetricNames();
    expect(names.length).toBeGreaterThan(defaults.size + 30);
    expect(names.filter((n) => !defaults.has(n) && !doc.includes(`\`${n}\``))).toEqual([]);
    expect([...defaults].filter((n) => !/^sga_(process|nodejs)_/.test(n))).toEqual([]);
    expect([...defaults].every((n) => names.includes(n))).toBe(true);
  });
});

// Helpers for metrics whose values are read at scrape time (collect()): a value
// that is unknown is left out of the answer rather than shown as 0, and a
// collector that fails leaves its metric empty instead of failing the scrape.
import type { Counter, Gauge } from 'prom-client';

type Settable = Gauge<string> | Counter<string>;

/** Sets the (unlabelled or labelled) series to `value`, or removes it when the value is unknown. */
export function setOrDrop(metric: Settable, value: number | null | undefined, labels: Record<string, string | number> = {}): void {
  if (value === null || value === undefined || !Number.isFinite(value)) { metric.remove(labels); return; }
  if ('set' in metric) { metric.set(labels, value); return; }
  // A counter read from elsewhere: its total is the stored figure.
  metric.remove(labels);
  metric.inc(labels, value);
}

/** Empties the metric (unlabelled metrics get no 0 series), then runs `fill`; a failure leaves it empty. */
export async function refill(metric: Settable, fill: () => void | Promise<void>): Promise<void> {
  metric.reset();
  metric.remove({});
  try { await fill(); } catch { metric.reset(); metric.remove({}); }
}

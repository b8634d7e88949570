// Reads the Prometheus text format (version 0.0.4) as /metrics writes it:
// `# HELP`/`# TYPE` lines and samples `name{label="value",…} number`.

export interface Sample { name: string; labels: Record<string, string>; value: number }

export interface Exposition {
  samples: Sample[];
  /** Metric family name → its TYPE. */
  types: Map<string, string>;
  /** The one sample of `name` whose labels are exactly `labels`; undefined when there is none. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** Samples of `name` whose labels include `labels`. */
  all(name: string, labels?: Record<string, string>): Sample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

const unescape = (v: string) => v.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
const number = (v: string) => (v === '+Inf' ? Infinity : v === '-Inf' ? -Infinity : Number(v));

export function parsePrometheus(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) { types.set(type[1], type[2]); continue; }
    if (line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]] = unescape(l[2]);
    samples.push({ name: m[1], labels, value: number(m[3]) });
  }
  const includes = (s: Sample, labels: Record<string, string>) => Object.entries(labels).every(([k, v]) => s.labels[k] === v);
  const all = (name: string, labels: Record<string, string> = {}) => samples.filter((s) => s.name === name && includes(s, labels));
  return {
    samples, types, all,
    value(name, labels = {}) {
      const found = samples.filter((s) => s.name === name && includes(s, labels) && Object.keys(s.labels).length === Object.keys(labels).length);
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
      return found[0]?.value;
    },
  };
}

import { parseArgs } from 'node:util';
import { generateDataset, type Scale } from '../../datagen/generate';
import { UsageError, type CliIo } from '../cli-context';

const SCALES: Scale[] = ['tiny', 'small', 'medium', 'large', 'network'];

export async function generateCommand(argv: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: { out: { type: 'string' }, scale: { type: 'string', default: 'small' }, seed: { type: 'string', default: '1' } },
  });
  if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (!values.out) throw new UsageError('generate needs --out <dir>');
  if (!SCALES.includes(values.scale as Scale)) throw new UsageError(`--scale must be one of ${SCALES.join(', ')}`);
  if (!/^\d+$/.test(values.seed)) throw new UsageError('--seed must be a non-negative integer');
  const started = Date.now();
  const summary = await generateDataset({ out: values.out, scale: values.scale as Scale, seed: Number(values.seed) });
  const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
  io.out(`wrote ${rows} rows in ${Object.keys(summary.tables).length} tables to ${summary.out} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

// Deterministic synthetic dataset in the layout of /work/shared/DATASET.md:
// the same (scale, seed) always gives byte-identical files. Nothing reads the
// wall clock or Math.random; time ends at END_MS (2024-06-30T23:59:59Z).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { END_MS } from './clock';
import type { GenContext } from './context';
import { writeFarcaster } from './farcaster';
import { writeLens } from './lens';
import { SCALES, volumesOf, type Scale } from './scales';
import { PriceBook, writeTokens } from './tokens';
import { writeSpamLabels } from './spam';

export type { Scale } from './scales';
export { SCALES } from './scales';

export interface GenerateOptions {
  out: string;
  scale: Scale;
  seed: number;
  onProgress?: (p: { table: string; rows: number }) => void;
}

export interface GenerateSummary {
  out: string;
  scale: Scale;
  seed: number;
  /** Table path like 'farcaster/links' → data rows written. */
  tables: Record<string, number>;
  /** The dataset's last instant (ISO 8601). */
  endTime: string;
}

export async function generateDataset(opts: GenerateOptions): Promise<GenerateSummary> {
  const spec = SCALES[opts.scale];
  if (!spec) throw new Error(`unknown scale: ${String(opts.scale)}`);
  if (!Number.isSafeInteger(opts.seed) || opts.seed < 0) throw new Error(`seed must be a non-negative integer, got ${opts.seed}`);
  const out = path.resolve(opts.out);
  for (const dir of ['farcaster', 'lens', 'tokens']) await mkdir(path.join(out, dir), { recursive: true });

  const ctx: GenContext = {
    // Seeds above 2^32 still differ: fold the high half in.
    seed: (opts.seed ^ Math.floor(opts.seed / 4294967296) * 0x9e3779b1) >>> 0,
    out,
    volumes: volumesOf(spec),
    tables: {},
    onProgress: opts.onProgress,
  };
  const prices = new PriceBook(ctx.seed);
  await writeTokens(ctx, prices);
  const farcasterSpam = await writeFarcaster(ctx, spec.farcasterUsers);
  const lensSpam = await writeLens(ctx, spec.lensProfiles, spec.farcasterUsers, prices);
  await writeSpamLabels(ctx, [...farcasterSpam, ...lensSpam]);

  return { out, scale: opts.scale, seed: opts.seed, tables: ctx.tables, endTime: new Date(END_MS).toISOString() };
}

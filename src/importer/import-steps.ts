// Everything an import reads, in order: tokens first (collects are valued with token
// prices), the CoinGecko file with them, then Farcaster, then Lens, v2 then Lens
// Chain (v3). What collects cost is resolved once every table is in (finalize.ts).
import { coingeckoFiles, importCoingecko } from './coingecko';
import { importTable, type ImportContext } from './import-table';
import type { TableReport } from './report';
import { tableFiles } from './sources/table-files';
import { FARCASTER_SPECS } from './specs/farcaster';
import { NEYNAR_PROFILE_SPECS } from './specs/neynar-profiles';
import { LENS_SPECS } from './specs/lens';
import { LENS_V3_SPECS } from './specs/lens-v3';
import { TOKEN_SPECS } from './specs/tokens';
import { tableLabel, type TableSpec } from './table-spec';

export interface ImportStep {
  /** `folder/name` of what the step reads, as in the dataset. */
  table: string;
  /** The dataset files the step reads (none: the table is empty). */
  files(dir: string): string[];
  /** Target tables the step writes. */
  targets: readonly string[];
  run(ctx: ImportContext): Promise<TableReport>;
}

const tableStep = (spec: TableSpec): ImportStep => ({
  table: tableLabel(spec), files: (dir) => tableFiles(dir, spec), targets: [spec.target], run: (ctx) => importTable(ctx, spec),
});

export const IMPORT_STEPS: readonly ImportStep[] = [
  ...TOKEN_SPECS.map(tableStep),
  { table: 'tokens/coingecko_markets', files: coingeckoFiles, targets: ['token', 'token_price'], run: importCoingecko },
  ...FARCASTER_SPECS.map(tableStep),
  ...NEYNAR_PROFILE_SPECS.map(tableStep),
  ...LENS_SPECS.map(tableStep),
  ...LENS_V3_SPECS.map(tableStep),
];

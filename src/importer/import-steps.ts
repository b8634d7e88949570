// Everything an import reads, in order: tokens first (collects are valued with token
// prices), the CoinGecko file with them, then Farcaster, then Lens (publications
// before acts), v2 then Lens Chain (v3).
import { importCoingecko } from './coingecko';
import { importTable, type ImportContext } from './import-table';
import type { TableReport } from './report';
import { FARCASTER_SPECS } from './specs/farcaster';
import { LENS_SPECS } from './specs/lens';
import { LENS_V3_SPECS } from './specs/lens-v3';
import { TOKEN_SPECS } from './specs/tokens';
import type { TableSpec } from './table-spec';

export interface ImportStep {
  /** Target tables the step writes. */
  targets: readonly string[];
  run(ctx: ImportContext): Promise<TableReport>;
}

const tableStep = (spec: TableSpec): ImportStep => ({ targets: [spec.target], run: (ctx) => importTable(ctx, spec) });

export const IMPORT_STEPS: readonly ImportStep[] = [
  ...TOKEN_SPECS.map(tableStep),
  { targets: ['token', 'token_price'], run: importCoingecko },
  ...FARCASTER_SPECS.map(tableStep),
  ...LENS_SPECS.map(tableStep),
  ...LENS_V3_SPECS.map(tableStep),
];

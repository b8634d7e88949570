// Everything an import reads, in order: tokens first (collects are valued with token
// prices), the CoinGecko file with them, then Farcaster, then Lens (publications
// and action modules before acts), v2 then Lens Chain (v3).
import { coingeckoFiles, importCoingecko } from './coingecko';
import { actsWithoutPost, resolveCollects, unresolvedCurrencies } from './collect-usd';
import { importTable, type ImportContext } from './import-table';
import type { TableReport } from './report';
import { tableFiles } from './sources/table-files';
import { FARCASTER_SPECS } from './specs/farcaster';
import { NEYNAR_PROFILE_SPECS } from './specs/neynar-profiles';
import { acts } from './specs/lens-acts';
import { LENS_SPECS_AFTER_ACTS, LENS_SPECS_BEFORE_ACTS } from './specs/lens';
import { LENS_V3_SPECS } from './specs/lens-v3';
import { v3Actions } from './specs/lens-v3-posts';
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

/**
 * Acts, then what they cost (their modules and tokens are in by now), so the report
 * can say which collects are in a currency that resolved to no token, and which
 * acts are on posts the database does not have.
 */
const actStep = (spec: TableSpec): ImportStep => ({
  ...tableStep(spec),
  async run(ctx) {
    const report = await importTable(ctx, spec);
    if (report.rowsOk === 0) return report;
    await resolveCollects(ctx.sql);
    for (const [address, n] of Object.entries(await unresolvedCurrencies(ctx.sql))) {
      report.warnings[`collects in currency ${address} with no known symbol and decimals (amount unscaled, USD 0)`] = n;
    }
    const orphans = await actsWithoutPost(ctx.sql);
    if (orphans) report.warnings['acts on posts not in the database (author unknown until the post is imported)'] = orphans;
    return report;
  },
});

export const IMPORT_STEPS: readonly ImportStep[] = [
  ...TOKEN_SPECS.map(tableStep),
  { table: 'tokens/coingecko_markets', files: coingeckoFiles, targets: ['token', 'token_price'], run: importCoingecko },
  ...FARCASTER_SPECS.map(tableStep),
  ...NEYNAR_PROFILE_SPECS.map(tableStep),
  ...LENS_SPECS_BEFORE_ACTS.map(tableStep),
  actStep(acts),
  ...LENS_SPECS_AFTER_ACTS.map(tableStep),
  ...LENS_V3_SPECS.map((spec) => (spec === v3Actions ? actStep(spec) : tableStep(spec))),
];

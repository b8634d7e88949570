// The Parquet libraries ship as ES modules only. This CommonJS build must load
// them with a real import(), which the compiler would turn into require(); the
// Function constructor keeps it (and works under jest's module runtime too).
import type * as Hyparquet from 'hyparquet';
import type * as HyparquetCompressors from 'hyparquet-compressors';
import type * as HyparquetWriter from 'hyparquet-writer';

const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

let reader: Promise<{ hyparquet: typeof Hyparquet; compressors: typeof HyparquetCompressors.compressors }> | undefined;

/** hyparquet with every codec Parquet writers use (snappy, gzip, zstd, brotli, lz4). */
export function parquetReader() {
  reader ??= Promise.all([importEsm<typeof Hyparquet>('hyparquet'), importEsm<typeof HyparquetCompressors>('hyparquet-compressors')])
    .then(([hyparquet, c]) => ({ hyparquet, compressors: c.compressors }));
  return reader;
}

/** hyparquet-writer (a dev dependency: tests, dataset conversion). */
export const parquetWriter = () => importEsm<typeof HyparquetWriter>('hyparquet-writer');

// The Parquet libraries ship as ES modules only, so this CommonJS build loads them on
// first use with a real import() (the compiler would turn a plain one into require()).
import type * as Hyparquet from 'hyparquet';
import type * as HyparquetCompressors from 'hyparquet-compressors';
import type * as HyparquetWriter from 'hyparquet-writer';

// A direct eval, not the Function constructor: its import() belongs to this module's own
// script, so under jest each test file's sandbox loads the modules itself (a Function's
// import() stays bound to the first test file's sandbox and fails once it is torn down).
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- `specifier` is read by the evaluated text
const importEsm = <T>(specifier: string): Promise<T> => eval('import(specifier)') as Promise<T>;

let reader: Promise<{ hyparquet: typeof Hyparquet; compressors: typeof HyparquetCompressors.compressors }> | undefined;

/** hyparquet with every codec Parquet writers use (snappy, gzip, zstd, brotli, lz4). */
export function parquetReader() {
  reader ??= Promise.all([importEsm<typeof Hyparquet>('hyparquet'), importEsm<typeof HyparquetCompressors>('hyparquet-compressors')])
    .then(([hyparquet, c]) => ({ hyparquet, compressors: c.compressors }));
  return reader;
}

/** hyparquet-writer (a dev dependency: tests, dataset conversion). */
export const parquetWriter = (): Promise<typeof HyparquetWriter> => importEsm('hyparquet-writer');

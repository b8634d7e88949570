const { existsSync } = require('node:fs');
const path = require('node:path');

/** test/browser needs a Chromium (Debian's chromium package, or CHROMIUM_PATH). */
const hasChromium = () => (process.env.CHROMIUM_PATH ? existsSync(process.env.CHROMIUM_PATH)
  : ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']
    .some((name) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)))));

/**
 * The test files that load an ES module at run time (the Parquet reader, Apollo Client, an
 * ESM-only validator), which only --experimental-vm-modules allows in a jest sandbox.
 * scripts/run-tests.js runs them under that flag on their own (TEST_ESM=only) and every other
 * file without it (TEST_ESM=none); a file missing here fails with "A dynamic import callback
 * was invoked without --experimental-vm-modules".
 */
const ESM_TEST_FILES = [
  'test/integration/client-apollo.test.ts',
  'test/integration/farcaster-dumps.test.ts',
  'test/integration/importer.test.ts',
  'test/integration/record-sources.test.ts',
  'test/unit/openapi-document.test.ts',
].map((file) => path.join(__dirname, file));
const escape = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // test/postgres needs a real Postgres server (cutting connections), test/services a Redis
  // server, test/browser a Chromium; they run when TEST_DATABASE_URL / TEST_REDIS_URL are set and
  // a Chromium is installed, never as skipped tests.
  // `npm test` is the fast loop: test/unit, test/integration (and those three when set up): each
  // behaviour once, on a fixture whose answers are known. test/exhaustive (sweeps: every route after
  // every kind of write, stored aggregates against direct counts over generated data, every prefix
  // of every name), test/reliability (faults, abuse, timing under load) and test/system (real
  // processes: a first start, the CLI, the embedded store killed; the documented examples on a first
  // start's demo data) run with TEST_ALL=1, as CI does. TEST_DB_ONLY=1
  // leaves out the files that read no database (test/unit, test/browser): CI's Postgres run
  // repeats only what a second database can change.
  roots: ['<rootDir>/test'],
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.TEST_ALL ? [] : ['<rootDir>/test/exhaustive/', '<rootDir>/test/reliability/', '<rootDir>/test/system/']),
    ...(process.env.TEST_DB_ONLY ? ['<rootDir>/test/unit/', '<rootDir>/test/browser/'] : []),
    ...(process.env.TEST_DATABASE_URL ? [] : ['<rootDir>/test/postgres/']),
    ...(process.env.TEST_REDIS_URL ? [] : ['<rootDir>/test/services/']),
    ...(hasChromium() ? [] : ['<rootDir>/test/browser/']),
    ...(process.env.TEST_ESM === 'none' ? ESM_TEST_FILES.map((file) => `^${escape(file)}$`) : []),
  ],
  ...(process.env.TEST_ESM === 'only' ? { testRegex: ESM_TEST_FILES.map((file) => `^${escape(file)}$`) } : { testMatch: ['**/*.test.ts'] }),
  // PGlite's build gets require() for its import() of Node's modules (test/helpers/pglite-require-transform.js).
  transform: {
    '^.+\\.ts$': ['ts-jest', {}],
    '/node_modules/@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/test/helpers/pglite-require-transform.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!@electric-sql/pglite/)'],
  // client/ is native ESM: its relative imports name the .js the compiler emits for each .ts.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  setupFiles: ['reflect-metadata'],
  testTimeout: 120000,
  maxWorkers: 2,
};

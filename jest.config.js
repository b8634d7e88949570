const { existsSync } = require('node:fs');
const path = require('node:path');

/** test/browser needs a Chromium (Debian's chromium package, or CHROMIUM_PATH). */
const hasChromium = () => (process.env.CHROMIUM_PATH ? existsSync(process.env.CHROMIUM_PATH)
  : ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']
    .some((name) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)))));

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // test/postgres needs a real Postgres server (cutting connections), test/services a Redis
  // server, test/browser a Chromium; they run when TEST_DATABASE_URL / TEST_REDIS_URL are set and
  // a Chromium is installed, never as skipped tests.
  roots: ['<rootDir>/test'],
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.TEST_DATABASE_URL ? [] : ['<rootDir>/test/postgres/']),
    ...(process.env.TEST_REDIS_URL ? [] : ['<rootDir>/test/services/']),
    ...(hasChromium() ? [] : ['<rootDir>/test/browser/']),
  ],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', {}] },
  // client/ is native ESM: its relative imports name the .js the compiler emits for each .ts.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  setupFiles: ['reflect-metadata'],
  testTimeout: 120000,
  maxWorkers: 2,
  // Under --experimental-vm-modules (which the tests of ESM-only packages need, such as the OpenAPI validator) each
  // test file's modules stay reachable after it: test/unit in one process grows from 70 to 420 MB of heap after
  // collections with the flag and stays at 70-90 MB without it (--logHeapUsage). A worker that ran half the suite
  // held 1.7 GB of heap and 1.2 GB of array buffers, and its exit then sometimes outlasted jest's 500 ms ("A worker
  // process has failed to exit gracefully"). A worker past this much heap after a file is replaced.
  workerIdleMemoryLimit: '768MB',
};

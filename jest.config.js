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
  // Under --experimental-vm-modules (PGlite's CommonJS build imports Node's modules with import(), and the
  // ESM-only packages some tests load need it too) each test file's modules stay reachable after it, so a
  // worker's heap grows with every file it runs and its collections slow down; a worker past this much heap
  // after a file is replaced (docs/performance.md#the-test-suite).
  workerIdleMemoryLimit: '768MB',
};

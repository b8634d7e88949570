/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // test/postgres holds tests that need a real server (cutting connections);
  // they run in the Postgres suite only, never as skipped tests.
  roots: ['<rootDir>/test'],
  testPathIgnorePatterns: process.env.TEST_DATABASE_URL ? ['/node_modules/'] : ['/node_modules/', '<rootDir>/test/postgres/'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', {}] },
  setupFiles: ['reflect-metadata'],
  testTimeout: 120000,
  maxWorkers: 2,
};

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // test/postgres needs a real Postgres server (cutting connections), test/services a Redis
  // server; they run when TEST_DATABASE_URL / TEST_REDIS_URL are set, never as skipped tests.
  roots: ['<rootDir>/test'],
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.TEST_DATABASE_URL ? [] : ['<rootDir>/test/postgres/']),
    ...(process.env.TEST_REDIS_URL ? [] : ['<rootDir>/test/services/']),
  ],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', {}] },
  setupFiles: ['reflect-metadata'],
  testTimeout: 120000,
  maxWorkers: 2,
};

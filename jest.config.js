/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', {}] },
  setupFiles: ['reflect-metadata'],
  testTimeout: 120000,
  maxWorkers: 2,
};

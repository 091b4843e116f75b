/** Two levels, as `npm run test:unit` and `npm run test:integration` select them:
 * - unit: pure specs beside the code (`src/**\/*.spec.ts`), no database;
 * - integration: suites under `test/` against real PostgreSQL (embedded, one database per suite) and the
 *   sandbox over real HTTP on ephemeral ports; the end-to-end suites (`test/*-e2e`) are part of it.
 * `npm test` runs both, in band. */
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.json' }];
module.exports = {
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      setupFiles: ['<rootDir>/test/support/env.ts'],
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};

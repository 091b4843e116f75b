/** Three projects; `npm test` runs them all on two workers (suites are independent: each has its own
 * database and ephemeral ports).
 * - unit (`npm run test:unit` with sandbox): pure specs beside the product's code (`src/**\/*.spec.ts`):
 *   no database, no network, no child process.
 * - sandbox: the simulators' own specs, from packages/sandbox/jest.config.js (also `npm -w packages/sandbox
 *   test`); pure like unit, and they import nothing of the product.
 * - integration (`npm run test:integration`): every suite under `test/`. One embedded PostgreSQL is started
 *   for the run, with a migrated template database; suites that need a database clone their own from it. Suites drive the product against it
 *   and against the sandbox over real HTTP on ephemeral ports, or as separate processes (the service, the
 *   CLI, ESLint on probe files); the end-to-end suites (`test/*-e2e`) are part of it. Tests import the
 *   sandbox by its package name; the mapper below points that at its TypeScript sources.
 */
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.json' }];
/** The sandbox package's public entry points (its `exports`), each mapped to its sources' index. */
const SANDBOX_ENTRY_POINTS = Object.fromEntries(
  Object.keys(require('./packages/sandbox/package.json').exports).map((subpath) => [
    `^@erp-connector/sandbox${subpath.slice(1)}$`,
    `<rootDir>/packages/sandbox/src${subpath.slice(1)}/index.ts`,
  ]),
);
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
    '<rootDir>/packages/sandbox',
    {
      displayName: 'integration',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper: SANDBOX_ENTRY_POINTS,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      setupFiles: ['<rootDir>/test/support/env.ts'],
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};

/** The sandbox's own unit specs (`src/**\/*.spec.ts`): pure, no database, no product code. Run alone by
 * `npm -w packages/sandbox test`, and as the `sandbox` project of the repository's jest.config.js. */
module.exports = {
  displayName: 'sandbox',
  testEnvironment: 'node',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: `${__dirname}/tsconfig.json` }] },
  testTimeout: 60000,
};

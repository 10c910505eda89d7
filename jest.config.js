/**
 * One jest run for every kind of test. TypeScript (and the ESM-only packages among our
 * dependencies) is compiled by swc; `npm run typecheck` is where types are checked.
 */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
const esmPackages = ['@cloudscape-design', '@middy', 'aedes', 'aedes-packet', 'aedes-persistence', 'mqemitter', 'hyperid', 'fastfall', 'fastparallel', 'fastseries', 'reusify', 'uuid-parse', 'retimer', 'qlobber', 'mqtt-packet', 'p-limit', 'yocto-queue'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];

const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

module.exports = {
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFiles: ['<rootDir>/test/support/env.ts'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/web/**/*.test.tsx'],
      // Cloudscape's components import their scoped CSS; jsdom needs no styles.
      moduleNameMapper: { '\\.css$': '<rootDir>/test/web/support/style-stub.js' },
    },
  ],
};

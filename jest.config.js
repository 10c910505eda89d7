/**
 * One jest run for every kind of test. TypeScript (and the ESM-only packages among our
 * dependencies) is compiled by swc; `npm run typecheck` is where types are checked.
 */
const path = require('node:path');

// The path aliases (`@shared/*`, ...) are tsconfig.json's; both jest's resolver and swc read them from
// there. swc rewrites them to relative paths as it compiles, which also covers globalSetup and its
// imports (jest loads those with node's own require, without moduleNameMapper).
const { paths } = require('./tsconfig.json').compilerOptions;
const aliasTargets = Object.fromEntries(Object.entries(paths).map(([alias, [target]]) => [alias, path.resolve(__dirname, target)]));
const moduleNameMapper = Object.fromEntries(
  Object.entries(aliasTargets).map(([alias, target]) => [`^${alias.replace('/*', '/(.*)')}$`, target.replace(/\*$/, '$1')]),
);

const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022', baseUrl: __dirname, paths },
    module: { type: 'commonjs' },
  },
];
const esmPackages = [
  '@cloudscape-design',
  '@middy',
  'aedes',
  'aedes-packet',
  'aedes-persistence',
  'mqemitter',
  'hyperid',
  'fastfall',
  'fastparallel',
  'fastseries',
  'reusify',
  'uuid-parse',
  'retimer',
  'qlobber',
  'mqtt-packet',
  'p-limit',
  'yocto-queue',
];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];

const UNIT_DIRS = ['test/shared', 'test/lint'];

const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper,
};

module.exports = {
  testTimeout: 30000,
  projects: [
    {
      // Pure tests (rules, schemas, the lint zones): no databases, so `npm run test:unit` runs them in seconds.
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: UNIT_DIRS.map((dir) => `<rootDir>/${dir}/**/*.test.ts`),
    },
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...UNIT_DIRS.map((dir) => `<rootDir>/${dir}/`)],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFiles: ['<rootDir>/test/support/env.ts'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/web/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/web/support/setup.ts'],
      // Cloudscape's components import their scoped CSS; jsdom needs no styles.
      moduleNameMapper: { ...moduleNameMapper, '\\.css$': '<rootDir>/test/web/support/style-stub.js' },
    },
  ],
};

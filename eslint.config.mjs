// @ts-check
/**
 * Lint for the whole repository: ESLint's and typescript-eslint's recommended rules, plus the
 * zones of docs/boundaries.md — which folder may import which — checked by eslint-plugin-boundaries
 * on the file each import resolves to (relative path or tsconfig alias alike), and no import circle
 * in functions/ and shared/ (eslint-plugin-import-x).
 */
import { builtinRules } from 'eslint/use-at-your-own-risk';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * Off until the lead has run `scripts/use-path-aliases.ts` on the merged tree (docs/boundaries.md):
 * then set it to true, and an import that climbs more than one folder (`../../x`) is an error —
 * write `@shared/x`, `@functions/x`, ... instead.
 */
const ENFORCE_ALIASES = true;

/**
 * A few type-aware rules, chosen for the bugs they catch in Lambdas, tests and React handlers (an
 * unawaited promise above all). Type information costs ~25 s of CPU for the whole repo, the rest of
 * the lint ~5 s: switch it off here if lint ever grows past a minute.
 */
const TYPE_AWARE = true;

/** `../x` is fine; `../../x` is an error, fixed by `scripts/use-path-aliases.ts`. Exported for test/lint. */
export const aliasesOnly = {
  files: ['**/*.{ts,tsx,js,mjs,cjs}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '^(\\.\\./){2,}', message: 'Import through an alias (@shared/, @functions/, @infra/, @web/, @test/) instead of climbing folders.' },
        ],
      },
    ],
  },
};

/**
 * Code that runs in the browser (web/src, shared/) imports a message area's own module
 * (`@shared/messages/<area>`), never the barrel: with code splitting, the barrel puts every area
 * into the chunk /login loads (docs/web.md, "What /login loads"). Lambdas may read the barrel as a
 * namespace. Repeats aliasesOnly's pattern, since this block's rule replaces it for these files.
 */
const browserImportPatterns = [
  ...aliasesOnly.rules['no-restricted-imports'][1].patterns,
  {
    regex: '^@cloudscape-design/components/(i18n|error-boundary)(/|$)',
    message:
      "The web build stands in for the message formatter these need (web/src/lib/intl-messageformat-stand-in.ts): show errors and texts the portal's way.",
  },
  {
    regex: '^(@shared/messages|(\\.\\./)+messages|\\./messages)$',
    message: "Import the message area's module (@shared/messages/<area>): the barrel puts every area into /login's chunk.",
  },
];
const messageAreasInBrowser = {
  files: ['web/src/**/*.{ts,tsx}', 'shared/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...browserImportPatterns,
          {
            regex: '^@cloudscape-design/components/modal(/|$)',
            message:
              "Import Modal from @web/src/components/modal: Cloudscape's keeps a hidden dialog's whole content on the page, built with every screen (docs/web.md).",
          },
        ],
      },
    ],
  },
};

/** The one file that wraps Cloudscape's Modal. */
const modalWrapper = {
  files: ['web/src/components/modal.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: browserImportPatterns }] },
};

/** ESLint's own recommended set (what `@eslint/js` would give, which is not installed). */
const eslintRecommended = Object.fromEntries(
  [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended && !rule.meta.deprecated).map(([name]) => [name, 'error']),
);

/** The zones: one element per folder that has rules of its own; the first pattern that matches a file wins. */
const elements = [
  { type: 'web-feature', pattern: 'web/src/features/*', capture: ['feature'] },
  { type: 'web', pattern: 'web' },
  { type: 'handlers', pattern: 'functions/handlers' },
  { type: 'services', pattern: 'functions/services' },
  { type: 'data', pattern: 'functions/data' },
  { type: 'lib', pattern: 'functions/lib' },
  { type: 'functions', pattern: 'functions' },
  { type: 'shared', pattern: 'shared' },
  { type: 'infra', pattern: 'infra' },
  { type: 'test', pattern: 'test' },
  { type: 'scripts', pattern: 'scripts' },
].map((element) => ({ ...element, partialMatch: false }));

/** Every zone of functions/. */
const FUNCTIONS = ['functions', 'handlers', 'services', 'data', 'lib'];

const policies = [
  {
    from: { element: { type: 'shared' } },
    disallow: { to: { element: { type: '!shared' } } },
    message: 'shared/ is the contract: it imports nothing of ours outside shared/.',
  },
  {
    from: { element: { types: { anyOf: ['web', 'web-feature'] } } },
    disallow: { to: { element: { types: { anyOf: [...FUNCTIONS, 'infra'] } } } },
    message: 'web/ never imports functions/ or infra/: what both sides need lives in shared/.',
  },
  {
    from: { element: { types: { anyOf: FUNCTIONS } } },
    disallow: { to: { element: { types: { anyOf: ['infra', 'web', 'web-feature'] } } } },
    message: 'functions/ never imports infra/ or web/: infra wires the functions, not the other way round.',
  },
  {
    from: { element: { type: 'handlers' } },
    disallow: { to: { element: { type: 'data' } } },
    message: 'Handlers call services; services (and devices/, endpoint/, identity/, ...) reach functions/data/.',
  },
  {
    from: { element: { type: 'data' } },
    disallow: { to: { element: { types: { anyOf: ['functions', 'handlers', 'services'] } } } },
    message: 'functions/data/ stores and reads: it imports only data/, lib/ and shared/. A rule it needs goes down to shared/ or lib/.',
  },
  {
    from: { element: { type: 'lib' } },
    disallow: { to: { element: { types: { anyOf: ['functions', 'handlers', 'services', 'data'] } } } },
    message:
      'functions/lib/ is the bottom layer: it imports only lib/ and shared/. Code that needs data/ belongs above it (functions/endpoint/, functions/identity/, ...).',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { type: 'web-feature', captured: { feature: '!{{from.element.captured.feature}}' } } } },
    message: 'A web feature never imports another feature: move what both need to web/src/components or web/src/lib.',
  },
];

/**
 * No import circle in functions/ and shared/: import-x follows each import to the file it resolves
 * to (the zones' resolver, so aliases count) and reports the import that closes a circle. Type-only
 * imports are left out, as they vanish from the bundle. Scoped to the back end and the contract,
 * where the layers are; it parses every file it reaches, so the rest of the tree stays outside.
 * Exported for test/lint.
 */
export const noCycle = {
  files: ['functions/**/*.ts', 'shared/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    'import-x/resolver': { [path.join(ROOT, 'scripts/lint/import-resolver.cjs')]: {} },
  },
  rules: { 'import-x/no-cycle': 'error' },
};

export default defineConfig(
  { ignores: ['node_modules/', 'cdk.out/', '.local/', 'dist/', 'coverage/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { files: ['**/*.{ts,tsx,js,mjs,cjs}'], rules: eslintRecommended },
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  TYPE_AWARE
    ? {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
        rules: {
          '@typescript-eslint/no-floating-promises': 'error',
          '@typescript-eslint/await-thenable': 'error',
          // `onClick={async () => ...}` is how a React handler starts async work; the rest of the rule stays on.
          '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
          '@typescript-eslint/no-unnecessary-type-assertion': 'error',
        },
      }
    : {},
  {
    files: ['**/*.{ts,tsx}'],
    // `{ PatientID, ...message }` is how a field is left out of an object: the named siblings are meant to go unused.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] },
  },
  { files: ['**/*.{js,mjs,cjs,ts}'], languageOptions: { globals: globals.node } },
  { files: ['**/*.{js,cjs}'], languageOptions: { sourceType: 'commonjs' } },
  { files: ['web/src/**'], languageOptions: { globals: globals.browser } },
  { files: ['test/**'], languageOptions: { globals: { ...globals.node, ...globals.jest } } },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [path.join(ROOT, 'scripts/lint/import-resolver.cjs')]: {} },
      'boundaries/root-path': ROOT,
      'boundaries/elements': elements,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies }] },
  },
  noCycle,
  ENFORCE_ALIASES ? aliasesOnly : {},
  messageAreasInBrowser,
  modalWrapper,
);

// Lints in-memory snippets under made-up paths with the repository's own eslint.config.mjs and prints
// the messages as JSON. A child process of test/lint, because ESLint loads its config with `import()`,
// which jest's module sandbox does not offer.
// stdin: [{ filePath, code, aliasesOnly?, noCycle? }]  stdout: [[{ ruleId, message, line }]]
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import tseslint from 'typescript-eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const { aliasesOnly, noCycle } = await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href);
// Made-up files are in no TypeScript program: lint them without type information.
const untyped = { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked };

let input = '';
for await (const chunk of process.stdin) input += chunk;
const linters = {
  plain: new ESLint({ cwd: root, overrideConfig: [untyped] }),
  aliasesOnly: new ESLint({ cwd: root, overrideConfig: [untyped, aliasesOnly] }),
  // The cycle rule as configured, also on the made-up circles under test/lint/fixtures.
  noCycle: new ESLint({ cwd: root, overrideConfig: [untyped, { ...noCycle, files: [...noCycle.files, 'test/lint/fixtures/**/*.ts'] }] }),
};
const results = [];
for (const snippet of JSON.parse(input)) {
  const linter = snippet.noCycle ? 'noCycle' : snippet.aliasesOnly ? 'aliasesOnly' : 'plain';
  const [result] = await linters[linter].lintText(snippet.code, { filePath: path.join(root, snippet.filePath) });
  results.push(result.messages.map(({ ruleId, message, line }) => ({ ruleId, message, line })));
}
process.stdout.write(JSON.stringify(results));

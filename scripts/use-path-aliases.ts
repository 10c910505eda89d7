/**
 * One-off codemod: rewrites every import that climbs more than one folder (`../../x`) to the alias
 * of tsconfig.json's `paths` (`@shared/x`, `@functions/x`, `@infra/x`, `@web/x`, `@test/x`), then
 * switches ENFORCE_ALIASES on in eslint.config.mjs so lint keeps it that way. Idempotent.
 *
 *   npx tsx scripts/use-path-aliases.ts            rewrite and switch the lint rule on
 *   npx tsx scripts/use-path-aliases.ts --dry-run  only list what it would rewrite
 *
 * Module specifiers are found in the syntax tree, so a path inside a string or a comment is never
 * touched: static imports and re-exports, `import()` (also in types), `require()` and jest's
 * module functions (`jest.mock` and kin).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const dryRun = process.argv.includes('--dry-run');

/** `[['@shared/', '/repo/shared/'], ...]`, longest target first so a nested alias would win. */
function readAliases(): Array<[prefix: string, directory: string]> {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const paths = (config as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
  return Object.entries(paths)
    .map(([alias, [target]]): [string, string] => [alias.replace(/\*$/, ''), path.join(ROOT, target!.replace(/\*$/, ''))])
    .sort(([, a], [, b]) => b.length - a.length);
}
const ALIASES = readAliases();

const CLIMBS_TWICE = /^(\.\.\/){2,}|^\.\.\/\.\.$/;
const JEST_MODULE_FUNCTIONS = new Set(['mock', 'unmock', 'doMock', 'dontMock', 'requireActual', 'requireMock', 'createMockFromModule', 'setMock']);

/** The alias form of `specifier` imported from `file`, or undefined when it points outside every alias. */
export function aliasFor(specifier: string, file: string): string | undefined {
  const target = path.resolve(path.dirname(file), specifier);
  for (const [prefix, directory] of ALIASES) {
    if (target.startsWith(directory)) return prefix + path.relative(directory, target).split(path.sep).join('/');
  }
  return undefined;
}

/** The string literals of `source` that name a module. */
function moduleSpecifiers(source: ts.SourceFile): ts.StringLiteralLike[] {
  const found: ts.StringLiteralLike[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal);
    } else if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      const isModuleCall =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && callee.text === 'require') ||
        (ts.isPropertyAccessExpression(callee) &&
          ((ts.isIdentifier(callee.expression) && callee.expression.text === 'jest' && JEST_MODULE_FUNCTIONS.has(callee.name.text)) ||
            (ts.isIdentifier(callee.expression) && callee.expression.text === 'require' && callee.name.text === 'resolve')));
      if (isModuleCall) found.push(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

interface FileResult {
  file: string;
  text: string;
  rewritten: Array<[from: string, to: string]>;
  leftAlone: string[];
}

/** `text` of `file` with its climbing specifiers rewritten. */
export function rewrite(file: string, text: string): FileResult {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const result: FileResult = { file, text, rewritten: [], leftAlone: [] };
  // From the end, so earlier offsets stay valid.
  for (const literal of moduleSpecifiers(source).sort((a, b) => b.getStart() - a.getStart())) {
    if (!CLIMBS_TWICE.test(literal.text)) continue;
    const alias = aliasFor(literal.text, file);
    if (!alias) {
      result.leftAlone.push(literal.text);
      continue;
    }
    const start = literal.getStart(source) + 1; // inside the quotes, which stay as they were
    result.text = result.text.slice(0, start) + alias + result.text.slice(start + literal.text.length);
    result.rewritten.unshift([literal.text, alias]);
  }
  return result;
}

/** Tracked and new (not ignored) source files. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file) && !file.endsWith('.d.ts') && !file.startsWith('node_modules/'))
    .map((file) => path.join(ROOT, file));
}

/** Sets `const ENFORCE_ALIASES = true;` in eslint.config.mjs; true when it changed. */
function enforceInLint(): boolean {
  const configFile = path.join(ROOT, 'eslint.config.mjs');
  const config = readFileSync(configFile, 'utf8');
  const enforced = config.replace(/^const ENFORCE_ALIASES = false;/m, 'const ENFORCE_ALIASES = true;');
  if (enforced === config) return false;
  if (!dryRun) writeFileSync(configFile, enforced);
  return true;
}

function main(): void {
  let imports = 0;
  let files = 0;
  const leftAlone: string[] = [];
  for (const file of sourceFiles()) {
    const original = readFileSync(file, 'utf8');
    const result = rewrite(file, original);
    const relative = path.relative(ROOT, file);
    leftAlone.push(...result.leftAlone.map((specifier) => `${relative}: ${specifier}`));
    if (result.text === original) continue;
    files += 1;
    imports += result.rewritten.length;
    if (dryRun) for (const [from, to] of result.rewritten) console.log(`${relative}: ${from} → ${to}`);
    else writeFileSync(file, result.text);
  }
  const lint = enforceInLint();
  const verb = dryRun ? 'would rewrite' : 'rewrote';
  console.log(`${verb} ${imports} imports in ${files} files${lint ? `; ${dryRun ? 'would switch' : 'switched'} ENFORCE_ALIASES on in eslint.config.mjs` : ''}`);
  if (leftAlone.length > 0) {
    console.log(`left alone (outside every alias; lint will report them once ENFORCE_ALIASES is on):\n  ${leftAlone.join('\n  ')}`);
  }
}

if (require.main === module) main();

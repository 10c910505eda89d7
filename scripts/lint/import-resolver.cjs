// @ts-check
/**
 * The import resolver the lint zones use (eslint-module-utils' resolver interface, version 2): relative
 * paths and tsconfig.json's aliases resolve to the file they name, everything else (packages, node:
 * built-ins) to what node would load. A path that names no file still resolves to where it points,
 * so a zone is checked even before the file exists (tsc reports the missing file itself).
 */
const fs = require('node:fs');
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const ROOT = path.resolve(__dirname, '..', '..');
const { paths } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions;
/** `[['@shared/', '/repo/shared/'], ...]` from `"@shared/*": ["./shared/*"]`. */
const ALIASES = Object.entries(paths).map(([alias, [target]]) => [alias.replace(/\*$/, ''), path.join(ROOT, target.replace(/\*$/, ''))]);
const SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '/index.ts', '/index.tsx', '/index.js'];

/** @param {string} candidate */
const isFile = (candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;

/**
 * @param {string} source the import's module specifier
 * @param {string} file the importing file
 * @returns {{ found: boolean; path?: string | null }}
 */
function resolve(source, file) {
  let target;
  if (source.startsWith('.')) target = path.resolve(path.dirname(file), source);
  else {
    const alias = ALIASES.find(([prefix]) => source.startsWith(prefix));
    if (!alias) return nodeResolver.resolve(source, file, {});
    target = alias[1] + source.slice(alias[0].length);
  }
  const existing = SUFFIXES.map((suffix) => target + suffix).find(isFile);
  return { found: true, path: existing ?? target };
}

module.exports = { interfaceVersion: 2, resolve, ALIASES, ROOT };

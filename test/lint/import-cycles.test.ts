import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, filesUnder, importCycles, importGraph } from './support/import-graph';

/**
 * No import circle in functions/ and shared/ (docs/boundaries.md, "No circles"). The lint rule
 * (import-x/no-cycle) reports the import that closes a circle where it is written; this test's graph
 * also counts type-only imports, which the rule leaves out by design, so a circle that only a type
 * closes fails here. The made-up circles under fixtures/ show both firing.
 */
const fixture = (folder: string) => filesUnder(path.join('test/lint/fixtures', folder));

describe('import circles', () => {
  it('functions/ and shared/ have none', () => {
    expect(importCycles(importGraph(filesUnder('functions', 'shared')))).toEqual([]);
  });

  it('names the files of a made-up circle, through a relative path and an alias', () => {
    expect(importCycles(importGraph(fixture('value-cycle')))).toEqual([['test/lint/fixtures/value-cycle/a.ts', 'test/lint/fixtures/value-cycle/b.ts']]);
  });

  it('counts an import of types only', () => {
    expect(importCycles(importGraph(fixture('type-cycle')))).toEqual([['test/lint/fixtures/type-cycle/entry.ts', 'test/lint/fixtures/type-cycle/summary.ts']]);
  });
});

describe('import-x/no-cycle', () => {
  const files = ['test/lint/fixtures/value-cycle/a.ts', 'test/lint/fixtures/value-cycle/b.ts', 'functions/data/visits-repository.ts'];
  const child = spawnSync(process.execPath, [path.join(__dirname, 'support', 'lint-snippets.mjs')], {
    input: JSON.stringify(files.map((filePath) => ({ filePath, code: readFileSync(path.join(ROOT, filePath), 'utf8'), noCycle: true }))),
    encoding: 'utf8',
  });
  const [a, b, repository] = (JSON.parse(child.stdout || '[]') as Array<Array<{ ruleId: string | null; line: number }>>).map((messages) =>
    messages.filter((message) => message.ruleId === 'import-x/no-cycle').map((message) => message.line),
  );

  it('reports the import that closes a made-up circle, on both sides', () => {
    expect(child.stderr).toBe('');
    expect(a).toEqual([2]);
    expect(b).toEqual([2]);
  });

  it('stays quiet on a repository that imports down only', () => {
    expect(repository).toEqual([]);
  });
});

import path from 'node:path';
import { filesUnder, importCycles, importGraph } from './support/import-graph';

/**
 * No import circle in functions/ and shared/ (docs/boundaries.md, "No circles"), type-only imports
 * included: a circle that only a type closes still ties the files' layers together, and
 * import-x/no-cycle leaves such imports out. The made-up circles show the check firing.
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

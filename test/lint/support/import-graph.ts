import path from 'node:path';
import ts from 'typescript';

/**
 * The import graph of our own files, read with the TypeScript compiler's own pre-processor and
 * module resolution (tsconfig.json's aliases included): every `import`, `import type`,
 * `export … from`, `import()` and `require()` of one file that names another of the given files.
 */
export const ROOT = path.resolve(__dirname, '..', '..', '..');

const { options } = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, ROOT);

/** Every .ts file under the given folders (relative to the repository root), as absolute paths. */
export function filesUnder(...folders: string[]): string[] {
  return folders.flatMap((folder) => ts.sys.readDirectory(path.join(ROOT, folder), ['.ts'], undefined, ['**/*']));
}

/** Each file's imports among `files`. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
      const targets = importedFiles.flatMap(({ fileName }) => {
        const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
        return resolved && known.has(resolved) ? [resolved] : [];
      });
      return [file, [...new Set(targets)]];
    }),
  );
}

/**
 * The circles of a graph: its strongly connected components of more than one file (or a file that
 * imports itself), each as the files in it, repository-relative and sorted (Tarjan's algorithm).
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.map((each) => path.relative(ROOT, each)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

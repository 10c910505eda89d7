import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb } from '../build';

/**
 * What /login downloads from the production (minified) build, gzipped: main.js with the chunks it
 * imports statically, and the stylesheets index.html links. Run: `npx tsx web/scripts/measure-login.ts`.
 */
async function measure(): Promise<void> {
  const outdir = path.join(os.tmpdir(), `pd-web-measure-${process.pid}`);
  const metafile = await buildWeb({ outdir, minify: true });
  const assets = path.join(outdir, 'assets');
  const gz = async (file: string) => gzipSync(await readFile(path.join(assets, file))).length;
  const js = new Set<string>();
  const visit = (file: string) => {
    if (js.has(file)) return;
    js.add(file);
    const output = metafile.outputs[path.relative(process.cwd(), path.join(assets, file))];
    for (const imported of output?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(path.basename(imported.path));
  };
  visit('main.js');
  const html = await readFile(path.join(outdir, 'index.html'), 'utf8');
  const css = [...html.matchAll(/<link rel="stylesheet" href="\/assets\/([^"]+)"/g)].map(([, file]) => file!);
  const sum = async (files: Iterable<string>) => (await Promise.all([...files].map(gz))).reduce((a, b) => a + b, 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const maps = Object.keys(metafile.outputs).filter((file) => file.endsWith('.map')).length;
  console.log(`/login JS  (gzip): ${kb(await sum(js))} in ${js.size} files`);
  console.log(`/login CSS (gzip): ${kb(await sum(css))} in ${css.length} files`);
  console.log(`source maps emitted: ${maps}`);
  await rm(outdir, { recursive: true, force: true });
}

void measure();

import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, COMPILE_HINT, entryChunks } from './build';

export interface LoginWeight {
  /** Gzipped bytes of main.js and the chunks it imports statically. */
  js: number;
  jsFiles: number;
  /** Gzipped bytes of the stylesheets index.html links. */
  css: number;
  cssFiles: number;
  /**
   * Gzipped bytes of the stylesheets a page has loaded once each lazily loaded chunk is shown, by
   * the chunk's name less its hash: main.css, the shell's (every screen is shown in it) and the chunk's own.
   */
  screenCss: Record<string, number>;
  sourceMaps: number;
  /** What index.html asks for before main.js runs: its module chunks and its fonts. */
  preloaded: { chunks: string[]; fonts: string[] };
  /** The chunks main.js names in its own imports, and the fonts main.css names, as built. */
  named: { chunks: string[]; fonts: string[] };
  /** main.js and the chunks it imports statically; and the JS files of the build that start with V8's compile hint. */
  compiled: { onLoad: string[]; hinted: string[] };
  /** Whether a JS file of the build holds React's profiler (`buildWeb`'s `profileReact`, never shipped). */
  reactProfiler: boolean;
}

/** The JS files of a build's assets folder, each with its text. */
export async function builtScripts(assets: string): Promise<Array<{ file: string; text: string }>> {
  const files = (await readdir(assets)).filter((file) => file.endsWith('.js'));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(path.join(assets, file), 'utf8') })));
}

/** React's profiling build keeps each fiber's render time; its production build has no such field. */
export const holdsReactProfiler = (scripts: Array<{ text: string }>) => scripts.some(({ text }) => text.includes('actualDuration'));

/**
 * What /login downloads from the production (minified) build, gzipped: main.js with the chunks it
 * imports statically, and the stylesheets index.html links.
 */
export async function measureLogin(): Promise<LoginWeight> {
  const outdir = path.join(os.tmpdir(), `pd-web-measure-${process.pid}-${Date.now()}`);
  try {
    const metafile = await buildWeb({ outdir, minify: true });
    const assets = path.join(outdir, 'assets');
    const gz = async (file: string) => gzipSync(await readFile(path.join(assets, file))).length;
    const sum = async (files: Iterable<string>) => (await Promise.all([...files].map(gz))).reduce((a, b) => a + b, 0);
    const js = new Set(['main.js', ...entryChunks(metafile)]);
    const html = await readFile(path.join(outdir, 'index.html'), 'utf8');
    const css = [...html.matchAll(/<link rel="stylesheet" href="\/assets\/([^"]+)"/g)].map(([, file]) => file!);
    const chunkStyles = Object.values(
      JSON.parse(/<script type="application\/json" id="chunk-styles">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, string>,
    );
    const shell = chunkStyles.filter((file) => file.startsWith('app-shell-'));
    const screenCss: Record<string, number> = {};
    for (const file of chunkStyles) screenCss[file.replace(/-[A-Z0-9]+\.css$/, '')] = await sum(new Set([...css, ...shell, file]));
    const scripts = await builtScripts(assets);
    return {
      compiled: {
        onLoad: [...js].sort(),
        hinted: scripts
          .filter(({ text }) => text.startsWith(COMPILE_HINT))
          .map(({ file }) => file)
          .sort(),
      },
      reactProfiler: holdsReactProfiler(scripts),
      js: await sum(js),
      jsFiles: js.size,
      css: await sum(css),
      cssFiles: css.length,
      screenCss,
      sourceMaps: Object.keys(metafile.outputs).filter((file) => file.endsWith('.map')).length,
      named: {
        chunks: [...(await readFile(path.join(assets, 'main.js'), 'utf8')).matchAll(/from\s*"\.\/(chunk-[^"]+\.js)"/g)].map(([, file]) => file!),
        fonts: [...(await readFile(path.join(assets, 'main.css'), 'utf8')).matchAll(/url\("?\.\/([^")]+\.woff2)/g)].map(([, file]) => file!),
      },
      preloaded: {
        chunks: [...html.matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+)"/g)].map(([, file]) => file!),
        fonts: [...html.matchAll(/<link rel="preload" href="\/assets\/([^"]+)" as="font"/g)].map(([, file]) => file!),
      },
    };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  measureLogin().then(
    (weight) => {
      console.log(`/login JS  (gzip): ${kb(weight.js)} in ${weight.jsFiles} files`);
      console.log(`/login CSS (gzip): ${kb(weight.css)} in ${weight.cssFiles} files`);
      for (const [chunk, bytes] of Object.entries(weight.screenCss)) console.log(`CSS with ${chunk} shown (gzip): ${kb(bytes)}`);
      console.log(`source maps emitted: ${weight.sourceMaps}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

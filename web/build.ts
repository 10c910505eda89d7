import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { routeIndex } from '../shared/api/route-index';
import { precacheManifest, type BuiltFile } from './src/sw/offline-cache';
import { slimStylesheets, type Stylesheet } from './stylesheets';

const WEB_ROOT = __dirname;

/**
 * Loads a lazily imported chunk's stylesheet before the chunk's code runs (a top-level await at the
 * head of every chunk), so a screen never shows unstyled. Which chunk has which stylesheet is
 * written into index.html (`#chunk-styles`, plain JSON: nothing runs inline), so the cached chunks
 * never name a stylesheet of another build.
 */
const CHUNK_STYLES_BANNER = `await (() => {
  const chunk = new URL(import.meta.url).pathname.split('/').pop();
  const table = document.getElementById('chunk-styles');
  const style = table && JSON.parse(table.textContent || '{}')[chunk];
  if (!style) return;
  const href = new URL(style, import.meta.url).href;
  if (document.querySelector('link[href="' + href + '"]')) return;
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
})();`;

/**
 * Cloudscape's global styles carry the Open Sans fonts inline (base64), which made up most of the
 * stylesheet every page loads. As files of their own they load only when a page uses that weight,
 * and stay cached apart from the CSS.
 */
const inlineFontsAsFiles: Plugin = {
  name: 'inline-fonts-as-files',
  setup(pluginBuild) {
    const fontDir = path.join(os.tmpdir(), 'pd-web-fonts');
    pluginBuild.onLoad({ filter: /global-styles[\\/]index\.css$/ }, async (args) => {
      await mkdir(fontDir, { recursive: true });
      const css = await readFile(args.path, 'utf8');
      const fonts: Array<Promise<void>> = [];
      const contents = css.replace(/url\((['"]?)data:font\/woff2;base64,([^'")]+)\1\)/g, (_match, _quote, base64: string) => {
        const bytes = Buffer.from(base64, 'base64');
        const file = path.join(fontDir, `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.woff2`);
        fonts.push(writeFile(file, bytes));
        return `url(${JSON.stringify(file)})`;
      });
      await Promise.all(fonts);
      return { contents, loader: 'css' };
    });
  },
};

/**
 * The API client's route index as its value: what the module computes from the whole route table
 * (with every route's schemas) becomes a literal, so the schemas load only with the screens that
 * validate with them, not with /login.
 */
const routeIndexAsValue: Plugin = {
  name: 'route-index-as-value',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@shared\/api\/route-index$/ }, () => ({ path: 'route-index', namespace: 'route-index' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'route-index' }, () => ({
      contents: `export const routeIndex = ${JSON.stringify(routeIndex)};`,
      loader: 'js',
    }));
  },
};

/**
 * Cloudscape's AppLayout picks one of three designs as it renders: the classic one (never, in a
 * build that is always the visual refresh), the toolbar one (only under an AWS console's global
 * flag) and the refreshed one, the portal's. The other two stand in (the file says why), so neither
 * their code nor their stylesheets load with the shell.
 */
const appLayoutAsShown: Plugin = {
  name: 'app-layout-as-shown',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/(?:classic|visual-refresh-toolbar)$/ }, (args) =>
      /[\\/]@cloudscape-design[\\/]components[\\/]app-layout[\\/]internal\.js$/.test(args.importer)
        ? { path: path.join(WEB_ROOT, 'src', 'lib', 'app-layout-stand-in.ts') }
        : undefined,
    );
  },
};

/**
 * V8's explicit compile hint (Chrome 136 and later; to other browsers a comment): the functions of a
 * file that starts with it are compiled on the thread that streams the file in, not one by one on
 * the main thread as each is first called. Given, in the production build, to main.js and the
 * chunks it imports statically, which every page runs as it starts (docs/web.md, "Compiled as it
 * streams in").
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** esbuild options for the web bundle; the local server and the CDK app both build through here. */
export function webBuildOptions(outdir: string, minify = false): BuildOptions {
  return {
    entryPoints: { main: path.join(WEB_ROOT, 'src', 'main.tsx') },
    outdir: path.join(outdir, 'assets'),
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify,
    // Maps for the local build only: the production build ships none to browsers.
    sourcemap: !minify,
    jsx: 'automatic',
    loader: { '.woff': 'file', '.woff2': 'file', '.png': 'file', '.svg': 'file', '.jpg': 'file' },
    define: { 'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development') },
    banner: { js: CHUNK_STYLES_BANNER },
    plugins: [routeIndexAsValue, inlineFontsAsFiles, appLayoutAsShown],
    // Cloudscape's built-in error boundaries import a message formatter the portal never runs (the file says why).
    alias: { 'intl-messageformat': path.join(WEB_ROOT, 'src', 'lib', 'intl-messageformat-stand-in.ts') },
    logLevel: 'warning',
    metafile: true,
  };
}

/** Leaves every `import()` out of the bundle: what remains is what the entry needs before any screen loads. */
const dynamicImportsExternal: Plugin = {
  name: 'dynamic-imports-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
  },
};

/**
 * The entry's own stylesheet, and the CSS files it holds. esbuild puts into an entry's CSS the CSS
 * of every chunk it may ever import, lazily or not; built again with the lazy imports left out, it
 * holds only what /login needs.
 */
async function entryStylesheet(outdir: string, minify: boolean): Promise<{ css: string; inputs: Set<string> }> {
  const result = await build({
    ...webBuildOptions(outdir, minify),
    splitting: false,
    sourcemap: false,
    banner: undefined,
    write: false,
    plugins: [routeIndexAsValue, inlineFontsAsFiles, appLayoutAsShown, dynamicImportsExternal],
  });
  // What the stylesheet references (the fonts) is written now, the stylesheet with the chunks'; this build's JavaScript is not used.
  await mkdir(path.join(outdir, 'assets'), { recursive: true });
  const files = result.outputFiles.filter((file) => !file.path.endsWith('.js') && !file.path.endsWith('.css'));
  await Promise.all(files.map((file) => writeFile(file.path, file.contents)));
  const css = result.outputFiles.find((file) => file.path.endsWith('main.css'));
  const output = Object.entries(result.metafile!.outputs).find(([file]) => file.endsWith('main.css'))?.[1];
  return { css: css?.text ?? '', inputs: new Set(Object.keys(output?.inputs ?? {}).map((input) => path.resolve(input))) };
}

/** Leaves out of the chunks' stylesheets the CSS that main.css, loaded on every page, already holds. */
function withoutEntryCss(inputs: Set<string>): Plugin {
  return {
    name: 'without-entry-css',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.css$/ }, (args) => (inputs.has(args.path) ? { contents: '', loader: 'css' } : undefined));
    },
  };
}

/** Where the portal's frame, the shell every lazily loaded screen is shown in, has its module. */
const SHELL_MODULE = path.join(WEB_ROOT, 'src', 'app', 'shell', 'app-shell.tsx');
/** The module whose lazy imports are the screens (app/router.tsx shows each inside the shell). */
const SCREENS_MODULE = path.join(WEB_ROOT, 'src', 'app', 'screens.ts');
/**
 * Lazily loaded modules that render nothing. esbuild gives a lazy chunk the CSS of all it imports,
 * the shared chunk of React and Cloudscape included, which holds components of every screen: for
 * these that would be a stylesheet of about 440 KB, loaded for nothing (docs/web.md). Each screen's
 * chunk brings the CSS it shows.
 */
const CODE_ONLY_MODULES = new Set([path.join(WEB_ROOT, 'src', 'app', 'first-reads.ts')]);

/** The stylesheets esbuild made for the code-only modules, as absolute paths (with their source maps after them). */
function codeOnlyStylesheets(metafile: Metafile): string[] {
  return Object.values(metafile.outputs)
    .filter((output) => output.entryPoint && output.cssBundle && CODE_ONLY_MODULES.has(path.resolve(output.entryPoint)))
    .map((output) => path.resolve(output.cssBundle!));
}

/**
 * The chunks' stylesheets, in the order of their names; a screen's says that the shell's is loaded
 * before it (the screen is shown in the shell), so what the two share is left to the shell's.
 */
function screenStylesheets(metafile: Metafile, files: Array<{ path: string; text: string }>): Stylesheet[] {
  const cssOf = (entry: string) =>
    Object.entries(metafile.outputs).find(([, output]) => output.entryPoint && path.resolve(output.entryPoint) === entry)?.[1].cssBundle;
  const shell = cssOf(SHELL_MODULE);
  const screensInput = Object.entries(metafile.inputs).find(([input]) => path.resolve(input) === SCREENS_MODULE)?.[1];
  const screens = new Set(
    (screensInput?.imports ?? [])
      .filter((imported) => imported.kind === 'dynamic-import')
      .map((imported) => cssOf(path.resolve(imported.path)))
      .filter((css) => css !== undefined)
      .map((css) => path.resolve(css)),
  );
  return [...files]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((file) => ({
      path: file.path,
      css: file.text,
      loadedAfter: shell && screens.has(file.path) ? [path.resolve(shell)] : undefined,
    }));
}

/** The stylesheet of each lazily loaded chunk (by the name it was `written` as), by the chunk's file name. */
function chunkStyles(metafile: Metafile, written: Map<string, string>): Record<string, string> {
  const styles: Record<string, string> = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const name = path.basename(file);
    if (output.entryPoint && output.cssBundle && name !== 'main.js' && !CODE_ONLY_MODULES.has(path.resolve(output.entryPoint)))
      styles[name] = written.get(path.basename(output.cssBundle)) ?? path.basename(output.cssBundle);
  }
  return styles;
}

/**
 * What the first screen needs, asked for while the HTML is read rather than once the script that
 * names it has run: the chunks main.js imports (otherwise fetched only after main.js, a round trip
 * later) and the fonts of its text (otherwise fetched only after the page is laid out).
 */
interface EarlyFiles {
  chunks: string[];
  fonts: string[];
}

/** A drop of dialysis fluid on the portal's blue, inline: the tab's icon without a request of its own. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%230972d3'/%3E" +
  "%3Cpath d='M16 5c-4.5 6.5-8 11-8 15a8 8 0 0 0 16 0c0-4-3.5-8.5-8-15z' fill='%23fff'/%3E%3C/svg%3E";

const indexHtml = (styles: Record<string, string>, early: EarlyFiles) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PD Clinic Portal</title>
    <link rel="icon" href="${FAVICON}" />
    <link rel="stylesheet" href="/assets/main.css" />
${early.fonts.map((font) => `    <link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin />\n`).join('')}\
${early.chunks.map((chunk) => `    <link rel="modulepreload" href="/assets/${chunk}" />\n`).join('')}\
    <script type="application/json" id="chunk-styles">${JSON.stringify(styles)}</script>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/main.js"></script>
  </body>
</html>
`;

/**
 * React's profiling build in place of react-dom, and the names of functions kept: a build for
 * reading where renders go (`bench/timeline.ts --react`), never one to ship.
 */
const reactProfiling: Plugin = {
  name: 'react-profiling',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^react-dom$/ }, () => ({ path: require.resolve('react-dom/profiling') }));
  },
};

/**
 * Builds the web into `outdir`: index.html and assets/. Each lazily loaded screen brings its own
 * stylesheet, so /login's stylesheet holds only the session screens' CSS. The metafile returned is
 * esbuild's: the chunks' stylesheets are written under other names, which index.html gives.
 * `profileReact` builds with React's profiler on (see `reactProfiling`).
 */
export async function buildWeb(options: { outdir: string; minify?: boolean; profileReact?: boolean }): Promise<Metafile> {
  const minify = options.minify ?? false;
  await rm(options.outdir, { recursive: true, force: true });
  await mkdir(options.outdir, { recursive: true });
  const entry = await entryStylesheet(options.outdir, minify);
  const base = webBuildOptions(options.outdir, minify);
  // main.css is the entry's own build's: this build's would lack what the chunks leave out.
  const profiling = options.profileReact ? [reactProfiling] : [];
  const result = await build({
    ...base,
    keepNames: !!options.profileReact,
    write: false,
    plugins: [withoutEntryCss(entry.inputs), ...profiling, ...(base.plugins ?? [])],
  });
  const entryCss = path.join(base.outdir!, 'main.css');
  const codeOnly = codeOnlyStylesheets(result.metafile!);
  const built = result.outputFiles.filter((file) => !file.path.startsWith(entryCss) && !codeOnly.some((css) => file.path.startsWith(css)));
  const startChunks = entryChunks(result.metafile!);
  // The local build's source maps would be a line out in a file that starts with the hint.
  const onLoad = new Set(minify ? ['main.js', ...startChunks] : []);
  await Promise.all(
    built
      .filter((file) => !file.path.endsWith('.css'))
      .map((file) => writeFile(file.path, onLoad.has(path.basename(file.path)) ? COMPILE_HINT + file.text : file.contents)),
  );
  const slim = slimStylesheets(
    [
      { path: entryCss, css: entry.css },
      ...screenStylesheets(
        result.metafile!,
        built.filter((file) => file.path.endsWith('.css')),
      ),
    ],
    built.filter((file) => file.path.endsWith('.js')).map((file) => file.text),
  );
  // A chunk's stylesheet is named by its content as written: esbuild's name is of the CSS before these passes.
  const written = new Map<string, string>();
  for (const [file, css] of slim) {
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 8).toUpperCase();
    const target = file === entryCss ? file : file.replace(/-[A-Z0-9]+\.css$/, `-${hash}.css`);
    written.set(path.basename(file), path.basename(target));
    await writeFile(target, css);
  }
  const early = { chunks: startChunks, fonts: bodyFonts(entry.css) };
  await writeFile(path.join(options.outdir, 'index.html'), indexHtml(chunkStyles(result.metafile!, written), early));
  await buildServiceWorker(options.outdir, minify);
  return result.metafile!;
}

/** The chunks main.js imports statically, and those they import: all of them load before /login shows. */
export function entryChunks(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint && file.endsWith('main.js'));
  const found = new Set<string>();
  const visit = (file: string) => {
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || found.has(imported.path)) continue;
      found.add(imported.path);
      visit(imported.path);
    }
  };
  if (entry) visit(entry);
  return [...found].map((file) => path.basename(file)).sort();
}

/** The woff2 files of the text the screens set: Open Sans, upright, regular and bold. */
function bodyFonts(css: string): string[] {
  const fonts: string[] = [];
  for (const [face] of css.matchAll(/@font-face\s*\{[^}]*\}/g)) {
    const weight = /font-weight:\s*(\d+)/.exec(face)?.[1];
    const upright = !/font-style:\s*italic/.test(face);
    const file = /url\(["']?\.\/([^"')]+\.woff2)["']?\)/.exec(face)?.[1];
    if (file && upright && (weight === '400' || weight === '700')) fonts.push(file);
  }
  return fonts;
}

/** Every file of a built web, by its URL path, with a hash of its content. */
async function builtFiles(outdir: string): Promise<BuiltFile[]> {
  const names = await readdir(outdir, { recursive: true, withFileTypes: true });
  const files = names.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file) => ({
      url: `/${path.relative(outdir, file).split(path.sep).join('/')}`,
      contentHash: createHash('sha256')
        .update(await readFile(file))
        .digest('hex')
        .slice(0, 16),
    })),
  );
}

/**
 * Writes `sw.js`, the offline shell's service worker (`src/sw/service-worker.ts`), into a built web
 * with the precache manifest of what is there now: run again after the files change, it gives the
 * worker of that build. Served with no-cache, so browsers see a new deployment on their next load.
 */
export async function buildServiceWorker(outdir: string, minify = false): Promise<void> {
  const manifest = precacheManifest(await builtFiles(outdir));
  await build({
    entryPoints: [path.join(WEB_ROOT, 'src', 'sw', 'service-worker.ts')],
    outfile: path.join(outdir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify,
    // Workbox's production mode: no debug logging, no assertions, in the local build too.
    define: { 'process.env.NODE_ENV': JSON.stringify('production'), 'self.__WB_MANIFEST': JSON.stringify(manifest) },
    logLevel: 'warning',
  });
}

if (require.main === module) {
  const outdir = process.argv[2] ?? path.resolve(WEB_ROOT, '..', 'dist', 'web');
  buildWeb({ outdir, minify: true }).then(
    () => console.log(`web built into ${outdir}`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

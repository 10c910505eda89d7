/**
 * What ships: the web's production build (as infra/app.ts makes it for the CDK deployment) and
 * each Lambda bundle, built as infra/aws/portal-function.ts's NodejsFunction builds them.
 */
import { build, type Metafile } from 'esbuild';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routes, type RouteDefinition } from '../shared/api/routes';
import { webBuildOptions } from '../web/build';

const REPO_ROOT = path.resolve(__dirname, '..');

export interface WebSizes {
  /** Gzipped bytes of the JavaScript /login loads before it renders: main.js and every chunk it imports statically. */
  loginJsGzip: number;
  loginJsFiles: number;
  /** Gzipped bytes of the stylesheet index.html links. */
  loginCssGzip: number;
  /** .map files in the production output, which the CDK deployment uploads with the rest. */
  sourceMapFiles: number;
  sourceMapBytes: number;
  /** JS files that point at a source map (`sourceMappingURL`). */
  jsReferencingMaps: number;
}

const gzipSize = async (file: string) => gzipSync(await readFile(file)).length;

/** Builds the production web into `outdir` (minified, as for `cdk deploy`) and measures it. */
export async function measureWeb(outdir: string): Promise<WebSizes> {
  // buildWeb({ minify: true }) with these same options is what `cdk deploy` uploads; built here for its metafile.
  const { metafile } = await build(webBuildOptions(outdir, true));
  const outputs = (metafile as Metafile).outputs;
  const assets = path.join(outdir, 'assets');
  const mainJs = Object.keys(outputs).find((file) => path.resolve(file) === path.join(assets, 'main.js'));
  if (!mainJs) throw new Error('the web build has no assets/main.js');

  // index.html loads main.js; /login renders once main.js and its static imports have run (lazy areas come later).
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(mainJs);
  let loginJsGzip = 0;
  for (const file of loaded) loginJsGzip += await gzipSize(path.resolve(file));

  const files = await readdir(assets);
  const maps = files.filter((file) => file.endsWith('.map'));
  let sourceMapBytes = 0;
  for (const file of maps) sourceMapBytes += (await stat(path.join(assets, file))).size;
  let jsReferencingMaps = 0;
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    if ((await readFile(path.join(assets, file), 'utf8')).includes('//# sourceMappingURL=')) jsReferencingMaps += 1;
  }
  return {
    loginJsGzip,
    loginJsFiles: loaded.size,
    loginCssGzip: await gzipSize(path.join(assets, 'main.css')),
    sourceMapFiles: maps.length,
    sourceMapBytes,
    jsReferencingMaps,
  };
}

export interface LambdaBundle {
  /** The module under functions/, e.g. `handlers/auth/sign-in`. */
  entry: string;
  bytes: number;
}

/** The Lambdas besides the routes' (infra/aws/devices-stack.ts). */
const DEVICE_LAMBDAS = ['devices/ingest-stream', 'devices/check-skipped-exchanges'];

/**
 * Bundles every route's handler (and the device Lambdas) as NodejsFunction does with
 * PortalFunction's settings: CJS, minified, node22, `@aws-sdk/*` left to the runtime. The size is
 * the bundle's index.js (the source map NodejsFunction writes beside it is not counted).
 */
export async function measureLambdas(): Promise<LambdaBundle[]> {
  const entries = [...new Set((Object.values(routes) as RouteDefinition[]).map((route) => `handlers/${route.handler}`)), ...DEVICE_LAMBDAS];
  return Promise.all(
    entries.map(async (entry) => {
      const result = await build({
        entryPoints: [path.join(REPO_ROOT, 'functions', `${entry}.ts`)],
        bundle: true,
        platform: 'node',
        target: 'node22',
        format: 'cjs',
        minify: true,
        sourcemap: false,
        external: ['@aws-sdk/*'],
        write: false,
        outfile: 'index.js',
        logLevel: 'silent',
      });
      const js = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
      return { entry, bytes: js.contents.byteLength };
    }),
  );
}

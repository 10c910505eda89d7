/**
 * What ships: the web's production build (as infra/app.ts makes it for the CDK deployment) and
 * each Lambda bundle, built as infra/aws/portal-function.ts's NodejsFunction builds them.
 */
import { build, type BuildOptions } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routes, type RouteDefinition } from '../shared/api/routes';
import { buildWeb } from '../web/build';
import { limitRow, ratioRow, type BenchRow } from './report';

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
  // What `cdk deploy` uploads: buildWeb's main.css holds only /login's CSS (esbuild's own entry CSS holds every screen's).
  const metafile = await buildWeb({ outdir, minify: true });
  const outputs = metafile.outputs;
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
  /** The module under functions/, e.g. `handlers/auth/sign-in`; or a part measured alone, e.g. `(electrodb alone)`. */
  entry: string;
  bytes: number;
  /**
   * Median milliseconds a fresh `node` spends loading the bundle (requiring index.js and what it
   * requires, the AWS SDK from node_modules as from the Lambda runtime), beyond an empty script's
   * start and exit. Only when measureLambdas is asked for load times.
   */
  loadMs?: number;
  /** The same for LAMBDA_LOAD_FLOOR, loaded beside this bundle in each sample (when the parts are measured). */
  floorMs?: number;
}

/** The Lambdas besides the routes' (infra/aws/devices-stack.ts). */
const DEVICE_LAMBDAS = ['devices/ingest-stream', 'devices/check-skipped-exchanges', 'devices/check-escalations'];

/** Every Lambda's entry under functions/: each route's handler module once, and the device Lambdas. */
export function lambdaEntries(): string[] {
  return [...new Set((Object.values(routes) as RouteDefinition[]).map((route) => `handlers/${route.handler}`)), ...DEVICE_LAMBDAS];
}

/**
 * Parts bundled alone, so that what each costs of a bundle's size and load time is known. The AWS
 * SDK stays external (as in the handlers' bundles): its row is the time to require the clients the
 * table code loads from node_modules.
 */
export const LAMBDA_PARTS: Record<string, string> = {
  '(electrodb alone)': `module.exports = require('electrodb');`,
  '(zod alone)': `module.exports = require('zod');`,
  '(powertools logger alone)': `const { Logger } = require('@aws-lambda-powertools/logger'); module.exports = new Logger();`,
  '(middy + http-errors alone)': `module.exports = [require('@middy/core'), require('@middy/http-header-normalizer'), require('http-errors')];`,
  '(DynamoDB clients alone, SDK external)': `module.exports = [require('@aws-sdk/client-dynamodb'), require('@aws-sdk/lib-dynamodb')];`,
  // A Lambda's first request builds the ElectroDB entities it touches (functions/data/entities): its cold start beyond the load.
  '(entities: user, patient, exchange built, as get-exchanges)': `const { entities } = require('./functions/data/entities').db(); module.exports = [entities.user, entities.patient, entities.exchange];`,
  '(entities: all thirty built)': `module.exports = Object.values(require('./functions/data/entities').db().entities);`,
};

/** The esbuild options of infra/aws/portal-function.ts's bundle(), less the source map (not counted). */
const LAMBDA_BUILD: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  minify: true,
  sourcemap: false,
  external: ['@aws-sdk/*'],
  logLevel: 'silent',
};

export interface LambdaMeasureOptions {
  /** Also time each bundle's load: `samples` fresh processes each (the median is kept). */
  loadSamples?: number;
  /** Also bundle and time LAMBDA_PARTS. */
  parts?: boolean;
  /** Only these entries (default: every Lambda's). */
  entries?: string[];
}

/** Milliseconds from spawning `node file` to its exit. */
function runOnce(file: string): number {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [file], {
    env: { PATH: process.env.PATH, NODE_PATH: path.join(REPO_ROOT, 'node_modules'), TABLE_NAME: 'bench', AWS_REGION: 'eu-west-1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`node ${file} failed: ${run.stderr.toString().slice(0, 500)}`);
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Bundles every Lambda's entry as PortalFunction does and sizes its index.js (the map not counted).
 * With `loadSamples`, each is also timed at load, one at a time (parallel samples would time the
 * contention): a fresh `node` requiring index.js, less the median of an empty script's runs taken
 * between the bundles', so that the machine's drift cancels out.
 */
export async function measureLambdas(options: LambdaMeasureOptions = {}): Promise<LambdaBundle[]> {
  const entries = options.entries ?? lambdaEntries();
  const sources: Array<{ entry: string; build: BuildOptions }> = [
    ...entries.map((entry) => ({ entry, build: { entryPoints: [path.join(REPO_ROOT, 'functions', `${entry}.ts`)] } })),
    ...(options.parts
      ? Object.entries(LAMBDA_PARTS).map(([entry, contents]) => ({ entry, build: { stdin: { contents, resolveDir: REPO_ROOT, loader: 'js' as const } } }))
      : []),
  ];
  const bundles = await Promise.all(
    sources.map(async ({ entry, build: input }) => {
      const result = await build({ ...input, ...LAMBDA_BUILD, write: false, outfile: 'index.js' });
      const js = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
      return { entry, bytes: js.contents.byteLength, contents: js.contents };
    }),
  );
  const samples = options.loadSamples ?? 0;
  if (samples <= 0) return bundles.map(({ entry, bytes }) => ({ entry, bytes }));

  const dir = await mkdtemp(path.join(os.tmpdir(), 'pd-lambda-load-'));
  try {
    const empty = path.join(dir, 'empty.js');
    await writeFile(empty, '');
    // The handler is required as the Lambda runtime's bootstrap does; nothing is invoked.
    const files = await Promise.all(
      bundles.map(async (bundle, i) => {
        const file = path.join(dir, `${i}.js`);
        await writeFile(file, bundle.contents);
        return file;
      }),
    );
    for (let warm = 0; warm < 3; warm += 1) runOnce(empty);
    const floorFile = files[bundles.findIndex((bundle) => bundle.entry === LAMBDA_LOAD_FLOOR)];
    const emptyRuns: number[] = [];
    const loadRuns = bundles.map((): number[] => []);
    const floorRuns = bundles.map((): number[] => []);
    for (let sample = 0; sample < samples; sample += 1) {
      emptyRuns.push(runOnce(empty));
      files.forEach((file, i) => {
        // The floor loaded right beside each bundle, before it and after it in turn: the machine's
        // pace drifts over the minute this takes, and a ratio of neighbours does not see the drift.
        if (floorFile && sample % 2 === 0) floorRuns[i]!.push(runOnce(floorFile));
        loadRuns[i]!.push(runOnce(file));
        if (floorFile && sample % 2 === 1) floorRuns[i]!.push(runOnce(floorFile));
      });
      emptyRuns.push(runOnce(empty));
    }
    const base = median(emptyRuns);
    const beyondBase = (runs: number[]) => (runs.length ? Math.max(0, median(runs) - base) : undefined);
    return bundles.map(({ entry, bytes }, i) => ({ entry, bytes, loadMs: beyondBase(loadRuns[i]!), floorMs: beyondBase(floorRuns[i]!) }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The goal for the Lambdas, from their cost at cold start (docs/lambda-bundles.md, "The goal"):
 * each bundle at most `maxKb`, and each loads in at most `maxLoadRatio` times what ElectroDB with
 * the DynamoDB clients it requires takes alone (the part every Lambda must load: the rest is ours).
 * A ratio, as the bench's other rows, so that a busy or slow machine moves bundle and floor alike.
 */
export const LAMBDA_GOAL = { maxKb: 450, maxLoadRatio: 2 };
/** The LAMBDA_PARTS row the load times are divided by. */
export const LAMBDA_LOAD_FLOOR = '(electrodb alone)';

/** The bench's rows of measureLambdas({ loadSamples, parts: true }): the largest bundle, each Lambda's load against the floor, and the parts (shown, not judged). */
export function lambdaRows(bundles: LambdaBundle[]): BenchRow[] {
  const floor = bundles.find((bundle) => bundle.entry === LAMBDA_LOAD_FLOOR)?.loadMs;
  if (floor === undefined) throw new Error(`measureLambdas was not asked for the parts (${LAMBDA_LOAD_FLOOR})`);
  const lambdas = bundles.filter((bundle) => !bundle.entry.startsWith('('));
  const largest = lambdas.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const kb = (bundle: LambdaBundle) => Math.round(bundle.bytes / 1024);
  return [
    limitRow(`Lambda bundle KB, largest of ${lambdas.length}: functions/${largest.entry}`, largest.bytes / 1024, LAMBDA_GOAL.maxKb, ' KB'),
    ...lambdas.map((bundle) =>
      ratioRow(
        `Lambda load ms: functions/${bundle.entry} (${kb(bundle)} KB); floor ElectroDB + DynamoDB clients, loaded beside it`,
        bundle.loadMs!,
        bundle.floorMs ?? floor,
        {
          max: LAMBDA_GOAL.maxLoadRatio,
        },
      ),
    ),
    ...bundles
      .filter((bundle) => bundle.entry.startsWith('('))
      .map((part) => ({
        name: `Lambda part load ms: ${part.entry} (${kb(part)} KB)`,
        value: Math.round(part.loadMs! * 10) / 10,
        floor: null,
        ratio: null,
        goal: '—',
        pass: null,
      })),
  ];
}

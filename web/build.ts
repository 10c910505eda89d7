import { build, type BuildOptions, type Metafile } from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const WEB_ROOT = __dirname;

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
    sourcemap: true,
    jsx: 'automatic',
    loader: { '.woff': 'file', '.woff2': 'file', '.png': 'file', '.svg': 'file', '.jpg': 'file' },
    define: { 'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development') },
    logLevel: 'warning',
    metafile: true,
  };
}

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PD Clinic Portal</title>
    <link rel="stylesheet" href="/assets/main.css" />
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/main.js"></script>
  </body>
</html>
`;

/** Builds the web into `outdir`: index.html and assets/. */
export async function buildWeb(options: { outdir: string; minify?: boolean }): Promise<Metafile> {
  await rm(options.outdir, { recursive: true, force: true });
  await mkdir(options.outdir, { recursive: true });
  const result = await build(webBuildOptions(options.outdir, options.minify));
  await writeFile(path.join(options.outdir, 'index.html'), indexHtml);
  return result.metafile!;
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

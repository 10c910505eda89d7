import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServiceWorker } from '@web/build';
import { isNeverCached, precacheManifest, type BuiltFile } from '@web/src/sw/offline-cache';

const file = (url: string, contentHash = 'h') => ({ url, contentHash }) satisfies BuiltFile;

describe('the precache manifest', () => {
  it('holds the shell and the built assets with their content hashes, sorted', () => {
    const manifest = precacheManifest([
      file('/assets/main.js', 'a1'),
      file('/index.html', 'i1'),
      file('/assets/x.woff2', 'f1'),
      file('/assets/main.css', 'c1'),
    ]);
    expect(manifest).toEqual([
      { url: '/assets/main.css', revision: 'c1' },
      { url: '/assets/main.js', revision: 'a1' },
      { url: '/assets/x.woff2', revision: 'f1' },
      { url: '/index.html', revision: 'i1' },
    ]);
  });

  it('leaves out source maps, the worker itself and anything outside the shell and assets', () => {
    const manifest = precacheManifest([
      file('/index.html'),
      file('/assets/main.js'),
      file('/assets/main.js.map'),
      file('/sw.js'),
      file('/config.json'),
      file('/notes.txt'),
    ]);
    expect(manifest.map((entry) => entry.url)).toEqual(['/assets/main.js', '/index.html']);
  });

  it('never holds an API answer or a local twin path, whatever the build holds', () => {
    const manifest = precacheManifest([file('/index.html'), file('/api/v1/webapp/patients'), file('/local/s3/pd-portal-images/a.png')]);
    expect(manifest.map((entry) => entry.url)).toEqual(['/index.html']);
    expect(isNeverCached('/api/v1/webapp/signin')).toBe(true);
    expect(isNeverCached('/local/human-verification/token')).toBe(true);
    expect(isNeverCached('/assets/main.js')).toBe(false);
  });

  it('refuses a build without the shell', () => {
    expect(() => precacheManifest([file('/assets/main.js')])).toThrow('/index.html');
  });
});

describe('the built service worker', () => {
  let outdir: string;
  beforeEach(() => {
    outdir = mkdtempSync(path.join(os.tmpdir(), 'pd-sw-'));
    mkdirSync(path.join(outdir, 'assets'));
    writeFileSync(path.join(outdir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(outdir, 'assets', 'main.js'), 'console.log(1);');
    writeFileSync(path.join(outdir, 'assets', 'main.js.map'), '{}');
  });
  afterEach(() => rmSync(outdir, { recursive: true, force: true }));

  it('carries the manifest of the build, and changes when an asset changes (a new deployment)', async () => {
    await buildServiceWorker(outdir);
    const first = readFileSync(path.join(outdir, 'sw.js'), 'utf8');
    expect(first).toContain('"/assets/main.js"');
    expect(first).toContain('"/index.html"');
    expect(first).not.toContain('main.js.map');

    writeFileSync(path.join(outdir, 'assets', 'main.js'), 'console.log(2);');
    await buildServiceWorker(outdir);
    const second = readFileSync(path.join(outdir, 'sw.js'), 'utf8');
    expect(second).not.toEqual(first);
    // A rebuild of the same files gives the same worker: browsers install it again only for a real change.
    await buildServiceWorker(outdir);
    expect(readFileSync(path.join(outdir, 'sw.js'), 'utf8')).toEqual(second);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildWeb } from '@web/build';
import { builtScripts, holdsReactProfiler, measureLogin, type LoginWeight } from '@web/measure-login';

/** The budget for what /login downloads, on the production build (`npx tsx web/measure-login.ts` prints it). */
describe('the production web build', () => {
  let weight: LoginWeight;
  beforeAll(async () => {
    weight = await measureLogin();
  }, 120_000);

  it('keeps /login light: its JS at most 160 KB and its stylesheet at most 60 KB gzipped, and no source maps', () => {
    // docs/web.md, "What /login loads": the message areas' own modules, Cloudscape's formatter stood in for, the TOTP dialog lazy.
    expect(weight.js).toBeLessThanOrEqual(160 * 1024);
    expect(weight.cssFiles).toBe(1);
    expect(weight.css).toBeLessThanOrEqual(60 * 1024);
    expect(weight.sourceMaps).toBe(0);
  });

  // bench/timeline.ts --react builds with React's profiler; the build that ships must not carry it.
  it("ships React's production build, without its profiler", () => {
    expect(weight.reactProfiler).toBe(false);
  });

  // docs/web.md, "What /login loads": on a slow line each of these would otherwise wait a round trip for what names it.
  it('asks for every chunk /login runs, and the fonts of its text, while index.html is read', () => {
    expect(weight.preloaded.chunks.length).toBe(weight.jsFiles - 1);
    expect(weight.preloaded.chunks).not.toContain('main.js');
    expect(weight.preloaded.chunks).toEqual(expect.arrayContaining(weight.named.chunks));
    expect(weight.named.chunks.length).toBeGreaterThan(0);
    expect(weight.preloaded.fonts).toHaveLength(2);
    expect(weight.named.fonts).toEqual(expect.arrayContaining(weight.preloaded.fonts));
  });

  // docs/web.md, "Compiled as it streams in": what every page runs as it starts, and nothing loaded later.
  it('hints V8 to compile the JS every page starts with as it streams in, and only that', () => {
    expect(weight.compiled.onLoad).toContain('main.js');
    expect(weight.compiled.hinted).toEqual(weight.compiled.onLoad);
  });

  // docs/web.md, "Stylesheets": what the bench counts for a screen, main.css with the shell's and the screen's own.
  it('keeps the CSS each screen has loaded within 60 KB gzipped', () => {
    expect(Object.keys(weight.screenCss)).toEqual(expect.arrayContaining(['app-shell', 'patients-screen', 'patient-screen']));
    const over = Object.entries(weight.screenCss).filter(([, bytes]) => bytes > 60 * 1024);
    expect(over).toEqual([]);
  });
});

describe("the web built for reading React's renders (bench/timeline.ts --react)", () => {
  it("carries React's profiler and the components' names", async () => {
    const outdir = await mkdtemp(path.join(os.tmpdir(), 'pd-web-react-profile-'));
    try {
      await buildWeb({ outdir, minify: true, profileReact: true });
      const scripts = await builtScripts(path.join(outdir, 'assets'));
      expect(holdsReactProfiler(scripts)).toBe(true);
      expect(scripts.some(({ text }) => text.includes('"PatientScreen"'))).toBe(true);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }, 120_000);
});

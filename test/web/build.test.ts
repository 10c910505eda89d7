import { measureLogin } from '@web/measure-login';

/** The budget for what /login downloads, on the production build (`npx tsx web/measure-login.ts` prints it). */
describe('the production web build', () => {
  it('keeps /login light: its JS at most 160 KB and its stylesheet at most 100 KB gzipped, and no source maps', async () => {
    const weight = await measureLogin();
    // docs/web.md, "What /login loads": the message areas' own modules, Cloudscape's formatter stood in for, the TOTP dialog lazy.
    expect(weight.js).toBeLessThanOrEqual(160 * 1024);
    expect(weight.cssFiles).toBe(1);
    expect(weight.css).toBeLessThanOrEqual(100 * 1024);
    expect(weight.sourceMaps).toBe(0);
  });
});

import { slimStylesheets } from '@web/stylesheets';

/** The passes of web/stylesheets.ts on small stylesheets in Cloudscape's shapes (docs/web.md, "Stylesheets"). */
const MAIN = '/assets/main.css';
const SHELL = '/assets/app-shell-A.css';
const SCREEN = '/assets/patients-screen-B.css';

const theme = [
  '@layer awsui-base-theme{body{--space-m-abc123:16px;--color-text-body-def456:#0f141a;--color-unused-ghi789:red;--color-chain-jkl012:var(--color-text-body-def456)}',
  '.awsui-dark-mode:not(#\\9){--color-text-body-def456:#fff}',
  '.awsui-context-top-navigation:not(#\\9):where(:not(.awsui-one-theme):not(.awsui-one-theme *)){--color-text-body-def456:#eee}}',
].join('');

describe('slimStylesheets', () => {
  const slim = (sheets: Array<{ path: string; css: string; loadedAfter?: string[] }>, scripts: string[] = []) => slimStylesheets(sheets, scripts);

  it("drops the rules of the modes the portal never sets, and keeps the user's reduced-motion ones", () => {
    const css =
      '.a{color:red}.awsui-dark-mode .a{color:blue}.a.awsui-compact-mode,.b{padding:1px}.awsui-motion-disabled .a{transition:none}' +
      '.c:not(.awsui-dark-mode){color:green}@media (prefers-reduced-motion:reduce){.a{transition:none}}';
    const out = slim([{ path: MAIN, css }]).get(MAIN)!;
    expect(out).toBe('.a{color:red}.b{padding:1px}.c:not(.awsui-dark-mode){color:green}@media (prefers-reduced-motion:reduce){.a{transition:none}}');
  });

  it('declares only the custom properties a rule or a script uses, with short names and no fallback where body has them', () => {
    const css = `${theme}.x{padding:var(--space-m-abc123, 16px);color:var(--color-chain-jkl012, #000);margin:var(--not-declared-zzz999, 2px)}`;
    const out = slim([{ path: MAIN, css }]).get(MAIN)!;
    expect(out).not.toContain('--color-unused-ghi789');
    expect(out).not.toContain('awsui-dark-mode');
    expect(out).not.toContain('awsui-one-theme');
    expect(out).not.toContain('abc123');
    // The names follow their order in the stylesheet; a property body does not declare keeps its fallback.
    expect(out).toBe(
      '@layer awsui-base-theme{body{--0:16px;--1:#0f141a;--2:var(--1)}.awsui-context-top-navigation:not(#\\9){--1:#eee}}' +
        '.x{padding:var(--0);color:var(--2);margin:var(--3, 2px)}',
    );
  });

  it('keeps a custom property a script names, under its own name', () => {
    const css = '.x{color:var(--awsui-style-color-66120l, red)}.y{--awsui-style-color-66120l:blue}.z{--not-read-66120l:1px}';
    const out = slim([{ path: MAIN, css }], ['el.style.setProperty("--awsui-style-color-66120l", c)']).get(MAIN)!;
    expect(out).toBe('.x{color:var(--awsui-style-color-66120l, red)}.y{--awsui-style-color-66120l:blue}');
  });

  it("keeps a custom property a script names by its start in a template: Cloudscape's check that its CSS is loaded", () => {
    const css = ':root{--awsui-version-info-543205d7:true}.x{--awsui-version-other:1px}';
    const script = 'getComputedStyle(e.body).getPropertyValue(`--awsui-version-info-${sha}`)||console.error("Missing AWS-UI CSS")';
    expect(slim([{ path: MAIN, css }], [script]).get(MAIN)).toBe(':root{--awsui-version-info-543205d7:true}');
    expect(slim([{ path: MAIN, css }]).get(MAIN)).toBe('');
  });

  it('renames a property the same in every stylesheet of the build, and keeps one a chunk alone uses', () => {
    const out = slim([
      { path: MAIN, css: 'body{--space-m-abc123:16px;--space-l-xyz987:20px}' },
      { path: SCREEN, css: '.t{padding:var(--space-l-xyz987, 20px)}' },
    ]);
    expect(out.get(MAIN)).toBe('body{--0:20px}');
    expect(out.get(SCREEN)).toBe('.t{padding:var(--0)}');
  });

  it("leaves out of a screen's stylesheet the rules the shell's holds, and only those", () => {
    const shared = '.dropdown{position:absolute}@media (max-width:688px){.dropdown{width:100%}}@keyframes spin{0%{opacity:0}to{opacity:1}}';
    const out = slim([
      { path: SHELL, css: shared },
      {
        path: SCREEN,
        css: `${shared}.table{display:table}@media (min-width:1px){.dropdown{position:absolute}}@keyframes spin2{0%{opacity:0}}`,
        loadedAfter: [SHELL],
      },
    ]);
    expect(out.get(SHELL)).toBe(shared);
    expect(out.get(SCREEN)).toBe('.table{display:table}@media (min-width:1px){.dropdown{position:absolute}}@keyframes spin2{0%{opacity:0}}');
  });
});

import postcss, { type ChildNode, type Container, type Declaration, type Root } from 'postcss';

/**
 * Cloudscape's stylesheets carry what the portal never shows: the rules of its other modes (dark,
 * compact, motion off), a design-token custom property for every token of every component (with
 * long names and a fallback at each use), and the rules a lazily loaded screen shares with the shell
 * it is shown in. These passes take that out of the built stylesheets, each one a change no page can
 * tell apart (docs/web.md, "Stylesheets").
 */

/**
 * Classes that switch Cloudscape's other modes on (`applyMode`, `applyDensity`, `disableMotion` of
 * global-styles): the portal calls none of them, and Cloudscape sets them on its portals only where
 * an ancestor has them. A rule that needs one of them never applies.
 */
const UNSET_MODE_CLASS = /\.awsui-(?:polaris-)?(?:dark-mode|compact-mode|motion-disabled)(?![\w-])/;

/**
 * Cloudscape's "one theme" is a flag of AWS consoles: no element of the portal has the class, so
 * this :where() (no specificity of its own) matches wherever it is written.
 */
const ONE_THEME_WHERE = ':where(:not(.awsui-one-theme):not(.awsui-one-theme *))';

/** Elements outside `body`, where the theme's custom properties are not defined. */
const OUTSIDE_BODY = /(?:^|[\s>+~(,])(?:html|:root)(?![\w-])|::backdrop/;

const VAR_REF = /var\(\s*(--[\w-]+)/g;
const JS_CUSTOM_PROPERTY = /--[A-Za-z_][\w-]*/g;
/**
 * A custom property a script names by a template, its start written out: Cloudscape reads
 * `--awsui-version-info-${GIT_SHA}` on body to tell that its CSS is loaded, and says in the
 * console that it is missing when the property is not there.
 */
const JS_CUSTOM_PROPERTY_PREFIX = /(--[A-Za-z_][\w-]*)\$\{/g;

export interface Stylesheet {
  /** The file's path, as it is written. */
  path: string;
  css: string;
  /** Stylesheets always loaded before this one: rules they hold are left out of it. */
  loadedAfter?: string[];
}

/** The selector with what is inside parentheses left out: what an element itself must have. */
const outsideParentheses = (selector: string) => {
  let depth = 0;
  let out = '';
  for (const char of selector) {
    if (char === '(') depth += 1;
    if (depth === 0) out += char;
    if (char === ')') depth -= 1;
  }
  return out;
};

/** A rule or at-rule with no children left, and its parents that are left empty by its removal. */
function removeEmpty(container: Container): void {
  container.each((node) => {
    if (node.type === 'rule' || (node.type === 'atrule' && node.nodes !== undefined)) {
      removeEmpty(node);
      if (node.nodes?.length === 0) node.remove();
    }
  });
}

/** A key for a rule that holds no other rules: its at-rules, selector and declarations. */
function ruleKey(node: ChildNode): string | undefined {
  if (node.type === 'comment') return undefined;
  if (node.type === 'rule' && node.nodes.some((child) => child.type !== 'decl')) return undefined;
  if (node.type === 'atrule' && node.nodes && !/keyframes$|^font-face$/.test(node.name)) return undefined;
  const context: string[] = [];
  for (let parent = node.parent; parent && parent.type === 'atrule'; parent = parent.parent) context.push(`@${parent.name} ${parent.params}`);
  return `${context.join('|')}#${node.toString()}`;
}

/** The rules that hold no other rules (a whole @keyframes or @font-face counts as one). */
function leafRules(container: Container): ChildNode[] {
  return (container.nodes ?? []).flatMap((node) => {
    if (ruleKey(node) !== undefined) return [node];
    return node.type === 'atrule' && node.nodes ? leafRules(node) : [];
  });
}

/**
 * Custom properties with a value in every element of the page: those the theme declares on `body`
 * whose every declaration refers only to others of them.
 */
function definedEverywhere(roots: Root[], declarations: Map<string, Declaration[]>): Set<string> {
  const onBody = new Set<string>();
  for (const root of roots) {
    root.walkRules('body', (rule) => {
      for (const node of rule.nodes) if (node.type === 'decl' && node.prop.startsWith('--')) onBody.add(node.prop);
    });
  }
  let changed = true;
  while (changed) {
    changed = false;
    for (const name of onBody) {
      const declared = declarations.get(name) ?? [];
      const sound = declared.every(
        (decl) =>
          !/^(?:initial|inherit|unset|revert|revert-layer)$/.test(decl.value.trim()) && [...decl.value.matchAll(VAR_REF)].every(([, ref]) => onBody.has(ref!)),
      );
      if (!sound) {
        onBody.delete(name);
        changed = true;
      }
    }
  }
  return onBody;
}

/** `var(--name, fallback)` without the fallback, for the names in `names`. */
function withoutFallbacks(value: string, names: Set<string>): string {
  let out = '';
  let at = 0;
  for (;;) {
    const start = value.indexOf('var(', at);
    if (start < 0) return out + value.slice(at);
    const name = /^var\(\s*(--[\w-]+)\s*,/.exec(value.slice(start));
    if (!name || !names.has(name[1]!)) {
      out += value.slice(at, start + 4);
      at = start + 4;
      continue;
    }
    let depth = 1;
    let end = start + 4;
    while (depth > 0 && end < value.length) {
      if (value[end] === '(') depth += 1;
      if (value[end] === ')') depth -= 1;
      end += 1;
    }
    out += `${value.slice(at, start)}var(${name[1]})`;
    at = end;
  }
}

/**
 * The stylesheets of one build, made smaller together (a custom property one of them uses must stay
 * declared in another). `scripts` are the build's JavaScript: a custom property they name is kept,
 * and keeps its name.
 */
export function slimStylesheets(sheets: Stylesheet[], scripts: string[]): Map<string, string> {
  const roots = new Map(sheets.map((sheet) => [sheet.path, postcss.parse(sheet.css, { from: sheet.path })]));

  // Rules of the modes the portal never sets, and the one-theme scope no element is in.
  for (const root of roots.values()) {
    root.walkRules((rule) => {
      const kept = rule.selectors.filter((selector) => !UNSET_MODE_CLASS.test(outsideParentheses(selector)));
      if (kept.length === 0) rule.remove();
      else rule.selector = kept.map((selector) => selector.split(ONE_THEME_WHERE).join('')).join(',');
    });
  }

  // What a stylesheet loaded before holds already applies.
  for (const sheet of sheets) {
    if (!sheet.loadedAfter?.length) continue;
    const before = new Set(sheet.loadedAfter.flatMap((file) => leafRules(roots.get(file)!).map((node) => ruleKey(node)!)));
    for (const node of leafRules(roots.get(sheet.path)!)) if (before.has(ruleKey(node)!)) node.remove();
  }

  // Custom properties: which are used, from the declarations that are not custom properties and the scripts.
  const namedExactly = new Set(scripts.flatMap((script) => script.match(JS_CUSTOM_PROPERTY) ?? []));
  const prefixes = [...new Set(scripts.flatMap((script) => [...script.matchAll(JS_CUSTOM_PROPERTY_PREFIX)].map(([, prefix]) => prefix!)))];
  const namedByScript = (name: string) => namedExactly.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
  const declarations = new Map<string, Declaration[]>();
  const used = new Set<string>();
  const pending: string[] = [];
  for (const root of roots.values()) {
    root.walkDecls((decl) => {
      if (decl.prop.startsWith('--')) {
        declarations.set(decl.prop, [...(declarations.get(decl.prop) ?? []), decl]);
        if (namedByScript(decl.prop)) pending.push(decl.prop);
      } else for (const [, ref] of decl.value.matchAll(VAR_REF)) pending.push(ref!);
    });
  }
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    for (const decl of declarations.get(name) ?? []) for (const [, ref] of decl.value.matchAll(VAR_REF)) pending.push(ref!);
  }
  for (const [name, declared] of declarations) if (!used.has(name)) for (const decl of declared) decl.remove();

  // The fallback of a custom property every element has is never used; and the names, short.
  const everywhere = definedEverywhere([...roots.values()], declarations);
  const short = new Map<string, string>();
  const rename = (name: string) => {
    if (namedByScript(name)) return name;
    if (!short.has(name)) short.set(name, `--${short.size.toString(36)}`);
    return short.get(name)!;
  };
  for (const root of roots.values()) {
    root.walkDecls((decl) => {
      const parent = decl.parent;
      const inBody = !(parent?.type === 'rule' && 'selector' in parent && OUTSIDE_BODY.test(String(parent.selector)));
      let value = inBody ? withoutFallbacks(decl.value, everywhere) : decl.value;
      value = value.replace(VAR_REF, (match: string, name: string) => match.replace(name, rename(name)));
      decl.value = value;
      if (decl.prop.startsWith('--')) decl.prop = rename(decl.prop);
    });
    removeEmpty(root);
  }
  return new Map([...roots].map(([file, root]) => [file, root.toString()]));
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every text the web shows comes from shared/messages (docs/web.md), so it has its Hebrew: this
 * walks web/src and fails on words written into a screen, as JSX text or as a string given to a
 * prop that people read or hear (a label, a header, an aria label, ...).
 */
const WEB_SRC = path.resolve(__dirname, '../../web/src');

/** Props whose string value is shown or read aloud. */
const SHOWN_PROPS = new Set([
  'label',
  'header',
  'description',
  'placeholder',
  'ariaLabel',
  'title',
  'alt',
  'text',
  'errorText',
  'constraintText',
  'loadingText',
  'empty',
  'closeAriaLabel',
  'filteringPlaceholder',
  'filteringAriaLabel',
  'info',
  'content',
  'dismissAriaLabel',
  'nextMonthAriaLabel',
  'previousMonthAriaLabel',
  'todayAriaLabel',
  'aria-label',
]);

/** Words a reader would take for text: two letters or more. Units and symbols alone ('h', '%', '°C') are caught too when they spell a word. */
const WORDS = /[A-Za-z]{2,}/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface Found {
  file: string;
  line: number;
  text: string;
}

function hardCodedTexts(file: string): Found[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Found[] = [];
  const note = (node: ts.Node, text: string) =>
    found.push({ file: path.relative(WEB_SRC, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) note(node, node.text);
    if (ts.isJsxAttribute(node) && SHOWN_PROPS.has(node.name.getText()) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) && WORDS.test(value.text)) note(node, value.text);
    }
    // `{ label: 'Words' }` in an options list or an i18nStrings object.
    if (ts.isPropertyAssignment(node) && SHOWN_PROPS.has(node.name.getText()) && ts.isStringLiteral(node.initializer) && WORDS.test(node.initializer.text)) {
      note(node, node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('finds no hard-coded user-facing English in web/src (every text comes from shared/messages)', () => {
  const found = files(WEB_SRC).flatMap(hardCodedTexts);
  expect(found.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([]);
});

it('catches a hard-coded text (the check itself)', () => {
  const file = path.join(__dirname, 'fixtures', 'hard-coded-text.tsx');
  expect(hardCodedTexts(file).map(({ text }) => text)).toEqual(['Patients', 'Save changes', 'Close the dialog']);
});

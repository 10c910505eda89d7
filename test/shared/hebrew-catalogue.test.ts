import * as english from '@shared/messages';
import * as hebrew from '@shared/messages/he';
import type { Translation } from '@shared/messages/translation';

// The type check's half of the contract: every English area has a Hebrew twin under the same name.
const catalogue: Translation<typeof english> = hebrew;

/** The leaves that are rightly not Hebrew, by their path in the catalogue. */
const notHebrew = new Set([
  // The portal's and the maker's names, kept as the product is called.
  'sessionScreens.productName',
  'shell.copyright',
  // Clinical and device acronyms, read the same in a Hebrew clinic.
  'patients.labels.GFR',
  'patients.highlights.series.uf',
  'patients.highlights.series.turbidity',
  'visits.screen.highlightLabels.uf',
  'prescriptions.screen.serialNumber',
  'visits.screen.prescriptionFields.serialNumber',
  'deviceScreens.settings.BloodMAC',
  'deviceScreens.settings.ScaleMAC',
  // The dash of an empty cell, and a date range that is only its two dates.
  'visits.screen.noValue',
  'userScreens.notSet',
  'visits.screen.range',
  // File names, which other systems and mail attachments read.
  'careWeek.csvFileName',
  'clinicScreens.csvFileName',
  'userScreens.csvFileName',
  'deviceScreens.csvFileName',
  'providers.list.spreadsheetFileName',
  // The formats the date and time inputs parse, shown as their placeholders.
  'widgets.fields.dateFormat',
  'widgets.fields.timeFormat',
  // The language choice names each language in its own words.
  'shell.languageNames.en',
  // An alert's reasons joined, each reason a text of its own template.
  'alerts.weightReasons',
]);

/** The templates taking a list, by the positions of its list arguments. */
const listArguments: Record<string, readonly number[]> = { 'prescriptions.summary': [1], 'alerts.weightReasons': [0], 'alerts.bloodPressure': [2] };

type Template = (...args: unknown[]) => string;
type Leaf = { path: string; english: unknown; hebrew: unknown };
type Node = { path: string; english: object; hebrew: unknown };

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** Walks both catalogues side by side: every leaf (text or template) and every inner node (area, group, list). */
function walk(englishNode: unknown, hebrewNode: unknown, path: string, leaves: Leaf[], nodes: Node[]) {
  if (!isObject(englishNode)) {
    leaves.push({ path, english: englishNode, hebrew: hebrewNode });
    return;
  }
  nodes.push({ path, english: englishNode, hebrew: hebrewNode });
  for (const [key, value] of Object.entries(englishNode)) {
    const child = isObject(hebrewNode) ? (hebrewNode as Record<string, unknown>)[key] : undefined;
    walk(value, child, path ? `${path}.${key}` : key, leaves, nodes);
  }
}

const leaves: Leaf[] = [];
const nodes: Node[] = [];
walk(english, catalogue, '', leaves, nodes);
const texts = leaves.filter((leaf) => typeof leaf.english === 'string');
const templates = leaves.filter((leaf) => typeof leaf.english === 'function');

const hasHebrewLetter = (text: string) => /[\u05d0-\u05ea]/.test(text);

/** Sample arguments: strings X1, X2, ...; all ones (a count's singular); numbers 7, 8, ...; a list where the template takes one. */
function sampleArguments(path: string, arity: number): unknown[][] {
  const lists = listArguments[path] ?? [];
  const shaped = (values: unknown[]) => values.map((value, index) => (lists.includes(index) ? [`${String(value)}a`, `${String(value)}b`] : value));
  const positions = Array.from({ length: arity }, (_, index) => index);
  return [positions.map((index) => `X${index + 1}`), positions.map(() => 1), positions.map((index) => index + 7)].map(shaped);
}

/** The values a call's output may show: each argument, each element of a list argument. */
const shownValues = (args: unknown[]) => args.flatMap((arg) => (Array.isArray(arg) ? arg : [arg])).map(String);

describe('the Hebrew message catalogue (shared/messages/he)', () => {
  it('walks a catalogue of every area', () => {
    expect(Object.keys(hebrew).sort()).toEqual(Object.keys(english).sort());
    expect(texts.length).toBeGreaterThan(500);
    expect(templates.length).toBeGreaterThan(50);
  });

  it.each(nodes.map((node) => [node.path || '(catalogue)', node] as const))('%s has the English keys and no other', (_, node) => {
    expect(isObject(node.hebrew)).toBe(true);
    expect(Object.keys(node.hebrew as object).sort()).toEqual(Object.keys(node.english).sort());
    if (Array.isArray(node.english)) expect((node.hebrew as unknown[]).length).toBe(node.english.length);
  });

  it.each(texts.map((leaf) => [leaf.path, leaf] as const))('%s is a Hebrew text', (path, leaf) => {
    expect(typeof leaf.hebrew).toBe('string');
    const text = leaf.hebrew as string;
    expect(text.trim()).not.toBe('');
    if (!notHebrew.has(path)) expect(hasHebrewLetter(text)).toBe(true);
  });

  it.each(templates.map((leaf) => [leaf.path, leaf] as const))('%s shows the values the English template shows', (path, leaf) => {
    expect(typeof leaf.hebrew).toBe('function');
    const englishTemplate = leaf.english as Template;
    const hebrewTemplate = leaf.hebrew as Template;
    for (const args of sampleArguments(path, englishTemplate.length)) {
      const englishText = englishTemplate(...args);
      const hebrewText = hebrewTemplate(...args);
      expect(typeof hebrewText).toBe('string');
      if (!notHebrew.has(path)) expect(hasHebrewLetter(hebrewText)).toBe(true);
      const expected = shownValues(args).filter((value) => englishText.includes(value));
      expect(expected.filter((value) => !hebrewText.includes(value))).toEqual([]);
    }
  });

  it('lists no exception that is not a leaf of the catalogue', () => {
    const paths = new Set(leaves.map((leaf) => leaf.path));
    expect([...notHebrew].filter((path) => !paths.has(path))).toEqual([]);
    expect(Object.keys(listArguments).filter((path) => !paths.has(path))).toEqual([]);
  });
});

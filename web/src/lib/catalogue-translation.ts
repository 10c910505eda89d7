import type { InstalledTranslation } from './language';

type Template = (...args: never[]) => string;
type Node = Record<string, unknown>;

/** A template's English output with its arguments as groups, and the translated template. */
interface ReversedTemplate {
  pattern: RegExp;
  /** Characters of fixed text: the more a template fixes, the earlier it is tried. */
  fixed: number;
  translated: (...groups: unknown[]) => string;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const placeholder = (index: number) => `\uE000${index}\uE001`;

/**
 * The pattern of a template's English output, found by calling it with placeholders; none when an
 * argument does not reach the text as it was given (a count picking a word, a flag, a list).
 */
function reverse(english: Template, translated: Template): ReversedTemplate | undefined {
  const count = english.length;
  if (count === 0) return undefined;
  const args = Array.from({ length: count }, (_, index) => placeholder(index));
  let output: string;
  try {
    output = (english as (...args: string[]) => string)(...args);
  } catch {
    return undefined; // an argument that is not text (a list joined)
  }
  if (args.some((arg) => output.split(arg).length !== 2)) return undefined;
  const order: number[] = [];
  const source = output
    .split(/(\uE000\d+\uE001)/)
    .map((part) => {
      const match = /^\uE000(\d+)\uE001$/.exec(part);
      if (!match) return escape(part);
      order.push(Number(match[1]));
      return '(.+?)';
    })
    .join('');
  const pattern = new RegExp(`^${source}$`, 's');
  const fixed = output.length - args.join('').length;
  // The groups come in the order they appear in the text; the template takes them in its own order.
  const reordered = (...groups: unknown[]) => {
    const inOrder: unknown[] = [];
    order.forEach((argument, index) => (inOrder[argument] = groups[index]));
    return (translated as (...args: unknown[]) => string)(...inOrder);
  };
  return { pattern, fixed, translated: reordered };
}

/**
 * Writes a translated catalogue over the English one, in place, so every module holding an English
 * area object reads the translation without changing its import; returns how to translate the
 * texts that left the catalogue before (messages built into schemas, the server's answers).
 *
 * A list of stored values (`storedValues`) is not written over: the forms keep storing the English
 * value and show the label of the same position. A top-level template (`required`) cannot be
 * written over from outside its module; its outputs are translated through `translate`.
 */
export function installTranslation(
  english: Node,
  translated: Node,
  storedValues: readonly (readonly string[])[] = [],
): Omit<InstalledTranslation, 'alertText'> {
  const exact = new Map<string, string>();
  const templates: ReversedTemplate[] = [];
  const labels = new Map<readonly string[], readonly string[]>();

  const remember = (englishText: string, translatedText: string) => {
    if (!exact.has(englishText)) exact.set(englishText, translatedText);
  };

  const walk = (from: Node | unknown[], to: Node | unknown[]) => {
    for (const key of Object.keys(to)) {
      const englishValue = (from as Node)[key];
      const translatedValue = (to as Node)[key];
      if (typeof englishValue === 'string' && typeof translatedValue === 'string') {
        remember(englishValue, translatedValue);
        (from as Node)[key] = translatedValue;
      } else if (typeof englishValue === 'function' && typeof translatedValue === 'function') {
        const reversed = reverse(englishValue as Template, translatedValue as Template);
        if (reversed) templates.push(reversed);
        (from as Node)[key] = translatedValue;
      } else if (Array.isArray(englishValue) && Array.isArray(translatedValue)) {
        if (storedValues.includes(englishValue as string[])) {
          labels.set(englishValue as string[], translatedValue as string[]);
          englishValue.forEach((text, index) => typeof text === 'string' && remember(text, String(translatedValue[index])));
        } else walk(englishValue, translatedValue);
      } else if (isNode(englishValue) && isNode(translatedValue)) walk(englishValue, translatedValue);
    }
  };
  for (const area of Object.keys(translated)) {
    const englishArea = english[area];
    const translatedArea = translated[area];
    if (isNode(englishArea) && isNode(translatedArea)) walk(englishArea, translatedArea);
    else if (typeof englishArea === 'function' && typeof translatedArea === 'function') {
      const reversed = reverse(englishArea as Template, translatedArea as Template);
      if (reversed) templates.push(reversed);
    }
  }
  templates.sort((a, b) => b.fixed - a.fixed);

  const argument = (text: string): unknown => {
    if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    return exact.get(text) ?? text;
  };
  const translate = (text: string): string => {
    const known = exact.get(text);
    if (known !== undefined) return known;
    for (const template of templates) {
      const match = template.pattern.exec(text);
      if (match) return template.translated(...match.slice(1).map(argument));
    }
    return text;
  };
  return { translate, labels };
}

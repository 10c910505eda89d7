import type { alerts } from '../messages/alerts';
import type { Translation } from '../messages/translation';
import type { Alert, AlertFlag } from './alert';

/** The alert texts of a language: the English catalogue area, or a translation of it. */
export type AlertMessages = Translation<typeof alerts>;

type Template = (...args: never[]) => string;
type Call = (...args: unknown[]) => string;

/** A template's English output as a pattern, and the same template of the other language. */
interface ReadBack {
  pattern: RegExp;
  /** Characters of fixed text: the more a template fixes, the earlier it is tried. */
  fixed: number;
  /** Which argument each group is, in the order the groups appear. */
  order: number[];
  /** The argument that is a list, read from one group split at `separator`. */
  list?: { at: number; separator: string };
  translated: Call;
}

/**
 * The templates that join a list of parts, by the position of the list; each part is a text of
 * its own template. A compound text is read with its flag's template only: a list of one part
 * matches any text.
 */
const compound = {
  weightReasons: { at: 0, flags: ['WeightIncreasedAlert'] },
  bloodPressure: { at: 2, flags: ['BPDecreasedAlert', 'BPIncreaseAlert'] },
} as const satisfies Partial<Record<keyof typeof alerts, { at: number; flags: readonly AlertFlag[] }>>;

const placeholder = (index: number) => `\uE000${index}\uE001`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Reads a template back: calls it with placeholders (two for a list, to learn what joins its
 * parts) and turns the output into a pattern, a group where an argument first appears and a
 * back-reference where it repeats (a unit named twice).
 */
function readBack(english: Template, translated: Template, listAt?: number): ReadBack | undefined {
  const args: unknown[] = Array.from({ length: english.length }, (_, index) => placeholder(index));
  let list: ReadBack['list'];
  const first = `${placeholder(listAt ?? 0)}a`;
  const second = `${placeholder(listAt ?? 0)}b`;
  if (listAt !== undefined) args[listAt] = [first, second];
  let output: string;
  try {
    output = (english as Call)(...args);
  } catch {
    return undefined; // a list not declared in `compound`: its text cannot be read back
  }
  if (listAt !== undefined) {
    const start = output.indexOf(first);
    const end = output.indexOf(second);
    if (start < 0 || end < start) return undefined;
    list = { at: listAt, separator: output.slice(start + first.length, end) };
    output = output.slice(0, start) + placeholder(listAt) + output.slice(end + second.length);
  }
  const order: number[] = [];
  let fixed = 0;
  const source = output
    .split(/(\uE000\d+\uE001)/)
    .map((part) => {
      const match = /^\uE000(\d+)\uE001$/.exec(part);
      if (!match) {
        fixed += part.length;
        return escape(part);
      }
      const argument = Number(match[1]);
      const seen = order.indexOf(argument);
      if (seen >= 0) return `\\${seen + 1}`;
      order.push(argument);
      return argument === list?.at ? '(.+)' : '(.+?)';
    })
    .join('');
  if (order.length !== english.length) return undefined;
  return { pattern: new RegExp(`^${source}$`, 's'), fixed, order, list, translated: translated as Call };
}

/** Every template of an area and its twin, walking groups of templates (the periods). */
function templatesOf(english: object, translated: object, found: Array<[string, Template, Template]> = []): Array<[string, Template, Template]> {
  for (const [key, value] of Object.entries(english)) {
    const twin = (translated as Record<string, unknown>)[key];
    if (typeof value === 'function' && typeof twin === 'function') found.push([key, value as Template, twin as Template]);
    else if (typeof value === 'object' && value !== null && typeof twin === 'object' && twin !== null) templatesOf(value as object, twin, found);
  }
  return found;
}

/**
 * How stored alerts read in another language: from the English alert texts (`english`, as the
 * rules write them) to `translated`'s. An alert's text is matched against the templates, each
 * value read back as it was given (a number as a number, a text that is itself a template's
 * output translated too) and handed to the other language's template; a compound text is split
 * into its parts and each part translated. A text no template made (an older wording, a change
 * by hand) is returned as stored.
 *
 * Build it before the English area is written over (the web installs a language in place).
 */
export function alertTextTranslator(english: AlertMessages, translated: AlertMessages): (alert: Pick<Alert, 'flag' | 'textValue'>) => string {
  const parts: ReadBack[] = [];
  const joined = new Map<AlertFlag, ReadBack>();
  for (const [key, englishTemplate, translatedTemplate] of templatesOf(english, translated)) {
    const joining = (compound as Record<string, { at: number; flags: readonly AlertFlag[] } | undefined>)[key];
    const readBackTemplate = readBack(englishTemplate, translatedTemplate, joining?.at);
    if (!readBackTemplate) continue;
    if (joining) for (const flag of joining.flags) joined.set(flag, readBackTemplate);
    else parts.push(readBackTemplate);
  }
  parts.sort((a, b) => b.fixed - a.fixed);

  function apply(template: ReadBack, text: string): string | undefined {
    const match = template.pattern.exec(text);
    if (!match) return undefined;
    const args: unknown[] = [];
    for (const [index, argument] of template.order.entries()) {
      const group = match[index + 1] ?? '';
      if (argument === template.list?.at) {
        const items = group.split(template.list.separator).map(part);
        if (items.some((item) => item === undefined)) return undefined;
        args[argument] = items;
      } else args[argument] = NUMBER.test(group) ? Number(group) : (part(group) ?? group);
    }
    return template.translated(...args);
  }
  function part(text: string): string | undefined {
    for (const template of parts) {
      const result = apply(template, text);
      if (result !== undefined) return result;
    }
    return undefined;
  }

  return (alert) => {
    const whole = joined.get(alert.flag);
    return (whole ? apply(whole, alert.textValue) : part(alert.textValue)) ?? alert.textValue;
  };
}

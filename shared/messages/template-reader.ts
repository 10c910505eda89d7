/**
 * Reading a template's output back into its arguments: how a text that left the catalogue in
 * English (a stored alert, a message built into a schema, a server's answer) is shown in another
 * language. The template is called with placeholders and its output turned into a pattern, a group
 * where an argument appears, so a text it made gives back the arguments it was made with.
 */

export type Template = (...args: never[]) => string;

export interface TemplateReader {
  pattern: RegExp;
  /** Characters of fixed text: the more a template fixes, the earlier it is tried. */
  fixed: number;
  /** Which argument each group is, in the order the groups appear. */
  order: number[];
  /** The argument that is a list, read from one group split at `separator`. */
  list?: { at: number; separator: string };
}

export interface ReadOptions {
  /** The argument that is a list of texts: it is called with two, to learn what joins a list's parts. */
  listAt?: number;
  /** An argument shown twice (a unit named twice) is matched the second time by a back-reference; else such a template is refused. */
  repeated?: boolean;
}

const placeholder = (index: number) => `\uE000${index}\uE001`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * How to read `template`'s output back; none when an argument does not reach the text as it was
 * given (a count picking a word, a flag, a list not named by `listAt`), or reaches it twice
 * without `repeated`.
 */
export function readTemplate(template: Template, options: ReadOptions = {}): TemplateReader | undefined {
  const { listAt, repeated = false } = options;
  const args: unknown[] = Array.from({ length: template.length }, (_, index) => placeholder(index));
  const first = `${placeholder(listAt ?? 0)}a`;
  const second = `${placeholder(listAt ?? 0)}b`;
  if (listAt !== undefined) args[listAt] = [first, second];
  let output: string;
  try {
    output = (template as (...args: unknown[]) => string)(...args);
  } catch {
    return undefined; // an argument that is not text (a list not named by listAt)
  }
  let list: TemplateReader['list'];
  if (listAt !== undefined) {
    const start = output.indexOf(first);
    const end = output.indexOf(second);
    if (start < 0 || end < start) return undefined;
    list = { at: listAt, separator: output.slice(start + first.length, end) };
    output = output.slice(0, start) + placeholder(listAt) + output.slice(end + second.length);
  }
  const order: number[] = [];
  let fixed = 0;
  let repeats = false;
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
      if (seen >= 0) {
        repeats = true;
        return `\\${seen + 1}`;
      }
      order.push(argument);
      return argument === list?.at ? '(.+)' : '(.+?)';
    })
    .join('');
  if (order.length !== template.length || (repeats && !repeated)) return undefined;
  return { pattern: new RegExp(`^${source}$`, 's'), fixed, order, list };
}

/** A template read back, and the same template of another language to hand its arguments to. */
export interface TranslatedTemplate extends TemplateReader {
  translated: (...args: unknown[]) => string;
}

export function readTranslated(english: Template, translated: Template, options?: ReadOptions): TranslatedTemplate | undefined {
  const reader = readTemplate(english, options);
  return reader && { ...reader, translated: translated as TranslatedTemplate['translated'] };
}

/**
 * The arguments `text` was made with, in the template's order, or none when the template did not
 * make it. Each group is read by `read` (a list's parts one by one, `inList` set); a part read as
 * undefined means the text is not this template's. A number reads as a number.
 */
export function argumentsOf(reader: TemplateReader, text: string, read: (group: string, inList: boolean) => unknown): unknown[] | undefined {
  const match = reader.pattern.exec(text);
  if (!match) return undefined;
  const args: unknown[] = [];
  for (const [index, argument] of reader.order.entries()) {
    const group = match[index + 1] ?? '';
    if (argument === reader.list?.at) {
      const items = group.split(reader.list.separator).map((item) => read(item, true));
      if (items.some((item) => item === undefined)) return undefined;
      args[argument] = items;
    } else args[argument] = NUMBER.test(group) ? Number(group) : read(group, false);
  }
  return args;
}

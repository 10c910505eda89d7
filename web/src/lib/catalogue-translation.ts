import { argumentsOf, readTranslated, type Template, type TranslatedTemplate } from '@shared/messages/template-reader';
import type { InstalledTranslation } from './language';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A template taking arguments, each reaching its text once as given; none otherwise (a count picking a word, a flag, a list). */
function reverse(english: Template, translated: Template): TranslatedTemplate | undefined {
  return english.length === 0 ? undefined : readTranslated(english, translated);
}

/**
 * Writes a translated catalogue over the English one, in place, so every module holding an English
 * area object reads the translation without changing its import; returns how to translate the
 * texts that left the catalogue before (messages built into schemas, the server's answers).
 *
 * `readBack` are templates read back that the walk cannot make itself (one taking a list, a count
 * picking a word), read from the English before it is written over.
 *
 * A list of stored values (`storedValues`) is not written over: the forms keep storing the English
 * value and show the label of the same position. A top-level template (`required`) cannot be
 * written over from outside its module; its outputs are translated through `translate`.
 */
export function installTranslation(
  english: Node,
  translated: Node,
  storedValues: readonly (readonly string[])[] = [],
  readBack: readonly TranslatedTemplate[] = [],
): Omit<InstalledTranslation, 'alertText'> {
  const exact = new Map<string, string>();
  const templates: TranslatedTemplate[] = [...readBack];
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

  const translate = (text: string): string => {
    const known = exact.get(text);
    if (known !== undefined) return known;
    for (const template of templates) {
      const args = argumentsOf(template, text, (group) => exact.get(group) ?? group);
      if (args) return template.translated(...args);
    }
    return text;
  };
  return { translate, labels };
}

import type { alerts } from '../messages/alerts';
import { argumentsOf, readTranslated, type Template, type TranslatedTemplate } from '../messages/template-reader';
import type { Translation } from '../messages/translation';
import type { Alert, AlertFlag } from './alert';

/** The alert texts of a language: the English catalogue area, or a translation of it. */
export type AlertMessages = Translation<typeof alerts>;

/**
 * The templates that join a list of parts, by the position of the list; each part is a text of
 * its own template. A compound text is read with its flag's template only: a list of one part
 * matches any text.
 */
const compound = {
  weightReasons: { at: 0, flags: ['WeightIncreasedAlert'] },
  bloodPressure: { at: 2, flags: ['BPDecreasedAlert', 'BPIncreaseAlert'] },
} as const satisfies Partial<Record<keyof typeof alerts, { at: number; flags: readonly AlertFlag[] }>>;

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
  const parts: TranslatedTemplate[] = [];
  const joined = new Map<AlertFlag, TranslatedTemplate>();
  for (const [key, englishTemplate, translatedTemplate] of templatesOf(english, translated)) {
    const joining = (compound as Record<string, { at: number; flags: readonly AlertFlag[] } | undefined>)[key];
    // A unit named twice in a text is matched the second time by a back-reference.
    const readBackTemplate = readTranslated(englishTemplate, translatedTemplate, { listAt: joining?.at, repeated: true });
    if (!readBackTemplate) continue;
    if (joining) for (const flag of joining.flags) joined.set(flag, readBackTemplate);
    else parts.push(readBackTemplate);
  }
  parts.sort((a, b) => b.fixed - a.fixed);

  function apply(template: TranslatedTemplate, text: string): string | undefined {
    const args = argumentsOf(template, text, (group, inList) => (inList ? part(group) : (part(group) ?? group)));
    return args && template.translated(...args);
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

import type { Alert } from '@shared/alerts/alert';
import { LANGUAGES, type Language } from '@shared/language';
import { errors } from '@shared/messages/errors';
import { navigation } from '@shared/messages/navigation';
import { sessionScreens } from '@shared/messages/session-screens';
import { session } from '@shared/messages/session';
import { shell } from '@shared/messages/shell';
import { twoFactorSetup } from '@shared/messages/two-factor-setup';
import { widgets } from '@shared/messages/widgets';
import { readKept, writeKept } from './kept-in-browser';

export type { Language };

/** Where this browser keeps the language it shows (the signed-in user's choice, once known). */
const STORAGE_KEY = 'pd-portal.language';

/** What the Hebrew chunk installs: the texts not held by the catalogue's objects, and the option lists' labels. */
export interface InstalledTranslation {
  /** The text in the current language of an English catalogue text (a template's output too); any other text as it is. */
  translate: (text: string) => string;
  /** The labels shown for a list of stored values (`patients.racialOptions`): label i for stored value i. */
  labels: ReadonlyMap<readonly string[], readonly string[]>;
  /** A stored alert's text in the language (shared/alerts/alert-text.ts). */
  alertText: (alert: Pick<Alert, 'flag' | 'textValue'>) => string;
}

/**
 * The English areas /login loads anyway, handed to the Hebrew chunk instead of imported there: an
 * area both import would leave /login's chunk for a shared one of its own, a file more for /login
 * each (docs/web.md, "Languages"). Listing an area /login does not use would pull it into /login.
 */
const loginAreas = { errors, navigation, session, sessionScreens, shell, twoFactorSetup, widgets };
export type LoginAreas = typeof loginAreas;

let current: Language = 'en';
let installed: InstalledTranslation | undefined;

/** 'he' when the browser's first language that the portal has is Hebrew, else English. */
export function browserLanguage(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    // 'iw' is the code older systems still send for Hebrew.
    if (base === 'he' || base === 'iw') return 'he';
    if (base === 'en') return 'en';
  }
  return 'en';
}

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The language kept in this browser, if any. */
export function keptLanguage(): Language | undefined {
  const kept = readKept(STORAGE_KEY);
  return isLanguage(kept) ? kept : undefined;
}

/** Keeps the language for the next loads of this browser. */
export function keepLanguage(language: Language): void {
  // Where storage is refused, the language follows the browser's on the next load.
  writeKept(STORAGE_KEY, language);
}

/** The language the page shows. */
export const currentLanguage = (): Language => current;

/** The locale for `Intl`: Hebrew (Israel), or the browser's own for English, as the screens always had. */
export const currentLocale = (): string | undefined => (current === 'he' ? 'he-IL' : undefined);

/** A text in the current language: the English catalogue's texts (and templates' outputs) translated, others unchanged. */
export const translateText = (text: string): string => (installed ? installed.translate(text) : text);

/**
 * An alert's text in the current language: stored in English as the rule wrote it, shown in Hebrew
 * through the templates that made it (a text none made stays as stored).
 */
export const alertText = (alert: Pick<Alert, 'flag' | 'textValue'>): string => (installed ? installed.alertText(alert) : alert.textValue);

/** The labels of a list of stored values in the current language, in the same order. */
export const labelsOf = (values: readonly string[]): readonly string[] => installed?.labels.get(values) ?? values;

/**
 * Puts the page in `language` before anything renders: `<html lang dir>`, and for Hebrew its
 * catalogue, a chunk of its own that English pages never load, written over the English texts
 * every screen reads.
 */
export async function startLanguage(language: Language = keptLanguage() ?? browserLanguage()): Promise<void> {
  if (language === 'he' && !installed) {
    const { installHebrew } = await import('./hebrew');
    installed = installHebrew(loginAreas);
  }
  current = language;
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'he' ? 'rtl' : 'ltr';
}

/**
 * Shows the portal in `language`: kept for this browser, then the page loads again (the English
 * texts are written over in place, so going back to English needs a fresh load).
 */
export function switchLanguage(language: Language): void {
  keepLanguage(language);
  // Only when the next load starts in it: with storage refused it would start in the browser's
  // language again, and the profile's language would reload it again, without end.
  if (language !== current && keptLanguage() === language) page.reload();
}

/** How the page loads again; a test stands in for it (jsdom cannot reload). */
export const page = { reload: () => window.location.reload() };

/** Whether the page reads right to left: charts then run time from right to left, their value axis on the right. */
export const rightToLeft = (): boolean => current === 'he';

/** A chart's margins with `end` on the side the time axis runs to (right in English, left in Hebrew). */
export const chartMargin = (end: number) => (rightToLeft() ? { top: 8, right: 0, bottom: 8, left: end } : { top: 8, right: end, bottom: 8, left: 0 });

/** The arrows of buttons that go back and forth in time: time runs right to left in Hebrew, so they swap. */
export const earlierIcon = () => (rightToLeft() ? ('angle-right' as const) : ('angle-left' as const));
export const laterIcon = () => (rightToLeft() ? ('angle-left' as const) : ('angle-right' as const));

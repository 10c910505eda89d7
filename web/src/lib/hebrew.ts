// This chunk is loaded only for Hebrew (language.ts): it may hold every area, in both languages.
// eslint-disable-next-line no-restricted-imports
import * as english from '@shared/messages';
import * as hebrew from '@shared/messages/he';
import { installTranslation } from './catalogue-translation';
import type { InstalledTranslation } from './language';

/**
 * Writes the Hebrew catalogue over the English texts the screens read. The racial designations
 * are stored as their English words, so forms show the Hebrew label of the same position.
 */
export function installHebrew(): InstalledTranslation {
  return installTranslation(english, hebrew, [english.patients.racialOptions]);
}

import * as english from '@shared/messages';
import * as hebrew from '@shared/messages/he';

/**
 * The English texts of the catalogue that the Hebrew one words otherwise: on a page in Hebrew,
 * one of them shown as it is (a text node, an accessible name) is a text left in English. Read
 * from the two catalogues side by side, without writing either over.
 */
export function englishTextsOfTheCatalogue(): Set<string> {
  const found = new Set<string>();
  const walk = (from: unknown, to: unknown) => {
    if (typeof from === 'string' && typeof to === 'string') {
      if (from.trim() !== to.trim()) found.add(from.trim());
    } else if (from && to && typeof from === 'object' && typeof to === 'object')
      for (const key of Object.keys(to)) walk((from as Record<string, unknown>)[key], (to as Record<string, unknown>)[key]);
  };
  walk(english, hebrew);
  return found;
}

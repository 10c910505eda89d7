import type { settings as english } from '../settings';
import type { Translation } from '../translation';

export const settings: Translation<typeof english> = {
  empty: (field) => `השדה ${field} ריק`,
  mustBePositive: (field) => `הערך של ${field} חייב להיות גדול מ-0`,
  defaultBetween: (field, min, max) => `הערך של ${field} חייב להיות בין ${min} ל-${max}`,
  maxValue: (field, max) => `הערך המרבי של ${field} הוא ${max}`,
  minValue: (field, min) => `הערך המזערי של ${field} הוא ${min}`,
  utilizationOrder: 'ספי מצב הניצולת חייבים להיות בסדר יורד, מ"טובה" ועד "נמוכה"',
  notANumber: (field) => `הערך של ${field} חייב להיות מספר`,
  unknownUnit: (field) => `הערך של ${field} אינו יחידה תקינה`,
  unknownLanguage: (field) => `הערך של ${field} אינו שפה של הפורטל`,
};

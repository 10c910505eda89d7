import type { dialogs as english } from '../dialogs';
import type { Translation } from '../translation';

export const dialogs: Translation<typeof english> = {
  errorTitle: 'שגיאה',
  close: 'סגירה',
};

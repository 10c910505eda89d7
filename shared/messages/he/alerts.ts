import type { alerts as english } from '../alerts';
import type { Translation } from '../translation';

/** A unit whose first sign has no direction of its own (°C): kept left to right inside the Hebrew line. */
const ltr = (unit: string) => `\u2066${unit}\u2069`;

/** The prescription's day codes as a Hebrew calendar names the days; an unknown code is shown as it is. */
const dayNames: Readonly<Record<string, string>> = { SU: 'א׳', MO: 'ב׳', TU: 'ג׳', WE: 'ד׳', TH: 'ה׳', FR: 'ו׳', SA: 'ש׳' };

export const alerts: Translation<typeof english> = {
  machineProblem: (problem) => `תקלת מכשיר: ${problem}`,
  weightReasons: (reasons) => reasons.join('; '),
  aboveDryWeight: (weight, over, dryWeight, threshold) => `משקל ${weight} גבוה ב-${over} מהמשקל היבש ${dryWeight} (סף ${threshold})`,
  weightRose: (weight, rise, before, date, threshold, period) => `משקל ${weight} עלה ב-${rise} לעומת ${before} ב-${date} (סף ${threshold} בתוך ${period})`,
  onePeriod: {
    DAY: (count) => `${count} יום`,
    MONTH: (count) => `${count} חודש`,
    YEAR: (count) => `${count} שנה`,
  },
  periods: {
    DAY: (count) => `${count} ימים`,
    MONTH: (count) => `${count} חודשים`,
    YEAR: (count) => `${count} שנים`,
  },
  lowUf: (uf, drain, fill, threshold, percent) =>
    `UF ${uf} mL (ניקוז ${drain} mL פחות המילוי הקודם ${fill} mL) נמוך מ-${threshold} mL (${percent}% מהמילוי של ${fill} mL)`,
  lowUfOfFluid: (uf, drain, fill, threshold, percent, fluid) =>
    `UF ${uf} mL (ניקוז ${drain} mL פחות המילוי הקודם ${fill} mL) נמוך מ-${threshold} mL (${percent}% ממילוי ${fluid} של ${fill} mL)`,
  bloodPressure: (systolic, diastolic, findings) => `לחץ דם ${systolic}/${diastolic} mmHg: ${findings.join(', ')}`,
  systolicBelow: (systolic, limit) => `סיסטולי ${systolic} מתחת ל-${limit} mmHg`,
  diastolicBelow: (diastolic, limit) => `דיאסטולי ${diastolic} מתחת ל-${limit} mmHg`,
  systolicAbove: (systolic, limit) => `סיסטולי ${systolic} מעל ${limit} mmHg`,
  diastolicAbove: (diastolic, limit) => `דיאסטולי ${diastolic} מעל ${limit} mmHg`,
  highPulse: (pulse, limit) => `דופק ${pulse} bpm מעל ${limit} bpm`,
  lowPulse: (pulse, limit) => `דופק ${pulse} bpm מתחת ל-${limit} bpm`,
  highDrainTemp: (temperature, limit, unit) => `טמפרטורת נוזל הניקוז ${temperature} ${ltr(unit)} מעל ${limit} ${ltr(unit)}`,
  noDrainRecorded: (threshold, percent, fill) => `לא נרשם נפח ניקוז; נדרש לפחות ${threshold} mL (${percent}% מהמילוי הקודם של ${fill} mL)`,
  drainBelow: (drain, threshold, percent, fill) => `נפח הניקוז ${drain} mL נמוך מ-${threshold} mL (${percent}% מהמילוי הקודם של ${fill} mL)`,
  turbidity: (figure, threshold) => `עכירות ${figure} NTU (ניקוז לעומת מילוי) מעל ${threshold} NTU`,
  skipped: (time, dayCode, date, timeZone, minutes) =>
    `החלפה שנקבעה במרשם לשעה ${time} ביום ${dayNames[dayCode] ?? dayCode} ${date} (${timeZone}) לא בוצעה בתוך ${minutes} דקות`,
};

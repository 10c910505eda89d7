import { lowUfAlert, type AlertFlag } from '@shared/alerts';
import { alertTextTranslator, type AlertMessages } from '@shared/alerts/alert-text';
import { alerts as english } from '@shared/messages/alerts';
import { alerts as hebrew } from '@shared/messages/he/alerts';
import { exchange, previous, settings } from './support';

/**
 * A stored alert read in Hebrew: each text as the rules write it (the rule tests hold these same
 * English texts) and the Hebrew a clinician reads for it. The compound texts are split into their
 * parts, each part translated, numbers and units kept.
 */
const cases: ReadonlyArray<[AlertFlag, string, string]> = [
  ['HighPulseAlert', 'Pulse 101 bpm is above 100 bpm', 'דופק 101 bpm מעל 100 bpm'],
  ['LowPulseAlert', 'Pulse 49 bpm is below 50 bpm', 'דופק 49 bpm מתחת ל-50 bpm'],
  ['BPIncreaseAlert', 'Blood pressure 141/80 mmHg: systolic 141 is above 140 mmHg', 'לחץ דם 141/80 mmHg: סיסטולי 141 מעל 140 mmHg'],
  [
    'BPIncreaseAlert',
    'Blood pressure 170/100 mmHg: systolic 170 is above 140 mmHg, diastolic 100 is above 90 mmHg',
    'לחץ דם 170/100 mmHg: סיסטולי 170 מעל 140 mmHg, דיאסטולי 100 מעל 90 mmHg',
  ],
  ['BPDecreasedAlert', 'Blood pressure 120/55 mmHg: diastolic 55 is below 60 mmHg', 'לחץ דם 120/55 mmHg: דיאסטולי 55 מתחת ל-60 mmHg'],
  [
    'BPDecreasedAlert',
    'Blood pressure 85/55 mmHg: systolic 85 is below 90 mmHg, diastolic 55 is below 60 mmHg',
    'לחץ דם 85/55 mmHg: סיסטולי 85 מתחת ל-90 mmHg, דיאסטולי 55 מתחת ל-60 mmHg',
  ],
  [
    'WeightIncreasedAlert',
    'Weight 158.4 lb is 4.1 lb above dry weight 154.3 lb (threshold 4 lb)',
    'משקל 158.4 lb גבוה ב-4.1 lb מהמשקל היבש 154.3 lb (סף 4 lb)',
  ],
  [
    'WeightIncreasedAlert',
    'Weight 72.1 kg is 2.1 kg above dry weight 70 kg (threshold 2 kg); Weight 72.1 kg rose 2.1 kg from 70 kg on 2025-03-08 (threshold 2 kg within 3 days)',
    'משקל 72.1 kg גבוה ב-2.1 kg מהמשקל היבש 70 kg (סף 2 kg); משקל 72.1 kg עלה ב-2.1 kg לעומת 70 kg ב-2025-03-08 (סף 2 kg בתוך 3 ימים)',
  ],
  [
    'WeightIncreasedAlert',
    'Weight 73 kg rose 3 kg from 70 kg on 2025-03-09 (threshold 2 kg within 1 day)',
    'משקל 73 kg עלה ב-3 kg לעומת 70 kg ב-2025-03-09 (סף 2 kg בתוך 1 יום)',
  ],
  [
    'WeightIncreasedAlert',
    'Weight 73 kg rose 3 kg from 70 kg on 2025-02-11 (threshold 2 kg within 1 month)',
    'משקל 73 kg עלה ב-3 kg לעומת 70 kg ב-2025-02-11 (סף 2 kg בתוך 1 חודש)',
  ],
  [
    'WeightIncreasedAlert',
    'Weight 73 kg rose 3 kg from 70 kg on 2025-01-11 (threshold 2 kg within 1.5 months)',
    'משקל 73 kg עלה ב-3 kg לעומת 70 kg ב-2025-01-11 (סף 2 kg בתוך 1.5 חודשים)',
  ],
  [
    'WeightIncreasedAlert',
    'Weight 73 kg rose 3 kg from 70 kg on 2024-05-11 (threshold 2 kg within 1 year)',
    'משקל 73 kg עלה ב-3 kg לעומת 70 kg ב-2024-05-11 (סף 2 kg בתוך 1 שנה)',
  ],
  [
    'WeightIncreasedAlert',
    'Weight 73 kg rose 3 kg from 70 kg on 2023-03-11 (threshold 2 kg within 2 years)',
    'משקל 73 kg עלה ב-3 kg לעומת 70 kg ב-2023-03-11 (סף 2 kg בתוך 2 שנים)',
  ],
  [
    'LowUfAlert',
    'UF 150 ml (drain 2150 ml minus previous fill 2000 ml) is below 200 ml (10% of the DIAneal 1.36% fill of 2000 ml)',
    'UF 150 mL (ניקוז 2150 mL פחות המילוי הקודם 2000 mL) נמוך מ-200 mL (10% ממילוי DIAneal 1.36% של 2000 mL)',
  ],
  [
    'LowUfAlert',
    'UF -100 ml (drain 1900 ml minus previous fill 2000 ml) is below 250 ml (12.5% of the fill of 2000 ml)',
    'UF -100 mL (ניקוז 1900 mL פחות המילוי הקודם 2000 mL) נמוך מ-250 mL (12.5% מהמילוי של 2000 mL)',
  ],
  ['HighDrainTempAlert', 'Drain temperature 38.6 °C is above 38 °C', 'טמפרטורת נוזל הניקוז 38.6 \u2066°C\u2069 מעל 38 \u2066°C\u2069'],
  ['HighDrainTempAlert', 'Drain temperature 100.8 °F is above 100.4 °F', 'טמפרטורת נוזל הניקוז 100.8 \u2066°F\u2069 מעל 100.4 \u2066°F\u2069'],
  [
    'NoDrainAlert',
    'Drain volume 400 ml is below 1000 ml (50% of the previous fill of 2000 ml)',
    'נפח הניקוז 400 mL נמוך מ-1000 mL (50% מהמילוי הקודם של 2000 mL)',
  ],
  [
    'NoDrainAlert',
    'No drain volume recorded; expected at least 1000 ml (50% of the previous fill of 2000 ml)',
    'לא נרשם נפח ניקוז; נדרש לפחות 1000 mL (50% מהמילוי הקודם של 2000 mL)',
  ],
  ['TurbidityIncreasedAlert', 'Turbidity 6.1 NTU (drain over fill) is above 5 NTU', 'עכירות 6.1 NTU (ניקוז לעומת מילוי) מעל 5 NTU'],
  ['MachineProblemAlert', 'Machine problem: PANIC: heater over-temperature', 'תקלת מכשיר: PANIC: heater over-temperature'],
  [
    'SkippedAlert',
    'Prescribed exchange at 13:00 on MO 2025-03-10 (Europe/Berlin) was not done within 120 minutes',
    'החלפה שנקבעה במרשם לשעה 13:00 ביום ב׳ 2025-03-10 (Europe/Berlin) לא בוצעה בתוך 120 דקות',
  ],
];

/** The Hebrew area with each template noting its name when called, to show every one is reached. */
function recording(area: object, called: Set<string>, prefix = ''): object {
  return Object.fromEntries(
    Object.entries(area).map(([key, value]) => [
      key,
      typeof value === 'function'
        ? (...args: unknown[]) => {
            called.add(`${prefix}${key}`);
            return (value as (...args: unknown[]) => string)(...args);
          }
        : recording(value as object, called, `${prefix}${key}.`),
    ]),
  );
}

function templateNames(area: object, prefix = ''): string[] {
  return Object.entries(area).flatMap(([key, value]) =>
    typeof value === 'function' ? [`${prefix}${key}`] : templateNames(value as object, `${prefix}${key}.`),
  );
}

describe('the alerts area (shared/messages/alerts.ts)', () => {
  it('writes the English texts the rules always wrote, a fluid named or not', () => {
    expect(english.lowUf(-100, 1900, 2000, 250, 12.5)).toBe(cases[14]![1]);
    expect(
      english.weightReasons([
        english.aboveDryWeight('72.1 kg', '2.1 kg', '70 kg', '2 kg'),
        english.weightRose('72.1 kg', '2.1 kg', '70 kg', '2025-03-08', '2 kg', english.periods.DAY(3)),
      ]),
    ).toBe(cases[7]![1]);
    // A previous exchange without a fluid's name: the rule leaves the name out.
    const unnamed = lowUfAlert({
      exchange: exchange({ DrainVolume: 1900 }),
      history: [previous({ ExchangeFluid: '' })],
      settings: settings({ LowUFThreshold: 12.5 }),
    });
    expect(unnamed?.textValue).toBe(cases[14]![1]);
  });
});

describe('an alert read in Hebrew (alertTextTranslator)', () => {
  const called = new Set<string>();
  const inHebrew = alertTextTranslator(english, recording(hebrew, called) as AlertMessages);

  it.each(cases.map(([flag, text, expected]) => [flag, text, expected] as const))('%s: %s', (flag, textValue, expected) => {
    expect(inHebrew({ flag, textValue })).toBe(expected);
  });

  it('reaches every template of the area', () => {
    for (const [flag, textValue] of cases) inHebrew({ flag, textValue });
    expect(templateNames(english).filter((name) => !called.has(name))).toEqual([]);
  });

  it('shows a text no template made as it is stored, and a compound text only for its own flag', () => {
    expect(inHebrew({ flag: 'NoDrainAlert', textValue: 'No drain' })).toBe('No drain');
    expect(inHebrew({ flag: 'LowUfAlert', textValue: 'UF 5 %' })).toBe('UF 5 %');
    // A part no template made leaves the whole text as stored, not half translated.
    expect(inHebrew({ flag: 'WeightIncreasedAlert', textValue: 'Weight 73 kg is high; Weight 73 kg is 3 kg above dry weight 70 kg (threshold 2 kg)' })).toBe(
      'Weight 73 kg is high; Weight 73 kg is 3 kg above dry weight 70 kg (threshold 2 kg)',
    );
    expect(inHebrew({ flag: 'HighPulseAlert', textValue: cases[4]![1] })).toBe(cases[4]![1]);
  });

  it('reads English as stored when both languages are English', () => {
    const inEnglish = alertTextTranslator(english, english);
    for (const [flag, textValue] of cases) expect(inEnglish({ flag, textValue })).toBe(textValue);
  });
});

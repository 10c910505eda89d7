/**
 * Not spec texts: the alerts' texts, which the rules of shared/alerts write when an exchange is
 * taken and which are stored with the alert. The stored text is always this English one; a
 * screen shows it in the user's language by reading it back through these templates
 * (shared/alerts/alert-text.ts). So every argument must reach the text as given, a compound text
 * takes its parts as a list, and a word picked by a value is a template of its own.
 */
export const alerts = {
  machineProblem: (problem: string) => `Machine problem: ${problem}`,
  /** The parts are `aboveDryWeight` and `weightRose`, each reason that holds. */
  weightReasons: (reasons: readonly string[]) => reasons.join('; '),
  aboveDryWeight: (weight: string, over: string, dryWeight: string, threshold: string) =>
    `Weight ${weight} is ${over} above dry weight ${dryWeight} (threshold ${threshold})`,
  weightRose: (weight: string, rise: string, before: string, date: string, threshold: string, period: string) =>
    `Weight ${weight} rose ${rise} from ${before} on ${date} (threshold ${threshold} within ${period})`,
  /** The look-back period of `weightRose`: a count of one, and any other count. */
  onePeriod: {
    DAY: (count: number) => `${count} day`,
    MONTH: (count: number) => `${count} month`,
    YEAR: (count: number) => `${count} year`,
  },
  periods: {
    DAY: (count: number) => `${count} days`,
    MONTH: (count: number) => `${count} months`,
    YEAR: (count: number) => `${count} years`,
  },
  lowUf: (uf: number, drain: number, fill: number, threshold: number, percent: number) =>
    `UF ${uf} ml (drain ${drain} ml minus previous fill ${fill} ml) is below ${threshold} ml (${percent}% of the fill of ${fill} ml)`,
  lowUfOfFluid: (uf: number, drain: number, fill: number, threshold: number, percent: number, fluid: string) =>
    `UF ${uf} ml (drain ${drain} ml minus previous fill ${fill} ml) is below ${threshold} ml (${percent}% of the ${fluid} fill of ${fill} ml)`,
  /** The findings are the systolic and diastolic parts below, each that holds. */
  bloodPressure: (systolic: number, diastolic: number, findings: readonly string[]) => `Blood pressure ${systolic}/${diastolic} mmHg: ${findings.join(', ')}`,
  systolicBelow: (systolic: number, limit: number) => `systolic ${systolic} is below ${limit} mmHg`,
  diastolicBelow: (diastolic: number, limit: number) => `diastolic ${diastolic} is below ${limit} mmHg`,
  systolicAbove: (systolic: number, limit: number) => `systolic ${systolic} is above ${limit} mmHg`,
  diastolicAbove: (diastolic: number, limit: number) => `diastolic ${diastolic} is above ${limit} mmHg`,
  highPulse: (pulse: number, limit: number) => `Pulse ${pulse} bpm is above ${limit} bpm`,
  lowPulse: (pulse: number, limit: number) => `Pulse ${pulse} bpm is below ${limit} bpm`,
  highDrainTemp: (temperature: number, limit: number, unit: string) => `Drain temperature ${temperature} ${unit} is above ${limit} ${unit}`,
  noDrainRecorded: (threshold: number, percent: number, fill: number) =>
    `No drain volume recorded; expected at least ${threshold} ml (${percent}% of the previous fill of ${fill} ml)`,
  drainBelow: (drain: number, threshold: number, percent: number, fill: number) =>
    `Drain volume ${drain} ml is below ${threshold} ml (${percent}% of the previous fill of ${fill} ml)`,
  turbidity: (figure: number, threshold: number) => `Turbidity ${figure} NTU (drain over fill) is above ${threshold} NTU`,
  /** `dayCode` is the prescription's day code (SU to SA). */
  skipped: (time: string, dayCode: string, date: string, timeZone: string, minutes: number) =>
    `Prescribed exchange at ${time} on ${dayCode} ${date} (${timeZone}) was not done within ${minutes} minutes`,
} as const;

import { z } from 'zod';
import type { AlertFlag } from '../alerts';
import {
  DAY_CODES,
  dayCodeListSchema,
  dayCodeSchema,
  exchangeFluids,
  hasNoDuplicates,
  isTimeZone,
  prescriptionLimits,
  SERIAL_NUMBER_CHARACTERS,
  SERIAL_NUMBER_LENGTH,
  TIME_OF_DAY_PATTERN,
  timeOfDaySchema,
} from '../device';
import { prescriptions } from '../messages/prescriptions';
import { visits } from '../messages/visits';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { prescriptions, visits };

/**
 * The clinical staff's contract for prescriptions, device assignment and visits (spec sections 3
 * "Protocol / prescription", "Exchange (in a prescription)", "Visit", 5 "Prescription", 7 "Staff",
 * 8 "Visit" / "Prescription", 9): request schemas with the spec's messages, used by the web's
 * forms and the handlers alike, and the answers.
 */

const p = messages.prescriptions;
const v = messages.visits;

/** A number that must be present and at least 0.1 (section 5's 'required' floor), then within its safe bounds. */
const requiredAmount = (required: string, max: number, range: string, min = 0.1) =>
  z
    .number({ required_error: required, invalid_type_error: required })
    .finite(required)
    .min(0.1, required)
    .refine((value) => value >= min && value <= max, range);

/** The IDA# the prescription screen and the nurse's device assignment send, with section 5's messages. */
const serialNumberField = z
  .string({ required_error: p.serialNumberRequired, invalid_type_error: p.serialNumberRequired })
  .min(1, p.serialNumberRequired)
  .length(SERIAL_NUMBER_LENGTH, p.serialNumberLength)
  .regex(SERIAL_NUMBER_CHARACTERS, p.serialNumberRequired);

const hasOneDecimal = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

/** One exchange card (spec section 3, Exchange (in a prescription)). */
export const prescriptionExchangeSchema = z
  .object({
    ExchangeFluid: z.enum(exchangeFluids, { errorMap: () => ({ message: p.exchangeFluidRequired }) }),
    ExchangeLiter: requiredAmount(
      p.exchangeVolumeRequired,
      prescriptionLimits.exchangeLiter.max,
      p.exchangeVolumeRange,
      prescriptionLimits.exchangeLiter.min,
    ).refine(hasOneDecimal, p.exchangeVolumeRange),
    ExchangeDaysFrequency: z
      .array(dayCodeSchema, { required_error: p.exchangeDaysRequired, invalid_type_error: p.exchangeDaysRequired })
      .min(1, p.exchangeDaysRequired)
      .max(DAY_CODES.length, p.exchangeDaysRequired)
      .refine(hasNoDuplicates, p.exchangeDaysRequired),
    ExchangeTime: z
      .array(timeOfDaySchema, { required_error: p.exchangePerDayRequired, invalid_type_error: p.exchangePerDayRequired })
      .min(prescriptionLimits.exchangesPerDay.min, p.exchangePerDayRequired)
      .max(prescriptionLimits.exchangesPerDay.max, p.exchangesPerDayMax)
      .refine(hasNoDuplicates, p.timeAlreadySelected),
  })
  .strict();
export type PrescriptionExchange = z.infer<typeof prescriptionExchangeSchema>;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The DwellTime setting ('HH:mm') as minutes: the shortest gap between two exchanges of a day. */
export function dwellMinutes(dwellTime: string | undefined): number {
  return dwellTime && TIME_OF_DAY_PATTERN.test(dwellTime) ? minutesOf(dwellTime) : 0;
}

/**
 * The prescription as the screen saves it (spec section 3, Protocol / prescription, with
 * `patientTimeZone`): the rules of section 5 that need no setting. `prescriptionFormSchema` adds
 * the dwell gap of the clinic's DwellTime setting; the route validates with this one, the service
 * with that one (it reads the clinic's settings).
 */
export const prescriptionBodySchema = z
  .object({
    Exchanges: z
      .array(prescriptionExchangeSchema, { required_error: p.exchangeRequired, invalid_type_error: p.exchangeRequired })
      .min(1, p.exchangeRequired)
      .max(prescriptionLimits.exchangeEntries, p.exchangesPerDayMax),
    DrainTime: requiredAmount(p.drainTimeRequired, prescriptionLimits.minutes.max, p.minutesRange('Drain Time')),
    FillTime: requiredAmount(p.fillTimeRequired, prescriptionLimits.minutes.max, p.minutesRange('Fill Time')),
    MinFillTemp: requiredAmount(p.minFillTempRequired, prescriptionLimits.fillTempC.max, p.fillTempRange('min Fill Temp.'), prescriptionLimits.fillTempC.min),
    MaxFillTemp: requiredAmount(p.maxFillTempRequired, prescriptionLimits.fillTempC.max, p.fillTempRange('max Fill Temp.'), prescriptionLimits.fillTempC.min),
    SerialNumber: serialNumberField,
    WeighDays: dayCodeListSchema.default([]),
    BloodPulseDays: dayCodeListSchema.default([]),
    AdditionalMedication: z.string().max(prescriptionLimits.additionalMedicationChars, p.medicationTooLong).nullable().default(null),
    patientTimeZone: z
      .string({ required_error: p.timeZoneNotValid, invalid_type_error: p.timeZoneNotValid })
      .min(1, p.timeZoneNotValid)
      .max(64, p.timeZoneNotValid)
      .refine(isTimeZone, p.timeZoneNotValid),
  })
  .strict()
  .superRefine((prescription, ctx) => {
    if (prescription.MinFillTemp > prescription.MaxFillTemp) ctx.addIssue({ code: 'custom', path: ['MinFillTemp'], message: p.fillTempOrder });
    for (const issue of scheduleIssues(prescription.Exchanges)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type PrescriptionBody = z.infer<typeof prescriptionBodySchema>;
export type PrescriptionBodyInput = z.input<typeof prescriptionBodySchema>;

interface ScheduleIssue {
  path: Array<string | number>;
  message: string;
}

/** Each day's times across the cards, with the card each time came from. */
function timesByDay(exchanges: readonly PrescriptionExchange[]): Map<string, Array<{ time: string; card: number }>> {
  const byDay = new Map<string, Array<{ time: string; card: number }>>();
  exchanges.forEach((exchange, card) => {
    for (const day of new Set(exchange.ExchangeDaysFrequency)) {
      for (const time of new Set(exchange.ExchangeTime)) byDay.set(day, [...(byDay.get(day) ?? []), { time, card }]);
    }
  });
  return byDay;
}

/**
 * Rules over the days (spec sections 5 and 9, DESIGN.md section 10): a time of a day in two cards
 * is 'Time already selected'; a day has at most 5 exchanges. One issue per card and rule.
 */
function scheduleIssues(exchanges: readonly PrescriptionExchange[]): ScheduleIssue[] {
  const issues = new Map<string, ScheduleIssue>();
  for (const [day, times] of timesByDay(exchanges)) {
    const seen = new Set<string>();
    for (const { time, card } of times) {
      if (seen.has(time)) issues.set(`dup ${card}`, { path: ['Exchanges', card, 'ExchangeTime'], message: p.timeAlreadySelected });
      seen.add(time);
    }
    if (seen.size > prescriptionLimits.exchangesPerDay.max) {
      issues.set(`max ${day}`, { path: ['Exchanges'], message: p.exchangesPerDayTotalMax(day) });
    }
  }
  return [...issues.values()];
}

/**
 * The dwell gap (spec sections 5 and 9): two exchanges of the same day closer than the DwellTime
 * setting get section 5's message on the later one's card. The gap is within a day, as the spec
 * says; 00:00 DwellTime checks nothing.
 */
export function dwellGapIssues(exchanges: readonly PrescriptionExchange[], dwell: number): ScheduleIssue[] {
  if (dwell <= 0) return [];
  const issues = new Map<number, ScheduleIssue>();
  for (const times of timesByDay(exchanges).values()) {
    const sorted = [...times].sort((a, b) => minutesOf(a.time) - minutesOf(b.time));
    for (let index = 1; index < sorted.length; index += 1) {
      const gap = minutesOf(sorted[index]!.time) - minutesOf(sorted[index - 1]!.time);
      if (gap > 0 && gap < dwell) issues.set(sorted[index]!.card, { path: ['Exchanges', sorted[index]!.card, 'ExchangeTime'], message: p.dwellGap });
    }
  }
  return [...issues.values()];
}

/** The prescription with every rule of section 5, the dwell gap from the clinic's effective DwellTime ('HH:mm'). */
export function prescriptionFormSchema(dwellTime: string | undefined) {
  const dwell = dwellMinutes(dwellTime);
  return prescriptionBodySchema.superRefine((prescription, ctx) => {
    for (const issue of dwellGapIssues(prescription.Exchanges, dwell)) ctx.addIssue({ code: 'custom', ...issue });
  });
}

/** A prescription as stored and shown: what the device gets, and whether it acknowledged it. */
export const prescriptionSchema = z.object({
  PrescriptionId: z.string(),
  SerialNumber: z.string(),
  Exchanges: z.array(
    z.object({
      ExchangeFluid: z.enum(exchangeFluids),
      ExchangeLiter: z.number(),
      ExchangeDaysFrequency: z.array(dayCodeSchema),
      ExchangeTime: z.array(z.string()),
    }),
  ),
  FillTime: z.number(),
  DrainTime: z.number(),
  MinFillTemp: z.number(),
  MaxFillTemp: z.number(),
  WeighDays: z.array(dayCodeSchema),
  BloodPulseDays: z.array(dayCodeSchema),
  AdditionalMedication: z.string().nullable(),
  patientTimeZone: z.string(),
  Created_UTC: z.string(),
  Approved: z.boolean(),
  ApprovedChangedAt: z.string().optional(),
  /** Who saved it. */
  CreatedBy: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

/** The answer of …/addPrescription: the saved prescription, not approved until the device acknowledges it. */
export const addPrescriptionResultSchema = prescriptionSchema;

/** The answer of …/getPrescription (beyond the spec's list: the screen reads the current one and polls its approval). */
export const getPrescriptionResultSchema = z.object({
  prescription: prescriptionSchema.nullable(),
  /** How many prescriptions came before the current one (Protocols.previous_protocols). */
  previous: z.number(),
  /** The device linked to the patient, whose IDA# the screen verifies. */
  device: z.object({ SerialNumber: z.string() }).nullable(),
});
export type GetPrescriptionResult = z.infer<typeof getPrescriptionResultSchema>;

/** …/addDevice (spec section 7, Nurse): the IDA#; `move` is the confirmed action of taking a device from another patient. */
export const addDeviceSchema = z
  .object({
    SerialNumber: serialNumberField,
    move: z.boolean().optional(),
  })
  .strict();
export type AddDeviceBody = z.infer<typeof addDeviceSchema>;

export const addDeviceResultSchema = z.object({
  status: z.literal('assigned'),
  device: z.object({ DeviceID: z.string(), SerialNumber: z.string() }),
  /** The prescription sent to the device (the patient's current one, now for this device), if the patient has one. */
  prescription: prescriptionSchema.nullable(),
  /** True when the device was taken from another patient (`move: true`). */
  moved: z.boolean(),
});
export type AddDeviceResult = z.infer<typeof addDeviceResultSchema>;

/** …/closeOpenVisit (spec section 7): all three inputs are required (a missing one is section 8's "Visit is not saved"). */
export const closeVisitSchema = z
  .object({
    Findings: z
      .string({ required_error: v.findingsRequired, invalid_type_error: v.findingsRequired })
      .trim()
      .min(1, v.findingsRequired)
      .max(1000, v.textTooLong('Findings')),
    Recommendation: z
      .string({ required_error: v.recommendationRequired, invalid_type_error: v.recommendationRequired })
      .trim()
      .min(1, v.recommendationRequired)
      .max(1000, v.textTooLong('Recommendation')),
    UrineOutput: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z
        .number({ required_error: v.urineOutputRequired, invalid_type_error: v.urineOutputNotValid })
        .finite(v.urineOutputNotValid)
        .min(0, v.urineOutputNotValid)
        .max(1000, v.urineOutputNotValid),
    ),
  })
  .strict();
export type CloseVisitBody = z.infer<typeof closeVisitSchema>;

/** The visit highlights of spec section 9: counts of the visit's alerts by kind. */
export const visitHighlightKinds = ['weight', 'exchangeSkip', 'highDrainTemp', 'noDrain', 'turbidityIncreased', 'machineProblem', 'uf', 'bpAndPulse'] as const;
export type VisitHighlightKind = (typeof visitHighlightKinds)[number];

/** Which highlight counts each alert flag (every flag is counted by one). */
export const highlightOfFlag: Readonly<Record<AlertFlag, VisitHighlightKind>> = {
  WeightIncreasedAlert: 'weight',
  SkippedAlert: 'exchangeSkip',
  HighDrainTempAlert: 'highDrainTemp',
  NoDrainAlert: 'noDrain',
  TurbidityIncreasedAlert: 'turbidityIncreased',
  MachineProblemAlert: 'machineProblem',
  LowUfAlert: 'uf',
  BPDecreasedAlert: 'bpAndPulse',
  BPIncreaseAlert: 'bpAndPulse',
  HighPulseAlert: 'bpAndPulse',
  LowPulseAlert: 'bpAndPulse',
};
export const visitHighlightsSchema = z.object(
  Object.fromEntries(visitHighlightKinds.map((kind) => [kind, z.number()])) as Record<VisitHighlightKind, z.ZodNumber>,
);
export type VisitHighlights = z.infer<typeof visitHighlightsSchema>;

/** One exchange's readings as the open visit shows them (kg, mmHg, bpm, ml, °C). */
export const visitMeasurementSchema = z.object({
  ExchangeID: z.string(),
  Time: z.string(),
  WeightKg: z.number().optional(),
  BloodPressure: z.object({ Systolic: z.number(), Diastolic: z.number() }).optional(),
  Pulse: z.number().optional(),
  Uf: z.number().optional(),
  DrainTempC: z.number().optional(),
});

export const visitSchema = z.object({
  OpenDate: z.string(),
  ClosedDate: z.string().optional(),
  Visited: z.boolean(),
  Findings: z.string().optional(),
  Recommendation: z.string().optional(),
  UrineOutput: z.number().optional(),
  PatientUtilizationSnapshot: z.number().optional(),
  ExchangeCount: z.number(),
  AlertCount: z.number(),
  highlights: visitHighlightsSchema,
  /** Spec section 9's visit turbidity figure, one decimal; null without turbidity statistics in the visit. */
  turbidity: z.number().nullable(),
  /** The open visit's readings, newest first (at most 100); absent for previous visits. */
  measurements: z.array(visitMeasurementSchema).optional(),
  /** The prescription current at the visit (the spec's list of protocols: none or one). */
  CurrentPatientProtocol: z.array(prescriptionSchema),
});
export type Visit = z.infer<typeof visitSchema>;

/** The answer of …/getVisits: the open visit (Visited false) first, then the previous ones, newest first by OpenDate. */
export const visitsResultSchema = z.object({ visits: z.array(visitSchema), cursor: z.string().optional() });
export type VisitsResult = z.infer<typeof visitsResultSchema>;

export const visitsQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(20).optional(),
    cursor: z.string().min(1).max(2048).optional(),
  })
  .strict();

/** The answer of …/closeOpenVisit: the closed visit. */
export const closeVisitResultSchema = z.object({ status: z.literal('closed'), visit: visitSchema });

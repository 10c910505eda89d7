import { z } from 'zod';
import { alertSchema } from '../alerts';
import { deviceExchangeSchema, exchangeFluidSchema } from '../device';
import { patients } from '../messages/patients';

/**
 * The clinical staff's contract for a patient's exchanges and alerts (spec sections 3 "Device
 * exchange record", 5 "Comments" and 7 "Staff"). Its own module, apart from patients.ts: zod
 * schemas are built when their module loads, so each exchange Lambda carries only these.
 */

/** Ids in bodies are ours (UUIDs, device message ids). */
const idSchema = z.string().min(1).max(128);

/** An alert as a patient carries it: the rule's alert plus where and when it was raised. */
export const patientAlertSchema = alertSchema.extend({ AlertID: z.string(), Time: z.string(), ExchangeID: z.string().optional() });
export type PatientAlert = z.infer<typeof patientAlertSchema>;

/** An alert's severity as the tables show it (1, 2 or 3: the spec's status values). */
export const statusValueSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** How a patient stands: the worst unresolved alert's severity and how many are unresolved. */
export const patientAlertStatusSchema = z.object({ statusValue: statusValueSchema, unresolved: z.number() });

/**
 * A row of the exchanges table (spec section 3, "Device exchange record"), in the table's units
 * (section 9: min, ml, °C, kg, mmHg, bpm): the server converts what the device sent in °F or lb.
 */
export const exchangeRowSchema = z.object({
  _id: z.string(),
  DeviceLocalDate: z.string(),
  ExchangeTimeUtc: z.string(),
  SerialNumber: z.string(),
  ExchangeFluid: exchangeFluidSchema,
  StatusAlerts: z.object({ statusValue: statusValueSchema, alerts: z.array(patientAlertSchema) }),
  /** When a clinician cleared the exchange's alerts (the indicator is hidden). */
  AlertsClearedAt: z.string().optional(),
  DrainDuration: z.number(),
  DrainVolume: z.number(),
  /** °C */
  DrainTemp: z.number(),
  FillVolume: z.number(),
  FillDuration: z.number(),
  /** °C */
  FillTemp: z.number(),
  /** kg */
  WeightMeasure: z.object({ Value: z.number(), Time: z.string() }).optional(),
  TargetWeightSnapshot: z.number().optional(),
  BloodPressureMeasure: z.object({ Value: z.object({ Systolic: z.number(), Diastolic: z.number() }), Time: z.string() }).optional(),
  PulseMeasure: z.object({ Value: z.number(), Time: z.string() }).optional(),
  PValue: z.number().optional(),
  Uf: z.number().optional(),
  Note: z.string().optional(),
  MachineProblem: z.string().optional(),
  BubblesTurbidityCalc: z.object({ meanCleanDrain: z.number(), stdevCleanDrain: z.number(), meanCleanFill: z.number(), stdevCleanFill: z.number() }).optional(),
  PatientUtilizationSnapshot: z.number().optional(),
  /** The raw turbidity series exist (…/exchanges/{exchangeId}/turbidity gives them for the CSV). */
  HasTurbidity: z.boolean(),
  /** Set when a clinician entered the exchange by hand: who. */
  EnteredBy: z.object({ UserID: z.string(), Name: z.string() }).optional(),
});
export type ExchangeRow = z.infer<typeof exchangeRowSchema>;

/** …/getExchanges: newest first, a page at a time; `from`/`to` narrow to a period (ISO date-times). */
export const exchangesQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).optional(),
    cursor: z.string().min(1).max(2048).optional(),
    from: z.string().datetime({ offset: true }).optional(),
    to: z.string().datetime({ offset: true }).optional(),
  })
  .strict();

/** The answer has an exchanges array (spec section 7), the patient's exchange count and the next page's cursor. */
export const exchangesResultSchema = z.object({ exchanges: z.array(exchangeRowSchema), count: z.number(), cursor: z.string().optional() });

/** …/saveExchangeNote (spec section 7): Note (≤ 1000, spec section 5 "Comments"; '' or null removes it) and Exchange_id. */
export const exchangeNoteSchema = z
  .object({
    Exchange_id: idSchema,
    Note: z.string().max(1000, patients.commentTooLong).nullable(),
  })
  .strict();
export const exchangeNoteResultSchema = z.object({ _id: z.string(), Note: z.string().optional() });

/**
 * …/clearAlerts (spec section 7, body `_id`): an exchange's id clears that exchange's alerts; the
 * patient's id clears every unresolved alert of the patient (skipped slots and device problems too).
 */
export const clearAlertsSchema = z.object({ _id: idSchema }).strict();
export const clearAlertsResultSchema = z.object({ cleared: z.number(), PatientAlertStatus: patientAlertStatusSchema });

/**
 * Beyond the spec: an exchange entered by hand (the patient reported it by phone, the device was
 * offline). The device protocol's own schema, without the raw turbidity series; the same alert
 * engine evaluates it, and it is marked with who entered it.
 */
export const manualExchangeSchema = deviceExchangeSchema
  .innerType()
  .omit({ _id: true, FillTurbidity: true, DrainTurbidity: true, BubblesFillTurbidity: true, BubblesDrainTurbidity: true })
  .strict();
export type ManualExchange = z.infer<typeof manualExchangeSchema>;
export const manualExchangeResultSchema = z.object({ exchange: exchangeRowSchema });

/** Beyond the spec: an exchange's raw turbidity series, for its CSV. */
export const turbidityResultSchema = z.object({
  _id: z.string(),
  SerialNumber: z.string(),
  DeviceLocalDate: z.string(),
  FillTurbidity: z.array(z.number()).optional(),
  DrainTurbidity: z.array(z.number()).optional(),
  BubblesFillTurbidity: z.array(z.number()).optional(),
  BubblesDrainTurbidity: z.array(z.number()).optional(),
});

/** Beyond the spec: the adherence calendar's month (yyyy-mm), the current month when absent. */
export const adherenceQuerySchema = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be yyyy-mm')
      .optional(),
  })
  .strict();

/** One day of the adherence calendar: the prescribed slots and how many were done. */
export const adherenceDaySchema = z.object({
  date: z.string(),
  prescribed: z.number(),
  done: z.number(),
  state: z.enum(['done', 'partial', 'missed', 'none', 'future']),
});
export const adherenceResultSchema = z.object({
  month: z.string(),
  timeZone: z.string(),
  days: z.array(adherenceDaySchema),
  /** Done over prescribed slots of the month's past days, in percent; absent with nothing prescribed. */
  adherencePercent: z.number().optional(),
});
export type AdherenceResult = z.infer<typeof adherenceResultSchema>;

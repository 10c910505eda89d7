import { z } from 'zod';
import { alertSchema } from '../alerts';
import { deviceExchangeSchema, exchangeFluidSchema } from '../device';
import { patients } from '../messages/patients';
import { required as requiredText } from '../messages/required';
import { widgets } from '../messages/widgets';
import { DATE_PATTERN, isCalendarDate, PHONE_PATTERN } from './patterns';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients, required: requiredText, widgets };

/**
 * The clinical staff's contract for patients and exchanges (spec sections 3 "Patient", "Device
 * exchange record", 5 "Patient create and profile", "Comments" and 7 "Staff"): request schemas
 * with the spec's messages, used by the web's forms and the handlers alike, and the answers.
 */

const m = messages.patients;
const L = m.labels;
const required = messages.required;
const a = messages.widgets.address;

/** Ids in bodies are ours (UUIDs, device message ids). */
const idSchema = z.string().min(1).max(128);

/** A required text input of at most 100 characters (spec section 5 "General"). */
const text = (label: string) =>
  z
    .string({ required_error: required(label), invalid_type_error: required(label) })
    .trim()
    .min(1, required(label))
    .max(100, a.tooLong(label));

const phone = (label: string) => text(label).regex(PHONE_PATTERN, m.phoneNotValid(label));

/** A calendar date (yyyy-mm-dd); `past` refuses dates after today (a birth date). */
const date = (label: string, { past = false } = {}) =>
  z
    .string({ required_error: required(label), invalid_type_error: required(label) })
    .min(1, required(label))
    .regex(DATE_PATTERN, m.dateNotValid(label))
    .refine(isCalendarDate, m.dateNotValid(label))
    .refine((value) => !past || value <= new Date().toISOString().slice(0, 10), m.dateNotValid(label));

/**
 * "Digits only" (spec section 5): sent as digits or as a number, kept as a number. Up to four
 * digits: no weight, pulse, urine output or GFR has more.
 */
const digits = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z
      .string({ required_error: required(label), invalid_type_error: m.inputNotValid(label) })
      .trim()
      .min(1, required(label))
      .regex(/^\d{1,4}$/, m.inputNotValid(label))
      .transform(Number),
  );

export const racialDesignations = m.racialOptions;

export const addressSchema = z
  .object(
    {
      Country: z.string({ required_error: a.countryRequired }).trim().min(1, a.countryRequired).max(100, a.tooLong(a.country)),
      City: z.string({ required_error: a.cityRequired }).trim().min(1, a.cityRequired).max(100, a.tooLong(a.city)),
      Street: z.string({ required_error: a.streetRequired }).trim().min(1, a.streetRequired).max(100, a.tooLong(a.street)),
    },
    { required_error: required(L.Address), invalid_type_error: required(L.Address) },
  )
  .strict();
export type Address = z.infer<typeof addressSchema>;

/** The personal data (the PII profile, stored apart). */
const piiShape = {
  FirstName: text(L.FirstName),
  LastName: text(L.LastName),
  DOB: date(L.DOB, { past: true }),
  Gender: z.enum(['Male', 'Female'], { errorMap: () => ({ message: required(L.Gender) }) }),
  Hispanic: z.boolean({ required_error: required(L.Hispanic), invalid_type_error: required(L.Hispanic) }),
  /** Optional; hidden and dropped when Hispanic is true. */
  RacialDesignation: z.array(z.enum(racialDesignations)).max(racialDesignations.length).optional(),
  SocialId: z
    .string({ required_error: required(L.SocialId), invalid_type_error: required(L.SocialId) })
    .trim()
    .min(1, required(L.SocialId))
    .regex(/^\d{1,20}$/, m.inputNotValid(L.SocialId)),
  Address: addressSchema,
  Phone: phone(L.Phone),
  Cellphone: phone(L.Cellphone),
  Email: text(L.Email).email(m.emailNotValid),
};

/** The clinical profile's inputs (the assigned physician apart: DoctorID on create, DoctorID_ref on update). */
const clinicalShape = {
  ReferringPhysician: text(L.ReferringPhysician),
  ReferringPhysician_Phone: phone(L.ReferringPhysician_Phone),
  /** Future dates allowed (spec section 5). */
  DialysisStart: date(L.DialysisStart),
  PeritonealDialysisStart: date(L.PeritonealDialysisStart),
  Weight: digits(L.Weight),
  /** Dry weight, kg. */
  TargetWeight: digits(L.TargetWeight),
  BloodPressure: text(L.BloodPressure).regex(/^\d{2,3}\/\d{2,3}$/, m.inputNotValid(L.BloodPressure)),
  Pulse: digits(L.Pulse),
  UrineOutput_CC: digits(L.UrineOutput_CC),
  GFR: digits(L.GFR),
};

/** Racial designation is hidden when Hispanic is true: what was chosen before is dropped. */
const withoutHiddenRace = <T extends { Hispanic?: boolean; RacialDesignation?: unknown }>(patient: T): T =>
  patient.Hispanic === true ? { ...patient, RacialDesignation: undefined } : patient;

/** POST …/patients/signup: every field of spec section 3 with the rules of section 5. */
export const patientSignupSchema = z
  .object({
    ...piiShape,
    ...clinicalShape,
    DoctorID: z
      .string({ required_error: required(L.DoctorID) })
      .min(1, required(L.DoctorID))
      .max(128),
  })
  .strict()
  .transform(withoutHiddenRace);
export type PatientSignup = z.output<typeof patientSignupSchema>;
export type PatientSignupInput = z.input<typeof patientSignupSchema>;

/** POST …/patients/{patientId}/updatepatient: the changed fields of the profile, each with its create rule. */
export const patientUpdateSchema = z
  .object({ ...piiShape, ...clinicalShape, DoctorID_ref: z.string().min(1, required(L.DoctorID)).max(128) })
  .partial()
  .strict()
  .refine((update) => Object.values(update).some((value) => value !== undefined), { message: m.checkData })
  .transform(withoutHiddenRace);
export type PatientUpdate = z.output<typeof patientUpdateSchema>;
export type PatientUpdateInput = z.input<typeof patientUpdateSchema>;

/** The fields a profile edit can change, in the form's order (the "You have changed the patient's data of:" list names them by label). */
export const patientFields = [...Object.keys(piiShape), ...Object.keys(clinicalShape), 'DoctorID_ref'] as ReadonlyArray<keyof PatientUpdate>;
export type PiiField = keyof typeof piiShape;
export const piiFields = Object.keys(piiShape) as ReadonlyArray<PiiField>;

// ---------------------------------------------------------------------------------------------
// Answers

/** An alert as a patient carries it: the rule's alert plus where and when it was raised. */
export const patientAlertSchema = alertSchema.extend({ AlertID: z.string(), Time: z.string(), ExchangeID: z.string().optional() });
export type PatientAlert = z.infer<typeof patientAlertSchema>;

const statusValueSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const patientPiiSchema = z.object({
  UserID: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  DOB: z.string(),
  Gender: z.enum(['Male', 'Female']),
  Hispanic: z.boolean(),
  RacialDesignation: z.array(z.string()).optional(),
  SocialId: z.string(),
  Address: z.object({ Country: z.string(), City: z.string(), Street: z.string() }),
  Phone: z.string(),
  Cellphone: z.string(),
  Email: z.string(),
});
export type PatientPiiProfile = z.infer<typeof patientPiiSchema>;

/** The clinical profile (spec section 3 "Patient", the source record without its PII). */
export const patientProfileSchema = z.object({
  UserID: z.string(),
  ClinicID_ref: z.string(),
  ServiceProviderID: z.string(),
  DoctorID_ref: z.string(),
  ReferringPhysician: z.string().optional(),
  ReferringPhysician_Phone: z.string().optional(),
  DialysisStart: z.string().optional(),
  PeritonealDialysisStart: z.string().optional(),
  Weight: z.number().optional(),
  TargetWeight: z.number().optional(),
  BloodPressure: z.string().optional(),
  Pulse: z.number().optional(),
  UrineOutput_CC: z.number().optional(),
  GFR: z.number().optional(),
  Protocols: z.object({ current_protocol: z.string().optional(), previous_protocols: z.array(z.string()).optional() }).optional(),
  Device: z.object({ SerialNumber: z.string(), DeviceID: z.string() }).optional(),
  PatientAlertStatus: z.object({ statusValue: statusValueSchema, unresolved: z.number() }),
  ExchangeCount: z.number().optional(),
  LastExchangeTime: z.string().optional(),
  CreatedAt: z.string(),
});
export type PatientProfile = z.infer<typeof patientProfileSchema>;

/** The answer of …/patients/signup (spec section 7): the clinical record, the PII profile and a status. */
export const patientSignupResultSchema = z.object({
  Patient: patientProfileSchema,
  PIIProfile: patientPiiSchema,
  status: z.literal('created'),
});

/** A doctor or director a patient can be assigned to. */
export const physicianSchema = z.object({ UserID: z.string(), FirstName: z.string(), LastName: z.string(), Role: z.string() });
export type Physician = z.infer<typeof physicianSchema>;

/** The answer of …/patients/{patientId}/profile (spec section 7): Profile with Protocols, PIIProfile as a list, the device. */
export const patientProfileResultSchema = z.object({
  Profile: patientProfileSchema,
  PIIProfile: z.array(patientPiiSchema),
  device: z.object({ DeviceID: z.string(), SerialNumber: z.string(), IsEnabled: z.boolean() }).nullable(),
  /** The assigned physician's name, when they are still a user of the clinic. */
  assignedPhysician: physicianSchema.optional(),
});
export type PatientProfileResult = z.infer<typeof patientProfileResultSchema>;

/** The answer of …/updatepatient: the profile as saved and which fields changed. */
export const patientUpdateResultSchema = patientProfileResultSchema.extend({ changed: z.array(z.string()) });

/**
 * A row of /patients (spec section 3, "List item"), with what the review order needs: the
 * highest unresolved severity (statusValue), since when the oldest unresolved alert waits, and
 * the last exchange.
 */
export const patientListItemSchema = z.object({
  UserID: z.string(),
  ClinicID: z.string(),
  patientName: z.string(),
  socialId: z.string(),
  /** The unresolved alerts (the oldest few; `unresolved` counts them all) and the patient's id. */
  status: z.object({ UserID: z.string(), alerts: z.array(patientAlertSchema) }),
  statusValue: statusValueSchema,
  unresolved: z.number(),
  /** When the oldest unresolved alert was raised. */
  unresolvedSince: z.string().optional(),
  gender: z.enum(['Male', 'Female']),
  DOB: z.string(),
  /** Whole years since DOB. */
  age: z.number(),
  /** The current prescription in a few words ('' without one). */
  Protocol: z.string(),
  assignedPhysician: z.string(),
  assignedPhysicianId: z.string(),
  LastExchangeTime: z.string().optional(),
  /** No enabled device is linked: the patient's home device cannot report (the row is greyed). */
  disabled: z.boolean(),
});
export type PatientListItem = z.infer<typeof patientListItemSchema>;

export const listQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).optional(),
    cursor: z.string().min(1).max(2048).optional(),
  })
  .strict();

export const patientListSchema = z.object({ items: z.array(patientListItemSchema), cursor: z.string().optional() });

/** …/getAllClinicDoctors/ (spec section 7): the first element has UserList. */
export const clinicDoctorsSchema = z.array(z.object({ UserList: z.array(physicianSchema) })).min(1);

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
    Note: z.string().max(1000, m.commentTooLong).nullable(),
  })
  .strict();
export const exchangeNoteResultSchema = z.object({ _id: z.string(), Note: z.string().optional() });

/**
 * …/clearAlerts (spec section 7, body `_id`): an exchange's id clears that exchange's alerts; the
 * patient's id clears every unresolved alert of the patient (skipped slots and device problems too).
 */
export const clearAlertsSchema = z.object({ _id: idSchema }).strict();
export const clearAlertsResultSchema = z.object({ cleared: z.number(), PatientAlertStatus: patientProfileSchema.shape.PatientAlertStatus });

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

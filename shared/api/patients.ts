import { z } from 'zod';
import { LARGEST_PAGE, PATIENT_LIST_PAGE_MAX } from './page-sizes';
import { patients } from '../messages/patients';
import { required as requiredText } from '../messages/required';
import { widgets } from '../messages/widgets';
import { patientAlertSchema, patientAlertStatusSchema, statusValueSchema } from './exchanges';
import { DATE_PATTERN, isCalendarDate, PHONE_PATTERN } from './patterns';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients, required: requiredText, widgets };

/**
 * The clinical staff's contract for patients (spec sections 3 "Patient", 5 "Patient create and
 * profile" and 7 "Staff"): request schemas with the spec's messages, used by the web's forms and
 * the handlers alike, and the answers. A patient's exchanges are in exchanges.ts.
 */

const m = messages.patients;
const L = m.labels;
const required = messages.required;
const a = messages.widgets.address;

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
  PatientAlertStatus: patientAlertStatusSchema,
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
  /**
   * Not in the spec: the unresolved alerts no exchange carries (a skipped exchange, a device's
   * panic), newest first, at most ALERTS_WITHOUT_EXCHANGE; the exchanges table shows the others.
   */
  alertsWithoutExchange: z.array(patientAlertSchema).optional(),
});
/** The most unresolved alerts without an exchange a profile carries. */
export const ALERTS_WITHOUT_EXCHANGE = 20;
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

/** A page of a list: at most `largest` items, from where a cursor says the page before stopped. */
const pageQuerySchema = (largest: number) =>
  z
    .object({
      limit: z.coerce.number().int().min(1).max(largest).optional(),
      cursor: z.string().min(1).max(2048).optional(),
    })
    .strict();

export const listQuerySchema = pageQuerySchema(LARGEST_PAGE);
export const patientListQuerySchema = pageQuerySchema(PATIENT_LIST_PAGE_MAX);

export const patientListSchema = z.object({ items: z.array(patientListItemSchema), cursor: z.string().optional() });

/** …/getAllClinicDoctors/ (spec section 7): the first element has UserList. */
export const clinicDoctorsSchema = z.array(z.object({ UserList: z.array(physicianSchema) })).min(1);

import { z } from 'zod';
import { onCall } from '../messages/on-call';
import { DAY_MS } from '../time';
import { PHONE_PATTERN } from './patterns';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { onCall };
const m = messages.onCall;

/** A shift lasts at most this many days (the read of the shift in force looks back this far). */
export const MAX_SHIFT_DAYS = 7;

const required = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

/** A time as an ISO string with its offset (`2026-11-27T08:00:00.000Z`, `2026-11-27T10:00+02:00`). */
const time = (requiredMessage: string, label: string) =>
  required(requiredMessage)
    .pipe(z.string().max(40, m.timeNotValid(label)))
    .refine((value) => /T\d{2}:\d{2}/.test(value) && /(Z|[+-]\d{2}:\d{2})$/.test(value) && Number.isFinite(Date.parse(value)), m.timeNotValid(label))
    .transform((value) => new Date(value).toISOString());

/**
 * Beyond the spec: a shift of the clinic's on-call rota, as the ClinicDirector adds it. The
 * clinician is a user of the clinic; e-mail and phone are where the notices go (they may differ
 * from the user's profile: a pager, the ward's phone).
 */
export const onCallShiftInputSchema = z
  .object({
    UserID: required(m.clinicianRequired).pipe(z.string().max(128, m.clinicianRequired)),
    From: time(m.fromRequired, 'From'),
    To: time(m.toRequired, 'To'),
    Email: required(m.emailRequired).pipe(z.string().max(100, m.emailNotValid).email(m.emailNotValid)),
    Phone: required(m.phoneRequired).pipe(z.string().max(30, m.phoneNotValid).regex(PHONE_PATTERN, m.phoneNotValid)),
  })
  .strict()
  .superRefine((shift, ctx) => {
    const from = Date.parse(shift.From);
    const to = Date.parse(shift.To);
    if (from >= to) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['To'], message: m.fromBeforeTo });
    else if (to - from > MAX_SHIFT_DAYS * DAY_MS) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['To'], message: m.tooLong(MAX_SHIFT_DAYS) });
  });
export type OnCallShiftInput = z.output<typeof onCallShiftInputSchema>;

export const onCallShiftSchema = z.object({
  ShiftID: z.string(),
  UserID: z.string(),
  Name: z.string(),
  From: z.string(),
  To: z.string(),
  Email: z.string(),
  Phone: z.string(),
});
export type OnCallShiftRow = z.infer<typeof onCallShiftSchema>;

/** A clinician of the clinic who may be put on call, with the profile's contact the form starts from. */
export const onCallClinicianSchema = z.object({ UserID: z.string(), Name: z.string(), Role: z.string(), Email: z.string(), Phone: z.string().optional() });
export type OnCallClinician = z.infer<typeof onCallClinicianSchema>;

/** The rota from now on (shifts that have not ended), by start time, and who may be put on it. */
export const onCallRotaSchema = z.object({ items: z.array(onCallShiftSchema), clinicians: z.array(onCallClinicianSchema) });
export type OnCallRota = z.infer<typeof onCallRotaSchema>;

export const onCallShiftRemovedSchema = z.object({ removed: z.literal(true) });

/** How many of the patient's notified alerts the opening acknowledged (0 when a colleague had already). */
export const noticeAcknowledgedSchema = z.object({ acknowledged: z.number() });

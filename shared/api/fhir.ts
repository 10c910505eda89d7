import { z } from 'zod';
import { fhir } from '../messages/fhir';
import { isCalendarDate } from './patterns';
import { DAY_MS } from '../time';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { fhir };

/**
 * The FHIR R4 export of a patient (docs/fhir.md): the period it covers and the shape of
 * the Bundle it answers.
 */

const f = messages.fhir;

/** The period when none is given: the last 30 days, today included. */
export const FHIR_DEFAULT_DAYS = 30;
/** The longest period one export covers (a leap year). */
export const FHIR_MAX_DAYS = 366;
/**
 * The most exchanges one export holds: at up to 7 observations of about 1 KB each, the answer stays
 * near 3.5 MB, well under a Lambda's 6 MB response; a period with more is refused with a clear
 * message (docs/fhir.md).
 */
export const FHIR_MAX_EXCHANGES = 500;

/** A calendar day, yyyy-mm-dd (UTC). */
export type CalendarDay = string;

const dayOf = (ms: number): CalendarDay => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: CalendarDay) => Date.parse(`${day}T00:00:00Z`);

/** A day shifted by whole days. */
export const addDays = (day: CalendarDay, days: number): CalendarDay => dayOf(msOf(day) + days * DAY_MS);

/** How many days a period covers, both ends included. */
export const periodDays = (period: { from: CalendarDay; to: CalendarDay }) => Math.round((msOf(period.to) - msOf(period.from)) / DAY_MS) + 1;

/**
 * The period of an export: `to` defaults to today (UTC), `from` to the 30 days ending at `to`.
 * The web shows the same defaults in its dialog.
 */
export function fhirPeriod(query: { from?: CalendarDay; to?: CalendarDay }, now = new Date()): { from: CalendarDay; to: CalendarDay } {
  const to = query.to ?? dayOf(now.getTime());
  return { from: query.from ?? addDays(to, -(FHIR_DEFAULT_DAYS - 1)), to };
}

const daySchema = (label: string) => z.string().refine(isCalendarDate, f.dateNotValid(label));

/** …/patients/{patientId}/fhir?from=yyyy-mm-dd&to=yyyy-mm-dd: UTC days, both included, at most 366 days. */
export const fhirExportQuerySchema = z
  .object({ from: daySchema(f.from).optional(), to: daySchema(f.to).optional() })
  .strict()
  .transform((query, ctx) => {
    const period = fhirPeriod(query);
    if (period.from > period.to) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['from'], message: f.fromAfterTo });
      return z.NEVER;
    }
    if (periodDays(period) > FHIR_MAX_DAYS) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['from'], message: f.periodTooLong(FHIR_MAX_DAYS) });
      return z.NEVER;
    }
    return period;
  });
export type FhirExportPeriod = z.output<typeof fhirExportQuerySchema>;

/**
 * The answer: a Bundle of type 'collection' (docs/fhir.md says why). Its resources are checked
 * against the FHIR R4 JSON schema in the tests; here the envelope is held and the resources pass
 * whole (the chain would otherwise drop every field it was not told about).
 */
export const fhirBundleSchema = z
  .object({
    resourceType: z.literal('Bundle'),
    id: z.string(),
    meta: z.object({ lastUpdated: z.string() }).strict(),
    type: z.literal('collection'),
    timestamp: z.string(),
    entry: z.array(
      z
        .object({
          fullUrl: z.string(),
          resource: z.object({ resourceType: z.enum(['Patient', 'Device', 'Observation']), id: z.string() }).passthrough(),
        })
        .strict(),
    ),
  })
  .strict();
export type FhirBundle = z.infer<typeof fhirBundleSchema>;

import { z } from 'zod';
import { isIsoWeek } from '../alerts/care-week';
import { careWeek } from '../messages/care-week';
import { listQuerySchema } from './patients';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { careWeek };

/** Beyond the spec: the care team's week (ClinicDirector): which ISO week (yyyy-Www, the current one when absent), a page of the clinic's patients. */
export const careTeamWeekQuerySchema = listQuerySchema
  .extend({
    week: z.string().max(8).refine(isIsoWeek, messages.careWeek.weekNotValid).optional(),
  })
  .strict();

/** Who cleared alerts of the patient on one day of the week: the clearings of that clinician and day together. */
export const weekClearingSchema = z.object({
  UserID: z.string(),
  Name: z.string(),
  /** yyyy-mm-dd in the patient's time zone. */
  day: z.string(),
  count: z.number(),
  flags: z.array(z.string()),
});
export type WeekClearing = z.infer<typeof weekClearingSchema>;

/** One patient's week. */
export const careTeamWeekRowSchema = z.object({
  UserID: z.string(),
  patientName: z.string(),
  socialId: z.string(),
  /** The time zone the patient's week is counted in. */
  timeZone: z.string(),
  exchanges: z.number(),
  /** Prescribed slots of the week due by now (grace time passed). */
  prescribed: z.number(),
  /** min(exchanges, prescribed) / prescribed, percent, one decimal; absent with nothing prescribed. */
  adherencePercent: z.number().optional(),
  alertsRaised: z.number(),
  alertsCleared: z.number(),
  visitsClosed: z.number(),
  clearings: z.array(weekClearingSchema),
});
export type CareTeamWeekRow = z.infer<typeof careTeamWeekRowSchema>;

export const careTeamWeekResultSchema = z.object({
  week: z.string(),
  /** The week's Monday and Sunday, yyyy-mm-dd. */
  monday: z.string(),
  sunday: z.string(),
  items: z.array(careTeamWeekRowSchema),
  cursor: z.string().optional(),
});
export type CareTeamWeekResult = z.infer<typeof careTeamWeekResultSchema>;

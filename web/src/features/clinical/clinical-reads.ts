import { staffRouteId } from '@shared/api/routes/staff';
import { staffRoute, type StaffUser } from '@web/src/lib/staff';

/**
 * What the clinical screens read first, in one place for each screen and for the reads sent ahead
 * of it (app/first-reads.ts): both must ask alike, or the screen would ask again.
 */

/**
 * The patient list sorts and filters the whole set: every page, each as large as the route gives
 * (a clinic of up to 250 patients is one answer).
 */
export const EVERY_PAGE = { allPages: true, largestPages: true } as const;

/** The list /patients reads: a doctor's own patients (…/getallpatients/), or the clinic's for a director or a nurse. */
export function patientListRead(staff: StaffUser): PatientListRead {
  const options = { params: { id: staff.userId } };
  return staff.role === 'Doctor'
    ? { role: staff.role, id: 'getallpatientsAsDoctor', options }
    : { role: staff.role, id: staffRouteId('getAllClinicPatients', staff.role), options };
}

export type PatientListRead =
  | { role: 'Doctor'; id: 'getallpatientsAsDoctor'; options: { params: { id: string } } }
  | {
      role: 'ClinicDirector' | 'Nurse';
      id: ReturnType<typeof staffRouteId<'getAllClinicPatients', 'ClinicDirector' | 'Nurse'>>;
      options: { params: { id: string } };
    };

/** Rows per server page of a patient's exchanges table: many table pages of 8, few calls. */
const EXCHANGES_SERVER_PAGE = '100';

/** A patient's screen: the patient (name, count, device). */
export function patientProfileRead(staff: StaffUser, patientId: string) {
  return { id: staffRoute('getPatientProfile', staff.role), options: { params: { id: staff.userId, patientId } } } as const;
}

/** The highlights panel's periods, in days (ours: the spec names the panel, not its periods); the longest is shown first. */
export const HIGHLIGHT_PERIODS = [7, 14, 30] as const;
export const FIRST_HIGHLIGHT_PERIOD = 30;
/** The most one read of a period returns (…/getExchanges' limit): 30 days of 5 exchanges a day fit. */
const PERIOD_LIMIT = '200';

/**
 * Where a period of `days` starts: local midnight `days - 1` days before today. A period is whole
 * days with today's, and its read is the same all day, so the cache answers a patient opened again
 * within 30 s (a start counted from the moment was a new read at each opening).
 */
export function periodStart(days: number, now = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1)).toISOString();
}

/** A patient's screen: the exchanges of the highlights panel's period. */
export function highlightsRead(staff: StaffUser, patientId: string, days: number) {
  return {
    id: staffRoute('getExchanges', staff.role),
    options: { params: { id: staff.userId, patientId }, query: { from: periodStart(days), limit: PERIOD_LIMIT } },
  } as const;
}

/** A patient's screen: the adherence calendar of a month, this month's when none is named. */
export function adherenceRead(staff: StaffUser, patientId: string, month?: string) {
  const query: Record<string, string> = month ? { month } : {};
  return { id: staffRoute('getAdherence', staff.role), options: { params: { id: staff.userId, patientId }, query } } as const;
}

/** A patient's screen: the first page of the exchanges table. */
export function exchangesPageRead(staff: StaffUser, patientId: string) {
  return {
    id: staffRoute('getExchanges', staff.role),
    options: { params: { id: staff.userId, patientId }, query: { limit: EXCHANGES_SERVER_PAGE } },
  } as const;
}

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

/** A patient's screen: the first page of the exchanges table. */
export function exchangesPageRead(staff: StaffUser, patientId: string) {
  return {
    id: staffRoute('getExchanges', staff.role),
    options: { params: { id: staff.userId, patientId }, query: { limit: EXCHANGES_SERVER_PAGE } },
  } as const;
}

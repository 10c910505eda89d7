import { routes } from '../config/routes';
import { EVERY_PAGE, exchangesPageRead, patientListRead, patientProfileRead } from '../features/clinical/clinical-reads';
import { firstPageOptions, readAhead } from '../lib/api-client';
import { sessionStore } from '../lib/session-store';
import { staffUserOf } from '../lib/staff';
import type { Opened } from './opened-screen';

/**
 * Sends the first reads of the screen at the address, from the stored session: the screen's own
 * calls then take these answers (`readAhead`). Only the screens a clinician opens most: the patient
 * list (a reload, a bookmark) and a patient's exchanges (a notice's link). main.tsx loads this
 * module only for a signed-in visit, so /login does not download it (web/build.ts gives it no
 * stylesheet). The promise settles once the answers are in (or failed).
 */
export function startFirstReads(location: Opened): Promise<unknown> {
  const profile = sessionStore.get().signedIn?.profile;
  if (!profile || !routes.patients.access.includes(profile.Role)) return Promise.resolve();
  const staff = staffUserOf(profile);
  if (location.pathname === routes.patients.path) {
    const list = patientListRead(staff);
    return readAhead(list.id, firstPageOptions(list.id, list.options, EVERY_PAGE));
  }
  const patientId = new URLSearchParams(location.search).get('patientId');
  if (location.pathname === routes.patientExchanges.path && patientId) {
    const patient = patientProfileRead(staff, patientId);
    const exchanges = exchangesPageRead(staff, patientId);
    return Promise.all([readAhead(patient.id, patient.options), readAhead(exchanges.id, exchanges.options)]);
  }
  return Promise.resolve();
}

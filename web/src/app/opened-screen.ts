import { paths, routes, type ScreenId } from '../config/routes';
import { EVERY_PAGE, exchangesPageRead, patientListRead, patientProfileRead } from '../features/clinical/clinical-reads';
import { firstPageOptions, readAhead } from '../lib/api-client';
import { sessionStore } from '../lib/session-store';
import { staffUserOf } from '../lib/staff';
import { loadAppShell } from './router';
import { screens, type Screen } from './screens';

type Opened = Pick<Location, 'pathname' | 'search'>;

/*
 * What the web starts for the screen being opened before React first renders it (main.tsx): on a
 * slow line and a slow CPU, each waits for the one before when React asks for them in turn (the
 * portal's frame, then the screen's code, then its data; docs/web.md, "The screens after /login, warm").
 */

/** Loads the code of the screen at `pathname`, and the portal's frame around it when signed in. */
export function loadOpenedScreen({ pathname }: Opened): void {
  const id = (Object.keys(routes) as ScreenId[]).find((screen) => routes[screen].path === pathname);
  if (!id || routes[id].access === 'open' || !sessionStore.get().signedIn) return;
  // A chunk that fails to load here is loaded again when React asks, and fails there in view.
  void loadAppShell().catch(() => undefined);
  const screen: Screen = screens[id];
  void screen.preload?.().catch(() => undefined);
}

/**
 * Sends the first reads of the screen at the address, from the stored session: the screen's own
 * calls then take these answers (`readAhead`). Only the screens a clinician opens most: the patient
 * list (a reload, a bookmark) and a patient's exchanges (a notice's link).
 */
export function startFirstReads(location: Opened): void {
  const profile = sessionStore.get().signedIn?.profile;
  if (!profile || !routes.patients.access.includes(profile.Role)) return;
  const staff = staffUserOf(profile);
  if (location.pathname === paths.patients()) {
    const list = patientListRead(staff);
    readAhead(list.id, firstPageOptions(list.id, list.options, EVERY_PAGE));
    return;
  }
  const patientId = new URLSearchParams(location.search).get('patientId');
  if (location.pathname === routes.patientExchanges.path && patientId) {
    const patient = patientProfileRead(staff, patientId);
    const exchanges = exchangesPageRead(staff, patientId);
    readAhead(patient.id, patient.options);
    readAhead(exchanges.id, exchanges.options);
  }
}

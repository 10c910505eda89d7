import { alertTextTranslator } from '@shared/alerts/alert-text';
import { alerts } from '@shared/messages/alerts';
import { careWeek } from '@shared/messages/care-week';
import { clinicScreens } from '@shared/messages/clinic-screens';
import { clinics } from '@shared/messages/clinics';
import { deviceScreens } from '@shared/messages/device-screens';
import { devices } from '@shared/messages/devices';
import { dialogs } from '@shared/messages/dialogs';
import { fhir } from '@shared/messages/fhir';
import { history } from '@shared/messages/history';
import { live } from '@shared/messages/live';
import { mails } from '@shared/messages/mails';
import { onCall } from '@shared/messages/on-call';
import { patients } from '@shared/messages/patients';
import { prescriptions } from '@shared/messages/prescriptions';
import { providers } from '@shared/messages/providers';
import { required } from '@shared/messages/required';
import { settingsScreen } from '@shared/messages/settings-screen';
import { settings } from '@shared/messages/settings';
import { userScreens } from '@shared/messages/user-screens';
import { users } from '@shared/messages/users';
import { visits } from '@shared/messages/visits';
import * as hebrew from '@shared/messages/he';
import { readTranslated, type TranslatedTemplate } from '@shared/messages/template-reader';
import { installTranslation } from './catalogue-translation';
import type { InstalledTranslation, LoginAreas } from './language';

/**
 * Writes the Hebrew catalogue over the English texts the screens read. The areas /login uses come
 * from language.ts (see `LoginAreas`); this chunk imports the others. The racial designations are
 * stored as their English words, so forms show the Hebrew label of the same position. The alerts'
 * texts are stored in English too: they are read back through the English templates, so those are
 * taken before the area is written over.
 */
export function installHebrew(loginAreas: LoginAreas): InstalledTranslation {
  // Every area of the Hebrew catalogue, or the type check fails: none can be left English.
  const alertText = alertTextTranslator(alerts, hebrew.alerts);
  const english: Record<keyof typeof hebrew, unknown> = {
    ...loginAreas,
    alerts,
    careWeek,
    clinicScreens,
    clinics,
    deviceScreens,
    devices,
    dialogs,
    fhir,
    history,
    live,
    mails,
    onCall,
    patients,
    prescriptions,
    providers,
    required,
    settingsScreen,
    settings,
    userScreens,
    users,
    visits,
  };
  return { ...installTranslation(english, hebrew, [patients.racialOptions], protocolSummaries()), alertText };
}

/**
 * The patient list's protocol ('4 exchanges a day: DIAneal 1.36%, EXTRAneal') is made and stored
 * by the server in English: read back with the fluids as a list, and for one a day apart, as its
 * count picks the word.
 */
function protocolSummaries(): TranslatedTemplate[] {
  const english = prescriptions.summary;
  const translated = hebrew.prescriptions.summary;
  const readers = [
    readTranslated(english, translated, { listAt: 1 }),
    readTranslated(
      (fluids: readonly string[]) => english(1, fluids),
      (fluids: readonly string[]) => translated(1, fluids),
      { listAt: 0 },
    ),
  ];
  return readers.filter((reader) => reader !== undefined);
}

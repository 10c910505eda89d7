import type { Language } from '@shared/language';
import { effectiveSettings, type Settings } from '@shared/settings';
import { ingestState } from '../data/ingest-state';
import type { PatientRecord } from '../data/patients-repository';
import { prescriptionsRepository, type PrescriptionRecord } from '../data/prescriptions-repository';
import { settingsRepository } from '../data/settings-repository';
import { usersRepository } from '../data/users-repository';

/** A clinic's settings in force, read at most once a minute per container (ingestState.settings). */
export async function cachedSettingsForClinic(clinicId: string, serviceProviderId: string, now = Date.now()): Promise<Settings> {
  const key = `${clinicId}|${serviceProviderId}`;
  const kept = ingestState.settings.get(key, now);
  if (kept) return kept;
  const chain = await settingsRepository.getChain(clinicId, serviceProviderId);
  const settings = effectiveSettings(chain.clinic, chain.serviceProvider, chain.global);
  ingestState.settings.set(key, settings, now);
  return settings;
}

/**
 * The language a user chose, if any, read at most once a minute per container (ingestState.languages):
 * a notice run reads the shift on call for each patient, and its clinician's choice only once.
 */
export async function cachedLanguageOf(userId: string, now = Date.now()): Promise<Language | undefined> {
  const kept = ingestState.languages.get(userId, now);
  if (kept) return kept.Language;
  const user = await usersRepository.get(userId);
  ingestState.languages.set(userId, { Language: user?.Language }, now);
  return user?.Language;
}

/** The patient's current prescription: an approved one is kept (it never changes), one not yet approved is read each time. */
export async function cachedCurrentPrescription(patient: Pick<PatientRecord, 'UserID' | 'CurrentPrescriptionID'>): Promise<PrescriptionRecord | undefined> {
  if (!patient.CurrentPrescriptionID) return undefined;
  const key = `${patient.UserID}|${patient.CurrentPrescriptionID}`;
  const kept = ingestState.prescriptions.get(key);
  if (kept) return kept;
  const prescription = await prescriptionsRepository.currentPrescription(patient);
  if (prescription?.Approved) ingestState.prescriptions.set(key, prescription);
  return prescription;
}

import { effectiveSettings, type Settings } from '@shared/settings';
import type { DeviceRoute } from '../data/devices-repository';
import { forgetKnownLastTimes, type ExchangeRecord, type ExpectedPatientField } from '../data/exchanges-repository';
import { patientsRepository, type PatientRecord, type PrescriptionRecord } from '../data/patients-repository';
import { settingsRepository } from '../data/settings-repository';

/**
 * What the alert engine reads on every exchange but changes rarely, kept in the container's memory:
 * a clinic's settings (SETTINGS_TTL_MS), approved prescriptions (they never change), each serial
 * number's last route (only a hint of which patient to read), and for STATE_TTL_MS what the engine
 * knew of a patient, written against only if it still holds (docs/data-model.md, "Requests per exchange").
 */
export const SETTINGS_TTL_MS = 60_000;
export const STATE_TTL_MS = 5 * 60_000;
/** `INGEST_STATE_TTL_MS=0` turns keeping off (every exchange reads); the bench sets `ttlMs` to measure both ways. */
export const stateKeeping = { ttlMs: process.env.INGEST_STATE_TTL_MS === undefined ? STATE_TTL_MS : Number(process.env.INGEST_STATE_TTL_MS) };
const PRESCRIPTIONS_KEPT = 5_000;
const ROUTES_KEPT = 10_000;
/** About 60 exchanges (two weeks) of ≈ 1.5 KB each a patient: ≈ 45 MB at most. */
const STATES_KEPT = 500;

/** The patient's fields the alert engine reads, and nothing else: what a kept state holds and the write checks. */
export type EnginePatient = Pick<PatientRecord, 'UserID' | ExpectedPatientField>;

/** What the engine knew of a device's patient once an exchange of it was stored. */
export interface KnownState {
  route: DeviceRoute;
  patient: EnginePatient;
  /** The patient's exchanges from `from` on (every one of them: the count was as expected), newest first. */
  history: ExchangeRecord[];
  from: string;
}

const settingsCache = new Map<string, { settings: Settings; until: number }>();
const prescriptionCache = new Map<string, PrescriptionRecord>();
const lastRoutes = new Map<string, DeviceRoute>();
const knownStates = new Map<string, KnownState & { until: number }>();

export async function cachedSettingsForClinic(clinicId: string, serviceProviderId: string, now = Date.now()): Promise<Settings> {
  const key = `${clinicId}|${serviceProviderId}`;
  const cached = settingsCache.get(key);
  if (cached && cached.until > now) return cached.settings;
  const chain = await settingsRepository.getChain(clinicId, serviceProviderId);
  const settings = effectiveSettings(chain.clinic, chain.serviceProvider, chain.global);
  settingsCache.set(key, { settings, until: now + SETTINGS_TTL_MS });
  return settings;
}

export async function cachedCurrentPrescription(patient: Pick<PatientRecord, 'UserID' | 'CurrentPrescriptionID'>): Promise<PrescriptionRecord | undefined> {
  if (!patient.CurrentPrescriptionID) return undefined;
  const key = `${patient.UserID}|${patient.CurrentPrescriptionID}`;
  const cached = prescriptionCache.get(key);
  if (cached) return cached;
  const prescription = await patientsRepository.currentPrescription(patient);
  if (prescription?.Approved) {
    if (prescriptionCache.size >= PRESCRIPTIONS_KEPT) prescriptionCache.delete(prescriptionCache.keys().next().value!);
    prescriptionCache.set(key, prescription);
  }
  return prescription;
}

export const lastRouteOf = (serialNumber: string): DeviceRoute | undefined => lastRoutes.get(serialNumber);

export function rememberRoute(serialNumber: string, route: DeviceRoute): void {
  if (!lastRoutes.has(serialNumber) && lastRoutes.size >= ROUTES_KEPT) lastRoutes.delete(lastRoutes.keys().next().value!);
  lastRoutes.set(serialNumber, route);
}

export function forgetRoute(serialNumber: string): void {
  lastRoutes.delete(serialNumber);
}

export function knownStateOf(serialNumber: string, now = Date.now()): KnownState | undefined {
  const known = knownStates.get(serialNumber);
  if (known && known.until > now && stateKeeping.ttlMs > 0) return known;
  knownStates.delete(serialNumber);
  return undefined;
}

export function rememberState(serialNumber: string, state: KnownState, now = Date.now()): void {
  knownStates.delete(serialNumber);
  if (!(stateKeeping.ttlMs > 0)) return;
  if (knownStates.size >= STATES_KEPT) knownStates.delete(knownStates.keys().next().value!);
  knownStates.set(serialNumber, { ...state, until: now + stateKeeping.ttlMs });
}

export function forgetState(serialNumber: string): void {
  knownStates.delete(serialNumber);
}

/** Forgets everything cached, as a new container would (tests that change settings between exchanges, or count a cold exchange). */
export function clearEngineCache(): void {
  settingsCache.clear();
  prescriptionCache.clear();
  lastRoutes.clear();
  knownStates.clear();
  forgetKnownLastTimes();
}

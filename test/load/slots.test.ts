import { handler as checkSkippedExchanges } from '@functions/devices/check-skipped-exchanges';
import { settingsRepository } from '@functions/data/settings-repository';
import { judgedBy, SLOT_CLINIC_SETTINGS } from '@load/slots';
import { createPatientWithDevice, useDeviceBroker } from '@test/support/devices';
import { useTestTable } from '@test/support/local-services';
import { approvedPrescription, hhmm } from '@test/support/prescriptions';
import { HOUR_MS, MINUTE_MS } from '@shared/time';

useTestTable();
useDeviceBroker();

/**
 * The load run waits for `judgedBy` before it compares a slot's SkippedAlert with the rules: too
 * early and a slot the check has yet to judge counts as missing; too late and a run waits for nothing.
 */
it('expects a slot judged exactly when the scheduled check first raises its SkippedAlert', async () => {
  const { clinic, patient, device } = await createPatientWithDevice();
  await settingsRepository.putForClinic(clinic.ClinicID, SLOT_CLINIC_SETTINGS);
  const slot = Math.floor((Date.now() + 5 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  await approvedPrescription(patient.UserID, device.SerialNumber, [hhmm(slot)], new Date(Date.now() - 2 * HOUR_MS));
  const at = (ms: number) => ({ now: new Date(ms).toISOString() });

  // The first run checks every patient and starts the schedule; the slot has not come yet.
  expect((await checkSkippedExchanges(at(slot - 2 * MINUTE_MS))).raised).toBe(0);
  const judged = judgedBy(slot, SLOT_CLINIC_SETTINGS.SkippedExchangeGraceTime!);
  expect((await checkSkippedExchanges(at(judged - 1000))).raised).toBe(0);
  expect((await checkSkippedExchanges(at(judged))).raised).toBe(1);
});

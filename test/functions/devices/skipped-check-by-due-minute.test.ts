import { handler as checkSkippedExchanges } from '@functions/devices/check-skipped-exchanges';
import { allItems } from '@functions/data/page';
import { patientsRepository } from '@functions/data/patients-repository';
import { alertsRepository } from '@functions/data/alerts-repository';
import { settingsRepository } from '@functions/data/settings-repository';
import { createPatientWithDevice, useDeviceBroker } from '@test/support/devices';
import { countDynamoRequests } from '@test/support/dynamo-requests';
import { useTestTable } from '@test/support/local-services';
import { approvedPrescription, hhmm } from '@test/support/prescriptions';
import { HOUR_MS, MINUTE_MS } from '@shared/time';

useTestTable();
useDeviceBroker();
const requests = countDynamoRequests();

describe('the skipped-exchange check', () => {
  it('reads only the patients due since its last run', async () => {
    // The first run checks every patient once (there are none yet) and starts the cursor.
    expect(await checkSkippedExchanges()).toEqual({ patients: 0, raised: 0 });
    const now = Date.now();
    const due = await createPatientWithDevice();
    const dueToo = await createPatientWithDevice();
    const later = await createPatientWithDevice();
    const unprescribed = await Promise.all(Array.from({ length: 5 }, () => createPatientWithDevice()));
    await approvedPrescription(due.patient.UserID, due.device.SerialNumber, [hhmm(now + 5 * MINUTE_MS)], new Date(now - 2 * HOUR_MS));
    await approvedPrescription(dueToo.patient.UserID, dueToo.device.SerialNumber, [hhmm(now + 5 * MINUTE_MS)], new Date(now - 2 * HOUR_MS));
    await approvedPrescription(later.patient.UserID, later.device.SerialNumber, [hhmm(now + 5 * HOUR_MS)], new Date(now - 2 * HOUR_MS));
    void unprescribed;

    // The default grace is 120 minutes: the first two patients' slot is due at about now + 2 h 6 min.
    const runAt = now + 5 * MINUTE_MS + 123 * MINUTE_MS;
    requests.reset();
    expect(await checkSkippedExchanges({ now: new Date(runAt).toISOString() })).toEqual({ patients: 2, raised: 2 });
    const used = requests.total;
    for (const patient of [due, dueToo]) {
      const skipped = (await allItems((page) => alertsRepository.listUnresolvedAlerts(patient.patient.UserID, page))).filter(
        (alert) => alert.flag === 'SkippedAlert',
      );
      expect(skipped).toHaveLength(1);
    }
    expect((await allItems((page) => alertsRepository.listUnresolvedAlerts(later.patient.UserID, page))).length).toBe(0);

    // A run a minute later finds no one due: its cost does not grow with the platform's patients.
    requests.reset();
    expect(await checkSkippedExchanges({ now: new Date(runAt + MINUTE_MS).toISOString() })).toEqual({ patients: 0, raised: 0 });
    expect(requests.total).toBeLessThan(used);
    expect(requests.total).toBeLessThanOrEqual(2 + 4 * 2);
  });

  it('raises every skipped slot when two come closer together than the grace time', async () => {
    // A clinic whose grace (200 min) is longer than the gap between two slots (3 h): when the check
    // for the first slot runs, the second has passed but its grace has not, so it is not judged yet.
    const { clinic, patient, device } = await createPatientWithDevice();
    await settingsRepository.putForClinic(clinic.ClinicID, { SkippedExchangeGraceTime: 200 });
    const first = Date.now() + 5 * MINUTE_MS;
    const second = first + 3 * HOUR_MS;
    await approvedPrescription(patient.UserID, device.SerialNumber, [hhmm(first), hhmm(second)], new Date(Date.now() - 2 * HOUR_MS));
    const skippedSlots = async () =>
      (await allItems((page) => alertsRepository.listUnresolvedAlerts(patient.UserID, page)))
        .filter((alert) => alert.flag === 'SkippedAlert')
        .map((alert) => hhmm(Date.parse(alert.Time)));

    expect(await checkSkippedExchanges({ now: new Date(first + 202 * MINUTE_MS).toISOString() })).toEqual({ patients: 1, raised: 1 });
    expect(await skippedSlots()).toEqual([hhmm(first)]);
    // The patient skipped the second exchange too: it is raised once its own grace has passed, not a day later or never.
    expect(await checkSkippedExchanges({ now: new Date(second + 202 * MINUTE_MS).toISOString() })).toEqual({ patients: 1, raised: 1 });
    expect(await skippedSlots()).toEqual([hhmm(first), hhmm(second)]);
  });

  it('checks every patient once after a stop longer than a day, so no one drops out of the schedule', async () => {
    const everyone = await allItems(patientsRepository.listAllIds);
    expect(everyone.length).toBeGreaterThan(0);
    const result = await checkSkippedExchanges({ now: new Date(Date.now() + 3 * 24 * HOUR_MS).toISOString() });
    expect(result.patients).toBe(everyone.length);
  });
});

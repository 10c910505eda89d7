import { handler as checkSkippedExchanges } from '@functions/devices/check-skipped-exchanges';
import { allItems } from '@functions/data/page';
import { patientsRepository } from '@functions/data/patients-repository';
import { alertsRepository } from '@functions/data/alerts-repository';
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

  it('checks every patient once after a stop longer than a day, so no one drops out of the schedule', async () => {
    const everyone = await allItems(patientsRepository.listAllIds);
    expect(everyone.length).toBeGreaterThan(0);
    const result = await checkSkippedExchanges({ now: new Date(Date.now() + 3 * 24 * HOUR_MS).toISOString() });
    expect(result.patients).toBe(everyone.length);
  });
});

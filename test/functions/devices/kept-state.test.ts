import { clearIngestState, ingestState, STATE_TTL_MS } from '@functions/data/ingest-state';
import { takeExchange } from '@functions/devices/take-exchange';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { devicesRepository } from '@functions/data/devices-repository';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { allItems } from '@functions/data/page';
import { patientsRepository } from '@functions/data/patients-repository';
import { visitsRepository } from '@functions/data/visits-repository';
import { AuditTrail } from '@functions/audit/audit-trail';
import type { Caller } from '@functions/lib/caller';
import { addManualExchange } from '@functions/services/exchanges';
import { updatePatient } from '@functions/services/patients';
import { savePrescription } from '@functions/services/prescriptions';
import { closeOpenVisit } from '@functions/services/visits';
import { patientUpdateSchema } from '@shared/api/patients';
import type { DeviceExchange } from '@shared/device';
import { createPatientWithDevice, exchangeReport, useDeviceBroker } from '@test/support/devices';
import { countDynamoRequests } from '@test/support/dynamo-requests';
import { approvedPrescription, prescriptionInput } from '@test/support/prescriptions';
import { useTestTable } from '@test/support/local-services';
import { HOUR_MS } from '@shared/time';

/**
 * A device's next exchange is taken with what ingest kept of its patient after the last one
 * (ingest-state.ts, "what the engine knew"): no read, and a write that goes through only if the
 * patient and the device are still as kept. These tests change what the rules read between two
 * exchanges, each the way the portal changes it, and check that the next exchange is evaluated
 * with the change, as if everything had been read again.
 */
useTestTable();
useDeviceBroker();
const requests = countDynamoRequests();

const allExchanges = (patientId: string) => allItems((page) => exchangesRepository.listForPatient(patientId, { from: '2000-01-01', to: '2100-01-01' }, page));
const flagsOf = (exchange: { StatusAlerts: { alerts: Array<{ flag: string }> } }) => exchange.StatusAlerts.alerts.map((alert) => alert.flag).sort();

function directorOf(clinic: { ClinicID: string; ServiceProviderID: string }): { caller: Caller; audit: () => AuditTrail } {
  const caller: Caller = { userId: 'director-1', role: 'ClinicDirector', clinicId: clinic.ClinicID, serviceProviderId: clinic.ServiceProviderID };
  return { caller, audit: () => new AuditTrail({ caller, route: 'kept-state.test', sourceIp: '127.0.0.1', declared: 'write' }) };
}

describe("a device's next exchange, taken with what ingest kept of the patient", () => {
  beforeEach(() => clearIngestState());

  it('costs one request (the transaction) and stores what reading everything again would have', async () => {
    // Two patients get the same reports: one with what ingest keeps, the other reading everything each time.
    const kept = await createPatientWithDevice({ TargetWeight: 70 });
    const read = await createPatientWithDevice({ TargetWeight: 70 });
    const start = Date.now() - 3 * 24 * HOUR_MS;
    // Volumes, weights and temperatures that raise UF, no-drain, weight and temperature alerts now and then.
    const reports = (i: number): Partial<DeviceExchange> => ({
      FillVolume: 2000 + (i % 3) * 200,
      DrainVolume: [2300, 1500, 2100, 60, 2500][i % 5]!,
      DrainTemp: i === 6 ? 39.5 : 36.9,
      WeightMeasure: { Value: 70 + i * 0.6, Time: new Date(start + i * 6 * HOUR_MS).toISOString() },
    });
    // The read patient's device forgets what ingest kept after each exchange; the kept patient's keeps it.
    const take = async (patient: typeof kept, at: Date, i: number, id: string) => {
      requests.reset();
      await takeExchange(patient.device.SerialNumber, { ...exchangeReport(at, reports(i)), _id: id }, new Date());
      return requests.total;
    };
    const keptRequests: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      for (const [offset, suffix] of [[0, ''], ...(i === 0 ? [] : [[HOUR_MS, '-extra']])] as Array<[number, string]>) {
        const at = new Date(start + i * 6 * HOUR_MS + offset);
        keptRequests.push(await take(kept, at, i, `kept-${i}${suffix}`));
        await take(read, at, i, `read-${i}${suffix}`);
        ingestState.patients.delete(read.device.SerialNumber);
      }
    }
    // The kept patient's first exchange reads; every later one is the transaction alone, so it is the kept path
    // that is compared below.
    expect(keptRequests[0]).toBeGreaterThan(1);
    expect(keptRequests.slice(1)).toEqual(Array.from({ length: 18 }, () => 1));

    const shape = (exchanges: Awaited<ReturnType<typeof allExchanges>>) =>
      exchanges.map((exchange) => ({ at: exchange.ExchangeTimeUtc, flags: flagsOf(exchange), Uf: exchange.Uf, status: exchange.StatusAlerts.statusValue }));
    const keptExchanges = await allExchanges(kept.patient.UserID);
    const readExchanges = await allExchanges(read.patient.UserID);
    expect(keptExchanges).toHaveLength(19);
    expect(shape(keptExchanges)).toEqual(shape(readExchanges));
    // The reports do raise alerts: the comparison is not between two empty lists.
    expect(readExchanges.filter((exchange) => exchange.StatusAlerts.alerts.length > 0).length).toBeGreaterThan(3);
  });

  it('sees a dry weight changed since: the next exchange is weighed against the new one', async () => {
    const { patient, device, clinic } = await createPatientWithDevice({ TargetWeight: 70 });
    const start = Date.now() - 10 * HOUR_MS;
    await takeExchange(device.SerialNumber, exchangeReport(new Date(start)), new Date());
    expect(ingestState.patients.get(device.SerialNumber)?.patient.TargetWeight).toBe(70);

    const director = directorOf(clinic);
    await updatePatient(director.caller, director.audit(), patient.UserID, patientUpdateSchema.parse({ TargetWeight: '65' }));
    requests.reset();
    await takeExchange(device.SerialNumber, exchangeReport(new Date(start + 6 * HOUR_MS)), new Date());
    // The kept write was refused (nothing written), the exchange read everything and was written again.
    expect(requests.byCommand.TransactWriteItemsCommand).toBe(2);

    const [latest] = await allExchanges(patient.UserID);
    expect(latest).toMatchObject({ TargetWeightSnapshot: 65 });
    expect(flagsOf(latest!)).toContain('WeightIncreasedAlert');
    expect(await patientsRepository.get(patient.UserID)).toMatchObject({ ExchangeCount: 2, TargetWeight: 65 });
    expect(await allExchanges(patient.UserID)).toHaveLength(2);
  });

  it('sees a visit closed since: the next exchange opens a new visit', async () => {
    const { patient, device, clinic } = await createPatientWithDevice();
    const start = Date.now() - 10 * HOUR_MS;
    await takeExchange(device.SerialNumber, exchangeReport(new Date(start)), new Date());
    const firstVisit = (await patientsRepository.get(patient.UserID))!.OpenVisitOpenDate!;

    const director = directorOf(clinic);
    await closeOpenVisit(director.caller, director.audit(), patient.UserID, { Findings: 'Stable', Recommendation: 'Go on', UrineOutput: 300 });
    const next = exchangeReport(new Date(start + 6 * HOUR_MS));
    await takeExchange(device.SerialNumber, next, new Date());

    const profile = (await patientsRepository.get(patient.UserID))!;
    expect(profile.OpenVisitOpenDate).toBe(new Date(next.DeviceLocalDate).toISOString());
    expect(profile.OpenVisitOpenDate).not.toBe(firstVisit);
    expect(await visitsRepository.getVisit(patient.UserID, firstVisit)).toMatchObject({ Visited: true, ExchangeCount: 1 });
    expect(await visitsRepository.getVisit(patient.UserID, profile.OpenVisitOpenDate!)).toMatchObject({ Visited: false, ExchangeCount: 1 });
  });

  it('sees an exchange entered by hand since: it is the previous fill of the next exchange', async () => {
    const { patient, device, clinic } = await createPatientWithDevice();
    const start = Date.now() - 10 * HOUR_MS;
    await takeExchange(device.SerialNumber, exchangeReport(new Date(start), { FillVolume: 2000 }), new Date());

    const director = directorOf(clinic);
    const { _id, ...manual } = exchangeReport(new Date(start + 4 * HOUR_MS), { FillVolume: 2500, DrainVolume: 2100 });
    await addManualExchange(director.caller, director.audit(), patient.UserID, manual);
    await takeExchange(device.SerialNumber, exchangeReport(new Date(start + 8 * HOUR_MS), { DrainVolume: 2600 }), new Date());

    const [latest] = await allExchanges(patient.UserID);
    // This drain less the hand-entered fill; with the kept history (no hand-entered exchange) it would be 2600 − 2000.
    expect(latest!.Uf).toBe(100);
    expect(await patientsRepository.get(patient.UserID)).toMatchObject({ ExchangeCount: 3 });
  });

  it('sees a new prescription saved since: the next exchange counts no utilization until the device approves it', async () => {
    const { patient, device } = await createPatientWithDevice();
    const start = Date.now() - 10 * HOUR_MS;
    await approvedPrescription(patient.UserID, device.SerialNumber, ['08:00', '20:00'], new Date(start - 24 * HOUR_MS));
    await takeExchange(device.SerialNumber, exchangeReport(new Date(start)), new Date());
    expect((await allExchanges(patient.UserID))[0]!.PatientUtilizationSnapshot).toEqual(expect.any(Number));

    await savePrescription(
      patient.UserID,
      prescriptionInput([{ ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: ['MO'], ExchangeTime: ['09:00'] }]),
      'doctor-1',
    );
    await takeExchange(device.SerialNumber, exchangeReport(new Date(start + 6 * HOUR_MS)), new Date());
    expect((await allExchanges(patient.UserID))[0]!.PatientUtilizationSnapshot).toBeUndefined();
  });

  it("takes exchanges older than the device's last one (sent after an outage) in one transaction each, the times kept where they were", async () => {
    const { patient, device, clinic } = await createPatientWithDevice();
    const latest = Date.now() - HOUR_MS;
    await takeExchange(device.SerialNumber, exchangeReport(new Date(latest)), new Date());
    // Another container takes what the device kept during an outage, in order, days older than its latest exchange:
    // none of them is the previous exchange of the latest (more than MaxDwellHours before it), so nothing is amended.
    clearIngestState();
    const transactions: number[] = [];
    const totals: number[] = [];
    for (const hoursBefore of [100, 96, 92, 88]) {
      requests.reset();
      await takeExchange(device.SerialNumber, exchangeReport(new Date(latest - hoursBefore * HOUR_MS)), new Date());
      transactions.push(requests.byCommand.TransactWriteItemsCommand ?? 0);
      totals.push(requests.total);
    }
    // The first reads, and its transaction is refused for its "later time" on the device and the counters, which
    // answer their time; the next ones go with what was kept and leave those times out from the start.
    expect(transactions).toEqual([2, 1, 1, 1]);
    expect(totals.slice(1)).toEqual([1, 1, 1]);
    const latestUtc = new Date(latest).toISOString();
    expect(await patientsRepository.get(patient.UserID)).toMatchObject({ ExchangeCount: 5, LastExchangeTime: latestUtc });
    expect(await devicesRepository.get(device.DeviceID)).toMatchObject({ ExchangeCount: 5, LastExchangeTime: latestUtc });
    expect((await clinicsRepository.get(clinic.ClinicID))?.ClinicLastExchangeTime).toBe(latestUtc);
  });

  it('keeps a state a few minutes only, and none for a device whose exchange was not stored as expected', async () => {
    const { device } = await createPatientWithDevice();
    const report = exchangeReport(new Date(Date.now() - 2 * HOUR_MS));
    await takeExchange(device.SerialNumber, report, new Date());
    expect(ingestState.patients.get(device.SerialNumber)).toBeDefined();
    expect(ingestState.patients.get(device.SerialNumber, Date.now() + STATE_TTL_MS + 1)).toBeUndefined();
    expect(ingestState.patients.get(device.SerialNumber)).toBeUndefined();

    await takeExchange(device.SerialNumber, exchangeReport(new Date(Date.now() - HOUR_MS)), new Date());
    expect(ingestState.patients.get(device.SerialNumber)).toBeDefined();
    // Delivered again: nothing is written, and what was kept is not trusted any more.
    await expect(takeExchange(device.SerialNumber, report, new Date())).resolves.toBe('duplicate');
    expect(ingestState.patients.get(device.SerialNumber)).toBeUndefined();
  });
});

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { clearIngestState, ingestState, ingestStateSwitch } from '@functions/data/ingest-state';
import { takeExchange } from '@functions/devices/take-exchange';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { db } from '@functions/data/entities';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { allItems } from '@functions/data/page';
import { patientsRepository } from '@functions/data/patients-repository';
import { alertsRepository } from '@functions/data/alerts-repository';
import { visitsRepository } from '@functions/data/visits-repository';
import { dynamo } from '@functions/lib/aws-clients';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { createPatient } from '@functions/services/patients';
import { createPatientWithDevice, createTestPatient, exchangeReport, randomSerialNumber, useDeviceBroker } from '@test/support/devices';
import { countDynamoRequests } from '@test/support/dynamo-requests';
import { approvedPrescription } from '@test/support/prescriptions';
import { useTestTable } from '@test/support/local-services';
import { HOUR_MS } from '@shared/time';
import { PATIENT_LIST_PAGE_MAX } from '@shared/api/page-sizes';

useTestTable();
useDeviceBroker();
const requests = countDynamoRequests();

/** The stored size of an item as DynamoDB counts it, near enough: names plus values. */
async function itemBytes(pk: string, sk: string): Promise<number> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: process.env.TABLE_NAME!, Key: { pk, sk } }));
  return Buffer.byteLength(JSON.stringify(Item));
}

describe('ingest at scale', () => {
  it('takes an exchange in at most 6 DynamoDB requests: 1 right after another of the device, 3 in 2 round trips once the device has reported to the container', async () => {
    const { patient, device } = await createPatientWithDevice();
    await approvedPrescription(patient.UserID, device.SerialNumber, ['08:00', '20:00'], new Date(Date.now() - 3 * 24 * HOUR_MS));
    clearIngestState();
    const start = Date.now() - 2 * 24 * HOUR_MS;
    const perExchange: number[] = [];
    const roundTrips: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      requests.reset();
      await takeExchange(device.SerialNumber, exchangeReport(new Date(start + i * 6 * HOUR_MS), i === 3 ? { MachineProblem: 'PANIC: pump' } : {}), new Date());
      perExchange.push(requests.total);
      roundTrips.push(requests.roundTrips);
    }
    // Cold: route, patient, settings (one BatchGet), prescription, history, transaction.
    // Then what ingest kept of the patient: the transaction alone, which goes through only if it still holds.
    expect(perExchange).toEqual([6, 1, 1, 1, 1]);
    // (Cold: the route; the patient with the settings, then the history; the prescription; the transaction.)
    expect(roundTrips).toEqual([5, 1, 1, 1, 1]);

    // What was kept is gone (minutes later, or the container kept another device's): the route with the patient
    // (one BatchGet) and the history, together, then the transaction.
    ingestState.patients.delete(device.SerialNumber);
    requests.reset();
    await takeExchange(device.SerialNumber, exchangeReport(new Date(start + 30 * HOUR_MS)), new Date());
    expect(requests.byCommand).toEqual({ BatchGetItemCommand: 1, QueryCommand: 1, TransactWriteItemsCommand: 1 });
    expect(requests.roundTrips).toBe(2);

    // A new container (nothing remembered) reads the route first again.
    clearIngestState();
    requests.reset();
    await takeExchange(device.SerialNumber, exchangeReport(new Date(start + 36 * HOUR_MS)), new Date());
    expect(requests.byCommand).toMatchObject({ GetItemCommand: 3, QueryCommand: 1, TransactWriteItemsCommand: 1 });
  });

  it('reads everything for every exchange, as a new container, when the ingest state is switched off', async () => {
    const { patient, device } = await createPatientWithDevice();
    await approvedPrescription(patient.UserID, device.SerialNumber, ['08:00', '20:00'], new Date(Date.now() - 3 * 24 * HOUR_MS));
    clearIngestState();
    ingestStateSwitch.on = false;
    const start = Date.now() - 2 * 24 * HOUR_MS;
    const perExchange: number[] = [];
    try {
      for (let i = 0; i < 3; i += 1) {
        requests.reset();
        await takeExchange(device.SerialNumber, exchangeReport(new Date(start + i * 6 * HOUR_MS)), new Date());
        perExchange.push(requests.total);
      }
    } finally {
      ingestStateSwitch.on = true;
    }
    // Route, patient, settings, prescription, history, transaction: each time.
    expect(perExchange).toEqual([6, 6, 6]);
    expect(ingestState.patients.size + ingestState.routes.size + ingestState.settings.size).toBe(0);
  });

  it('goes by the route it reads, not the one it remembers: a device given to another patient reports for them at once', async () => {
    const { patient, device, clinic } = await createPatientWithDevice();
    const start = Date.now() - 2 * 24 * HOUR_MS;
    const first = exchangeReport(new Date(start));
    await takeExchange(device.SerialNumber, first, new Date());

    const { patient: next } = await createTestPatient({ ClinicID_ref: clinic.ClinicID, DoctorID_ref: 'doctor-1' });
    await assignDevice(next.UserID, device.SerialNumber, { move: true });
    const second = exchangeReport(new Date(start + 6 * HOUR_MS));
    await takeExchange(device.SerialNumber, second, new Date());
    const ids = async (patientId: string) =>
      (await allItems((page) => exchangesRepository.listForPatient(patientId, { from: '', to: '9999' }, page))).map((exchange) => exchange._id);
    expect(await ids(patient.UserID)).toEqual([first._id]);
    expect(await ids(next.UserID)).toEqual([second._id]);

    // The patient gets another device: this one reports for no one, and its exchange is refused.
    const other = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinic.ClinicID });
    await assignDevice(next.UserID, other.SerialNumber);
    await expect(takeExchange(device.SerialNumber, exchangeReport(new Date(start + 12 * HOUR_MS)), new Date())).rejects.toThrow(/not assigned/);
    expect(await ids(next.UserID)).toEqual([second._id]);
  });

  it('keeps the patient status in step with the unresolved alerts as they are resolved', async () => {
    const { patient, device } = await createPatientWithDevice();
    await takeExchange(device.SerialNumber, exchangeReport(new Date(Date.now() - HOUR_MS), { MachineProblem: 'PANIC: pump', DrainTemp: 39 }), new Date());
    const unresolved = await allItems((page) => alertsRepository.listUnresolvedAlerts(patient.UserID, page));
    expect(unresolved.map((alert) => alert.severity).sort()).toEqual([3, 3]);
    expect(await alertsRepository.resolveAlert(patient.UserID, unresolved[0]!)).toBe(true);
    expect(await alertsRepository.resolveAlert(patient.UserID, unresolved[0]!)).toBe(false);
    expect((await patientsRepository.get(patient.UserID))!.PatientAlertStatus).toEqual({ statusValue: 3, unresolved: 1 });
    await alertsRepository.resolveAlert(patient.UserID, unresolved[1]!);
    expect((await patientsRepository.get(patient.UserID))!.PatientAlertStatus).toEqual({ statusValue: 1, unresolved: 0 });
    expect((await alertsRepository.listAlerts(patient.UserID, { from: '2000', to: '2100' })).items).toHaveLength(2);
  });

  it('keeps taking exchanges of a patient with 3,000 in one open visit, and the patient and visit items stay small', async () => {
    const { patient, device } = await createPatientWithDevice();
    const start = Date.now() - 3100 * 6 * HOUR_MS;
    await takeExchange(device.SerialNumber, exchangeReport(new Date(start)), new Date());
    const profile = await patientsRepository.get(patient.UserID);
    const visitKey = `VISIT#${profile!.OpenVisitOpenDate}`;
    const sizesAfterFirst = [await itemBytes(`PATIENT#${patient.UserID}`, 'PROFILE'), await itemBytes(`PATIENT#${patient.UserID}`, visitKey)];

    // 3,000 exchanges of the open visit's period, as ingest stores them, written in batches to keep the test quick.
    const {
      data: [first],
    } = await db().entities.exchange.query.byPatient({ PatientID: patient.UserID }).go();
    const bulk = Array.from({ length: 3000 }, (_, i) => {
      const at = new Date(start + (i + 1) * 6 * HOUR_MS).toISOString();
      return { ...first!, ExchangeID: `bulk-${i}`, ExchangeTimeUtc: at, ReceivedAt: at, Report: { ...first!.Report, _id: `bulk-${i}`, DeviceLocalDate: at } };
    });
    const { unprocessed } = await db().entities.exchange.put(bulk).go();
    expect(unprocessed).toHaveLength(0);
    await db().entities.visit.patch({ PatientID: patient.UserID, OpenDate: profile!.OpenVisitOpenDate! }).add({ ExchangeCount: 3000 }).go();

    // Live exchanges after them, with alerts, are still taken.
    const outcomes = [];
    for (let i = 0; i < 5; i += 1) {
      outcomes.push(
        await takeExchange(device.SerialNumber, exchangeReport(new Date(start + (3001 + i) * 6 * HOUR_MS), { MachineProblem: `PANIC: ${i}` }), new Date()),
      );
    }
    expect(outcomes).toEqual(Array(5).fill('stored'));
    const sizesAfter = [await itemBytes(`PATIENT#${patient.UserID}`, 'PROFILE'), await itemBytes(`PATIENT#${patient.UserID}`, visitKey)];
    expect(sizesAfter[0]).toBeLessThan(2_000);
    expect(sizesAfter[1]).toBeLessThan(1_000);
    // Bounded: a few bytes for counters, nothing per exchange.
    expect(sizesAfter[0]! - sizesAfterFirst[0]!).toBeLessThan(100);
    expect(sizesAfter[1]! - sizesAfterFirst[1]!).toBeLessThan(20);
    const visit = (await visitsRepository.getVisit(patient.UserID, profile!.OpenVisitOpenDate!))!;
    expect(visit.ExchangeCount).toBe(3006);
    const firstPage = await visitsRepository.visitMeasurements(visit, { limit: 100 });
    expect(firstPage.items).toHaveLength(100);
    expect(firstPage.cursor).not.toBeNull();
    const unresolved = await allItems((page) => alertsRepository.listUnresolvedAlerts(patient.UserID, page));
    expect(unresolved.filter((alert) => alert.flag === 'MachineProblemAlert')).toHaveLength(5);
    expect((await patientsRepository.get(patient.UserID))!.PatientAlertStatus).toEqual({ statusValue: 3, unresolved: unresolved.length });
  }, 120_000);

  it('takes 8 exchanges of one patient at once without running out of retries, counters and alert items agreeing', async () => {
    const { patient, clinic, device } = await createPatientWithDevice();
    const start = Date.now() - 12 * HOUR_MS;
    const reports = Array.from({ length: 8 }, (_, i) => exchangeReport(new Date(start + i * HOUR_MS), { MachineProblem: i % 2 ? `PANIC: ${i}` : 'no error' }));
    const outcomes = await Promise.all(reports.map((report) => takeExchange(device.SerialNumber, report, new Date())));
    expect(outcomes).toEqual(Array(8).fill('stored'));
    const unresolved = await allItems((page) => alertsRepository.listUnresolvedAlerts(patient.UserID, page));
    const after = (await patientsRepository.get(patient.UserID))!;
    expect(after.ExchangeCount).toBe(8);
    expect(after.LastExchangeTime).toBe(reports[7]!.DeviceLocalDate);
    expect(after.PatientAlertStatus).toEqual({ statusValue: 3, unresolved: unresolved.length });
    expect(unresolved.filter((alert) => alert.flag === 'MachineProblemAlert')).toHaveLength(4);
    expect((await clinicsRepository.get(clinic.ClinicID))!).toMatchObject({ ClinicExchangeCounter: 8, ClinicLastExchangeTime: reports[7]!.DeviceLocalDate });
    const [visit] = (await visitsRepository.listVisits(patient.UserID)).items;
    expect(visit!.ExchangeCount).toBe(8);
    expect(await allItems((page) => visitsRepository.visitMeasurements(visit!, page))).toHaveLength(8);
  });
});

/** What a clinician sees of a patient's exchanges: each one's time, UF and alert flags, oldest first. */
async function evaluations(patientId: string) {
  const exchanges = await allItems((page) => exchangesRepository.listForPatient(patientId, { from: '2000', to: '2100' }, page));
  return exchanges
    .reverse()
    .map((exchange) => ({ time: exchange.ExchangeTimeUtc, uf: exchange.Uf, flags: exchange.StatusAlerts.alerts.map((alert) => alert.flag).sort() }));
}

describe('exchanges arriving at once or out of order are evaluated as if they came one by one', () => {
  // Low UF (180 ml on 2 l) needs the previous exchange; a weight gain needs the earlier weights.
  const reports = (start: number) =>
    Array.from({ length: 8 }, (_, i) =>
      exchangeReport(new Date(start + i * 5 * HOUR_MS), { WeightMeasure: { Value: 70 + i * 0.6, Time: new Date(start + i * 5 * HOUR_MS).toISOString() } }),
    );

  it('gives the same alerts, UF and status', async () => {
    const start = Date.now() - 48 * HOUR_MS;
    const inOrder = await createPatientWithDevice();
    for (const report of reports(start)) await takeExchange(inOrder.device.SerialNumber, report, new Date());
    const expected = await evaluations(inOrder.patient.UserID);
    expect(expected.filter((exchange) => exchange.flags.includes('LowUfAlert')).length).toBeGreaterThan(5);

    const atOnce = await createPatientWithDevice();
    await Promise.all(reports(start).map((report) => takeExchange(atOnce.device.SerialNumber, report, new Date())));
    const reversed = await createPatientWithDevice();
    for (const report of reports(start).reverse()) await takeExchange(reversed.device.SerialNumber, report, new Date());

    for (const { patient } of [atOnce, reversed]) {
      expect(await evaluations(patient.UserID)).toEqual(expected);
      expect((await patientsRepository.get(patient.UserID))!.PatientAlertStatus).toEqual(
        (await patientsRepository.get(inOrder.patient.UserID))!.PatientAlertStatus,
      );
    }
  });

  it('completes the evaluations when an exchange is delivered again after stopping right after its transaction', async () => {
    const start = Date.now() - 10 * HOUR_MS;
    const [earlier, later] = [exchangeReport(new Date(start)), exchangeReport(new Date(start + 5 * HOUR_MS))];
    const { patient, device } = await createPatientWithDevice();
    await takeExchange(device.SerialNumber, later, new Date());
    expect((await evaluations(patient.UserID))[0]!.flags).toEqual([]); // no previous fill yet: no UF

    // The earlier one's first delivery: its transaction, then the Lambda stops before anything else.
    const profile = (await patientsRepository.get(patient.UserID))!;
    const { FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity, ...report } = earlier;
    await exchangesRepository.record({
      exchange: {
        ...report,
        PatientID: patient.UserID,
        DeviceID: device.DeviceID,
        SerialNumber: device.SerialNumber,
        ClinicID: profile.ClinicID_ref,
        ServiceProviderID: profile.ServiceProviderID,
        ExchangeTimeUtc: earlier.DeviceLocalDate,
        ReceivedAt: new Date().toISOString(),
        StatusAlerts: { statusValue: 1, alerts: [] },
      },
      turbidity: {},
      alerts: [],
      visit: { openDate: profile.OpenVisitOpenDate!, opens: false, periodStart: '' },
      patientLastExchangeTime: profile.LastExchangeTime,
      patientExchangeCount: profile.ExchangeCount ?? 0,
    });
    expect((await evaluations(patient.UserID))[1]!.uf).toBeUndefined();

    // The redelivery changes nothing of its own, and completes the later exchange's evaluation.
    expect(await takeExchange(device.SerialNumber, earlier, new Date())).toBe('duplicate');
    expect((await evaluations(patient.UserID))[1]).toMatchObject({ uf: 180, flags: ['LowUfAlert'] });
    expect((await patientsRepository.get(patient.UserID))!).toMatchObject({ ExchangeCount: 2, PatientAlertStatus: { statusValue: 2, unresolved: 1 } });
  });
});

describe('lists page with a limit and a cursor', () => {
  it('returns every patient of a clinic, and of the platform, exactly once', async () => {
    const { clinic, patient } = await createPatientWithDevice();
    const ids = [patient.UserID];
    for (let i = 0; i < 11; i += 1) {
      const { patient: another } = await createPatient({
        ...(await patientsRepository.getPii(patient.UserID))!,
        SocialId: String(500_000_000 + i),
        ClinicID_ref: clinic.ClinicID,
        DoctorID_ref: 'doctor-2',
      });
      ids.push(another.UserID);
    }
    const pages = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof patientsRepository.listByClinic>> = await patientsRepository.listByClinic(clinic.ClinicID, { limit: 5, cursor });
      expect(page.items.length).toBeLessThanOrEqual(5);
      pages.push(page.items.map((item) => item.UserID));
      cursor = page.cursor;
    } while (cursor);
    expect(pages.flat().sort()).toEqual([...ids].sort());
    // A page has a cursor only when patients follow it: twelve in pages of six are two pages, not three.
    const first = await patientsRepository.listByClinic(clinic.ClinicID, { limit: 6 });
    const second = await patientsRepository.listByClinic(clinic.ClinicID, { limit: 6, cursor: first.cursor });
    expect([first.items.length, second.items.length, second.cursor]).toEqual([6, 6, null]);
    expect([...first.items, ...second.items].map((item) => item.UserID).sort()).toEqual([...ids].sort());
    expect((await allItems((page) => patientsRepository.listByDoctor('doctor-2', page))).map((item) => item.UserID).sort()).toEqual(ids.slice(1).sort());

    const platform: string[] = [];
    cursor = null;
    do {
      const page: Awaited<ReturnType<typeof patientsRepository.listAllIds>> = await patientsRepository.listAllIds({ limit: 3, cursor });
      expect(page.items.length).toBeLessThanOrEqual(3);
      platform.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    expect(new Set(platform).size).toBe(platform.length);
    expect(platform).toEqual(expect.arrayContaining(ids));
  });

  it('gives a clinic of more than 100 patients in one page of the patient list’s largest size', async () => {
    const { clinic, patient } = await createPatientWithDevice();
    const pii = (await patientsRepository.getPii(patient.UserID))!;
    for (let i = 0; i < 119; i += 1)
      await createPatient({ ...pii, SocialId: String(600_000_000 + i), ClinicID_ref: clinic.ClinicID, DoctorID_ref: 'doctor-3' });
    const page = await patientsRepository.listByClinic(clinic.ClinicID, { limit: PATIENT_LIST_PAGE_MAX });
    expect([page.items.length, new Set(page.items.map((item) => item.UserID)).size, page.cursor]).toEqual([120, 120, null]);
  });

  it("returns every exchange of a patient's history exactly once, newest first", async () => {
    const { patient, device } = await createPatientWithDevice();
    const start = Date.now() - 30 * HOUR_MS;
    for (let i = 0; i < 13; i += 1) await takeExchange(device.SerialNumber, exchangeReport(new Date(start + i * HOUR_MS)), new Date());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof exchangesRepository.listForPatient>> = await exchangesRepository.listForPatient(
        patient.UserID,
        { from: '2000', to: '2100' },
        { limit: 4, cursor },
      );
      seen.push(...page.items.map((item) => item.ExchangeTimeUtc));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toHaveLength(13);
    expect(seen).toEqual([...seen].sort().reverse());
    const byDevice = await allItems((page) => exchangesRepository.listForDevice(device.DeviceID, page));
    expect(byDevice.map((item) => item.ExchangeTimeUtc)).toEqual(seen);
  });
});

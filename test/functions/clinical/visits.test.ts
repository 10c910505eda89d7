import { auditRepository } from '@functions/data/audit-repository';
import { db } from '@functions/data/entities';
import { patientsRepository } from '@functions/data/patients-repository';
import { visitsRepository } from '@functions/data/visits-repository';
import type { Visit, VisitsResult } from '@shared/api/prescriptions';
import * as messages from '@shared/messages';
import { useApi } from '@test/support/api';
import { clinicWithStaff, staffPath, type ClinicWithStaff } from '@test/support/clinic-staff';
import { connectDevice, exchangeReport, publishExchange, useDeviceBroker } from '@test/support/devices';
import { approvedPrescription, hhmm } from '@test/support/prescriptions';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { countDynamoRequests } from '@test/support/dynamo-requests';
import type { DeviceExchange } from '@shared/device';
import { HOUR_MS } from '@shared/time';

useTestTable();
useTestUserPool();
const api = useApi();
const devices = useDeviceBroker();
const requests = countDynamoRequests();
const v = messages.visits;

let own: ClinicWithStaff;
let other: ClinicWithStaff;
beforeAll(async () => {
  [own, other] = [await clinicWithStaff(), await clinicWithStaff()];
}, 60_000);

type Role = 'ClinicDirector' | 'Doctor' | 'Nurse';
const getVisits = (setup: ClinicWithStaff, role: Role, patientId = setup.patient.UserID, query = '') =>
  api.call('GET', `${staffPath(role, setup.staff[role].user.UserID, patientId, 'getVisits')}${query}`, { token: setup.staff[role].token });
const close = (setup: ClinicWithStaff, role: Role, body: unknown, patientId = setup.patient.UserID, prefix: Role = role) =>
  api.call('POST', staffPath(prefix, setup.staff[role].user.UserID, patientId, 'closeOpenVisit'), { token: setup.staff[role].token, body });
const visitsOf = (response: { body: unknown }) => (response.body as VisitsResult).visits;

const summary = { Findings: 'Stable, mild oedema', Recommendation: 'Keep 1.36% by day, EXTRAneal at night', UrineOutput: 4.5 };

async function exchanges(setup: ClinicWithStaff, reports: DeviceExchange[]) {
  const client = await connectDevice(devices.mqttUrl, setup.device.SerialNumber);
  try {
    for (const report of reports) await publishExchange(client, setup.device.SerialNumber, report);
  } finally {
    await client.endAsync();
  }
}

describe('a visit from its first exchange to its close', () => {
  it('shows the open visit with highlights, turbidity, readings and prescription; a doctor closes it; the next exchange opens a new one', async () => {
    const setup = await clinicWithStaff();
    const prescription = await approvedPrescription(setup.patient.UserID, setup.device.SerialNumber, [hhmm(Date.now())], new Date(Date.now() - 6 * HOUR_MS));
    expect(visitsOf(await getVisits(setup, 'Nurse'))).toEqual([]);

    const first = new Date(Date.now() - 5 * HOUR_MS);
    await exchanges(setup, [
      exchangeReport(first, { BubblesTurbidityCalc: { meanCleanDrain: 2, stdevCleanDrain: 0.2, meanCleanFill: 0.5, stdevCleanFill: 0.1 } }),
      exchangeReport(new Date(Date.now() - 2 * HOUR_MS), {
        BubblesTurbidityCalc: { meanCleanDrain: 4, stdevCleanDrain: 0.4, meanCleanFill: 0.5, stdevCleanFill: 0.1 },
        MachineProblem: 'PANIC: pump stalled',
        DrainTemp: 41,
      }),
    ]);

    for (const role of ['ClinicDirector', 'Doctor', 'Nurse'] as const) {
      const response = await getVisits(setup, role);
      expect(response.status).toBe(200);
      const [open] = visitsOf(response);
      expect(open).toMatchObject({
        Visited: false,
        OpenDate: first.toISOString(),
        ExchangeCount: 2,
        highlights: { machineProblem: 1, highDrainTemp: 1, exchangeSkip: 0 },
        // (mean drain 3 + its deviation 0.3) − (mean fill 0.5 − its deviation 0.1)
        turbidity: 2.9,
        CurrentPatientProtocol: [{ PrescriptionId: prescription.PrescriptionId, Approved: true }],
      });
      expect(open!.AlertCount).toBeGreaterThanOrEqual(2);
      expect(open!.measurements).toHaveLength(2);
      expect(open!.measurements![0]).toMatchObject({ Pulse: 72, WeightKg: 70.5, DrainTempC: 41 });
    }

    const closed = await close(setup, 'Doctor', summary);
    expect(closed).toMatchObject({ status: 200, body: { status: 'closed', visit: { Visited: true, ...summary, turbidity: 2.9 } } });
    const closedDate = (closed.body as { visit: Visit }).visit.ClosedDate!;
    expect(await close(setup, 'ClinicDirector', summary)).toMatchObject({ status: 409, body: { message: [v.noOpenVisit] } });

    const trail = await auditRepository.listByPatient(setup.patient.UserID);
    expect(trail.items.filter((record) => record.Entity === 'Visit' && record.Action === 'write')).toHaveLength(1);

    // The next exchange opens a new visit, whose period starts where the closed one ended.
    const next = new Date();
    await exchanges(setup, [exchangeReport(next)]);
    const patient = await patientsRepository.get(setup.patient.UserID);
    expect(patient!.OpenVisitOpenDate).toBe(next.toISOString());
    expect(await visitsRepository.getVisit(setup.patient.UserID, next.toISOString())).toMatchObject({
      Visited: false,
      PeriodStart: closedDate,
      ExchangeCount: 1,
    });

    const [open, previous] = visitsOf(await getVisits(setup, 'ClinicDirector'));
    expect(open).toMatchObject({ Visited: false, OpenDate: next.toISOString(), ExchangeCount: 1, highlights: { machineProblem: 0 } });
    expect(previous).toMatchObject({
      Visited: true,
      OpenDate: first.toISOString(),
      ClosedDate: closedDate,
      ...summary,
      ExchangeCount: 2,
      highlights: { machineProblem: 1, highDrainTemp: 1 },
      turbidity: 2.9,
      CurrentPatientProtocol: [{ PrescriptionId: prescription.PrescriptionId }],
    });
    expect(previous!.measurements).toBeUndefined();

    // Paged: newest first, a cursor to the older ones.
    const page1 = await getVisits(setup, 'Doctor', setup.patient.UserID, '?limit=1');
    expect(visitsOf(page1).map((visit) => visit.OpenDate)).toEqual([next.toISOString()]);
    const cursor = (page1.body as VisitsResult).cursor!;
    expect(cursor).toBeDefined();
    const page2 = await getVisits(setup, 'Doctor', setup.patient.UserID, `?limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(visitsOf(page2).map((visit) => visit.OpenDate)).toEqual([first.toISOString()]);
  });
});

describe('a visit open for a long time', () => {
  const calc = (meanCleanDrain: number) => ({ BubblesTurbidityCalc: { meanCleanDrain, stdevCleanDrain: 0.2, meanCleanFill: 0.5, stdevCleanFill: 0.1 } });

  it('answers its figure and latest readings without reading every exchange of its period', async () => {
    const setup = await clinicWithStaff();
    const start = Date.now() - 400 * 6 * HOUR_MS;
    await exchanges(setup, [exchangeReport(new Date(start), calc(2))]);
    const openDate = (await patientsRepository.get(setup.patient.UserID))!.OpenVisitOpenDate!;
    // 300 exchanges of the period without turbidity statistics, as ingest stores them, then one more through the device.
    const {
      data: [first],
    } = await db().entities.exchange.query.byPatient({ PatientID: setup.patient.UserID }).go();
    const bulk = Array.from({ length: 300 }, (_, i) => {
      const at = new Date(start + (i + 1) * 6 * HOUR_MS).toISOString();
      const { BubblesTurbidityCalc, ...report } = first!.Report;
      return { ...first!, ExchangeID: `bulk-${i}`, ExchangeTimeUtc: at, ReceivedAt: at, Report: { ...report, _id: `bulk-${i}`, DeviceLocalDate: at } };
    });
    expect((await db().entities.exchange.put(bulk).go()).unprocessed).toHaveLength(0);
    await exchanges(setup, [exchangeReport(new Date(start + 350 * 6 * HOUR_MS), calc(4))]);
    expect(await visitsRepository.getVisit(setup.patient.UserID, openDate)).toMatchObject({ TurbiditySamples: 2, SumMeanCleanDrain: 6 });

    requests.reset();
    const [open] = visitsOf(await getVisits(setup, 'Doctor'));
    // (mean drain 3 + its deviation 0.2) − (mean fill 0.5 − its deviation 0.1): the two exchanges that carried statistics.
    expect(open).toMatchObject({ Visited: false, OpenDate: openDate, turbidity: 2.8 });
    expect(open!.measurements).toHaveLength(100);
    // The visits, the visit's alerts, one page of its readings: not the 302 exchanges of its period.
    expect(requests.byCommand.QueryCommand).toBe(3);
    // The session checks; the patient with the visits; the prescription with the open visit's alerts and readings; the audit record.
    expect(requests.roundTrips).toBe(4);

    const closed = await close(setup, 'Doctor', summary);
    expect(closed).toMatchObject({ status: 200, body: { visit: { Visited: true, turbidity: 2.8 } } });
  });

  it('counts a visit opened before the sums were kept from the exchanges of its period', async () => {
    const setup = await clinicWithStaff();
    await exchanges(setup, [exchangeReport(new Date(Date.now() - 3 * HOUR_MS), calc(2)), exchangeReport(new Date(Date.now() - 2 * HOUR_MS), calc(4))]);
    const openDate = (await patientsRepository.get(setup.patient.UserID))!.OpenVisitOpenDate!;
    // The visit as it was stored before ingest kept the sums.
    await db()
      .entities.visit.patch({ PatientID: setup.patient.UserID, OpenDate: openDate })
      .remove(['KeepsTurbiditySums', 'TurbiditySamples', 'SumMeanCleanDrain', 'SumStdevCleanDrain', 'SumMeanCleanFill', 'SumStdevCleanFill'])
      .go();
    const [open] = visitsOf(await getVisits(setup, 'Nurse'));
    expect(open).toMatchObject({ Visited: false, turbidity: 2.8, ExchangeCount: 2 });
  });
});

describe('closeOpenVisit refusals', () => {
  it('refuses missing inputs (400, the spec’s "falsy result") and keeps the visit open', async () => {
    const setup = await clinicWithStaff();
    await exchanges(setup, [exchangeReport(new Date(Date.now() - HOUR_MS))]);
    const response = await close(setup, 'ClinicDirector', { Findings: ' ', UrineOutput: -1 });
    expect(response.status).toBe(400);
    expect((response.body as { message: string[] }).message).toEqual([v.findingsRequired, v.recommendationRequired, v.urineOutputNotValid]);
    expect((await close(setup, 'Doctor', {})).status).toBe(400);
    expect((await close(setup, 'Doctor', { ...summary, Findings: 'x'.repeat(1001) })).status).toBe(400);
    expect(visitsOf(await getVisits(setup, 'Doctor'))[0]).toMatchObject({ Visited: false });
  });

  it('refuses a nurse (403) and changes nothing', async () => {
    const setup = await clinicWithStaff();
    await exchanges(setup, [exchangeReport(new Date(Date.now() - HOUR_MS))]);
    for (const prefix of ['ClinicDirector', 'Doctor'] as const) {
      const response = await close(setup, 'Nurse', summary, setup.patient.UserID, prefix);
      expect(response).toMatchObject({ status: 403, body: { message: [messages.errors.noAccess('visits')] } });
    }
    expect(visitsOf(await getVisits(setup, 'Nurse'))[0]).toMatchObject({ Visited: false });
    expect((await patientsRepository.get(setup.patient.UserID))!.OpenVisitOpenDate).toBeDefined();
  });

  it('answers 409 when there is no open visit', async () => {
    const setup = await clinicWithStaff();
    expect(await close(setup, 'Doctor', summary)).toMatchObject({ status: 409, body: { message: [v.noOpenVisit] } });
  });

  it('gives two clinicians closing at once one closed visit and one clear error', async () => {
    const setup = await clinicWithStaff();
    await exchanges(setup, [exchangeReport(new Date(Date.now() - HOUR_MS))]);
    const results = await Promise.all([
      close(setup, 'ClinicDirector', summary),
      close(setup, 'Doctor', { ...summary, Findings: 'Doctor’s findings' }),
      close(setup, 'ClinicDirector', { ...summary, Findings: 'Director again' }),
    ]);
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const refused of results.filter((result) => result.status === 409)) {
      expect([[v.closedMeanwhile], [v.noOpenVisit]]).toContainEqual((refused.body as { message: string[] }).message);
    }
    const winner = results.find((result) => result.status === 200)!.body as { visit: Visit };
    const visits = visitsOf(await getVisits(setup, 'Nurse'));
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ Visited: true, Findings: winner.visit.Findings });
  });
});

describe('tenants', () => {
  it.each(['ClinicDirector', 'Doctor', 'Nurse'] as const)('%s: another clinic’s patient’s visits are not found', async (role) => {
    expect(await getVisits(own, role, other.patient.UserID)).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
  });

  it.each(['ClinicDirector', 'Doctor'] as const)('%s: closing another clinic’s patient’s visit is not found, whatever the body', async (role) => {
    await exchanges(other, [exchangeReport(new Date(Date.now() - HOUR_MS))]);
    expect(await close(own, role, summary, other.patient.UserID)).toMatchObject({ status: 404 });
    expect(await close(own, role, {}, other.patient.UserID)).toMatchObject({ status: 404 });
    expect((await patientsRepository.get(other.patient.UserID))!.OpenVisitOpenDate).toBeDefined();
  });
});

import mqtt from 'mqtt';
import { checkPatient } from '@functions/devices/check-skipped-exchanges';
import { clearIngestState } from '@functions/data/ingest-state';
import { takeExchange } from '@functions/devices/take-exchange';
import { dynamo } from '@functions/lib/aws-clients';
import { setTimeout as sleep } from 'node:timers/promises';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { deadLettersRepository } from '@functions/data/dead-letters-repository';
import { devicesRepository } from '@functions/data/devices-repository';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { allItems } from '@functions/data/page';
import { patientsRepository } from '@functions/data/patients-repository';
import { alertsRepository } from '@functions/data/alerts-repository';
import { prescriptionsRepository } from '@functions/data/prescriptions-repository';
import { visitsRepository } from '@functions/data/visits-repository';
import { serviceProvidersRepository } from '@functions/data/service-providers-repository';
import { settingsRepository } from '@functions/data/settings-repository';
import { statsRepository } from '@functions/data/stats-repository';
import { savePrescription } from '@functions/services/prescriptions';
import { deviceTopics, devicePrescriptionSchema } from '@shared/device';
import {
  connectDevice,
  createPatientWithDevice,
  exchangeReport,
  issueDeviceSecret,
  publishExchange,
  randomSerialNumber,
  useDeviceBroker,
} from '@test/support/devices';
import { prescriptionInput } from '@test/support/prescriptions';
import { useTestTable } from '@test/support/local-services';
import { countDynamoRequests } from '@test/support/dynamo-requests';
import { HOUR_MS } from '@shared/time';

useTestTable();
const devices = useDeviceBroker();
const requests = countDynamoRequests();

const allExchanges = (patientId: string) => allItems((page) => exchangesRepository.listForPatient(patientId, { from: '2000-01-01', to: '2100-01-01' }, page));
const unresolvedAlerts = (patientId: string) => allItems((page) => alertsRepository.listUnresolvedAlerts(patientId, page));
async function openVisit(patientId: string) {
  const { items } = await visitsRepository.listVisits(patientId, { limit: 1 });
  const visit = items[0]!;
  return {
    visit,
    measurements: await allItems((page) => visitsRepository.visitMeasurements(visit, page)),
    alerts: await allItems((page) => visitsRepository.visitAlerts(visit, page)),
  };
}
const today = () => new Date().toISOString().slice(0, 10);

async function withDevice<T>(serialNumber: string, run: (client: mqtt.MqttClient) => Promise<T>): Promise<T> {
  const client = await connectDevice(devices.mqttUrl, serialNumber);
  try {
    return await run(client);
  } finally {
    await client.endAsync(true);
  }
}

describe('a device reports exchanges over MQTT', () => {
  it('takes 8 exchanges a device sends at once one after the other, reading the patient once', async () => {
    const { patient, device } = await createPatientWithDevice();
    const start = Date.now() - 20 * HOUR_MS;
    const reports = Array.from({ length: 8 }, (_, i) => exchangeReport(new Date(start + i * 2 * HOUR_MS)));
    requests.reset();
    await withDevice(device.SerialNumber, (client) => Promise.all(reports.map((report) => publishExchange(client, device.SerialNumber, report))));
    const historyReads = requests.byCommand.QueryCommand;
    expect((await allExchanges(patient.UserID)).map((exchange) => exchange._id).sort()).toEqual(reports.map((report) => report._id).sort());
    // One history read: the first exchange reads, the next seven go with what ingest kept (ingest-state.ts), and
    // none raced another for the patient's items, which would have made it read again. (Transactions are not
    // counted: one may lose a race for a shared counter shard with other test files and be resent.)
    expect(historyReads).toBe(1);
    expect(await patientsRepository.get(patient.UserID)).toMatchObject({ ExchangeCount: 8, LastExchangeTime: new Date(start + 14 * HOUR_MS).toISOString() });
  });

  it('stores the exchange and updates the patient, the open visit, the device and every counter', async () => {
    const { patient, device, clinic, provider } = await createPatientWithDevice({ TargetWeight: 70 });
    const at = new Date(Date.now() - 2 * HOUR_MS);
    const report = exchangeReport(at, { WeightMeasure: { Value: 70.5, Time: at.toISOString() } });
    await withDevice(device.SerialNumber, (client) => publishExchange(client, device.SerialNumber, report));

    const [stored] = await allExchanges(patient.UserID);
    expect(stored).toMatchObject({ _id: report._id, DrainVolume: 2180, FillVolume: 2000, SerialNumber: device.SerialNumber, TargetWeightSnapshot: 70 });
    expect(stored!.StatusAlerts).toEqual({ statusValue: 1, alerts: [] });
    expect(stored!.Uf).toBeUndefined(); // a first exchange has no previous fill

    const after = await patientsRepository.get(patient.UserID);
    expect(after).toMatchObject({ ExchangeCount: 1, LastExchangeTime: at.toISOString(), PatientAlertStatus: { statusValue: 1, unresolved: 0 } });
    const { visit, measurements } = await openVisit(patient.UserID);
    expect(visit).toMatchObject({ Visited: false, OpenDate: at.toISOString(), ExchangeCount: 1 });
    expect(measurements).toMatchObject([{ ExchangeID: report._id, WeightKg: 70.5, Pulse: 72 }]);

    expect(await devicesRepository.get(device.DeviceID)).toMatchObject({ ExchangeCount: 1, LastExchangeTime: at.toISOString() });
    expect(await clinicsRepository.get(clinic.ClinicID)).toMatchObject({
      ClinicExchangeCounter: 1,
      ClinicLastExchangeTime: at.toISOString(),
      ActivePatientLinkedDeviceCount: 1,
    });
    expect(await serviceProvidersRepository.get(provider.ServiceProviderID)).toMatchObject({
      SPExchangeCounter: 1,
      SPLastExchangeTime: at.toISOString(),
      Clinics: 1,
    });
    expect(await statsRepository.get({ kind: 'serviceProvider', id: provider.ServiceProviderID })).toEqual({
      activatedDevices: 1,
      activatedClinics: 1,
      totalNoExchanges: 1,
    });
  });

  it('raises alerts a clinician can read and sets the patient status to the highest severity', async () => {
    const { patient, device } = await createPatientWithDevice({ TargetWeight: 70 });
    const first = new Date(Date.now() - 6 * HOUR_MS);
    const second = new Date(Date.now() - 2 * HOUR_MS);
    await withDevice(device.SerialNumber, async (client) => {
      await publishExchange(client, device.SerialNumber, exchangeReport(first));
      await publishExchange(
        client,
        device.SerialNumber,
        exchangeReport(second, {
          DrainTemp: 101.3,
          FillTemp: 98.6,
          TempUnit: 'F',
          DrainVolume: 2050, // 50 ml UF on a 2000 ml fill: below 10% (200 ml)
          BloodPressureMeasure: { Value: { Systolic: 165, Diastolic: 85 }, Time: second.toISOString() },
          MachineProblem: 'PANIC: drain line occluded',
        }),
      );
    });

    const [latest] = await allExchanges(patient.UserID);
    const flags = latest!.StatusAlerts.alerts.map((alert) => alert.flag).sort();
    expect(flags).toEqual(['BPIncreaseAlert', 'HighDrainTempAlert', 'LowUfAlert', 'MachineProblemAlert']);
    expect(latest!.Uf).toBe(50);
    expect(latest!.StatusAlerts.statusValue).toBe(3);
    const drainTemp = latest!.StatusAlerts.alerts.find((alert) => alert.flag === 'HighDrainTempAlert')!;
    expect(drainTemp.textValue).toMatch(/38\.5/); // 101.3 °F shown as 38.5 °C
    const machine = latest!.StatusAlerts.alerts.find((alert) => alert.flag === 'MachineProblemAlert')!;
    expect(machine.textValue).toContain('PANIC: drain line occluded');

    const after = await patientsRepository.get(patient.UserID);
    expect(after!.PatientAlertStatus).toEqual({ statusValue: 3, unresolved: 4 });
    expect(await unresolvedAlerts(patient.UserID)).toHaveLength(4);
    const visit = await openVisit(patient.UserID);
    expect(visit.alerts.map((alert) => alert.flag).sort()).toEqual(flags);
    expect(visit.measurements).toHaveLength(2);
    expect((await devicesRepository.listErrors(device.DeviceID)).items).toEqual([
      { Time: second.toISOString(), MachineProblem: 'PANIC: drain line occluded', MessageID: expect.any(String) },
    ]);
  });

  it('takes exchanges of one patient arriving at once, each once, with every alert kept', async () => {
    const { patient, clinic, device } = await createPatientWithDevice();
    const start = Date.now() - 12 * HOUR_MS;
    const reports = Array.from({ length: 8 }, (_, i) => exchangeReport(new Date(start + i * HOUR_MS), { MachineProblem: `PANIC: test ${i}` }));
    const outcomes = await Promise.all(reports.map((report) => takeExchange(device.SerialNumber, report, new Date())));
    expect(outcomes).toEqual(Array(8).fill('stored'));
    const after = await patientsRepository.get(patient.UserID);
    const unresolved = await unresolvedAlerts(patient.UserID);
    expect(after).toMatchObject({ ExchangeCount: 8, PatientAlertStatus: { statusValue: 3, unresolved: unresolved.length } });
    expect(unresolved.filter((alert) => alert.flag === 'MachineProblemAlert')).toHaveLength(8);
    expect((await clinicsRepository.get(clinic.ClinicID))!.ClinicExchangeCounter).toBe(8);
    expect((await openVisit(patient.UserID)).measurements).toHaveLength(8);
  });

  it('changes nothing when the same exchange is delivered again', async () => {
    const { patient, device, clinic } = await createPatientWithDevice();
    const report = exchangeReport(new Date(Date.now() - HOUR_MS), { MachineProblem: 'PANIC: pump' });
    await withDevice(device.SerialNumber, async (client) => {
      await publishExchange(client, device.SerialNumber, report);
      await publishExchange(client, device.SerialNumber, report);
      // A redelivery as QoS 1 makes it: same packet, dup flag set.
      await client.publishAsync(deviceTopics.exchange(device.SerialNumber), JSON.stringify(report), { qos: 1, dup: true });
    });
    expect(await allExchanges(patient.UserID)).toHaveLength(1);
    const after = await patientsRepository.get(patient.UserID);
    expect(after).toMatchObject({ ExchangeCount: 1 });
    expect(await unresolvedAlerts(patient.UserID)).toHaveLength(1);
    expect((await clinicsRepository.get(clinic.ClinicID))!.ClinicExchangeCounter).toBe(1);
    expect((await openVisit(patient.UserID)).measurements).toHaveLength(1);
  });

  it('keeps a bad message as a dead letter with the reason, stores nothing and keeps the device connected', async () => {
    const { patient, device } = await createPatientWithDevice();
    const topic = deviceTopics.exchange(device.SerialNumber);
    await withDevice(device.SerialNumber, async (client) => {
      await client.publishAsync(topic, 'not json {', { qos: 1 });
      await client.publishAsync(topic, JSON.stringify({ ...exchangeReport(new Date()), DrainVolume: -5 }), { qos: 1 });
      await client.publishAsync(topic, JSON.stringify({ ...exchangeReport(new Date()), Extra: 1 }), { qos: 1 });
      expect(client.connected).toBe(true);
    });
    const letters = (await allItems((page) => deadLettersRepository.listForDay(today(), page))).filter((letter) => letter.ClientId === device.SerialNumber);
    expect(letters.map((letter) => letter.Reason)).toEqual([
      'The payload is not JSON',
      expect.stringMatching(/^Invalid exchange message: DrainVolume: /),
      expect.stringMatching(/^Invalid exchange message: .*Extra/),
    ]);
    expect(Buffer.from(letters[0]!.Payload, 'base64').toString()).toBe('not json {');
    expect(await allExchanges(patient.UserID)).toHaveLength(0);
  });

  it('refuses a device publishing on another device’s topic, and keeps reports of unknown devices', async () => {
    const { device } = await createPatientWithDevice();
    const stranger = randomSerialNumber();
    issueDeviceSecret(stranger); // it has its credentials, but the portal does not know it
    await withDevice(stranger, async (client) => {
      const refused = client.publishAsync(deviceTopics.exchange(device.SerialNumber), JSON.stringify(exchangeReport(new Date())), { qos: 1 });
      await expect(Promise.race([refused.then(() => 'acknowledged'), new Promise((resolve) => client.once('close', () => resolve('closed')))])).resolves.toBe(
        'closed',
      );
    });
    await withDevice(stranger, (client) => publishExchange(client, stranger, exchangeReport(new Date())));
    const letters = (await allItems((page) => deadLettersRepository.listForDay(today(), page))).filter((letter) => letter.ClientId === stranger);
    expect(letters.map((letter) => letter.Reason)).toEqual([`No device has serial number ${stranger}`]);
  });
});

describe('the history the rules read', () => {
  it("reaches back as far as the clinic's longest dwell: a previous fill 16 days before still gives the UF", async () => {
    const { patient, device, provider } = await createPatientWithDevice();
    await settingsRepository.putForServiceProvider(provider.ServiceProviderID, { MaxDwellHours: 400 });
    clearIngestState();
    const first = Date.now() - 17 * 24 * HOUR_MS;
    await takeExchange(device.SerialNumber, exchangeReport(new Date(first), { FillVolume: 2000 }), new Date());
    // A new container: the second exchange reads its history (16 days back: more than the week utilization reads).
    clearIngestState();
    await takeExchange(device.SerialNumber, exchangeReport(new Date(first + 16 * 24 * HOUR_MS), { DrainVolume: 2300 }), new Date());
    const [latest] = await allExchanges(patient.UserID);
    expect(latest!.Uf).toBe(300);
  });
});

describe('a failure of our own while reading', () => {
  it('fails the exchange with it, and nothing goes unhandled, when the patient cannot be read while the settings are', async () => {
    const { device, patient } = await createPatientWithDevice();
    clearIngestState();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const name = 'failPatientReadDuringSettings';
    // The patient's read fails at once; the settings (a cache miss) answer later.
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'GetItemCommand' && JSON.stringify(args.input).includes(`PATIENT#${patient.UserID}`))
          throw new Error('the table is unreachable');
        if (context.commandName === 'BatchGetItemCommand') await sleep(200);
        return next(args);
      },
      { step: 'initialize', name, override: true },
    );
    try {
      await expect(takeExchange(device.SerialNumber, exchangeReport(new Date(Date.now() - HOUR_MS)), new Date())).rejects.toThrow('the table is unreachable');
      await sleep(50);
      expect(unhandled).toEqual([]);
    } finally {
      dynamo().middlewareStack.remove(name);
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('a device reports errors', () => {
  it("lists real errors, drops 'no error' and 'error1', and raises a panic on the patient once", async () => {
    const { patient, device } = await createPatientWithDevice();
    const time = new Date(Date.now() - HOUR_MS).toISOString();
    const error = (id: string, MachineProblem: string) => JSON.stringify({ _id: id, Time: time, MachineProblem });
    await withDevice(device.SerialNumber, async (client) => {
      const topic = deviceTopics.error(device.SerialNumber);
      await client.publishAsync(topic, error('e1', 'no error'), { qos: 1 });
      await client.publishAsync(topic, error('e2', 'error1'), { qos: 1 });
      await client.publishAsync(topic, error('e3', 'Low battery'), { qos: 1 });
      await client.publishAsync(topic, error('e4', 'PANIC: heater over-temperature'), { qos: 1 });
      await client.publishAsync(topic, error('e4', 'PANIC: heater over-temperature'), { qos: 1 });
    });
    const { items: errors } = await devicesRepository.listErrors(device.DeviceID);
    expect(errors.map((entry) => entry.MachineProblem).sort()).toEqual(['Low battery', 'PANIC: heater over-temperature']);
    expect((await patientsRepository.get(patient.UserID))!.PatientAlertStatus).toEqual({ statusValue: 3, unresolved: 1 });
    expect(await unresolvedAlerts(patient.UserID)).toMatchObject([
      { flag: 'MachineProblemAlert', textValue: expect.stringContaining('heater over-temperature') },
    ]);
  });
});

describe('the prescription round trip', () => {
  it('sends a saved prescription to the device, whose acknowledgement approves it', async () => {
    const { patient, device } = await createPatientWithDevice();
    const client = await connectDevice(devices.mqttUrl, device.SerialNumber);
    try {
      const received = new Promise<unknown>((resolve) => client.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
      await client.subscribeAsync(deviceTopics.prescription(device.SerialNumber), { qos: 1 });
      const saved = await savePrescription(
        patient.UserID,
        prescriptionInput([{ ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: ['MO', 'WE', 'FR'], ExchangeTime: ['08:00', '14:00'] }], {
          WeighDays: ['MO'],
          BloodPulseDays: ['MO'],
          patientTimeZone: 'Asia/Jerusalem',
        }),
        'doctor-1',
      );
      expect(saved.Approved).toBe(false);
      const message = devicePrescriptionSchema.parse(await received);
      expect(message).toMatchObject({ PrescriptionId: saved.PrescriptionId, SerialNumber: device.SerialNumber });

      const ackTime = new Date().toISOString();
      await client.publishAsync(deviceTopics.prescriptionAck(device.SerialNumber), JSON.stringify({ PrescriptionId: saved.PrescriptionId, Time: ackTime }), {
        qos: 1,
      });
      const approved = await prescriptionsRepository.getPrescription(patient.UserID, saved.PrescriptionId);
      expect(approved).toMatchObject({ Approved: true, ApprovedChangedAt: ackTime });
      expect((await patientsRepository.get(patient.UserID))!.CurrentPrescriptionID).toBe(saved.PrescriptionId);
    } finally {
      await client.endAsync();
    }
  });
});

describe('the skipped-exchange check', () => {
  it('raises one SkippedAlert per prescribed exchange that did not arrive in time, however often it runs', async () => {
    const { patient, device } = await createPatientWithDevice();
    const now = new Date();
    const slot = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS).toISOString().slice(11, 16);
    const allDays = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
    const saved = await savePrescription(
      patient.UserID,
      // One slot done on time (5 h ago), one missed (4 h ago); grace is 120 minutes by default.
      prescriptionInput([{ ExchangeFluid: 'EXTRAneal', ExchangeLiter: 2, ExchangeDaysFrequency: [...allDays], ExchangeTime: [slot(7), slot(3.5)] }]),
      'doctor-1',
      new Date(now.getTime() - 10 * HOUR_MS),
    );
    await withDevice(device.SerialNumber, async (client) => {
      await client.publishAsync(
        deviceTopics.prescriptionAck(device.SerialNumber),
        JSON.stringify({ PrescriptionId: saved.PrescriptionId, Time: saved.Created_UTC }),
        { qos: 1 },
      );
      await publishExchange(client, device.SerialNumber, exchangeReport(new Date(now.getTime() - 7 * HOUR_MS + 10 * 60_000)));
    });

    expect(await checkPatient(patient.UserID, now)).toBe(1);
    expect(await checkPatient(patient.UserID, now)).toBe(0);
    const after = await patientsRepository.get(patient.UserID);
    const skipped = (await unresolvedAlerts(patient.UserID)).filter((alert) => alert.flag === 'SkippedAlert');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.textValue).toContain(slot(3.5));
    expect(after!.PatientAlertStatus.statusValue).toBe(2);
  });
});

import { patientsRepository } from '@functions/data/patients-repository';
import { settingsRepository } from '@functions/data/settings-repository';
import { auditRepository } from '@functions/data/audit-repository';
import type { PrescriptionBodyInput } from '@shared/api/prescriptions';
import { DAY_CODES, deviceTopics, devicePrescriptionSchema } from '@shared/device';
import * as messages from '@shared/messages';
import { useApi } from '@test/support/api';
import { clinicWithStaff, nextPrescription, staffPath, type ClinicWithStaff } from '@test/support/clinic-staff';
import { connectDevice, randomSerialNumber, useDeviceBroker } from '@test/support/devices';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { prescriptionBody } from '@test/support/prescriptions';

useTestTable();
useTestUserPool();
const api = useApi();
const devices = useDeviceBroker();
const p = messages.prescriptions;

let own: ClinicWithStaff;
let other: ClinicWithStaff;
beforeAll(async () => {
  [own, other] = [await clinicWithStaff(), await clinicWithStaff()];
}, 60_000);

const everyDay = [...DAY_CODES];

/** What the prescription screen saves: two exchange cards. */
function body(serialNumber: string, change: (body: Record<string, unknown>) => void = () => undefined): PrescriptionBodyInput {
  const prescription: Record<string, unknown> = prescriptionBody(
    serialNumber,
    [
      { ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: everyDay, ExchangeTime: ['08:00', '13:00'] },
      { ExchangeFluid: 'EXTRAneal', ExchangeLiter: 2.5, ExchangeDaysFrequency: everyDay, ExchangeTime: ['22:00'] },
    ],
    { WeighDays: ['MO', 'TH'], BloodPulseDays: ['MO'], AdditionalMedication: 'Furosemide 40 mg mornings', patientTimeZone: 'Asia/Jerusalem' },
  );
  change(prescription);
  return prescription as PrescriptionBodyInput;
}

const add = (setup: ClinicWithStaff, role: 'ClinicDirector' | 'Doctor' | 'Nurse', prescription: unknown, patientId = setup.patient.UserID) =>
  api.call('POST', staffPath(role, setup.staff[role].user.UserID, patientId, 'addPrescription'), { token: setup.staff[role].token, body: prescription });
const get = (setup: ClinicWithStaff, role: 'ClinicDirector' | 'Doctor' | 'Nurse', patientId = setup.patient.UserID) =>
  api.call('GET', staffPath(role, setup.staff[role].user.UserID, patientId, 'getPrescription'), { token: setup.staff[role].token });

describe('addPrescription, the round trip to the device', () => {
  it('stores a doctor’s prescription not approved, the device receives it retained, acknowledges it, and getPrescription shows it approved', async () => {
    const serial = own.device.SerialNumber;
    const saved = await add(own, 'Doctor', body(serial));
    expect(saved.status).toBe(200);
    const prescription = saved.body as { PrescriptionId: string; Approved: boolean; Created_UTC: string; CreatedBy: string };
    expect(prescription).toMatchObject({ Approved: false, SerialNumber: serial, CreatedBy: own.staff.Doctor.user.UserID, patientTimeZone: 'Asia/Jerusalem' });
    expect(Date.parse(prescription.Created_UTC)).toBeGreaterThan(Date.now() - 60_000);

    // The device connects after the save: the prescription was retained for it.
    const client = await connectDevice(devices.mqttUrl, serial);
    try {
      const received = nextPrescription(client, serial);
      await client.subscribeAsync(deviceTopics.prescription(serial), { qos: 1 });
      const message = devicePrescriptionSchema.parse(await received);
      expect(message).toMatchObject({ PrescriptionId: prescription.PrescriptionId, SerialNumber: serial, Exchanges: body(serial).Exchanges });

      const before = await get(own, 'Nurse');
      expect(before).toMatchObject({
        status: 200,
        body: { prescription: { PrescriptionId: prescription.PrescriptionId, Approved: false }, device: { SerialNumber: serial } },
      });

      const ackTime = new Date().toISOString();
      await client.publishAsync(deviceTopics.prescriptionAck(serial), JSON.stringify({ PrescriptionId: message.PrescriptionId, Time: ackTime }), { qos: 1 });
    } finally {
      await client.endAsync();
    }
    const after = await get(own, 'ClinicDirector');
    expect(after).toMatchObject({ status: 200, body: { prescription: { PrescriptionId: prescription.PrescriptionId, Approved: true } } });
    expect((after.body as { prescription: { ApprovedChangedAt: string } }).prescription.ApprovedChangedAt).toBeDefined();
  });

  it('moves the current prescription to previous_protocols when a director saves a new one, with an audit record in the same write', async () => {
    const setup = await clinicWithStaff();
    const first = (await add(setup, 'Doctor', body(setup.device.SerialNumber))).body as { PrescriptionId: string };
    const second = await add(
      setup,
      'ClinicDirector',
      body(setup.device.SerialNumber, (b) => (b.FillTime = 12)),
    );
    expect(second.status).toBe(200);
    const secondId = (second.body as { PrescriptionId: string }).PrescriptionId;

    const patient = await patientsRepository.get(setup.patient.UserID);
    expect(patient).toMatchObject({ CurrentPrescriptionID: secondId, Protocols: { current_protocol: secondId, previous_protocols: [first.PrescriptionId] } });
    expect(await get(setup, 'Doctor')).toMatchObject({ body: { prescription: { PrescriptionId: secondId, FillTime: 12 }, previous: 1 } });

    const trail = await auditRepository.listByPatient(setup.patient.UserID);
    const writes = trail.items.filter((record) => record.Action === 'write' && record.Entity === 'Prescription');
    expect(writes.map((record) => record.EntityID).sort()).toEqual([first.PrescriptionId, secondId].sort());
  });

  it('answers getPrescription with no prescription before one is saved', async () => {
    const setup = await clinicWithStaff();
    expect(await get(setup, 'Nurse')).toMatchObject({
      status: 200,
      body: { prescription: null, previous: 0, device: { SerialNumber: setup.device.SerialNumber } },
    });
  });
});

describe('roles and tenants', () => {
  it.each(['ClinicDirector', 'Doctor'] as const)('%s: another clinic’s patient is not found, and nothing is stored', async (role) => {
    const response = await add(own, role, body(other.device.SerialNumber), other.patient.UserID);
    expect(response).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
    // An empty body too: out of reach answers 404 before the body is read.
    expect(await add(own, role, {}, other.patient.UserID)).toMatchObject({ status: 404 });
    expect((await patientsRepository.get(other.patient.UserID))!.CurrentPrescriptionID).toBeUndefined();
  });

  it.each(['ClinicDirector', 'Doctor', 'Nurse'] as const)('%s: getPrescription of another clinic’s patient is not found', async (role) => {
    expect(await get(own, role, other.patient.UserID)).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
  });

  it('refuses a nurse (403) and changes nothing', async () => {
    const setup = await clinicWithStaff();
    const nurse = setup.staff.Nurse;
    for (const prefix of ['ClinicDirector', 'Doctor'] as const) {
      const response = await api.call('POST', staffPath(prefix, nurse.user.UserID, setup.patient.UserID, 'addPrescription'), {
        token: nurse.token,
        body: body(setup.device.SerialNumber),
      });
      expect(response).toMatchObject({ status: 403, body: { message: [messages.errors.noAccess('prescriptions')] } });
    }
    expect((await patientsRepository.get(setup.patient.UserID))!.CurrentPrescriptionID).toBeUndefined();
  });
});

describe('the server validates as the screen does (spec section 5, DESIGN.md section 10)', () => {
  const cases: Array<[string, (b: Record<string, unknown>) => void, string]> = [
    ['no exchange card', (b) => (b.Exchanges = []), p.exchangeRequired],
    ['no exchanges at all', (b) => delete b.Exchanges, p.exchangeRequired],
    ['a card without fluid', (b) => delete (b.Exchanges as Record<string, unknown>[])[0]!.ExchangeFluid, p.exchangeFluidRequired],
    ['a card with an unknown fluid', (b) => ((b.Exchanges as Record<string, unknown>[])[0]!.ExchangeFluid = 'Water'), p.exchangeFluidRequired],
    ['a card without volume', (b) => ((b.Exchanges as Record<string, unknown>[])[0]!.ExchangeLiter = 0), p.exchangeVolumeRequired],
    ['a volume under 0.5 L', (b) => ((b.Exchanges as Record<string, unknown>[])[0]!.ExchangeLiter = 0.3), p.exchangeVolumeRange],
    ['a volume over 3 L', (b) => ((b.Exchanges as Record<string, unknown>[])[0]!.ExchangeLiter = 3.5), p.exchangeVolumeRange],
    ['a card without days', (b) => ((b.Exchanges as Record<string, unknown>[])[0]!.ExchangeDaysFrequency = []), p.exchangeDaysRequired],
    ['a card without times', (b) => ((b.Exchanges as Record<string, unknown>[])[0]!.ExchangeTime = []), p.exchangePerDayRequired],
    [
      'six exchanges a day',
      (b) => ((b.Exchanges as Record<string, unknown>[])[0]!.ExchangeTime = ['00:00', '04:00', '08:00', '12:00', '16:00', '20:00']),
      p.exchangesPerDayMax,
    ],
    ['no drain time', (b) => (b.DrainTime = 0), p.drainTimeRequired],
    ['no fill time', (b) => delete b.FillTime, p.fillTimeRequired],
    ['no min fill temperature', (b) => (b.MinFillTemp = 0), p.minFillTempRequired],
    ['no max fill temperature', (b) => delete b.MaxFillTemp, p.maxFillTempRequired],
    ['a time twice in a card', (b) => ((b.Exchanges as Record<string, unknown>[])[0]!.ExchangeTime = ['08:00', '08:00']), p.timeAlreadySelected],
    ['a time of a day in two cards', (b) => ((b.Exchanges as Record<string, unknown>[])[1]!.ExchangeTime = ['13:00']), p.timeAlreadySelected],
    ['two exchanges 2 hours apart (DwellTime 03:00)', (b) => ((b.Exchanges as Record<string, unknown>[])[1]!.ExchangeTime = ['15:00']), p.dwellGap],
    ['a short serial number', (b) => (b.SerialNumber = '100-0001'), p.serialNumberLength],
    ['no serial number', (b) => (b.SerialNumber = ''), p.serialNumberRequired],
    ['an unknown time zone', (b) => (b.patientTimeZone = 'Mars/Olympus_Mons'), p.timeZoneNotValid],
  ];

  it.each(cases)('refuses %s with its message, and stores nothing', async (_name, change, message) => {
    const response = await add(own, 'ClinicDirector', body(own.device.SerialNumber, change));
    expect(response.status).toBe(400);
    expect((response.body as { message: string[] }).message).toContain(message);
    const patient = await patientsRepository.get(own.patient.UserID);
    expect(patient!.Protocols?.previous_protocols ?? []).toHaveLength(0);
  });

  it('refuses an IDA# that is not the device linked to the patient', async () => {
    const response = await add(own, 'Doctor', body(randomSerialNumber()));
    expect(response).toMatchObject({ status: 400, body: { message: [p.notPatientsDevice], fields: { SerialNumber: p.notPatientsDevice } } });
  });

  it('checks the dwell gap against the clinic’s own DwellTime setting', async () => {
    const setup = await clinicWithStaff();
    const twoHoursApart = body(setup.device.SerialNumber, (b) => ((b.Exchanges as Record<string, unknown>[])[1]!.ExchangeTime = ['15:00']));
    expect((await add(setup, 'Doctor', twoHoursApart)).status).toBe(400);
    await settingsRepository.putForClinic(setup.clinic.ClinicID, { DwellTime: '01:30' });
    expect((await add(setup, 'Doctor', twoHoursApart)).status).toBe(200);
  });
});

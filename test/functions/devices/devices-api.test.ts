import { adminCalls, type CallOptions, type Caller } from '@test/support/admin-calls';
import { mkdirSync, rmSync } from 'node:fs';
import mqtt from 'mqtt';
import { auditRepository } from '@functions/data/audit-repository';
import { devicesRepository } from '@functions/data/devices-repository';
import { buildPath } from '@shared/api/paths';
import { routes, type RouteId } from '@shared/api/routes';
import { deviceSettingsMessageSchema, deviceTopics } from '@shared/device';
import * as messages from '@shared/messages';
import { ROLES } from '@shared/roles';
import { useApi } from '@test/support/api';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { patientsRepository } from '@functions/data/patients-repository';
import { assignDevice } from '@functions/services/devices';
import { nextPrescription } from '@test/support/clinic-staff';
import {
  connectDevice,
  createPatientWithDevice,
  createTestClinic,
  createTestPatient,
  issueDeviceSecret,
  randomSerialNumber,
  useDeviceBroker,
} from '@test/support/devices';
import { approvedPrescription, hhmm } from '@test/support/prescriptions';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { validBody } from '@test/support/route-requests';
import { createTenant, type Tenant } from '@test/support/tenants';
import { HOUR_MS } from '@shared/time';

useTestTable();
useTestUserPool();
const devices = useDeviceBroker();
const api = useApi();

/**
 * The platform admin's device calls (spec section 7: getAllDevices, getExchanges, profile) and the
 * ones beyond the spec (one device, its errors, registration), against DynamoDB Local,
 * cognito-local and the local MQTT broker: only LiberDiAdmin reaches them.
 */
let own: Tenant;
let other: Tenant;

beforeAll(async () => {
  [own, other] = [await createTenant('Own'), await createTenant('Other')];
}, 120_000);

const deviceRoutes = [
  'getAllDevices',
  'getDeviceProfile',
  'getDeviceExchanges',
  'updateDeviceProfile',
  'getDeviceErrors',
  'getDeviceDeadLetters',
  'registerDevice',
] as const;
type DeviceRoute = (typeof deviceRoutes)[number];

const calls = adminCalls(api, { id: () => own.deviceId, body: (route) => validBody(route, own) });
const { tokenOf } = calls;
const call = (name: DeviceRoute, user: Caller = own.users.LiberDiAdmin, options: CallOptions = {}) => calls.call(name, user, options);

describe('roles: only LiberDiAdmin reaches the device calls', () => {
  const refused = ROLES.filter((role) => role !== 'LiberDiAdmin');
  describe.each(deviceRoutes)('%s', (name) => {
    it.each(refused)('%s is refused with the spec’s words', async (role) => {
      const response = await call(name, own.users[role]);
      expect(response).toEqual({ status: 403, body: { message: [messages.errors.noAccess(routes[name as RouteId].thing)] } });
    });

    it('LiberDiAdmin is answered', async () => {
      expect((await call(name)).status).toBe(200);
    });
  });

  it.each(['getDeviceProfile', 'getDeviceExchanges', 'updateDeviceProfile', 'getDeviceErrors', 'getDeviceDeadLetters'] as const)(
    '%s: an unknown device is not found',
    async (name) => {
      expect(await call(name, undefined, { id: 'no-such-device' })).toEqual({ status: 404, body: { message: [messages.errors.notFound] } });
    },
  );
});

describe('getAllDevices', () => {
  const serials = (body: { items: Array<{ SerialNumber: string }> }) => body.items.map((item) => item.SerialNumber);

  it('lists every device with the list columns, across providers', async () => {
    const all = await call('getAllDevices', undefined, { query: 'limit=100' });
    expect(serials(all.body)).toEqual(expect.arrayContaining([own.serialNumber, other.serialNumber]));
    const row = all.body.items.find((item: { DeviceID: string }) => item.DeviceID === own.deviceId);
    expect(row).toMatchObject({
      SerialNumber: own.serialNumber,
      IsEnabled: true,
      ClinicID: own.clinicId,
      ClinicName: expect.any(String),
      ServiceProviderID: own.serviceProviderId,
      ServiceProviderName: expect.any(String),
      Errors: expect.any(Array),
      Linked: true,
    });
  });

  it('narrows to one clinic (the clinic tabs) or one provider (?spId), and refuses both at once', async () => {
    const byClinic = await call('getAllDevices', undefined, { query: `clinicId=${own.clinicId}` });
    expect(byClinic.status).toBe(200);
    expect(serials(byClinic.body)).toContain(own.serialNumber);
    expect(serials(byClinic.body)).not.toContain(other.serialNumber);
    const byProvider = await call('getAllDevices', undefined, { query: `spId=${other.serviceProviderId}` });
    expect(serials(byProvider.body)).toContain(other.serialNumber);
    expect(serials(byProvider.body)).not.toContain(own.serialNumber);
    expect((await call('getAllDevices', undefined, { query: `spId=${own.serviceProviderId}&clinicId=${own.clinicId}` })).status).toBe(400);
  });

  it('pages with a cursor, every device once', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call('getAllDevices', undefined, { query: `limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` });
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      seen.push(...serials(page.body));
      cursor = page.body.cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([own.serialNumber, other.serialNumber]));
  });
});

describe('the device note (spec section 4)', () => {
  it('saves a note and shows it in the row; an empty note is stored as null', async () => {
    const saved = await call('updateDeviceProfile', undefined, { body: { Note: 'Replaced the drain line' } });
    expect(saved).toMatchObject({ status: 200, body: { DeviceID: own.deviceId, Note: 'Replaced the drain line' } });
    expect((await call('getDeviceProfile')).body.Note).toBe('Replaced the drain line');
    for (const empty of ['', null]) {
      const cleared = await call('updateDeviceProfile', undefined, { body: { Note: empty } });
      expect(cleared).toMatchObject({ status: 200, body: { Note: null } });
      expect((await devicesRepository.get(own.deviceId))!.Note).toBeUndefined();
    }
  });

  it('refuses a note over 1000 characters, and a note sent with the MACs', async () => {
    const long = await call('updateDeviceProfile', undefined, { body: { Note: 'x'.repeat(1001) } });
    expect(long).toMatchObject({ status: 400, body: { fields: { Note: messages.devices.noteTooLong } } });
    const both = await call('updateDeviceProfile', undefined, { body: { Note: 'x', BloodMAC: null } });
    expect(both).toMatchObject({ status: 400, body: { fields: { Note: messages.devices.noteOrMacs } } });
  });

  it('records the change with its before and after', async () => {
    await call('updateDeviceProfile', undefined, { body: { Note: 'Audited note' } });
    const month = new Date().toISOString().slice(0, 7);
    const { items } = await auditRepository.listByClinic(own.clinicId, month);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Entity: 'Device',
          EntityID: own.deviceId,
          Action: 'write',
          Changes: [expect.objectContaining({ field: 'Note', after: 'Audited note' })],
        }),
      ]),
    );
  });
});

describe('device settings: BloodMAC and ScaleMAC (spec section 5)', () => {
  it('refuses a MAC that is not six hex pairs, with the spec’s words', async () => {
    const response = await call('updateDeviceProfile', undefined, { body: { BloodMAC: '00:1A:7D:DA:71', ScaleMAC: 'zz:1A:7D:DA:71:13' } });
    expect(response).toMatchObject({ status: 400, body: { fields: { BloodMAC: 'BloodMAC is not valid', ScaleMAC: 'ScaleMAC is not valid' } } });
  });

  it('saves them (either may be empty or null) and sends the device its retained settings message', async () => {
    const saved = await call('updateDeviceProfile', undefined, { body: { BloodMAC: '00:1A:7D:DA:71:13', ScaleMAC: '' } });
    expect(saved).toMatchObject({ status: 200, body: { BloodMAC: '00:1A:7D:DA:71:13', ScaleMAC: null } });
    issueDeviceSecret(own.serialNumber);
    const client = await connectDevice(devices.mqttUrl, own.serialNumber);
    try {
      const received = new Promise<unknown>((resolve) => client.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
      await client.subscribeAsync(deviceTopics.settings(own.serialNumber), { qos: 1 });
      const message = deviceSettingsMessageSchema.parse(await received);
      expect(message).toMatchObject({ BloodMAC: '00:1A:7D:DA:71:13', ScaleMAC: null });
      expect(message.Settings.MaxFillTemp).toEqual(expect.any(Number));
    } finally {
      await client.endAsync();
    }
    const cleared = await call('updateDeviceProfile', undefined, { body: { BloodMAC: null, ScaleMAC: '00:1a:7d:da:71:14' } });
    expect(cleared).toMatchObject({ status: 200, body: { BloodMAC: null, ScaleMAC: '00:1a:7d:da:71:14' } });
  });
});

describe('device errors (/device/errors)', () => {
  it('lists the errors the device reported, newest first, without empty, "no error" or "error1" entries', async () => {
    const base = Date.now() - HOUR_MS;
    const at = (minutes: number) => new Date(base + minutes * 60 * 1000).toISOString();
    issueDeviceSecret(other.serialNumber);
    const client = await connectDevice(devices.mqttUrl, other.serialNumber);
    try {
      const reports = [
        ['e-1', 'Pump blocked', at(1)],
        ['e-2', 'no error', at(2)],
        ['e-3', 'error1', at(3)],
        ['e-4', '', at(4)],
        ['e-5', 'Heater fault', at(5)],
      ];
      for (const [_id, MachineProblem, Time] of reports) {
        await client.publishAsync(deviceTopics.error(other.serialNumber), JSON.stringify({ _id, MachineProblem, Time }), { qos: 1 });
      }
    } finally {
      await client.endAsync();
    }
    // An entry stored before the ingest dropped them is left out too.
    await devicesRepository.addError(other.deviceId, { Time: at(6), MachineProblem: 'no error', MessageID: 'legacy' });
    const errors = await call('getDeviceErrors', undefined, { id: other.deviceId });
    expect(errors).toEqual({
      status: 200,
      body: {
        items: [
          { Time: at(5), MachineProblem: 'Heater fault' },
          { Time: at(1), MachineProblem: 'Pump blocked' },
        ],
      },
    });
    const row = await call('getDeviceProfile', undefined, { id: other.deviceId });
    expect(row.body.Errors.map((error: { MachineProblem: string }) => error.MachineProblem)).toEqual(['Heater fault', 'Pump blocked']);
  });
});

describe('refused messages (/device/errors, getDeviceDeadLetters)', () => {
  type Letter = {
    DeadLetterID: string;
    ReceivedAt: string;
    Topic: string;
    Reason: string;
    Payload: string;
    PayloadEncoding: string;
    PayloadBytes: number;
    PayloadCut: boolean;
  };
  /** Publishes each payload as the device, one after the other (each is taken before the next is sent). */
  async function publishAs(serialNumber: string, payloads: Array<string | Buffer>) {
    issueDeviceSecret(serialNumber);
    const client = await connectDevice(devices.mqttUrl, serialNumber);
    try {
      for (const payload of payloads) {
        await client.publishAsync(deviceTopics.exchange(serialNumber), payload, { qos: 1 });
        await new Promise((resolve) => setTimeout(resolve, 5)); // each its own millisecond
      }
    } finally {
      await client.endAsync();
    }
  }
  const ownSerial = () => own.serialNumber;
  const binary = Buffer.from([0x00, 0x01, 0x02, 0xff]);
  const long = JSON.stringify({ Note: 'x'.repeat(5000) });

  beforeAll(async () => {
    await publishAs(ownSerial(), ['not json {', binary, JSON.stringify({ _id: 'bad-1', DrainVolume: -5 }), long]);
    await publishAs(other.serialNumber, ['other device: not json']);
  });

  it('lists the messages the ingest refused from the device, newest first, with the reason and the payload as text', async () => {
    const response = await call('getDeviceDeadLetters');
    expect(response.status).toBe(200);
    const items = response.body.items as Letter[];
    expect(items.map((letter) => letter.Reason)).toEqual([
      expect.stringMatching(/^Invalid exchange message: /),
      expect.stringMatching(/^Invalid exchange message: /),
      'The payload is not JSON',
      'The payload is not JSON',
    ]);
    expect(items.map((letter) => letter.ReceivedAt)).toEqual(
      items
        .map((letter) => letter.ReceivedAt)
        .sort()
        .reverse(),
    );
    expect(items.every((letter) => letter.Topic === deviceTopics.exchange(ownSerial()))).toBe(true);
    // Printable UTF-8 as its text (cut to 2000 characters), anything else in base64.
    expect(items[0]).toMatchObject({ Payload: long.slice(0, 2000), PayloadEncoding: 'text', PayloadBytes: long.length, PayloadCut: true });
    expect(items[1]).toMatchObject({ Payload: JSON.stringify({ _id: 'bad-1', DrainVolume: -5 }), PayloadEncoding: 'text', PayloadCut: false });
    expect(items[2]).toMatchObject({ Payload: binary.toString('base64'), PayloadEncoding: 'base64', PayloadBytes: 4, PayloadCut: false });
    expect(items[3]).toMatchObject({ Payload: 'not json {', PayloadEncoding: 'text', PayloadBytes: 10 });
  });

  it("pages with a cursor, every letter once, and never another device's", async () => {
    const seen: Letter[] = [];
    let cursor: string | undefined;
    do {
      const page = await call('getDeviceDeadLetters', undefined, { query: `limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...(page.body.items as Letter[]));
      cursor = page.body.cursor as string | undefined;
    } while (cursor);
    expect(seen.map((letter) => letter.DeadLetterID)).toEqual((await call('getDeviceDeadLetters')).body.items.map((letter: Letter) => letter.DeadLetterID));
    expect(seen).toHaveLength(4);
    expect(seen.some((letter) => letter.Payload.includes('other device'))).toBe(false);
    const others = (await call('getDeviceDeadLetters', undefined, { id: other.deviceId })).body.items as Letter[];
    expect(others.map((letter) => letter.Payload)).toEqual(['other device: not json']);
  });

  it('records the read in the device’s clinic trail: a refused exchange may hold a patient’s measurements', async () => {
    await call('getDeviceDeadLetters');
    const { items } = await auditRepository.listByClinic(own.clinicId, new Date().toISOString().slice(0, 7));
    expect(items).toEqual(expect.arrayContaining([expect.objectContaining({ Entity: 'DeviceDeadLetters', EntityID: own.deviceId, Action: 'read' })]));
  });
});

describe('device exchanges (/device/exchanges)', () => {
  it('lists the exchanges the device reported, newest first, and records the read of the patient’s data', async () => {
    const response = await call('getDeviceExchanges');
    expect(response.status).toBe(200);
    expect(response.body.items.map((row: { _id: string }) => row._id)).toContain(own.exchangeId);
    const times = response.body.items.map((row: { ExchangeTimeUtc: string }) => row.ExchangeTimeUtc);
    expect(times).toEqual([...times].sort().reverse());
    const { items } = await auditRepository.listByPatient(own.patientId);
    expect(items).toEqual(expect.arrayContaining([expect.objectContaining({ Entity: 'DeviceExchanges', EntityID: own.deviceId, Action: 'read' })]));
  });
});

describe('registering a device', () => {
  const connect = (serialNumber: string, password: string) =>
    mqtt.connectAsync(devices.mqttUrl, { clientId: serialNumber, username: serialNumber, password, reconnectPeriod: 0, connectTimeout: 5000 });

  it('answers the device’s broker secret once; the device connects with it; the serial number cannot be registered twice', async () => {
    const SerialNumber = randomSerialNumber();
    const registered = await call('registerDevice', undefined, { body: { SerialNumber, ServiceProviderID: other.serviceProviderId } });
    expect(registered).toMatchObject({
      status: 200,
      body: {
        device: { SerialNumber, ServiceProviderID: other.serviceProviderId, IsEnabled: true, Linked: false, Note: null },
        credentials: { kind: 'secret', username: SerialNumber, secret: expect.any(String) },
      },
    });
    const client = await connect(SerialNumber, registered.body.credentials.secret);
    await client.endAsync();
    await expect(connect(SerialNumber, 'not-its-secret')).rejects.toThrow();

    const byProvider = await call('getAllDevices', undefined, { query: `spId=${other.serviceProviderId}` });
    expect(byProvider.body.items.map((item: { SerialNumber: string }) => item.SerialNumber)).toContain(SerialNumber);

    const again = await call('registerDevice', undefined, { body: { SerialNumber, ServiceProviderID: own.serviceProviderId } });
    expect(again).toEqual({ status: 409, body: { message: ['SerialNumber is already registered.'] } });
  });

  it('places the device at a clinic of the provider only', async () => {
    const atClinic = await call('registerDevice', undefined, {
      body: { SerialNumber: randomSerialNumber(), ServiceProviderID: own.serviceProviderId, ClinicID: own.clinicId },
    });
    expect(atClinic).toMatchObject({ status: 200, body: { device: { ClinicID: own.clinicId, ServiceProviderID: own.serviceProviderId } } });
    const elsewhere = await call('registerDevice', undefined, {
      body: { SerialNumber: randomSerialNumber(), ServiceProviderID: own.serviceProviderId, ClinicID: other.clinicId },
    });
    expect(elsewhere).toEqual({ status: 400, body: { message: [messages.devices.clinicNotOfProvider] } });
    const unknown = await call('registerDevice', undefined, { body: { SerialNumber: randomSerialNumber(), ServiceProviderID: 'no-such-provider' } });
    expect(unknown.status).toBe(404);
    const bad = await call('registerDevice', undefined, { body: { SerialNumber: '12345', ServiceProviderID: '' } });
    expect(bad).toMatchObject({
      status: 400,
      body: { fields: { SerialNumber: 'SN length must be 9 characters', ServiceProviderID: messages.devices.serviceProviderRequired } },
    });
  });

  it('leaves the top bar’s counts as they were: a registered device is not activated until a patient uses it', async () => {
    const admin = own.users.LiberDiAdmin;
    const session = async () =>
      (await api.call('GET', buildPath(routes.getSession.path, { userId: admin.UserID }), { token: await tokenOf(admin) })).body as {
        profile: { Statistic: { activatedDevices: number; activatedClinics: number; totalNoExchanges: number } };
      };
    const before = (await session()).profile.Statistic;
    expect(before).toEqual({ activatedDevices: expect.any(Number), activatedClinics: expect.any(Number), totalNoExchanges: expect.any(Number) });
    expect((await call('registerDevice', undefined, { body: { SerialNumber: randomSerialNumber(), ServiceProviderID: own.serviceProviderId } })).status).toBe(
      200,
    );
    expect((await session()).profile.Statistic).toEqual(before);
  });

  it('takes the record back when the credentials cannot be made, so the serial number can be registered again', async () => {
    const SerialNumber = randomSerialNumber();
    const store = process.env.DEVICE_CREDENTIALS_FILE!;
    // The broker's store cannot be read (a folder where the file should be): issuing the secret fails.
    rmSync(store, { force: true });
    mkdirSync(store);
    let failed;
    try {
      failed = await call('registerDevice', undefined, { body: { SerialNumber, ServiceProviderID: own.serviceProviderId } });
    } finally {
      rmSync(store, { recursive: true, force: true });
    }
    expect(failed.status).toBe(500);
    expect(await devicesRepository.getBySerialNumber(SerialNumber)).toBeUndefined();
    const month = new Date().toISOString().slice(0, 7);
    const records = (await auditRepository.listByProvider(own.serviceProviderId, month)).items.filter((item) => item.Entity === 'Device');
    expect(records.filter((record) => JSON.stringify(record.Changes).includes(SerialNumber))).toHaveLength(2);
    expect((await call('registerDevice', undefined, { body: { SerialNumber, ServiceProviderID: own.serviceProviderId } })).status).toBe(200);
  });
});

describe('moving a device to another clinic (beyond the spec: the platform admin’s act)', () => {
  const month = () => new Date().toISOString().slice(0, 7);
  const moveTo = (deviceId: string, ClinicID: string, user: Caller = own.users.LiberDiAdmin) =>
    calls.call('moveDeviceToClinic', user, { id: deviceId, body: { ClinicID } });

  /** The prescription message a device connecting now receives (retained), or null when none is kept. */
  async function retainedPrescription(serialNumber: string): Promise<unknown> {
    const client = await connectDevice(devices.mqttUrl, serialNumber);
    try {
      const received = nextPrescription(client, serialNumber, 1500);
      await client.subscribeAsync(deviceTopics.prescription(serialNumber), { qos: 1 });
      return await received;
    } finally {
      await client.endAsync();
    }
  }

  it('takes the device from its patient in the clinic it leaves, recorded in both clinics’ trails and that patient’s history, and clears its prescription', async () => {
    const setup = await createPatientWithDevice();
    await approvedPrescription(setup.patient.UserID, setup.device.SerialNumber, [hhmm(Date.now())], new Date());
    expect(await retainedPrescription(setup.device.SerialNumber)).toMatchObject({ SerialNumber: setup.device.SerialNumber });
    const destination = await createTestClinic(setup.provider.ServiceProviderID);
    const activatedBefore = (await clinicsRepository.get(setup.clinic.ClinicID))!.ActivePatientLinkedDeviceCount;

    const moved = await moveTo(setup.device.DeviceID, destination.ClinicID);
    expect(moved).toMatchObject({
      status: 200,
      body: { DeviceID: setup.device.DeviceID, ClinicID: destination.ClinicID, ClinicName: destination.ClinicName, Linked: false },
    });

    expect((await patientsRepository.get(setup.patient.UserID))!.Device).toBeUndefined();
    expect(await devicesRepository.get(setup.device.DeviceID)).toMatchObject({ ClinicID: destination.ClinicID });
    expect((await devicesRepository.get(setup.device.DeviceID))!.PatientID).toBeUndefined();
    expect((await devicesRepository.routeBySerialNumber(setup.device.SerialNumber))!.PatientID).toBeUndefined();
    expect((await clinicsRepository.get(setup.clinic.ClinicID))!.ActivePatientLinkedDeviceCount).toBe(activatedBefore! - 1);
    expect(await retainedPrescription(setup.device.SerialNumber)).toBeNull();

    const left = (await auditRepository.listByClinic(setup.clinic.ClinicID, month())).items.filter((record) => record.Entity === 'DeviceClinic');
    const arrived = (await auditRepository.listByClinic(destination.ClinicID, month())).items.filter((record) => record.Entity === 'DeviceClinic');
    const history = (await auditRepository.listByPatient(setup.patient.UserID)).items.filter((record) => record.Entity === 'DeviceClinic');
    for (const trail of [left, arrived, history]) {
      expect(trail).toEqual([
        expect.objectContaining({
          UserID: own.users.LiberDiAdmin.UserID,
          EntityID: setup.device.DeviceID,
          Changes: expect.arrayContaining([{ field: 'ClinicID', before: setup.clinic.ClinicID, after: destination.ClinicID }]),
        }),
      ]);
    }

    // The new clinic's patient can now be given the device; the old clinic's can no longer.
    const { patient: newcomer } = await createTestPatient({ ClinicID_ref: destination.ClinicID, DoctorID_ref: 'doctor-1' });
    await expect(assignDevice(setup.patient.UserID, setup.device.SerialNumber)).rejects.toMatchObject({ statusCode: 404 });
    await assignDevice(newcomer.UserID, setup.device.SerialNumber);
    expect((await patientsRepository.get(newcomer.UserID))!.Device).toMatchObject({ SerialNumber: setup.device.SerialNumber });
  });

  it('moves only to a clinic of the device’s own provider, and not to where it is', async () => {
    const setup = await createPatientWithDevice();
    expect(await moveTo(setup.device.DeviceID, other.clinicId)).toMatchObject({ status: 400, body: { message: [messages.devices.clinicNotOfProvider] } });
    expect(await moveTo(setup.device.DeviceID, setup.clinic.ClinicID)).toMatchObject({ status: 400, body: { message: [messages.devices.alreadyAtClinic] } });
    expect(await moveTo(setup.device.DeviceID, 'no-such-clinic')).toMatchObject({ status: 404 });
    expect(await devicesRepository.get(setup.device.DeviceID)).toMatchObject({ ClinicID: setup.clinic.ClinicID, PatientID: setup.patient.UserID });
  });

  it.each(ROLES.filter((role) => role !== 'LiberDiAdmin'))('refuses a %s with the spec’s words', async (role) => {
    expect(await moveTo(own.deviceId, other.clinicId, own.users[role])).toEqual({
      status: 403,
      body: { message: [messages.errors.noAccess('update device')] },
    });
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { allItems } from '@functions/data/page';
import { handler as ingest } from '@functions/devices/ingest';
import { handler as ingestStream } from '@functions/devices/ingest-stream';
import { liveTopicFilterForToken } from '@functions/identity/live-access';
import { createTokenVerifier } from '@infra/local/api-gateway';
import { startBroker, type LocalBroker } from '@infra/local/broker';
import { startIotDataPlane } from '@infra/local/iot-data-plane';
import { credentialsFromEnvironment } from '@infra/local/sigv4';
import { deviceTopics } from '@shared/device';
import { changeNoticeSchema, changeNoticeTopic, type ChangeNotice } from '@shared/live';
import { signedInUser, useApi } from '@test/support/api';
import { savePrescription } from '@functions/services/prescriptions';
import { connectDevice, createPatientWithDevice, createTestClinic, exchangeReport, publishExchange, testDeviceCredentials } from '@test/support/devices';
import { batch, streamRecord } from '@test/support/kinesis';
import { prescriptionInput } from '@test/support/prescriptions';
import { useTestTable, useTestUserPool } from '@test/support/local-services';

useTestTable();
useTestUserPool();
const api = useApi();

let httpServer: http.Server;
let broker: LocalBroker;
let dataPlane: { url: string; close(): Promise<void> };
let webSocketUrl = '';
/** The data plane checks the backend's signature; a test flips this to make every notice publish fail. */
let dataPlaneRefuses = false;
const clients: MqttClient[] = [];

beforeAll(async () => {
  httpServer = http.createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const verify = await createTokenVerifier({
    cognitoUrl: `http://127.0.0.1:${process.env.TEST_COGNITO_PORT}`,
    userPoolId: process.env.USER_POOL_ID!,
    clientId: process.env.USER_POOL_CLIENT_ID!,
  });
  broker = await startBroker({
    mqttPort: 0,
    httpServer,
    onDeviceMessage: ingest,
    credentials: testDeviceCredentials,
    allowedOrigins: [],
    browserGrant: async (token) => liveTopicFilterForToken(await verify(token)),
    browserRecheckMs: 200,
    log: () => undefined,
  });
  dataPlane = await startIotDataPlane(broker.broker, () =>
    dataPlaneRefuses ? { ...credentialsFromEnvironment(), secretAccessKey: 'not-the-backend' } : credentialsFromEnvironment(),
  );
  process.env.AWS_ENDPOINT_URL_IOT_DATA_PLANE = dataPlane.url;
  webSocketUrl = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mqtt`;
});

afterEach(async () => {
  dataPlaneRefuses = false;
  jest.restoreAllMocks();
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});

afterAll(async () => {
  await dataPlane.close();
  await broker.close();
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
});

/** A browser's live connection: the session token in the WebSocket URL, as the web's client sends it. */
async function browser(token: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`${webSocketUrl}?token=${encodeURIComponent(token)}`, { reconnectPeriod: 0, connectTimeout: 5000 });
  clients.push(client);
  return client;
}

/** What a client receives from now on. */
function received(client: MqttClient): Array<{ topic: string; notice: unknown }> {
  const messages: Array<{ topic: string; notice: unknown }> = [];
  client.on('message', (topic, payload) => messages.push({ topic, notice: JSON.parse(payload.toString()) as unknown }));
  return messages;
}

async function device(serialNumber: string): Promise<MqttClient> {
  const client = await connectDevice(`mqtt://127.0.0.1:${broker.mqttPort}`, serialNumber);
  clients.push(client);
  return client;
}

/** The SUBACK's answer to one filter: 0 (granted at QoS 0) or 128 (refused). */
const grantOf = (client: MqttClient, filter: string) =>
  client.subscribeAsync(filter).then(
    ([grant]) => grant!.qos as number,
    (error: { packet?: { granted?: number[] } }) => error.packet?.granted?.[0] ?? -1,
  );

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function clinicWithNurse() {
  const setup = await createPatientWithDevice();
  const tenant = { ClinicID: setup.clinic.ClinicID, ServiceProviderID: setup.provider.ServiceProviderID };
  const nurse = await signedInUser('Nurse', tenant);
  return { ...setup, nurse, topic: changeNoticeTopic(tenant) };
}

describe('the ingest tells the open screens what it stored', () => {
  it("publishes an exchange's notice, ids only, on the clinic's topic, once: a redelivery tells nothing", async () => {
    const { nurse, topic, device: pdDevice, patient, clinic, provider } = await clinicWithNurse();
    const watcher = await browser(nurse.token);
    await watcher.subscribeAsync(topic);
    const notices = received(watcher);
    const report = exchangeReport(new Date(Date.now() - 60_000));
    const pd = await device(pdDevice.SerialNumber);
    await publishExchange(pd, pdDevice.SerialNumber, report);
    await publishExchange(pd, pdDevice.SerialNumber, report);
    await settle();

    const expected: ChangeNotice = {
      kind: 'exchange',
      DeviceID: pdDevice.DeviceID,
      PatientID: patient.UserID,
      ClinicID: clinic.ClinicID,
      ServiceProviderID: provider.ServiceProviderID,
    };
    expect(notices).toEqual([{ topic, notice: expected }]);
    expect(changeNoticeSchema.safeParse(notices[0]!.notice).success).toBe(true);
  });

  it("tells the screens once for a stream batch of a patient's exchanges, after the batch is stored", async () => {
    const { nurse, topic, device: pdDevice, patient } = await clinicWithNurse();
    const watcher = await browser(nurse.token);
    await watcher.subscribeAsync(topic);
    const notices = received(watcher);
    const reports = [3, 2, 1].map((hours) => exchangeReport(new Date(Date.now() - hours * 60 * 60_000)));
    const answer = await ingestStream(batch(reports.map((report) => streamRecord(pdDevice.SerialNumber, report))));
    expect(answer.batchItemFailures).toEqual([]);
    await settle();
    // Each exchange's notice is the same ids: one publish for the batch, not three.
    expect(notices).toMatchObject([{ topic, notice: { kind: 'exchange', PatientID: patient.UserID } }]);
    const stored = await allItems((page) => exchangesRepository.listForPatient(patient.UserID, { from: '2000', to: '2100' }, page));
    expect(stored.map((exchange) => exchange._id).sort()).toEqual(reports.map((report) => report._id).sort());
  });

  it("publishes a device error's notice", async () => {
    const { nurse, topic, device: pdDevice, patient } = await clinicWithNurse();
    const watcher = await browser(nurse.token);
    await watcher.subscribeAsync(topic);
    const notices = received(watcher);
    const pd = await device(pdDevice.SerialNumber);
    const error = { _id: `error-${Date.now()}`, Time: new Date().toISOString(), MachineProblem: 'Heater fault' };
    await pd.publishAsync(deviceTopics.error(pdDevice.SerialNumber), JSON.stringify(error), { qos: 1 });
    await settle();
    expect(notices).toMatchObject([{ topic, notice: { kind: 'error', DeviceID: pdDevice.DeviceID, PatientID: patient.UserID } }]);
  });

  it("publishes a prescription acknowledgement's notice once: a repeated acknowledgement tells nothing", async () => {
    const { nurse, topic, device: pdDevice, patient } = await clinicWithNurse();
    const saved = await savePrescription(
      patient.UserID,
      prescriptionInput([{ ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: ['MO'], ExchangeTime: ['08:00'] }]),
      'doctor-1',
      new Date(Date.now() - 60_000),
    );
    const watcher = await browser(nurse.token);
    await watcher.subscribeAsync(topic);
    const notices = received(watcher);
    const pd = await device(pdDevice.SerialNumber);
    const ack = JSON.stringify({ PrescriptionId: saved.PrescriptionId, Time: new Date().toISOString() });
    await pd.publishAsync(deviceTopics.prescriptionAck(pdDevice.SerialNumber), ack, { qos: 1 });
    await pd.publishAsync(deviceTopics.prescriptionAck(pdDevice.SerialNumber), ack, { qos: 1 });
    await settle();
    expect(notices).toMatchObject([{ topic, notice: { kind: 'ack', DeviceID: pdDevice.DeviceID, PatientID: patient.UserID } }]);
  });

  it('stores the exchange when the notice cannot be published (logged and counted, not redelivered)', async () => {
    const { device: pdDevice, patient } = await clinicWithNurse();
    dataPlaneRefuses = true;
    const report = exchangeReport(new Date(Date.now() - 60_000));
    const pd = await device(pdDevice.SerialNumber);
    await publishExchange(pd, pdDevice.SerialNumber, report); // resolves only once the broker acknowledged it
    const stored = await allItems((page) => exchangesRepository.listForPatient(patient.UserID, { from: '2000-01-01', to: '2100-01-01' }, page));
    expect(stored.map((exchange) => exchange._id)).toEqual([report._id]);
  });

  it('publishes nothing when the transaction fails, and the device sends the exchange again', async () => {
    const { nurse, topic, device: pdDevice } = await clinicWithNurse();
    const watcher = await browser(nurse.token);
    await watcher.subscribeAsync(topic);
    const notices = received(watcher);
    // The one failure this test makes: DynamoDB refuses the exchange's transaction once.
    jest.spyOn(exchangesRepository, 'record').mockRejectedValueOnce(new Error('TransactionCanceledException'));
    const report = exchangeReport(new Date(Date.now() - 60_000));
    await expect(
      ingest({
        payload: Buffer.from(JSON.stringify(report)).toString('base64'),
        topic: deviceTopics.exchange(pdDevice.SerialNumber),
        clientId: pdDevice.SerialNumber,
        receivedAt: Date.now(),
      }),
    ).rejects.toThrow('TransactionCanceledException');
    await settle();
    expect(notices).toEqual([]);
  });
});

describe("the broker gives a browser its own tenant's notices and nothing else", () => {
  it("refuses another clinic's topic, a wider filter and every publish", async () => {
    const { nurse, topic, provider } = await clinicWithNurse();
    const otherClinic = await createTestClinic(provider.ServiceProviderID);
    const client = await browser(nurse.token);
    expect(await grantOf(client, topic)).toBe(0);
    for (const refused of [
      changeNoticeTopic({ ServiceProviderID: provider.ServiceProviderID, ClinicID: otherClinic.ClinicID }),
      `portal/notices/provider/${provider.ServiceProviderID}/#`,
      'portal/notices/#',
      '#',
      deviceTopics.prescription('123-45678'),
    ]) {
      expect({ refused, qos: await grantOf(client, refused) }).toEqual({ refused, qos: 128 });
    }

    const listener = await browser(nurse.token);
    await listener.subscribeAsync(topic);
    const heard = received(listener);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(topic, JSON.stringify({ kind: 'exchange', DeviceID: 'forged' }));
    await closed; // the broker drops a browser that publishes
    await settle();
    expect(heard).toEqual([]);
  });

  it('refuses a bad token, a missing token and a session that ended', async () => {
    const { nurse } = await clinicWithNurse();
    const [header, payload] = nurse.token.split('.');
    await expect(browser(`${header}.${payload}.forged-signature`)).rejects.toThrow(/Bad username or password|Not authorized/);
    await expect(mqtt.connectAsync(webSocketUrl, { reconnectPeriod: 0 })).rejects.toThrow(/Bad username or password|Not authorized/);
    const { sessionsRepository } = await import('@functions/data/sessions-repository');
    await sessionsRepository.endSessions(nurse.user.UserID);
    await expect(browser(nurse.token)).rejects.toThrow(/Bad username or password|Not authorized/);
  });

  it.each([
    [
      'sign-out',
      async (nurse: { user: { UserID: string }; token: string }) => {
        expect((await api.call('POST', '/signout', { token: nurse.token, body: {} })).status).toBe(200);
      },
    ],
    // What disabling the user, a role change or a password change does to its sessions.
    [
      'every session of the user ended',
      async (nurse: { user: { UserID: string }; token: string }) => {
        const { endAllSessions } = await import('@functions/services/end-sessions');
        await endAllSessions(nurse.user.UserID);
      },
    ],
  ] as const)('cuts a connected browser when its session ends (%s), and it cannot come back with that token', async (_how, end) => {
    const { nurse } = await clinicWithNurse();
    const client = await browser(nurse.token);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await end(nurse);
    await expect(Promise.race([closed.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))])).resolves.toBe('closed');
    await expect(browser(nurse.token)).rejects.toThrow(/Bad username or password|Not authorized/);
  });

  it('gives a ServiceProviderAdmin every clinic of the provider, and LiberDiAdmin every notice', async () => {
    const { topic, provider, device: pdDevice } = await clinicWithNurse();
    const spAdmin = await signedInUser('ServiceProviderAdmin', { ServiceProviderID: provider.ServiceProviderID });
    const platform = await signedInUser('LiberDiAdmin');
    const spClient = await browser(spAdmin.token);
    expect(await grantOf(spClient, `portal/notices/provider/${provider.ServiceProviderID}/#`)).toBe(0);
    expect(await grantOf(spClient, 'portal/notices/provider/another/#')).toBe(128);
    const platformClient = await browser(platform.token);
    await platformClient.subscribeAsync('portal/notices/#');
    const spHeard = received(spClient);
    const platformHeard = received(platformClient);
    const pd = await device(pdDevice.SerialNumber);
    await publishExchange(pd, pdDevice.SerialNumber, exchangeReport(new Date(Date.now() - 60_000)));
    await settle();
    expect(spHeard.map((message) => message.topic)).toEqual([topic]);
    expect(platformHeard.map((message) => message.topic)).toEqual([topic]);
  });
});

describe('the live grant (POST /users/{userId}/live)', () => {
  it("answers the caller's own tenant's topic filter, from the caller's record", async () => {
    const { nurse, topic, provider } = await clinicWithNurse();
    const spAdmin = await signedInUser('ServiceProviderAdmin', { ServiceProviderID: provider.ServiceProviderID });
    const platform = await signedInUser('LiberDiAdmin');
    const grant = (caller: { user: { UserID: string }; token: string }) =>
      api.call('POST', `/users/${caller.user.UserID}/live`, { token: caller.token, body: {} });
    expect(await grant(nurse)).toMatchObject({ status: 200, body: { topicFilter: topic } });
    expect(await grant(spAdmin)).toMatchObject({ status: 200, body: { topicFilter: `portal/notices/provider/${provider.ServiceProviderID}/#` } });
    expect(await grant(platform)).toMatchObject({ status: 200, body: { topicFilter: 'portal/notices/#' } });
    // Only for oneself, and never without a session.
    expect((await api.call('POST', `/users/${spAdmin.user.UserID}/live`, { token: nurse.token, body: {} })).status).toBe(403);
    expect((await api.call('POST', `/users/${nurse.user.UserID}/live`, { body: {} })).status).toBe(401);
  });
});

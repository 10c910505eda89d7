import { randomInt } from 'node:crypto';
import http from 'node:http';
import mqtt, { type MqttClient } from 'mqtt';
import { handler as ingest } from '@functions/devices/ingest';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { createClinic, createServiceProvider } from '@functions/services/organizations';
import { createPatient } from '@functions/services/patients';
import { startBroker, type LocalBroker } from '@infra/local/broker';
import { inDeviceOrder } from '@infra/local/device-order';
import { deviceCredentials } from '@infra/local/device-credentials';
import { startIotDataPlane } from '@infra/local/iot-data-plane';
import { deviceTopics, deviceUpExamples, type DeviceExchange } from '@shared/device';

/**
 * The devices' secrets of this test file (the twin of their certificates), issued by
 * createPatientWithDevice or by registering a device through the API (the same store).
 */
export const testDeviceCredentials = deviceCredentials(process.env.DEVICE_CREDENTIALS_FILE);
const secrets = new Map<string, string>();

/** Issues a secret for a device of this test file; connectDevice then connects with it. */
export function issueDeviceSecret(serialNumber: string): string {
  const secret = testDeviceCredentials.issue(serialNumber);
  secrets.set(serialNumber, secret);
  return secret;
}

const brokerOptions = (mqttPort: number, httpServer: http.Server) => ({
  mqttPort,
  httpServer,
  onDeviceMessage: inDeviceOrder(ingest),
  credentials: testDeviceCredentials,
  allowedOrigins: [],
  log: () => undefined,
});

/**
 * For a test file: the local broker (the IoT Core twin) whose device messages go to the ingest
 * handler, and the IoT data-plane twin the backend publishes through. Call after useTestTable.
 */
export function useDeviceBroker() {
  let broker: LocalBroker;
  let httpServer: http.Server;
  let dataPlane: { url: string; close(): Promise<void> };
  const state = {
    get mqttUrl() {
      return `mqtt://127.0.0.1:${broker.mqttPort}`;
    },
    get broker() {
      return broker;
    },
    /** Stops the broker (devices see it go away) and starts it again on the same port. */
    async restart() {
      const port = broker.mqttPort;
      await broker.close();
      broker = await startBroker(brokerOptions(port, httpServer));
      await dataPlane.close();
      dataPlane = await startIotDataPlane(broker.broker);
      process.env.AWS_ENDPOINT_URL_IOT_DATA_PLANE = dataPlane.url;
    },
  };
  beforeAll(async () => {
    httpServer = http.createServer();
    broker = await startBroker(brokerOptions(0, httpServer));
    dataPlane = await startIotDataPlane(broker.broker);
    process.env.AWS_ENDPOINT_URL_IOT_DATA_PLANE = dataPlane.url;
  });
  afterAll(async () => {
    await dataPlane?.close();
    await broker?.close();
  });
  return state;
}

export function randomSerialNumber(): string {
  return `${randomInt(100, 999)}-${String(randomInt(0, 100000)).padStart(5, '0')}`;
}

/** A provider, made through the product's services. */
export const createTestProvider = (name = `Provider ${randomInt(1e6)}`) =>
  createServiceProvider({
    ServiceProviderName: name,
    ServiceProviderAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Main St' },
    Email: `sp-${randomInt(1e9)}@test.example`,
    Phone: '+972 4 555 0101',
    FirstName: 'Dana',
    LastName: 'Levi',
  });

/** A clinic of the provider. */
export const createTestClinic = (serviceProviderId: string, name = `Clinic ${randomInt(1e6)}`) =>
  createClinic({
    ClinicName: name,
    ClinicPhone: '+972 4 555 0102',
    ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '2 Main St' },
    ServiceProviderID: serviceProviderId,
  });

/** A patient of the clinic, assigned to the given doctor. */
export const createTestPatient = (input: { ClinicID_ref: string; DoctorID_ref: string; LastName?: string; TargetWeight?: number }) =>
  createPatient({
    FirstName: 'Noa',
    LastName: input.LastName ?? 'Cohen',
    DOB: '1961-04-02',
    Gender: 'Female',
    Hispanic: false,
    SocialId: String(randomInt(1e8, 1e9)),
    Address: { Country: 'Israel', City: 'Haifa', Street: '3 Main St' },
    Phone: '+972 4 555 0103',
    Cellphone: '+972 54 555 0104',
    Email: `patient-${randomInt(1e9)}@test.example`,
    ClinicID_ref: input.ClinicID_ref,
    DoctorID_ref: input.DoctorID_ref,
    TargetWeight: input.TargetWeight ?? 70,
  });

/** A provider, a clinic, a device of that clinic and a patient using it, made through the product's services. */
export async function createPatientWithDevice(options: { TargetWeight?: number } = {}) {
  const provider = await createTestProvider();
  const clinic = await createTestClinic(provider.ServiceProviderID);
  const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinic.ClinicID });
  const { patient } = await createTestPatient({ ClinicID_ref: clinic.ClinicID, DoctorID_ref: 'doctor-1', TargetWeight: options.TargetWeight });
  await assignDevice(patient.UserID, device.SerialNumber);
  issueDeviceSecret(device.SerialNumber);
  return { provider, clinic, device: { ...device, PatientID: patient.UserID }, patient };
}

/** A device's MQTT connection, its client id being its serial number, as on IoT Core, with its secret (issueDeviceSecret). */
export async function connectDevice(mqttUrl: string, serialNumber: string, options: mqtt.IClientOptions = {}): Promise<MqttClient> {
  const password = secrets.get(serialNumber);
  return mqtt.connectAsync(mqttUrl, {
    clientId: serialNumber,
    clean: true,
    reconnectPeriod: 200,
    ...(password && { username: serialNumber, password }),
    ...options,
  });
}

let sequence = 0;

/** A valid exchange report, changed by `overrides`; each call gets a new device-made `_id`. */
export function exchangeReport(at: Date, overrides: Partial<DeviceExchange> = {}): DeviceExchange {
  sequence += 1;
  const time = at.toISOString();
  return {
    ...deviceUpExamples.exchange,
    _id: `x-${at.getTime()}-${sequence}`,
    DeviceLocalDate: time,
    WeightMeasure: { Value: 70.5, Time: time },
    BloodPressureMeasure: { Value: { Systolic: 125, Diastolic: 80 }, Time: time },
    PulseMeasure: { Value: 72, Time: time },
    MachineProblem: 'no error',
    ...overrides,
  };
}

/** Publishes with QoS 1 and resolves once the broker acknowledged, i.e. once ingest took it. */
export async function publishExchange(client: MqttClient, serialNumber: string, exchange: DeviceExchange): Promise<void> {
  await client.publishAsync(deviceTopics.exchange(serialNumber), JSON.stringify(exchange), { qos: 1 });
}

import http from 'node:http';
import type { DeviceMessageEvent } from '@functions/devices/ingest';
import { startBroker, type LocalBroker } from '@infra/local/broker';
import { deviceCredentials } from '@infra/local/device-credentials';
import { createRandom, SimulatedPatient, simulateDevices, type DeviceSimulation } from '@infra/local/simulate';
import {
  DEVICE_DOWN_RETAIN,
  deviceDownExamples,
  deviceErrorSchema,
  deviceExchangeSchema,
  deviceTopics,
  parseUpTopic,
  prescriptionAckSchema,
} from '@shared/device';

const serials = ['100-00001', '100-00002'];

describe('the device simulator against the local broker', () => {
  let broker: LocalBroker;
  let simulation: DeviceSimulation | undefined;
  const received: DeviceMessageEvent[] = [];
  const lines: string[] = [];
  const payload = (event: DeviceMessageEvent) => JSON.parse(Buffer.from(event.payload, 'base64').toString('utf8')) as unknown;
  const ofKind = (kind: string) => received.filter((event) => parseUpTopic(event.topic)?.kind === kind);

  beforeAll(async () => {
    const credentials = deviceCredentials();
    const secrets = Object.fromEntries(serials.map((serial) => [serial, credentials.issue(serial)]));
    broker = await startBroker({
      mqttPort: 0,
      httpServer: http.createServer(),
      onDeviceMessage: async (event) => {
        received.push(event);
      },
      credentials,
      allowedOrigins: [],
    });
    simulation = await simulateDevices({
      secrets,
      brokerUrl: `mqtt://127.0.0.1:${broker.mqttPort}`,
      serialNumbers: serials,
      intervalMs: 20,
      count: 3,
      seed: 7,
      log: (line) => lines.push(line),
    });
    await simulation.done;
  });

  afterAll(async () => {
    await simulation?.stop();
    await broker?.close();
  });

  it('publishes count valid exchanges per device, on its own topic, as that client', () => {
    const exchanges = ofKind('exchange');
    expect(exchanges).toHaveLength(6);
    for (const serial of serials) {
      const own = exchanges.filter((event) => event.clientId === serial);
      expect(own).toHaveLength(3);
      for (const event of own) {
        expect(event.topic).toBe(deviceTopics.exchange(serial));
        const exchange = deviceExchangeSchema.parse(payload(event));
        expect(exchange._id.startsWith(serial)).toBe(true);
        expect(exchange.FillVolume).toBeGreaterThanOrEqual(1800);
        expect(exchange.FillVolume).toBeLessThanOrEqual(2200);
      }
      expect(new Set(own.map((event) => (payload(event) as { _id: string })._id)).size).toBe(3);
    }
    for (const event of ofKind('error')) deviceErrorSchema.parse(payload(event));
  });

  it('prints one line per published message', () => {
    expect(lines.filter((line) => / -> exchange /.test(line))).toHaveLength(6);
  });

  it('answers a prescription on its down topic with an acknowledgement', async () => {
    const serial = serials[1]!;
    const prescription = { ...deviceDownExamples.prescription, SerialNumber: serial, PrescriptionId: 'rx-simulator-test' };
    await new Promise<void>((resolve, reject) =>
      broker.broker.publish(
        {
          cmd: 'publish',
          topic: deviceTopics.prescription(serial),
          payload: Buffer.from(JSON.stringify(prescription)),
          qos: 1,
          retain: DEVICE_DOWN_RETAIN,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    const deadline = Date.now() + 5000;
    while (ofKind('prescription-ack').length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const [ack, ...more] = ofKind('prescription-ack');
    expect(more).toEqual([]);
    expect(ack?.clientId).toBe(serial);
    expect(ack?.topic).toBe(deviceTopics.prescriptionAck(serial));
    expect(prescriptionAckSchema.parse(payload(ack!))).toMatchObject({ PrescriptionId: 'rx-simulator-test' });
  });

  it('does not acknowledge a prescription meant for another device', async () => {
    const before = ofKind('prescription-ack').length;
    const prescription = { ...deviceDownExamples.prescription, SerialNumber: serials[1]!, PrescriptionId: 'rx-wrong-device' };
    broker.broker.publish(
      { cmd: 'publish', topic: deviceTopics.prescription(serials[0]!), payload: Buffer.from(JSON.stringify(prescription)), qos: 1, retain: false, dup: false },
      () => undefined,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(ofKind('prescription-ack')).toHaveLength(before);
    expect(lines.some((line) => line.includes('rx-wrong-device') && line.includes('ignored'))).toBe(true);
  });
});

describe('simulateDevices input checks and determinism', () => {
  it('refuses a serial number that is not an IDA#', async () => {
    await expect(simulateDevices({ brokerUrl: 'mqtt://127.0.0.1:1', serialNumbers: ['IDA000001'] })).rejects.toThrow(/Not a serial number: IDA000001/);
  });

  it('gives the same numbers for the same seed', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });
});

describe('SimulatedPatient', () => {
  const now = new Date('2025-03-10T08:00:00Z');
  const run = (seed: number, count: number) => {
    const patient = new SimulatedPatient('100-00001', seed);
    return Array.from({ length: count }, (_, i) => patient.nextExchange(new Date(now.getTime() + i * 6 * 3600_000)));
  };

  it('repeats itself for the same seed', () => {
    expect(run(5, 20)).toEqual(run(5, 20));
    expect(run(5, 20)).not.toEqual(run(6, 20));
  });

  it('produces plausible exchanges with a low rate of anomalies', () => {
    const results = run(11, 2000);
    const anomalies = results.filter((result) => result.anomaly).length;
    expect(anomalies).toBeGreaterThan(40); // about 6%
    expect(anomalies).toBeLessThan(200);
    let previousFill: number | undefined;
    let normalUf = 0;
    for (const { exchange, anomaly } of results) {
      expect(deviceExchangeSchema.safeParse(exchange).success).toBe(true);
      if (previousFill !== undefined && !anomaly) {
        const uf = exchange.DrainVolume - previousFill;
        if (uf >= 100 && uf <= 400) normalUf += 1;
      }
      previousFill = exchange.FillVolume;
      if (anomaly === 'panic') expect(exchange.MachineProblem).toMatch(/PANIC/);
      if (!anomaly) expect(exchange.MachineProblem).toBe('no error');
    }
    expect(normalUf).toBe(results.filter((r, i) => i > 0 && !r.anomaly).length);
  });
});

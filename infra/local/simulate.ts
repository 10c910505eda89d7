import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { readDemoDeviceSecrets } from './device-credentials';
import {
  DEVICE_MQTT_QOS,
  convertTemperature,
  convertWeight,
  deviceErrorSchema,
  deviceExchangeSchema,
  devicePrescriptionSchema,
  deviceSettingsMessageSchema,
  deviceTopics,
  isSerialNumber,
  parseDownTopic,
  prescriptionAckSchema,
  type DeviceExchange,
  type ExchangeFluid,
  type TemperatureUnit,
  type WeightUnit,
} from '@shared/device';

/**
 * The device simulator: one MQTT client per serial number publishes realistic exchanges (and now
 * and then an error) the way a home PD device does, and acknowledges each prescription it is sent.
 * Locally it talks to the aedes broker of `npm start`; with a certificate it talks to AWS IoT Core.
 * Every payload is checked with the protocol's schema before it is published.
 */

export interface SimulateDevicesOptions {
  /** mqtt://host:1883 locally, mqtts://<endpoint>:8883 for AWS IoT Core (with `tls`). */
  brokerUrl: string;
  serialNumbers: string[];
  /** Milliseconds between two exchanges of one device; 5000 by default. */
  intervalMs?: number;
  /** Exchanges per device, then the device only listens; unlimited by default. */
  count?: number;
  /** The same seed gives every device the same patient, measures and anomalies; 1 by default. */
  seed?: number;
  /** The device certificate for AWS IoT: PEM texts or paths of PEM files. */
  tls?: { key: string; cert: string; ca?: string };
  /** Each device's secret for the local broker (username = serial number, password = secret). */
  secrets?: Record<string, string>;
  /** One line per published or received message; console.log by default. */
  log?: (line: string) => void;
}

export interface DeviceSimulation {
  /** Disconnects every device cleanly, after the messages in flight were acknowledged. */
  stop(): Promise<void>;
  /** Resolves when every device has published `count` exchanges (never without a count). */
  done: Promise<void>;
}

/** How often a simulated exchange goes wrong, per exchange; each anomaly has its own alert rule. */
const ANOMALY_RATE = 0.06;
const ANOMALIES = ['panic', 'high-drain-temp', 'low-drain', 'high-bp', 'turbid-drain'] as const;
type Anomaly = (typeof ANOMALIES)[number];
/** How often a device reports an error message besides its exchange. */
const ERROR_RATE = 0.04;
const ERROR_TEXTS = ['no error', 'Low battery', 'Scale not reachable', 'Door opened during fill', 'PANIC: heater over-temperature, fill stopped'];
/** The fluids of a usual day: three glucose exchanges and an icodextrin night dwell. */
const DAY_OF_FLUIDS: ExchangeFluid[] = ['DIAneal 1.36%', 'DIAneal 1.36%', 'DIAneal 2.27%', 'EXTRAneal'];
/** Ultrafiltration (ml) of a normal dwell, by fluid: stronger glucose draws more water. */
const UF_RANGE_ML: Record<ExchangeFluid, [number, number]> = {
  'DIAneal 1.36%': [150, 350],
  'DIAneal 2.27%': [250, 400],
  'DIAneal 3.86%': [300, 400],
  EXTRAneal: [200, 400],
};
const STOP_GRACE_MS = 2000;

/** mulberry32: a small, fast PRNG with a 32-bit state, plenty for simulated measures. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of the seed and serial number, so each device has its own stream of numbers. */
function deviceSeed(seed: number, serialNumber: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed}:${serialNumber}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** A device reports its local time with its offset, as the protocol asks: 2025-03-10T08:04:12+01:00. */
function localDateTime(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset >= 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

function compactTime(date: Date): string {
  return date.toISOString().replace(/[-:TZ.]/g, '');
}

/** The patient and device behind one serial number: a baseline that drifts slowly, and the last fill; deterministic for a seed. */
export class SimulatedPatient {
  private readonly random: () => number;
  private weightKg: number;
  private readonly systolic: number;
  private readonly diastolic: number;
  private readonly pulse: number;
  private previousFillMl = 2000;
  private sequence = 0;
  readonly tempUnit: TemperatureUnit;
  readonly weightUnit: WeightUnit;

  constructor(
    readonly serialNumber: string,
    seed: number,
  ) {
    this.random = createRandom(deviceSeed(seed, serialNumber));
    this.weightKg = this.between(55, 95);
    this.systolic = this.between(112, 132);
    this.diastolic = this.between(68, 82);
    this.pulse = this.between(62, 84);
    // About one device in four is set to US units, so both conversions are exercised.
    const us = this.random() < 0.25;
    this.tempUnit = us ? 'F' : 'C';
    this.weightUnit = us ? 'LB' : 'KG';
  }

  private between(min: number, max: number): number {
    return min + (max - min) * this.random();
  }

  private normal(mean: number, deviation: number): number {
    const u = 1 - this.random();
    const v = this.random();
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  private chance(probability: number): boolean {
    return this.random() < probability;
  }

  private pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.random() * values.length)]!;
  }

  private temperature(celsius: number): number {
    return round(convertTemperature(celsius, 'C', this.tempUnit), 1);
  }

  /** Samples around a level with a bubble spike now and then; the clean samples' statistics. */
  private turbidity(level: number) {
    const samples = Array.from({ length: 24 }, () => round(Math.max(0, this.normal(level, level * 0.08)), 3));
    const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
    const stdev = Math.sqrt(samples.reduce((sum, value) => sum + (value - mean) ** 2, 0) / samples.length);
    const bubbles = this.chance(0.3) ? [round(this.between(5, 9), 3)] : [];
    for (const bubble of bubbles) samples.splice(Math.floor(this.random() * samples.length), 0, bubble);
    return { samples, bubbles, mean: round(mean, 3), stdev: round(stdev, 3) };
  }

  /** The next exchange of this device at `now`, and the anomaly it carries, if any. */
  nextExchange(now: Date): { exchange: DeviceExchange; anomaly?: Anomaly } {
    this.sequence += 1;
    const anomaly = this.chance(ANOMALY_RATE) ? this.pick(ANOMALIES) : undefined;
    const fluid = DAY_OF_FLUIDS[(this.sequence - 1) % DAY_OF_FLUIDS.length]!;
    const dwelt = this.previousFillMl;
    const [minUf, maxUf] = UF_RANGE_ML[DAY_OF_FLUIDS[(this.sequence + DAY_OF_FLUIDS.length - 2) % DAY_OF_FLUIDS.length]!];
    const drain = anomaly === 'low-drain' ? dwelt * this.between(0.2, 0.45) : dwelt + this.between(minUf, maxUf);
    const fill = Math.round(this.between(1800, 2200) / 10) * 10;
    this.previousFillMl = fill;
    this.weightKg += this.normal(0, 0.05);

    const measuredAt = (minutesBefore: number) => localDateTime(new Date(now.getTime() - minutesBefore * 60_000));
    const drainTurbidity = this.turbidity(anomaly === 'turbid-drain' ? this.between(7, 12) : this.between(0.9, 1.3));
    const fillTurbidity = this.turbidity(this.between(0.35, 0.45));
    const weighed = this.chance(0.6) || this.sequence === 1;
    const bloodPressure = anomaly === 'high-bp' || this.chance(0.6) || this.sequence === 1;

    const exchange: DeviceExchange = {
      _id: `${this.serialNumber}-${compactTime(now)}-${this.sequence}`,
      DeviceLocalDate: localDateTime(now),
      ExchangeFluid: fluid,
      DrainVolume: Math.round(drain),
      DrainDuration: round(this.between(12, 22), 1),
      DrainTemp: this.temperature(anomaly === 'high-drain-temp' ? this.between(38.4, 39.2) : this.normal(36.9, 0.2)),
      FillVolume: fill,
      FillDuration: round(this.between(8, 13), 1),
      FillTemp: this.temperature(this.normal(37, 0.2)),
      TempUnit: this.tempUnit,
      WeightUnit: this.weightUnit,
      ...(weighed && {
        WeightMeasure: { Value: round(convertWeight(this.normal(this.weightKg, 0.2), 'KG', this.weightUnit), 1), Time: measuredAt(6) },
      }),
      ...(bloodPressure && {
        BloodPressureMeasure: {
          Value:
            anomaly === 'high-bp'
              ? { Systolic: Math.round(this.between(160, 180)), Diastolic: Math.round(this.between(95, 105)) }
              : { Systolic: Math.round(this.normal(this.systolic, 6)), Diastolic: Math.round(this.normal(this.diastolic, 4)) },
          Time: measuredAt(4),
        },
        PulseMeasure: { Value: Math.round(this.normal(this.pulse, 5)), Time: measuredAt(4) },
      }),
      PValue: round(drainTurbidity.mean, 5),
      BubblesTurbidityCalc: {
        meanCleanDrain: drainTurbidity.mean,
        stdevCleanDrain: drainTurbidity.stdev,
        meanCleanFill: fillTurbidity.mean,
        stdevCleanFill: fillTurbidity.stdev,
      },
      DrainTurbidity: drainTurbidity.samples,
      FillTurbidity: fillTurbidity.samples,
      BubblesDrainTurbidity: drainTurbidity.bubbles,
      BubblesFillTurbidity: fillTurbidity.bubbles,
      MachineProblem: anomaly === 'panic' ? 'PANIC: drain pump stalled, exchange aborted' : 'no error',
    };
    return { exchange: deviceExchangeSchema.parse(exchange), anomaly };
  }

  /** Now and then an error message outside an exchange (most say nothing is wrong, as devices do). */
  nextError(now: Date) {
    if (!this.chance(ERROR_RATE)) return undefined;
    return deviceErrorSchema.parse({
      _id: `${this.serialNumber}-err-${compactTime(now)}-${this.sequence}`,
      Time: localDateTime(now),
      MachineProblem: this.pick(ERROR_TEXTS),
    });
  }
}

function pem(value: string): string {
  return value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8');
}

function describeExchange(exchange: DeviceExchange): string {
  const parts = [
    `fill=${exchange.FillVolume}ml`,
    `drain=${exchange.DrainVolume}ml`,
    `drainTemp=${exchange.DrainTemp}${exchange.TempUnit}`,
    exchange.WeightMeasure && `weight=${exchange.WeightMeasure.Value}${exchange.WeightUnit}`,
    exchange.BloodPressureMeasure && `bp=${exchange.BloodPressureMeasure.Value.Systolic}/${exchange.BloodPressureMeasure.Value.Diastolic}`,
    exchange.PulseMeasure && `pulse=${exchange.PulseMeasure.Value}`,
    `turbidity=${exchange.BubblesTurbidityCalc?.meanCleanDrain}`,
  ];
  return parts.filter(Boolean).join(' ');
}

/** Starts one simulated device per serial number; resolves once every device is connected and subscribed. */
export async function simulateDevices(options: SimulateDevicesOptions): Promise<DeviceSimulation> {
  const log = options.log ?? ((line: string) => console.log(line));
  const intervalMs = options.intervalMs ?? 5000;
  const seed = options.seed ?? 1;
  const invalid = options.serialNumbers.filter((serial) => !isSerialNumber(serial));
  if (options.serialNumbers.length === 0) throw new Error('No serial number given');
  if (invalid.length > 0) {
    throw new Error(`Not a serial number: ${invalid.join(', ')} (an IDA# is 9 digits, '.' or '-', e.g. 100-00001)`);
  }
  if (options.count !== undefined && !(Number.isInteger(options.count) && options.count >= 0)) {
    throw new Error('count must be a whole number of exchanges');
  }

  const tls: Partial<IClientOptions> = options.tls
    ? { key: pem(options.tls.key), cert: pem(options.tls.cert), ...(options.tls.ca && { ca: pem(options.tls.ca) }), rejectUnauthorized: true }
    : {};
  const clients: MqttClient[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    // Messages in flight get a moment to be acknowledged; a broker that went away gets no longer.
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
    await Promise.all(
      clients.map(async (client) => {
        // A broker that went away would keep a graceful end waiting: force it after a moment.
        const forced = setTimeout(() => client.end(true), STOP_GRACE_MS);
        await client.endAsync();
        clearTimeout(forced);
      }),
    );
  };

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    return promise.finally(() => inFlight.delete(promise));
  };

  const publish = (client: MqttClient, topic: string, payload: unknown) => track(client.publishAsync(topic, JSON.stringify(payload), { qos: DEVICE_MQTT_QOS }));

  // Resolves once connected and subscribed; `finished` once the device has published its count.
  const startDevice = async (serialNumber: string): Promise<{ finished: Promise<void> }> => {
    const patient = new SimulatedPatient(serialNumber, seed);
    const client = await mqtt.connectAsync(
      options.brokerUrl,
      {
        clientId: serialNumber,
        clean: true,
        reconnectPeriod: 2000,
        connectTimeout: 10_000,
        ...(options.secrets?.[serialNumber] && { username: serialNumber, password: options.secrets[serialNumber] }),
        ...tls,
      },
      false,
    );
    clients.push(client);
    client.on('offline', () => !stopped && log(`${serialNumber} offline, reconnecting`));
    client.on('error', (error) => log(`${serialNumber} error: ${error.message}`));

    const acknowledged = new Set<string>();
    client.on('message', (topic, payload) => {
      const kind = parseDownTopic(topic)?.kind;
      let message: unknown;
      try {
        message = JSON.parse(payload.toString('utf8'));
      } catch {
        return log(`${serialNumber} <- ${topic}: not JSON, ignored`);
      }
      if (kind === 'settings') {
        const settings = deviceSettingsMessageSchema.safeParse(message);
        return log(`${serialNumber} <- settings ${settings.success ? 'applied' : `rejected: ${settings.error.issues[0]?.message}`}`);
      }
      if (kind !== 'prescription') return;
      const prescription = devicePrescriptionSchema.safeParse(message);
      if (!prescription.success) {
        const issue = prescription.error.issues[0];
        return log(`${serialNumber} <- prescription rejected: ${issue?.path.join('.')} ${issue?.message}`);
      }
      const { PrescriptionId, SerialNumber } = prescription.data;
      if (SerialNumber !== serialNumber) return log(`${serialNumber} <- prescription ${PrescriptionId} is for ${SerialNumber}, ignored`);
      // A retained prescription comes again on every reconnect; the device acknowledges it once.
      if (acknowledged.has(PrescriptionId) || stopped) return;
      acknowledged.add(PrescriptionId);
      const ack = prescriptionAckSchema.parse({ PrescriptionId, Time: localDateTime(new Date()) });
      publish(client, deviceTopics.prescriptionAck(serialNumber), ack).then(
        () => log(`${serialNumber} -> prescription-ack ${PrescriptionId}`),
        (error: Error) => log(`${serialNumber} prescription-ack ${PrescriptionId} failed: ${error.message}`),
      );
    });

    const grants = await client.subscribeAsync([deviceTopics.prescription(serialNumber), deviceTopics.settings(serialNumber)], { qos: DEVICE_MQTT_QOS });
    const refused = grants.filter((grant) => grant.qos === 128).map((grant) => grant.topic);
    if (refused.length > 0) throw new Error(`${serialNumber}: the broker refused the subscription to ${refused.join(', ')}`);

    const finished = new Promise<void>((resolve) => {
      let published = 0;
      const tick = async () => {
        if (stopped) return;
        const now = new Date();
        const { exchange, anomaly } = patient.nextExchange(now);
        try {
          await publish(client, deviceTopics.exchange(serialNumber), exchange);
          log(`${serialNumber} -> exchange ${exchange._id} ${describeExchange(exchange)}${anomaly ? ` [anomaly: ${anomaly}]` : ''}`);
          const error = patient.nextError(now);
          if (error) {
            await publish(client, deviceTopics.error(serialNumber), error);
            log(`${serialNumber} -> error ${error._id} ${JSON.stringify(error.MachineProblem)}`);
          }
        } catch (error) {
          if (stopped) return;
          log(`${serialNumber} publish failed: ${(error as Error).message}`);
        }
        published += 1;
        if (options.count !== undefined && published >= options.count) return resolve();
        if (stopped) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          void tick();
        }, intervalMs);
        timers.add(timer);
      };
      if (options.count === 0) return resolve();
      void tick();
    });
    return { finished };
  };

  try {
    const devices = await Promise.all(options.serialNumbers.map(startDevice));
    return { stop, done: Promise.all(devices.map((device) => device.finished)).then(() => undefined) };
  } catch (error) {
    await stop();
    throw error;
  }
}

const usage = `usage: npm run simulate -- [--broker mqtt://127.0.0.1:1883] [--serial 100-00001,100-00002]
                         [--interval 5000] [--count N] [--seed 1] [--secret <device secret>]
                         [--key device.key.pem --cert device.cert.pem [--ca AmazonRootCA1.pem]]
The broker defaults to $MQTT_URL, else mqtt://127.0.0.1:1883. Locally a device connects with its
secret: --secret for one device, else the demo devices' secrets in $DATA_DIR (default .local/)
demo-device-secrets.json. For AWS IoT Core use mqtts://<endpoint>:8883 with the device's
certificate. A serial number (IDA#) is 9 digits, '.' or '-'.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      broker: { type: 'string' },
      serial: { type: 'string' },
      interval: { type: 'string' },
      count: { type: 'string' },
      seed: { type: 'string' },
      key: { type: 'string' },
      cert: { type: 'string' },
      ca: { type: 'string' },
      secret: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(usage);
  const number = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number, got ${JSON.stringify(text)}`);
    return value;
  };
  if (Boolean(values.key) !== Boolean(values.cert)) throw new Error('--key and --cert go together');
  const serialNumbers = (values.serial ?? '100-00001')
    .split(',')
    .map((serial) => serial.trim())
    .filter(Boolean);
  if (values.secret && serialNumbers.length !== 1) throw new Error('--secret is the secret of one device: give one --serial');
  const secrets = values.secret ? { [serialNumbers[0]!]: values.secret } : readDemoDeviceSecrets(path.resolve(process.env.DATA_DIR ?? '.local'));

  const simulation = await simulateDevices({
    brokerUrl: values.broker ?? process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883',
    serialNumbers,
    secrets,
    intervalMs: number('interval', values.interval),
    count: number('count', values.count),
    seed: number('seed', values.seed),
    tls: values.key && values.cert ? { key: values.key, cert: values.cert, ca: values.ca } : undefined,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
  const stop = async (reason: string) => {
    console.log(`${new Date().toISOString()} ${reason}: disconnecting`);
    await simulation.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  if (values.count !== undefined) {
    await simulation.done;
    await stop('done');
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`simulate: ${(error as Error).message}\n${usage}`);
    process.exit(1);
  });
}

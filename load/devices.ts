/**
 * The load run's devices: one MQTT client each (QoS 1, the device protocol), reporting exchanges
 * made by the simulator's SimulatedPatient at the rate the run sets. As devices do after a
 * reconnect, some messages go twice (the same `_id` resent) and some arrive after newer ones.
 * Each device keeps a ledger of every exchange id it sent, so the run can account for each.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { SimulatedPatient } from '@infra/local/simulate';
import { DEVICE_MQTT_QOS, devicePrescriptionSchema, deviceTopics, parseDownTopic, prescriptionAckSchema, type DeviceExchange } from '@shared/device';
import type { RunLog } from './events';
import type { LoadDeviceHome } from './tenants';

/** The share of acknowledged exchanges a device sends again (a lost PUBACK, as it looks to the device). */
const DUPLICATE_RATE = 0.05;
/** The share of exchanges a device holds back and sends after the next one. */
const HOLD_BACK_RATE = 0.03;
/** After a reconnect a device sends its last few acknowledged exchanges again, newest first. */
const REDELIVERED_AFTER_RECONNECT = 3;

export interface LedgerEntry {
  id: string;
  /** A valid exchange (to be stored once) or garbage with an id (to be dead-lettered). */
  kind: 'exchange' | 'garbage';
  sentAt: number;
  ackedAt?: number;
  /** Times it went out, first send included. */
  sends: number;
}

export class LoadDevice {
  readonly ledger = new Map<string, LedgerEntry>();
  /** Garbage sent without any id (not JSON): counted, to be found as dead letters. */
  unreadableSent = 0;
  errorsSent = 0;
  prescriptionsAcked = 0;
  reconnects = 0;
  /** How far the device's clock is off (a clock-step fault): its exchanges carry times this much later. */
  clockOffsetMs = 0;
  private client?: MqttClient;
  private readonly patient: SimulatedPatient;
  private held?: DeviceExchange;
  private readonly recent: DeviceExchange[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private stopped = false;
  /** Past the end of the drain: nothing is sent again. */
  private finished = false;

  constructor(
    readonly home: LoadDeviceHome,
    private readonly brokerUrl: string,
    private readonly run: RunLog,
    private readonly random: () => number,
  ) {
    this.patient = new SimulatedPatient(home.serialNumber, 24);
  }

  async connect(): Promise<void> {
    const serial = this.home.serialNumber;
    const client = await mqtt.connectAsync(this.brokerUrl, {
      clientId: serial,
      username: serial,
      password: this.home.secret,
      clean: true,
      reconnectPeriod: 500,
      connectTimeout: 5000,
    });
    this.client = client;
    let wasOffline = false;
    client.on('offline', () => (wasOffline = true));
    client.on('error', () => undefined);
    client.on('connect', () => {
      if (!wasOffline || this.stopped) return;
      wasOffline = false;
      this.reconnects += 1;
      // What a device does after a reconnect it did not choose: its last messages again, newest first.
      for (const exchange of [...this.recent].reverse().slice(0, REDELIVERED_AFTER_RECONNECT)) this.publish(exchange, 'resent');
    });
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    await client.subscribeAsync([deviceTopics.prescription(serial), deviceTopics.settings(serial)], { qos: DEVICE_MQTT_QOS });
  }

  private onMessage(topic: string, payload: Buffer): void {
    if (parseDownTopic(topic)?.kind !== 'prescription' || this.stopped) return;
    const prescription = devicePrescriptionSchema.safeParse(JSON.parse(payload.toString('utf8')));
    if (!prescription.success) return;
    const ack = prescriptionAckSchema.parse({ PrescriptionId: prescription.data.PrescriptionId, Time: new Date().toISOString() });
    this.track(this.client!.publishAsync(deviceTopics.prescriptionAck(this.home.serialNumber), JSON.stringify(ack), { qos: DEVICE_MQTT_QOS })).then(
      () => (this.prescriptionsAcked += 1),
      () => undefined,
    );
  }

  /** The device's next exchange (and now and then an error report), with a held-back one after it. */
  tick(): void {
    if (this.stopped || !this.client) return;
    const now = new Date(Date.now() + this.clockOffsetMs);
    const { exchange } = this.patient.nextExchange(now);
    this.ledger.set(exchange._id, { id: exchange._id, kind: 'exchange', sentAt: this.run.now(), sends: 0 });
    if (!this.held && this.random() < HOLD_BACK_RATE) {
      this.held = exchange;
      return;
    }
    this.publish(exchange, 'sent');
    if (this.held) {
      this.publish(this.held, 'sent');
      this.held = undefined;
    }
    const error = this.patient.nextError(now);
    if (error) {
      this.errorsSent += 1;
      this.track(this.client.publishAsync(deviceTopics.error(this.home.serialNumber), JSON.stringify(error), { qos: DEVICE_MQTT_QOS })).catch(() => undefined);
    }
  }

  private publish(exchange: DeviceExchange, what: 'sent' | 'resent'): void {
    const entry = this.ledger.get(exchange._id)!;
    entry.sends += 1;
    this.run.device.push({ t: this.run.now(), what });
    this.track(this.client!.publishAsync(deviceTopics.exchange(this.home.serialNumber), JSON.stringify(exchange), { qos: DEVICE_MQTT_QOS })).then(
      () => {
        const t = this.run.now();
        if (entry.ackedAt === undefined) {
          entry.ackedAt = t;
          this.run.device.push({ t, what: 'acked' });
          this.recent.push(exchange);
          if (this.recent.length > REDELIVERED_AFTER_RECONNECT) this.recent.shift();
        }
        this.run.success('exchange acked', t);
        if (what === 'sent' && !this.stopped && this.random() < DUPLICATE_RATE) this.publish(exchange, 'resent');
      },
      // The client gave the message up (its connection ended with it unacknowledged): a device keeps
      // an exchange until it is acknowledged, so it sends it again a moment later.
      () => {
        if (entry.ackedAt === undefined && !this.finished) setTimeout(() => this.publish(exchange, 'resent'), 1000).unref();
      },
    );
  }

  /**
   * Garbage on the device's own exchange topic: one payload that is not JSON, and one exchange
   * whose id is good but whose volumes are not numbers. The ingest keeps both as dead letters.
   */
  sendGarbage(): void {
    if (!this.client || this.stopped) return;
    const serial = this.home.serialNumber;
    const id = `${serial}-garbage-${Date.now()}`;
    const { exchange } = this.patient.nextExchange(new Date());
    const entry: LedgerEntry = { id, kind: 'garbage', sentAt: this.run.now(), sends: 1 };
    this.ledger.set(id, entry);
    this.unreadableSent += 1;
    this.run.device.push({ t: this.run.now(), what: 'garbage' });
    const topic = deviceTopics.exchange(serial);
    this.publishUntilAcked(topic, '{"_id": "not closed');
    this.publishUntilAcked(topic, JSON.stringify({ ...exchange, _id: id, DrainVolume: 'a lot', FillVolume: -5 }), () => (entry.ackedAt = this.run.now()));
  }

  /**
   * Publishes until the broker acknowledges: a device keeps what it sent until then, so a message
   * its connection gave up (a broker restart) goes again a moment later.
   */
  private publishUntilAcked(topic: string, payload: string, onAcked?: () => void): void {
    this.track(this.client!.publishAsync(topic, payload, { qos: DEVICE_MQTT_QOS })).then(
      () => onAcked?.(),
      () => {
        if (!this.finished) setTimeout(() => this.publishUntilAcked(topic, payload, onAcked), 1000).unref();
      },
    );
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    return promise.finally(() => this.inFlight.delete(promise));
  }

  /** Stops sending, sends a held-back exchange, waits up to `graceMs` for every message in flight, then disconnects. */
  async stop(graceMs: number): Promise<void> {
    if (this.held) {
      this.publish(this.held, 'sent');
      this.held = undefined;
    }
    this.stopped = true;
    const deadline = Date.now() + graceMs;
    const unacked = () => [...this.ledger.values()].some((entry) => entry.ackedAt === undefined);
    while ((this.inFlight.size > 0 || unacked()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    this.finished = true;
    await this.client?.endAsync(true).catch(() => undefined);
  }

  get pending(): number {
    return this.inFlight.size;
  }
}

/**
 * The fleet's clock: `rate` exchanges per second in all, each from the next device in turn,
 * `burst` times as many while a burst lasts.
 */
export function driveFleet(devices: LoadDevice[], rate: number): { burst(factor: number, seconds: number): void; stop(): void } {
  let factor = 1;
  let next = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const step = () => {
    if (stopped) return;
    devices[next % devices.length]!.tick();
    next += 1;
    timer = setTimeout(step, 1000 / (rate * factor));
  };
  step();
  return {
    burst(by, seconds) {
      factor = by;
      setTimeout(() => (factor = 1), seconds * 1000).unref();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

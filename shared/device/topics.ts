import { isSerialNumber, type SerialNumber } from './serial-number';

/**
 * MQTT topics of the device protocol (docs/device-protocol.md). A device publishes under
 * `pd/devices/{serial}/up/...` and subscribes to `pd/devices/{serial}/down/...`.
 */
export const DEVICE_TOPIC_ROOT = 'pd/devices';

/** Every message of the protocol, both directions, is published with QoS 1 (at least once). */
export const DEVICE_MQTT_QOS = 1 as const;

/** Backend messages are retained, so a device that was offline gets the current ones on subscribe. */
export const DEVICE_DOWN_RETAIN = true;

export const deviceUpKinds = ['exchange', 'error', 'prescription-ack'] as const;
export type DeviceUpKind = (typeof deviceUpKinds)[number];

export const deviceDownKinds = ['prescription', 'settings'] as const;
export type DeviceDownKind = (typeof deviceDownKinds)[number];

/** The filter the backend subscribes with (IoT topic rule or local broker): every device, every up kind. */
export const DEVICE_UP_TOPIC_FILTER = `${DEVICE_TOPIC_ROOT}/+/up/+`;

function assertSerialNumber(serialNumber: string): void {
  // A serial number holds no '/', '+' or '#', so a checked one can never widen a topic.
  if (!isSerialNumber(serialNumber)) throw new Error(`Not a device serial number: ${JSON.stringify(serialNumber)}`);
}

export function deviceUpTopic(serialNumber: SerialNumber, kind: DeviceUpKind): string {
  assertSerialNumber(serialNumber);
  return `${DEVICE_TOPIC_ROOT}/${serialNumber}/up/${kind}`;
}

export function deviceDownTopic(serialNumber: SerialNumber, kind: DeviceDownKind): string {
  assertSerialNumber(serialNumber);
  return `${DEVICE_TOPIC_ROOT}/${serialNumber}/down/${kind}`;
}

/** Topic builders by message; each throws on a string that is not a serial number. */
export const deviceTopics = {
  exchange: (serialNumber: SerialNumber) => deviceUpTopic(serialNumber, 'exchange'),
  error: (serialNumber: SerialNumber) => deviceUpTopic(serialNumber, 'error'),
  prescriptionAck: (serialNumber: SerialNumber) => deviceUpTopic(serialNumber, 'prescription-ack'),
  prescription: (serialNumber: SerialNumber) => deviceDownTopic(serialNumber, 'prescription'),
  settings: (serialNumber: SerialNumber) => deviceDownTopic(serialNumber, 'settings'),
} as const;

function parseTopic<K extends string>(topic: string, direction: 'up' | 'down', kinds: readonly K[]): { serialNumber: SerialNumber; kind: K } | undefined {
  const levels = topic.split('/');
  if (levels.length !== 5) return undefined;
  const [root, devices, serialNumber, dir, kind] = levels as [string, string, string, string, string];
  if (`${root}/${devices}` !== DEVICE_TOPIC_ROOT || dir !== direction) return undefined;
  if (!isSerialNumber(serialNumber) || !(kinds as readonly string[]).includes(kind)) return undefined;
  return { serialNumber, kind: kind as K };
}

/** The device and message kind of a topic a device published on, or undefined for any other topic. */
export function parseUpTopic(topic: string): { serialNumber: SerialNumber; kind: DeviceUpKind } | undefined {
  return parseTopic(topic, 'up', deviceUpKinds);
}

/** The device and message kind of a backend topic (for the device simulator), or undefined. */
export function parseDownTopic(topic: string): { serialNumber: SerialNumber; kind: DeviceDownKind } | undefined {
  return parseTopic(topic, 'down', deviceDownKinds);
}

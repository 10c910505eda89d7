import type { IoTDataPlaneClient, PublishCommandInput } from '@aws-sdk/client-iot-data-plane';
import { DEVICE_DOWN_RETAIN, DEVICE_MQTT_QOS, deviceTopics, type DevicePrescription, type DeviceSettingsMessage } from '@shared/device';

let client: IoTDataPlaneClient | undefined;

/**
 * Publishes through IoT Core's data plane (its account endpoint comes from
 * AWS_ENDPOINT_URL_IOT_DATA_PLANE; locally, the broker's twin). The SDK is loaded on the first
 * publish, not when a Lambda starts: many Lambdas can publish (a saved setting, prescription or
 * exchange) but most of their requests do not, and an AWS SDK client is a large part of a cold
 * start (docs/lambda-bundles.md).
 */
async function send(input: PublishCommandInput): Promise<void> {
  const { IoTDataPlaneClient, PublishCommand } = await import('@aws-sdk/client-iot-data-plane');
  client ??= new IoTDataPlaneClient({});
  await client.send(new PublishCommand(input));
}

async function publish(topic: string, message: unknown): Promise<void> {
  await send({ topic, qos: DEVICE_MQTT_QOS, retain: DEVICE_DOWN_RETAIN, payload: Buffer.from(JSON.stringify(message)) });
}

/** An empty retained message removes the retained one (MQTT 3.1.1, section 3.3.1.3; IoT Core alike). */
async function clearRetained(topic: string): Promise<void> {
  await send({ topic, qos: DEVICE_MQTT_QOS, retain: true, payload: new Uint8Array() });
}

/** A change notice for the live screens (shared/live.ts): QoS 0 and not retained, as it matters only to who listens now. */
export async function publishNotice(topic: string, notice: unknown): Promise<void> {
  await send({ topic, qos: 0, retain: false, payload: Buffer.from(JSON.stringify(notice)) });
}

/** Messages the backend sends a device; retained, so a device that is offline gets them when it connects. */
export const devicePublisher = {
  prescription: (prescription: DevicePrescription) => publish(deviceTopics.prescription(prescription.SerialNumber), prescription),
  settings: (serialNumber: string, settings: DeviceSettingsMessage) => publish(deviceTopics.settings(serialNumber), settings),
  /** The device no longer serves the patient whose prescription it holds: its retained prescription is removed. */
  clearPrescription: (serialNumber: string) => clearRetained(deviceTopics.prescription(serialNumber)),
};

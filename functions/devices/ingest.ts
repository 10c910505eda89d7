import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { parseDeviceUpMessage } from '@shared/device';
import { logger, metricNames, metrics, publishMetrics } from '../lib/powertools';
import { keepDeadLetter } from './keep-dead-letter';
import { RejectedMessage } from './rejected-message';
import { takeDeviceError } from './take-device-error';
import { takeExchange } from './take-exchange';
import { takePrescriptionAck } from './take-prescription-ack';

export { RejectedMessage };

/** The IoT topic rule's output: `SELECT encode(*, 'base64') AS payload, topic() AS topic, clientid() AS clientId, timestamp() AS receivedAt`. */
export interface DeviceMessageEvent {
  payload: string;
  topic: string;
  clientId: string;
  receivedAt: number;
}

/** What became of a device message: taken, or kept as a dead letter (the local stack counts those). */
export type IngestResult = 'taken' | 'dead-lettered';

/**
 * Takes one device message. A message that cannot be taken is stored as a dead letter with the
 * reason and the call returns normally, so a bad message never crashes or blocks the device;
 * a failure of our own (the table is unreachable) is thrown, so the message is delivered again
 * (locally the broker does not acknowledge it; on AWS the stream gives the record again).
 */
export async function takeDeviceMessage(event: DeviceMessageEvent): Promise<IngestResult> {
  logger.appendKeys({ topic: event.topic, clientId: event.clientId });
  try {
    const outcome = await ingestDeviceMessage(event);
    logger.debug('device message taken', { outcome });
    metrics().addDimensions({ kind: event.topic.split('/').pop() ?? 'unknown', outcome });
    metrics().addMetric(metricNames.deviceMessageTaken, MetricUnit.Count, 1);
    return 'taken';
  } catch (error) {
    if (!(error instanceof RejectedMessage)) throw error;
    logger.warn('device message rejected', { reason: error.message });
    await keepDeadLetter({
      Topic: event.topic,
      ClientId: event.clientId,
      Payload: event.payload,
      Reason: error.message,
      ReceivedAt: new Date(event.receivedAt).toISOString(),
    });
    return 'dead-lettered';
  } finally {
    publishMetrics();
    logger.removeKeys(['topic', 'clientId']);
  }
}

/** One device message as a Lambda invocation (the local broker and the seed call it so). */
export async function handler(event: DeviceMessageEvent, context?: Context): Promise<IngestResult> {
  if (context) logger.addContext(context);
  return takeDeviceMessage(event);
}

function readablePayload(event: DeviceMessageEvent): unknown {
  try {
    return JSON.parse(Buffer.from(event.payload, 'base64').toString('utf8'));
  } catch {
    throw new RejectedMessage('The payload is not JSON');
  }
}

export async function ingestDeviceMessage(event: DeviceMessageEvent): Promise<string> {
  const parsed = parseDeviceUpMessage(event.topic, readablePayload(event));
  if (!parsed.success) {
    if (parsed.reason === 'unknown-topic') throw new RejectedMessage(`Not a device topic: ${event.topic}`);
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`);
    throw new RejectedMessage(`Invalid ${parsed.kind} message: ${issues.join('; ')}`);
  }
  const { message } = parsed;
  if (event.clientId !== message.serialNumber) {
    throw new RejectedMessage(`Client ${event.clientId} published on the topic of device ${message.serialNumber}`);
  }
  const receivedAt = new Date(event.receivedAt);
  switch (message.kind) {
    case 'exchange':
      return takeExchange(message.serialNumber, message.payload, receivedAt);
    case 'error':
      return takeDeviceError(message.serialNumber, message.payload);
    case 'prescription-ack':
      return takePrescriptionAck(message.serialNumber, message.payload);
  }
}

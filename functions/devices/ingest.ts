import { Logger } from '@aws-lambda-powertools/logger';
import { deadLettersRepository } from '../data/dead-letters-repository';

const logger = new Logger({ serviceName: 'pd-portal-ingest' });

/** The IoT topic rule's output: `SELECT encode(*, 'base64') AS payload, topic() AS topic, clientid() AS clientId, timestamp() AS receivedAt`. */
export interface DeviceMessageEvent {
  payload: string;
  topic: string;
  clientId: string;
  receivedAt: number;
}

/** Thrown for a message that can never be taken: it is kept as a dead letter, not retried. */
export class RejectedMessage extends Error {}

/**
 * Takes one device message. A message that cannot be taken is stored as a dead letter with the
 * reason and the handler returns normally, so a bad message never crashes or blocks the device;
 * a failure of our own (the table is unreachable) is thrown, so the message is delivered again.
 */
export async function handler(event: DeviceMessageEvent): Promise<void> {
  try {
    await ingestDeviceMessage(event);
  } catch (error) {
    if (!(error instanceof RejectedMessage)) throw error;
    logger.warn('device message rejected', { topic: event.topic, reason: error.message });
    await deadLettersRepository.add({
      Topic: event.topic,
      ClientId: event.clientId,
      Payload: event.payload,
      Reason: error.message,
      ReceivedAt: new Date(event.receivedAt).toISOString(),
    });
  }
}

export async function ingestDeviceMessage(event: DeviceMessageEvent): Promise<void> {
  let message: unknown;
  try {
    message = JSON.parse(Buffer.from(event.payload, 'base64').toString('utf8'));
  } catch {
    throw new RejectedMessage('The payload is not JSON');
  }
  void message;
  throw new RejectedMessage(`No ingest for topic ${event.topic} yet`);
}

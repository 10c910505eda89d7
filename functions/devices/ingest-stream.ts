import type { Context, KinesisStreamBatchResponse, KinesisStreamEvent, KinesisStreamRecord } from 'aws-lambda';
import { inParallel } from '../lib/in-parallel';
import { logger } from '../lib/powertools';
import { holdingNotices } from './change-notice';
import { takeDeviceMessage, type DeviceMessageEvent } from './ingest';
import { keepDeadLetter } from './keep-dead-letter';

/** Devices of one batch taken at once; each device's messages one at a time, in order. */
export const DEVICES_AT_ONCE = 8;

/** The record as the topic rule put it: the rule's SQL output (DeviceMessageEvent), as JSON. */
function messageOf(record: KinesisStreamRecord): DeviceMessageEvent | undefined {
  try {
    const event = JSON.parse(Buffer.from(record.kinesis.data, 'base64').toString('utf8')) as Partial<DeviceMessageEvent>;
    if (typeof event.payload !== 'string' || typeof event.topic !== 'string' || typeof event.clientId !== 'string' || typeof event.receivedAt !== 'number')
      return undefined;
    return event as DeviceMessageEvent;
  } catch {
    return undefined;
  }
}

/**
 * The ingest on AWS: a Kinesis batch keyed by device, each device's records taken in order and
 * devices in parallel, so one patient's exchanges never race (docs/device-protocol.md, "Order"). A
 * message that cannot be taken is a dead letter; a failure of our own stops that device at its
 * record and reports it, so Lambda retries from there (a record already taken changes nothing).
 */
export async function handler(event: KinesisStreamEvent, context?: Context): Promise<KinesisStreamBatchResponse> {
  if (context) logger.addContext(context);
  // The batch's change notices go out together once it is taken (change-notice.ts).
  const { result, publishHeld } = await holdingNotices(() => takeBatch(event));
  await publishHeld();
  return result;
}

async function takeBatch(event: KinesisStreamEvent): Promise<KinesisStreamBatchResponse> {
  const byDevice = new Map<string, KinesisStreamRecord[]>();
  for (const record of event.Records) {
    const records = byDevice.get(record.kinesis.partitionKey) ?? [];
    records.push(record);
    byDevice.set(record.kinesis.partitionKey, records);
  }
  const batchItemFailures: KinesisStreamBatchResponse['batchItemFailures'] = [];
  await inParallel([...byDevice.values()], DEVICES_AT_ONCE, async (records) => {
    for (const record of records) {
      const message = messageOf(record);
      try {
        if (message) await takeDeviceMessage(message);
        else
          await keepDeadLetter({
            Topic: '',
            ClientId: record.kinesis.partitionKey,
            Payload: record.kinesis.data,
            Reason: 'The stream record is not a device message of the topic rule',
            ReceivedAt: new Date(record.kinesis.approximateArrivalTimestamp * 1000).toISOString(),
          });
      } catch (error) {
        logger.error('device message not taken; the stream gives it again', { clientId: record.kinesis.partitionKey, error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.kinesis.sequenceNumber });
        return; // the device's later records wait for this one
      }
    }
  });
  return { batchItemFailures };
}

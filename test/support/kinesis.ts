import type { KinesisStreamEvent, KinesisStreamRecord } from 'aws-lambda';
import type { DeviceMessageEvent } from '@functions/devices/ingest';
import { deviceTopics, type DeviceExchange } from '@shared/device';

let sequence = 0;

/** What the topic rule puts on the stream for a device's exchange: its SQL output (DeviceMessageEvent) as JSON. */
export function topicRuleOutput(serialNumber: string, exchange: DeviceExchange): Buffer {
  const message: DeviceMessageEvent = {
    payload: Buffer.from(JSON.stringify(exchange)).toString('base64'),
    topic: deviceTopics.exchange(serialNumber),
    clientId: serialNumber,
    receivedAt: Date.now(),
  };
  return Buffer.from(JSON.stringify(message));
}

/** A record as the topic rule puts it on the stream: the rule's SQL output as JSON, keyed by the device. */
export function streamRecord(serialNumber: string, exchange: DeviceExchange): KinesisStreamRecord {
  return rawRecord(serialNumber, topicRuleOutput(serialNumber, exchange).toString('base64'));
}

export function rawRecord(partitionKey: string, data: string): KinesisStreamRecord {
  sequence += 1;
  return {
    kinesis: {
      kinesisSchemaVersion: '1.0',
      partitionKey,
      sequenceNumber: String(sequence).padStart(20, '0'),
      data,
      approximateArrivalTimestamp: Date.now() / 1000,
    },
    eventSource: 'aws:kinesis',
    eventVersion: '1.0',
    eventID: `shardId-000000000000:${sequence}`,
    eventName: 'aws:kinesis:record',
    invokeIdentityArn: 'arn:aws:iam::000000000000:role/ingest',
    awsRegion: 'eu-west-1',
    eventSourceARN: 'arn:aws:kinesis:eu-west-1:000000000000:stream/device-messages',
  };
}

export const batch = (records: KinesisStreamRecord[]): KinesisStreamEvent => ({ Records: records });

import type { KinesisStreamRecord } from 'aws-lambda';
import { handler } from '@functions/devices/ingest-stream';
import type { DeviceMessageEvent } from '@functions/devices/ingest';
import { metricNames } from '@functions/lib/powertools';
import { INGEST_SERVICE } from '@infra/aws/devices-stack';
import { deviceTopics } from '@shared/device';
import { createPatientWithDevice, randomSerialNumber, useDeviceBroker } from '@test/support/devices';
import { rawRecord } from '@test/support/kinesis';
import { useTestTable } from '@test/support/local-services';

useTestTable();
useDeviceBroker();

/**
 * The count the DeadLetters alarm watches (infra/aws/devices-stack.ts), as CloudWatch reads it: EMF
 * lines on stdout, in the namespace and under the one dimension (the ingest's service) the alarm
 * names. The stream takes devices in parallel on one metrics emitter; a message taken meanwhile
 * must not lend its own dimensions to the count, or the alarm would never see it.
 */
Object.assign(process.env, { POWERTOOLS_SERVICE_NAME: INGEST_SERVICE, POWERTOOLS_METRICS_DISABLED: 'false' });

/** A message as the topic rule puts it on the stream. */
function message(serialNumber: string, topic: string, payload: string): KinesisStreamRecord {
  const event: DeviceMessageEvent = { payload: Buffer.from(payload).toString('base64'), topic, clientId: serialNumber, receivedAt: Date.now() };
  return rawRecord(serialNumber, Buffer.from(JSON.stringify(event)).toString('base64'));
}

interface Emf {
  _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }> };
  [key: string]: unknown;
}

it('counts every dead letter under the ingest service alone, while other devices’ messages are taken at the same time', async () => {
  const { device } = await createPatientWithDevice();
  const stranger = randomSerialNumber();
  const at = (n: number) => new Date(Date.now() - (10 - n) * 60_000).toISOString();
  const records = [1, 2, 3].flatMap((n) => [
    message(device.SerialNumber, deviceTopics.error(device.SerialNumber), JSON.stringify({ _id: `metric-${n}`, MachineProblem: `Pump ${n}`, Time: at(n) })),
    message(stranger, deviceTopics.exchange(stranger), `not json ${n}`),
  ]);
  records.push(rawRecord('not-a-device', Buffer.from('not the topic rule’s output').toString('base64')));

  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    expect(await handler({ Records: records })).toEqual({ batchItemFailures: [] });
  } finally {
    write.mockRestore();
  }

  const emf = lines
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as Emf);
  const carrying = (name: string) => emf.filter((entry) => entry._aws.CloudWatchMetrics[0]!.Metrics.some((metric) => metric.Name === name));
  const deadLettered = carrying(metricNames.deviceMessageDeadLettered);
  expect(deadLettered.map((entry) => [entry._aws.CloudWatchMetrics[0]!.Namespace, entry._aws.CloudWatchMetrics[0]!.Dimensions, entry.service])).toEqual(
    deadLettered.map(() => ['PdPortal', [['service']], INGEST_SERVICE]),
  );
  const sum = (entries: Emf[], name: string) =>
    entries.reduce((total, entry) => total + [entry[name] as number | number[]].flat().reduce((a, b) => a + b, 0), 0);
  // Three from the stranger, one record that is no device message.
  expect(sum(deadLettered, metricNames.deviceMessageDeadLettered)).toBe(4);
  expect(sum(carrying(metricNames.deviceMessageTaken), metricNames.deviceMessageTaken)).toBe(3);
});

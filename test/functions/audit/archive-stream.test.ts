import { randomUUID } from 'node:crypto';
import { DynamoDBClient, GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutObjectCommand,
  PutObjectLockConfigurationCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { handler } from '@functions/audit/archive-stream';
import { auditRepository, type AuditRecord } from '@functions/data/audit-repository';
import { deadLettersRepository } from '@functions/data/dead-letters-repository';
import { dynamo } from '@functions/lib/aws-clients';
import { metricNames } from '@functions/lib/powertools';
import { AUDIT_ARCHIVE_SERVICE, DEFAULT_AUDIT_RETENTION_DAYS } from '@infra/aws/audit-archive';
import { DAY_MS } from '@shared/time';
import { useTestTable } from '@test/support/local-services';
import { useMoto } from '@test/support/moto';
import { enableTableStream } from '@test/support/table-stream';

useTestTable();
useMoto({ endpointsFor: ['S3'] });

/**
 * The audit trail's write-once copy (infra/aws/audit-archive.ts), run for real: the table's stream
 * in DynamoDB Local, read as Lambda reads it, handed to the archiver's handler, which stores into
 * moto's S3 through the same client it uses on AWS. The bucket is made as the stack makes it:
 * Object Lock with a default COMPLIANCE retention of the deployment's setting.
 */
const Bucket = 'pd-portal-audit-archive';
Object.assign(process.env, {
  AUDIT_ARCHIVE_BUCKET: Bucket,
  POWERTOOLS_SERVICE_NAME: AUDIT_ARCHIVE_SERVICE,
  // The archiver's metrics as CloudWatch reads them (EMF on stdout): the tampering alarm watches one.
  POWERTOOLS_METRICS_DISABLED: 'false',
});

let s3: S3Client;
let stream: Awaited<ReturnType<typeof enableTableStream>>;
beforeAll(async () => {
  s3 = new S3Client({ forcePathStyle: true });
  await s3.send(new CreateBucketCommand({ Bucket, ObjectLockEnabledForBucket: true }));
  await s3.send(
    new PutObjectLockConfigurationCommand({
      Bucket,
      ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: DEFAULT_AUDIT_RETENTION_DAYS } } },
    }),
  );
  stream = await enableTableStream();
});
afterAll(() => s3.destroy());

const newRecord = (): AuditRecord => ({
  AuditID: randomUUID(),
  At: new Date().toISOString(),
  UserID: 'doctor-1',
  Role: 'Doctor',
  Route: 'updatePatientAsDoctor',
  Action: 'write',
  Entity: 'Patient',
  EntityID: 'patient-1',
  Changes: [{ field: 'Pulse', before: 70, after: 77 }],
  ServiceProviderID: 'sp-1',
  ClinicID: 'clinic-1',
  PatientID: 'patient-1',
  SourceIp: '203.0.113.7',
  UserAgent: 'Mozilla/5.0',
});

/** The handler's answer and the metrics it emitted (EMF lines on stdout), summed by name, with their namespace and service. */
async function archive(records: DynamoDBRecord[]) {
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  let response;
  try {
    response = await handler({ Records: records });
  } finally {
    write.mockRestore();
  }
  const metrics: Record<string, number> = {};
  for (const line of lines.flatMap((chunk) => chunk.split('\n')).filter((text) => text.includes('"_aws"'))) {
    const emf = JSON.parse(line) as Record<string, unknown> & { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Metrics: Array<{ Name: string }> }> } };
    expect([emf._aws.CloudWatchMetrics[0]!.Namespace, emf.service]).toEqual(['PdPortal', AUDIT_ARCHIVE_SERVICE]);
    for (const { Name } of emf._aws.CloudWatchMetrics[0]!.Metrics)
      metrics[Name] = (metrics[Name] ?? 0) + [emf[Name] as number | number[]].flat().reduce((a, b) => a + b, 0);
  }
  return { response, metrics };
}

const tableKeyOf = (record: DynamoDBRecord) => ({ pk: record.dynamodb!.Keys!.pk!.S!, sk: record.dynamodb!.Keys!.sk!.S! });

/** Every version and delete marker in the bucket under a prefix. */
async function versionsUnder(Prefix = '') {
  const listed = await s3.send(new ListObjectVersionsCommand({ Bucket, Prefix }));
  return { versions: listed.Versions ?? [], deleteMarkers: listed.DeleteMarkers ?? [] };
}

async function objectBody(Key: string, VersionId?: string): Promise<DynamoDBRecord> {
  const object = await s3.send(new GetObjectCommand({ Bucket, Key, VersionId }));
  return JSON.parse(await object.Body!.transformToString()) as DynamoDBRecord;
}

/** The item as the table holds it now, in DynamoDB JSON (as an auditor's `aws dynamodb get-item` shows it). */
async function tableItem(key: { pk: string; sk: string }): Promise<Record<string, AttributeValue> | undefined> {
  const client = new DynamoDBClient({});
  try {
    return (await client.send(new GetItemCommand({ TableName: process.env.TABLE_NAME, Key: { pk: { S: key.pk }, sk: { S: key.sk } } }))).Item;
  } finally {
    client.destroy();
  }
}

/** A new audit record, written by the portal's own code and archived from the stream: its table key and archived object. */
async function archivedRecord() {
  await auditRepository.record([newRecord()]);
  const records = await stream.read();
  expect(records.map((record) => record.eventName)).toEqual(['INSERT']);
  expect((await archive(records)).response).toEqual({ batchItemFailures: [] });
  const tableKey = tableKeyOf(records[0]!);
  const { versions } = await versionsUnder(`${tableKey.pk}/${tableKey.sk}/`);
  expect(versions).toHaveLength(1);
  return { tableKey, key: versions[0]!.Key!, versionId: versions[0]!.VersionId! };
}

describe('the audit archive', () => {
  it('keeps each new audit record as an object of its own, exactly as the table holds it, locked in compliance mode for the retention set', async () => {
    const before = await versionsUnder();
    const [first, second] = [newRecord(), newRecord()];
    await auditRepository.record([first, second]);
    // Not an audit item: the archive is no place for the rest of the table.
    await deadLettersRepository.add({ Topic: 'pd/devices/x/up/exchange', ClientId: 'x', Payload: '', Reason: 'test', ReceivedAt: new Date().toISOString() });
    const records = await stream.read();
    expect(records.map((record) => record.eventName)).toEqual(['INSERT', 'INSERT', 'INSERT']);

    const archivedAt = Date.now();
    const { response, metrics } = await archive(records);
    expect(response).toEqual({ batchItemFailures: [] });
    expect(metrics).toEqual({ [metricNames.auditRecordArchived]: 2 });

    const { versions } = await versionsUnder();
    const added = versions.filter((version) => !before.versions.some((old) => old.Key === version.Key));
    const audits = records.filter((record) => tableKeyOf(record).pk.startsWith('AUDIT#'));
    expect(audits).toHaveLength(2);
    expect(added.map((version) => version.Key).sort()).toEqual(
      audits.map((record) => `${tableKeyOf(record).pk}/${tableKeyOf(record).sk}/${record.dynamodb!.SequenceNumber}.json`).sort(),
    );
    for (const record of audits) {
      const key = `${tableKeyOf(record).pk}/${tableKeyOf(record).sk}/${record.dynamodb!.SequenceNumber}.json`;
      const body = await objectBody(key);
      expect(body).toEqual(record);
      // The auditor's check: the archived image is the item the table holds, attribute for attribute.
      expect(body.dynamodb!.NewImage).toEqual(await tableItem(tableKeyOf(record)));
      expect(unmarshall(body.dynamodb!.NewImage as Record<string, AttributeValue>)).toMatchObject(
        [first, second].find((audit) => tableKeyOf(record).sk.endsWith(audit.AuditID))!,
      );
      // The object's lock as HeadObject reports it (moto 5.2 answers GetObjectRetention with the object's body instead).
      const head = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
      expect(head.ObjectLockMode).toBe('COMPLIANCE');
      const retainUntil = head.ObjectLockRetainUntilDate!.getTime();
      expect(Math.abs(retainUntil - (archivedAt + DEFAULT_AUDIT_RETENTION_DAYS * DAY_MS))).toBeLessThan(2 * 60_000);
    }
  });

  it('stores a replayed batch once: the same stream record names the same object, which is not written again', async () => {
    await auditRepository.record([newRecord()]);
    const records = await stream.read();
    expect((await archive(records)).response).toEqual({ batchItemFailures: [] });
    const key = tableKeyOf(records[0]!);
    const first = await versionsUnder(`${key.pk}/${key.sk}/`);
    expect((await archive(records)).response).toEqual({ batchItemFailures: [] });
    expect(await versionsUnder(`${key.pk}/${key.sk}/`)).toEqual(first);
  });

  it('refuses to delete an archived record, even bypassing governance, and keeps it unchanged under an overwrite or a delete marker', async () => {
    const { key, versionId } = await archivedRecord();
    const original = await objectBody(key, versionId);
    await expect(s3.send(new DeleteObjectCommand({ Bucket, Key: key, VersionId: versionId }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    await expect(s3.send(new DeleteObjectCommand({ Bucket, Key: key, VersionId: versionId, BypassGovernanceRetention: true }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    // A put over the key makes a second version; the locked one stays as it was.
    await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: JSON.stringify({ forged: true }) }));
    // A delete without a version only hides it behind a marker.
    await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    const { versions, deleteMarkers } = await versionsUnder(key);
    expect(versions).toHaveLength(2);
    expect(deleteMarkers).toHaveLength(1);
    expect(await objectBody(key, versionId)).toEqual(original);
  });

  it('the attack: a put over an audit record in the table (a compromised auditing Lambda may PutItem) leaves the original archived and is flagged', async () => {
    const { tableKey, key: originalKey, versionId } = await archivedRecord();
    const original = await tableItem(tableKey);
    // IAM lets an auditing function PutItem on AUDIT# keys, and no condition key can require the item to be new.
    const forged = { ...unmarshall(original!), UserID: 'someone-else', Changes: [] };
    await dynamo().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: forged }));
    expect(unmarshall((await tableItem(tableKey))!)).toMatchObject({ UserID: 'someone-else' });

    const records = await stream.read();
    expect(records.map((record) => record.eventName)).toEqual(['MODIFY']);
    const { response, metrics } = await archive(records);
    expect(response).toEqual({ batchItemFailures: [] });
    expect(metrics).toEqual({ [metricNames.auditRecordTampered]: 1, [metricNames.auditRecordArchived]: 1 });

    const { versions } = await versionsUnder(`${tableKey.pk}/${tableKey.sk}/`);
    expect(versions).toHaveLength(2);
    expect((await objectBody(originalKey, versionId)).dynamodb!.NewImage).toEqual(original);
    const change = await objectBody(versions.find((version) => version.Key !== originalKey)!.Key!);
    expect(change.eventName).toBe('MODIFY');
    expect(change.dynamodb!.OldImage).toEqual(original);
    expect(unmarshall(change.dynamodb!.NewImage as Record<string, AttributeValue>)).toMatchObject({ UserID: 'someone-else' });
  });

  it('a delete of an audit record in the table is archived with the record it removed, and flagged', async () => {
    const { tableKey } = await archivedRecord();
    const original = await tableItem(tableKey);
    await dynamo().send(new DeleteCommand({ TableName: process.env.TABLE_NAME, Key: tableKey }));

    const records = await stream.read();
    expect(records.map((record) => record.eventName)).toEqual(['REMOVE']);
    const { metrics } = await archive(records);
    expect(metrics).toEqual({ [metricNames.auditRecordTampered]: 1, [metricNames.auditRecordArchived]: 1 });
    const { versions } = await versionsUnder(`${tableKey.pk}/${tableKey.sk}/`);
    expect(versions).toHaveLength(2);
    const removal = await objectBody(`${tableKey.pk}/${tableKey.sk}/${records[0]!.dynamodb!.SequenceNumber}.json`);
    expect(removal.dynamodb!.OldImage).toEqual(original);
  });
});

import { createHash } from 'node:crypto';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { AUDIT_PARTITION_PREFIX } from '@shared/table';
import { auditArchive } from '../lib/audit-archive';
import { inParallel } from '../lib/in-parallel';
import { logger, metricNames, metrics, publishMetrics } from '../lib/powertools';

/** Records of one batch stored at once. */
const RECORDS_AT_ONCE = 16;
/** S3's limit on an object key, in UTF-8 bytes. */
const MAX_OBJECT_KEY_BYTES = 1024;

/** The table key of a stream record, which carries it as DynamoDB JSON (`{ pk: { S: 'AUDIT#…' } }`). */
function tableKeyOf(record: DynamoDBRecord): { pk: string; sk: string } | undefined {
  const keys = record.dynamodb?.Keys;
  const pk = keys?.pk?.S;
  const sk = keys?.sk?.S;
  return pk !== undefined && sk !== undefined ? { pk, sk } : undefined;
}

/**
 * Where a stream record is kept: `<pk>/<sk>/<stream sequence number>.json`. One object per record
 * of the stream, so a replay of the record names the same object and a later change of the same
 * item a new one beside it, never the first. An item key too long for an object key is filed
 * under its SHA-256 instead (the object holds the key itself).
 */
export function archiveKeyOf(tableKey: { pk: string; sk: string }, sequenceNumber: string): string {
  const key = `${tableKey.pk}/${tableKey.sk}/${sequenceNumber}.json`;
  if (Buffer.byteLength(key) <= MAX_OBJECT_KEY_BYTES) return key;
  return `oversized/${createHash('sha256').update(`${tableKey.pk}\n${tableKey.sk}`).digest('hex')}/${sequenceNumber}.json`;
}

/** Only an item of the audit trail is kept for years; anything else on the stream is none of the archive's business. */
const isAuditRecord = (record: DynamoDBRecord) => tableKeyOf(record)?.pk.startsWith(AUDIT_PARTITION_PREFIX) === true;

/**
 * Copies each audit record of a batch of the table's stream to the write-once store, as the stream
 * delivered it (its images in DynamoDB JSON, exactly as the table holds them). An INSERT is a new
 * record. A MODIFY or REMOVE is a record changed or deleted in the table, which no function of the
 * portal may do: both images are kept and the tampering is logged and counted (the alarm watches
 * the count). A record that could not be stored is reported, so Lambda gives it again.
 */
export async function archiveAuditRecords(records: readonly DynamoDBRecord[]): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  await inParallel(records.filter(isAuditRecord), RECORDS_AT_ONCE, async (record) => {
    const tableKey = tableKeyOf(record)!;
    const sequenceNumber = record.dynamodb!.SequenceNumber!;
    // Told before storing, so a store that fails does not hide it (a replay tells it again).
    if (record.eventName !== 'INSERT') {
      logger.error('an audit record was changed or deleted in the table', {
        eventName: record.eventName,
        tableKey,
        sequenceNumber,
        userIdentity: record.userIdentity,
      });
      metrics().addMetric(metricNames.auditRecordTampered, MetricUnit.Count, 1);
    }
    try {
      await auditArchive.putOnce(archiveKeyOf(tableKey, sequenceNumber), JSON.stringify(record));
      metrics().addMetric(metricNames.auditRecordArchived, MetricUnit.Count, 1);
    } catch (error) {
      logger.error('audit record not archived; the stream gives it again', { tableKey, sequenceNumber, error: error as Error });
      batchItemFailures.push({ itemIdentifier: sequenceNumber });
    }
  });
  return { batchItemFailures };
}

/** The Lambda on the table's stream, behind a filter that passes audit items only (infra/aws/audit-archive-stack.ts). */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  if (context) logger.addContext(context);
  try {
    return await archiveAuditRecords(event.Records);
  } finally {
    publishMetrics();
  }
}

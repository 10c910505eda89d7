import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { inParallel } from '../lib/in-parallel';
import { revokeLiveIdentities } from '../identity/live-identity';
import { logger, publishMetrics } from '../lib/powertools';

/** Users whose grants are taken away at once. */
const USERS_AT_ONCE = 8;

/** The session cut-off a stream record carries: `SESSION#<user>` / `CUTOFF`, with the new image's `EndedAtMs`. */
export function sessionEndOf(record: DynamoDBRecord): { userId: string; endedAtMs: number } | undefined {
  const pk = record.dynamodb?.Keys?.pk?.S;
  const sk = record.dynamodb?.Keys?.sk?.S;
  const endedAtMs = Number(record.dynamodb?.NewImage?.EndedAtMs?.N);
  if (!pk?.startsWith('SESSION#') || sk !== 'CUTOFF' || !Number.isFinite(endedAtMs)) return undefined;
  return { userId: pk.slice('SESSION#'.length), endedAtMs };
}

/**
 * On AWS, the table stream's session cut-offs (a sign-out, a disabled user, clinic or provider, a
 * changed role: functions/services/end-sessions.ts) take away the live IoT policies the user's
 * identity-pool identities were given (functions/identity/live-identity.ts), so a browser left open
 * stops receiving its tenant's notices as its session ends. Locally the broker checks each
 * browser's session itself. A record that could not be handled is reported, so Lambda gives it again.
 */
export async function endLiveGrants(records: readonly DynamoDBRecord[]): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  await inParallel(records, USERS_AT_ONCE, async (record) => {
    const ended = sessionEndOf(record);
    if (!ended) return;
    try {
      await revokeLiveIdentities(ended.userId, ended.endedAtMs);
    } catch (error) {
      logger.error('live grants not taken away; the stream gives the record again', { userId: ended.userId, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.dynamodb!.SequenceNumber! });
    }
  });
  return { batchItemFailures };
}

/** The Lambda on the table's stream, behind a filter that passes session cut-offs only (infra/aws/identity-stack.ts). */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  if (context) logger.addContext(context);
  try {
    return await endLiveGrants(event.Records);
  } finally {
    publishMetrics();
  }
}

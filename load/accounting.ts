/**
 * The count at the end of a run: every exchange a device sent, read back from the table, is
 * stored exactly once, or kept as a dead letter with a reason; anything else is lost or
 * duplicated, the only failures.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { deadLettersRepository, type DeadLetter } from '@functions/data/dead-letters-repository';
import { TABLE_NAME } from '@infra/local/stack';
import type { LoadDevice } from './devices';

export interface Accounting {
  sent: number;
  storedOnce: number;
  deadLettered: number;
  lost: number;
  duplicated: number;
  /** Acknowledged to the device but not stored: a broken promise of QoS 1 (also counted in `lost`). */
  ackedNotStored: number;
  /** Never acknowledged while the run lasted (still counted by what the table holds). */
  unacked: number;
  /** Sent again by the devices (duplicates and redeliveries), all to be stored once. */
  resends: number;
  garbageSent: number;
  garbageDeadLettered: number;
  /** Payloads that were not JSON, sent and kept. */
  unreadableSent: number;
  unreadableDeadLettered: number;
  /** Dead letters without a reason: none may be. */
  deadLettersWithoutReason: number;
  /** The ids lost or duplicated, first few, to look up. */
  examples: string[];
}

/** The raw query of a patient's exchange items, which the accounting and the sampler read past ElectroDB. */
export const exchangeItemsOf = (patientId: string) => ({
  TableName: TABLE_NAME,
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
  ExpressionAttributeValues: { ':pk': `PATIENT#${patientId}`, ':sk': 'EXCHANGE#' },
});

async function storedIds(document: DynamoDBDocumentClient, patientId: string): Promise<string[]> {
  const ids: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await document.send(new QueryCommand({ ...exchangeItemsOf(patientId), ProjectionExpression: 'ExchangeID', ExclusiveStartKey }));
    ids.push(...(page.Items ?? []).map((item) => String(item.ExchangeID)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return ids;
}

async function deadLetters(serialNumber: string): Promise<DeadLetter[]> {
  const letters: DeadLetter[] = [];
  let cursor: string | undefined;
  do {
    const page = await deadLettersRepository.listForDevice(serialNumber, cursor ? { cursor } : {});
    letters.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return letters;
}

const idOf = (letter: DeadLetter): string | undefined => {
  try {
    const parsed = JSON.parse(Buffer.from(letter.Payload, 'base64').toString('utf8')) as { _id?: unknown };
    return typeof parsed._id === 'string' ? parsed._id : undefined;
  } catch {
    return undefined;
  }
};
const readable = (letter: DeadLetter) => {
  try {
    JSON.parse(Buffer.from(letter.Payload, 'base64').toString('utf8'));
    return true;
  } catch {
    return false;
  }
};

export async function accountFor(devices: LoadDevice[]): Promise<Accounting> {
  const document = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB }));
  const result: Accounting = {
    sent: 0,
    storedOnce: 0,
    deadLettered: 0,
    lost: 0,
    duplicated: 0,
    ackedNotStored: 0,
    unacked: 0,
    resends: 0,
    garbageSent: 0,
    garbageDeadLettered: 0,
    unreadableSent: 0,
    unreadableDeadLettered: 0,
    deadLettersWithoutReason: 0,
    examples: [],
  };
  try {
    for (const device of devices) {
      const stored = new Map<string, number>();
      for (const id of await storedIds(document, device.home.patientId)) stored.set(id, (stored.get(id) ?? 0) + 1);
      const letters = await deadLetters(device.home.serialNumber);
      const lettered = new Set(letters.map(idOf).filter((id): id is string => id !== undefined));
      result.deadLettersWithoutReason += letters.filter((letter) => !letter.Reason.trim()).length;
      result.unreadableSent += device.unreadableSent;
      result.unreadableDeadLettered += letters.filter((letter) => !readable(letter)).length;
      for (const entry of device.ledger.values()) {
        const times = stored.get(entry.id) ?? 0;
        if (entry.kind === 'garbage') {
          result.garbageSent += 1;
          if (lettered.has(entry.id) && times === 0) result.garbageDeadLettered += 1;
          continue;
        }
        result.sent += 1;
        result.resends += Math.max(0, entry.sends - 1);
        if (entry.ackedAt === undefined) result.unacked += 1;
        if (times === 1) result.storedOnce += 1;
        else if (times > 1) {
          result.duplicated += 1;
          if (result.examples.length < 10) result.examples.push(`duplicated ×${times}: ${entry.id}`);
        } else if (lettered.has(entry.id)) result.deadLettered += 1;
        else {
          result.lost += 1;
          if (entry.ackedAt !== undefined) result.ackedNotStored += 1;
          if (result.examples.length < 10)
            result.examples.push(`lost (${entry.ackedAt === undefined ? 'never acked' : 'acked'}, sent ${entry.sends}×): ${entry.id}`);
        }
      }
    }
  } finally {
    document.destroy();
  }
  return result;
}

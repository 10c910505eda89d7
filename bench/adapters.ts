/**
 * The benchmark's only knowledge of how items are stored (the keys of docs/data-model.md): the
 * floors, raw DynamoDB against the table, and the stand-ins for routes not built yet. The rest of
 * bench/ drives the portal through its public surfaces, so a change of keys is adjusted here alone.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { auditItem } from '../functions/data/audit-repository';
import { db } from '../functions/data/entities';
import type { ExchangeReport } from '../functions/data/entities/exchange';
import { patientsRepository } from '../functions/data/patients-repository';
import type { DeviceExchange } from '../shared/device';
import { tableDefinition } from '../shared/table';
import type { RecordedWrite } from './dynamo-requests';

export interface RawTable {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

/** Floor of `GET /general/d_update`: the one settings item it returns. */
export async function rawGlobalSettings({ doc, tableName }: RawTable): Promise<number> {
  const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: { pk: 'SETTINGS', sk: 'GLOBAL' } }));
  return Item ? 1 : 0;
}

/** Floor of a patient's exchanges page: the newest `limit` exchange items, one Query. */
export async function rawPatientExchanges({ doc, tableName }: RawTable, patientId: string, limit: number): Promise<number> {
  const { Items } = await doc.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `PATIENT#${patientId}`, ':sk': 'EXCHANGE#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items?.length ?? 0;
}

export interface ReadCheckIds {
  userId: string;
  /** The access token's `jti`, whose revocation every request checks. */
  tokenId: string;
  patientId: string;
}

/**
 * The DynamoDB requests any staff read of a patient makes around its own, raw and with the same
 * dependencies (DESIGN.md sections 3–5): the caller's user, session cut-off and token revocation in
 * parallel, then the patient (tenant scope) and `read` together, then `thenRead` (what needs the
 * patient or `read`'s answer), then the read's audit record. API
 * overhead against a floor built on this is what the portal adds beyond the requests it needs.
 */
export async function withReadChecks<T>(
  { doc, tableName }: RawTable,
  ids: ReadCheckIds,
  route: string,
  read: () => Promise<T>,
  thenRead: (first: T) => Promise<unknown> = async () => undefined,
): Promise<T> {
  const get = (pk: string, sk: string) => doc.send(new GetCommand({ TableName: tableName, Key: { pk, sk } }));
  await Promise.all([get(`USER#${ids.userId}`, 'PROFILE'), get(`SESSION#${ids.userId}`, 'CUTOFF'), get(`REVOKED#${ids.tokenId}`, 'TOKEN')]);
  const [, result] = await Promise.all([get(`PATIENT#${ids.patientId}`, 'PROFILE'), read()]);
  await thenRead(result);
  await doc.send(new PutCommand({ TableName: tableName, Item: floorAuditItem(ids, route) }));
  return result;
}

/**
 * An item of the read's audit record's own shape (the Audit entity's put: its attributes and its
 * three sparse index keys, by provider, clinic and patient), for tenants of the floor's own so
 * that no real trail holds it: a record without its index keys costs DynamoDB less to write than
 * the one the portal must write.
 */
function floorAuditItem(ids: ReadCheckIds, route: string): Record<string, unknown> {
  const at = new Date().toISOString();
  const { Item } = db()
    .entities.audit.put(
      auditItem({
        AuditID: randomUUID(),
        At: at,
        UserID: ids.userId,
        Role: 'ClinicDirector',
        Route: `GET ${route}`,
        Action: 'read',
        Entity: 'Patient',
        EntityID: ids.patientId,
        ServiceProviderID: 'bench-floor-provider',
        ClinicID: 'bench-floor-clinic',
        PatientID: 'bench-floor-patient',
        SourceIp: '127.0.0.1',
        UserAgent: 'node',
      }),
    )
    .params<{ Item: Record<string, unknown> }>();
  return { ...Item, pk: `BENCH-FLOOR-${String(Item.pk)}` };
}

/** A patient's exchanges page with the checks every read makes (withReadChecks). */
export const rawPatientExchangesWithChecks = (table: RawTable, ids: ReadCheckIds, limit: number) =>
  withReadChecks(table, ids, 'getExchanges', () => rawPatientExchanges(table, ids.patientId, limit));

/**
 * The visits tab's own reads, raw, with the checks every read makes: the visits page (with the
 * patient), then the current prescription and, for the open visit, its alerts over the period and
 * its latest 100 readings.
 */
export async function rawPatientVisitsWithChecks(table: RawTable, ids: ReadCheckIds, limit: number): Promise<number> {
  const { doc, tableName } = table;
  const query = (prefix: string, max: number) =>
    doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': `PATIENT#${ids.patientId}`, ':sk': prefix },
        ScanIndexForward: false,
        Limit: max,
      }),
    );
  const visits = await withReadChecks(
    table,
    ids,
    'getVisits',
    () => query('VISIT#', limit),
    () => Promise.all([query('PRESCRIPTION#', 1), query('ALERT#', 100), query('EXCHANGE#', 100)]),
  );
  return visits.Items?.length ?? 0;
}

/** Floor of a patient's visits: the newest `limit` visit items, one Query. */
export async function rawPatientVisits({ doc, tableName }: RawTable, patientId: string, limit: number): Promise<number> {
  const { Items } = await doc.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `PATIENT#${patientId}`, ':sk': 'VISIT#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items?.length ?? 0;
}

/** Floor of a clinic's patient list: its patients on gsi1, every page. */
export async function rawClinicPatients({ doc, tableName }: RawTable, clinicId: string): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :sk)',
        ExpressionAttributeValues: { ':pk': `CLINIC#${clinicId}`, ':sk': 'PATIENT#' },
        ExclusiveStartKey,
      }),
    );
    count += page.Items?.length ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/**
 * Stand-in for the clinic patient list route until it exists: the repository call it will use.
 * Returns how many patients it listed.
 */
export async function listClinicPatientsViaRepository(clinicId: string): Promise<number> {
  return (await patientsRepository.listByClinic(clinicId)).items.length;
}
export const CLINIC_LIST_STAND_IN = 'patientsRepository.listByClinic';

/**
 * Storing what the device sent and nothing derived: one PutItem of the exchange (turbidity series
 * included) under a partition of its own. Shown beside ingest, not judged (rawIngestWrites is
 * ingest's floor).
 */
export async function rawWriteExchange({ doc, tableName }: RawTable, patientId: string, exchange: DeviceExchange): Promise<void> {
  const time = new Date(exchange.DeviceLocalDate).toISOString();
  await doc.send(
    new PutCommand({
      TableName: tableName,
      Item: { pk: `BENCH-FLOOR#${patientId}`, sk: `EXCHANGE#${time}#${exchange._id}`, entity: 'BenchFloorExchange', ...exchange },
    }),
  );
}

type Item = Record<string, unknown>;
type ItemWrite = { put: Item } | { update: Item } | { delete: Item };

/** The floor's copies live under partitions of their own: the table's and every index's partition key prefixed. */
const FLOOR_PREFIX = 'BENCH-FLOOR#';
const PARTITION_KEYS = [tableDefinition.partitionKey, ...tableDefinition.globalSecondaryIndexes.map((index) => index.partitionKey)];
const keyOf = (item: Item): Item => ({
  [tableDefinition.partitionKey]: item[tableDefinition.partitionKey],
  [tableDefinition.sortKey]: item[tableDefinition.sortKey],
});
const keyText = (key: Item) => `${String(key[tableDefinition.partitionKey])}\u0000${String(key[tableDefinition.sortKey])}`;

function relocated(item: Item): Item {
  const copy = { ...item };
  for (const name of PARTITION_KEYS) if (typeof copy[name] === 'string') copy[name] = `${FLOOR_PREFIX}${copy[name]}`;
  return copy;
}

/** The items one recorded write request puts, updates or deletes (a transaction's condition checks write nothing). */
function itemWrites({ operation, input }: RecordedWrite): ItemWrite[] {
  switch (operation) {
    case 'PutItem':
      return [{ put: input.Item as Item }];
    case 'UpdateItem':
      return [{ update: input.Key as Item }];
    case 'DeleteItem':
      return [{ delete: input.Key as Item }];
    case 'BatchWriteItem':
      return Object.values(input.RequestItems as Record<string, Array<{ PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }>>)
        .flat()
        .map((request) => (request.PutRequest ? { put: request.PutRequest.Item } : { delete: request.DeleteRequest!.Key }));
    case 'TransactWriteItems':
      return (input.TransactItems as Array<{ Put?: { Item: Item }; Update?: { Key: Item }; Delete?: { Key: Item } }>).flatMap((entry): ItemWrite[] => {
        if (entry.Put) return [{ put: entry.Put.Item }];
        if (entry.Update) return [{ update: entry.Update.Key }];
        if (entry.Delete) return [{ delete: entry.Delete.Key }];
        return [];
      });
    default:
      throw new Error(`the ingest floor cannot replay ${operation}`);
  }
}

/** One write request of the floor and the device it belongs to (its exchange's patient partition). */
export interface FloorWrite {
  device: string;
  send: () => Promise<unknown>;
}

/**
 * Floor of ingest: the items ingest wrote, written raw to partitions of their own, one request for
 * each of ingest's (a transaction stays one, so the floor pays for the atomicity that keeps counters
 * true); an updated item whole, as it stood after the run. Ingest's reads are not in the floor.
 * Items are read here, before any timing.
 */
export async function rawIngestWrites(table: RawTable, recorded: RecordedWrite[]): Promise<FloorWrite[]> {
  const { doc, tableName } = table;
  const writes = recorded.map((write) => ({ write, items: itemWrites(write) }));
  const updated = new Map<string, Item>();
  for (const { items } of writes) for (const item of items) if ('update' in item) updated.set(keyText(item.update), item.update);
  const images = new Map<string, Item>();
  const keys = [...updated.values()];
  for (let i = 0; i < keys.length; i += 100) {
    const { Responses } = await doc.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys.slice(i, i + 100) } } }));
    for (const image of Responses?.[tableName] ?? []) images.set(keyText(keyOf(image)), image);
  }
  // What the floor writes for each item, under its own partitions: a put or an update as the item
  // now stands (one a later write deleted, with its keys alone), a delete as a delete.
  const floorOf = (item: ItemWrite): { put: Item } | { delete: Item } => {
    if ('put' in item) return { put: relocated(item.put) };
    if ('update' in item) return { put: relocated(images.get(keyText(item.update)) ?? item.update) };
    return { delete: relocated(item.delete) };
  };
  return writes.map(({ write, items }) => {
    const partitions = items.map((item) =>
      String(keyOf('put' in item ? item.put : 'update' in item ? item.update : item.delete)[tableDefinition.partitionKey]),
    );
    const device = partitions.find((pk) => pk.startsWith('PATIENT#')) ?? partitions[0] ?? '';
    const floor = items.map(floorOf);
    if (write.operation === 'TransactWriteItems') {
      const TransactItems = floor.map((item) =>
        'put' in item ? { Put: { TableName: tableName, Item: item.put } } : { Delete: { TableName: tableName, Key: item.delete } },
      );
      return { device, send: () => doc.send(new TransactWriteCommand({ TransactItems })) };
    }
    if (write.operation === 'BatchWriteItem') {
      const requests = floor.map((item) => ('put' in item ? { PutRequest: { Item: item.put } } : { DeleteRequest: { Key: item.delete } }));
      return { device, send: () => doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } })) };
    }
    const [item] = floor;
    return {
      device,
      send: () =>
        'put' in item!
          ? doc.send(new PutCommand({ TableName: tableName, Item: item.put }))
          : doc.send(new DeleteCommand({ TableName: tableName, Key: item!.delete })),
    };
  });
}

export interface HistoryOwner {
  patientId: string;
  deviceId: string;
  serialNumber: string;
  clinicId: string;
  serviceProviderId: string;
}

/**
 * A patient's past exchanges written straight into the table as the Exchange entity's own items
 * (ElectroDB's put params), so ingest and the lists read them as their own: ingesting years one by
 * one takes minutes on a shared machine. No alerts; the patient's counters and visits miss them.
 */
export async function rawSeedExchangeHistory(table: RawTable, owner: HistoryOwner, exchanges: DeviceExchange[]): Promise<void> {
  const items = exchanges.map((exchange) => {
    // The turbidity series live in an item of their own, read only for the CSV.
    const Report: Record<string, unknown> = { ...exchange };
    for (const series of ['FillTurbidity', 'DrainTurbidity', 'BubblesFillTurbidity', 'BubblesDrainTurbidity']) delete Report[series];
    const time = new Date(exchange.DeviceLocalDate).toISOString();
    const { Item } = db()
      .entities.exchange.put({
        PatientID: owner.patientId,
        ExchangeID: exchange._id,
        DeviceID: owner.deviceId,
        SerialNumber: owner.serialNumber,
        ClinicID: owner.clinicId,
        ServiceProviderID: owner.serviceProviderId,
        ExchangeTimeUtc: time,
        ReceivedAt: time,
        Report: Report as unknown as ExchangeReport,
        StatusValue: 1,
        Alerts: [],
        Uf: exchange.DrainVolume - exchange.FillVolume,
      })
      .params<{ Item: Record<string, unknown> }>();
    return Item;
  });
  const batches: Array<typeof items> = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  for (const batch of batches) {
    let unprocessed: Array<{ PutRequest: { Item: Record<string, unknown> } }> = batch.map((Item) => ({ PutRequest: { Item } }));
    // BatchWriteItem may hand some items back; a bounded number of rounds, then give up loudly.
    for (let round = 0; round < 10 && unprocessed.length; round += 1) {
      const result = await table.doc.send(new BatchWriteCommand({ RequestItems: { [table.tableName]: unprocessed } }));
      unprocessed = (result.UnprocessedItems?.[table.tableName] ?? []) as typeof unprocessed;
    }
    if (unprocessed.length) throw new Error(`${unprocessed.length} history items were not written`);
  }
}

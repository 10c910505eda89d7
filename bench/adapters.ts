/**
 * The benchmark's only knowledge of how items are stored. Everything else in bench/ drives the
 * portal through its public surfaces (HTTP API, MQTT, the services seed.ts uses); the floors
 * (raw DynamoDB against the table itself) and the stand-ins for routes that do not exist yet live
 * here, so that after a change of keys or repositories this is the one file to adjust.
 *
 * Written against the keys of docs/data-model.md as of this commit.
 */
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { patientsRepository } from '../functions/data/patients-repository';
import type { DeviceExchange } from '../shared/device';

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
 * parallel, then the patient (tenant scope), then `read`, then the read's audit record. API
 * overhead against a floor built on this is what the portal adds beyond the requests it needs.
 */
export async function withReadChecks<T>({ doc, tableName }: RawTable, ids: ReadCheckIds, route: string, read: () => Promise<T>): Promise<T> {
  const get = (pk: string, sk: string) => doc.send(new GetCommand({ TableName: tableName, Key: { pk, sk } }));
  await Promise.all([get(`USER#${ids.userId}`, 'PROFILE'), get(`SESSION#${ids.userId}`, 'CUTOFF'), get(`REVOKED#${ids.tokenId}`, 'TOKEN')]);
  await get(`PATIENT#${ids.patientId}`, 'PROFILE');
  const result = await read();
  const at = new Date().toISOString();
  const record = { Actor: ids.userId, Action: 'read', EntityID: ids.patientId, Route: route, SourceIp: '127.0.0.1' };
  await doc.send(
    new PutCommand({
      TableName: tableName,
      Item: { pk: `BENCH-FLOOR-AUDIT#${at.slice(0, 7)}`, sk: `${at}#${Math.random().toString(36).slice(2)}`, ...record },
    }),
  );
  return result;
}

/** A patient's exchanges page with the checks every read makes (withReadChecks). */
export const rawPatientExchangesWithChecks = (table: RawTable, ids: ReadCheckIds, limit: number) =>
  withReadChecks(table, ids, 'getExchanges', () => rawPatientExchanges(table, ids.patientId, limit));

/**
 * The visits tab's own reads, raw, with the checks every read makes: the visits page and the current
 * prescription, then for the open visit its alerts over the period and its latest 100 readings.
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
  return withReadChecks(table, ids, 'getVisits', async () => {
    const [visits] = await Promise.all([query('VISIT#', limit), query('PRESCRIPTION#', 1)]);
    await Promise.all([query('ALERT#', 100), query('EXCHANGE#', 100)]);
    return visits.Items?.length ?? 0;
  });
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
 * Floor of ingest: storing what the device sent, nothing derived. One PutItem of the exchange
 * (turbidity series included) under the patient, as the exchange item's keys are.
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

export interface HistoryOwner {
  patientId: string;
  deviceId: string;
  serialNumber: string;
  clinicId: string;
  serviceProviderId: string;
}

/**
 * A patient's past exchanges written straight into the table, shaped as ingest stores an ordinary
 * exchange (no alerts, UF of the report), so that ingest's look-back and the exchange lists read
 * them as their own. Only the bulk of a long history goes in this way (ingesting years one by one
 * takes minutes on a shared machine); the patient's counters and visits do not see these.
 */
export async function rawSeedExchangeHistory(table: RawTable, owner: HistoryOwner, exchanges: DeviceExchange[]): Promise<void> {
  const items = exchanges.map((exchange) => {
    // The turbidity series live in an item of their own, read only for the CSV.
    const report: Record<string, unknown> = { ...exchange };
    for (const series of ['FillTurbidity', 'DrainTurbidity', 'BubblesFillTurbidity', 'BubblesDrainTurbidity']) delete report[series];
    const time = new Date(exchange.DeviceLocalDate).toISOString();
    const sort = `EXCHANGE#${time}#${exchange._id}`;
    return {
      pk: `PATIENT#${owner.patientId}`,
      sk: sort,
      gsi1pk: `DEVICE#${owner.deviceId}`,
      gsi1sk: sort,
      entity: 'Exchange',
      ...report,
      PatientID: owner.patientId,
      DeviceID: owner.deviceId,
      SerialNumber: owner.serialNumber,
      ClinicID: owner.clinicId,
      ServiceProviderID: owner.serviceProviderId,
      ExchangeTimeUtc: time,
      ReceivedAt: time,
      StatusAlerts: { statusValue: 1, alerts: [] },
      Uf: exchange.DrainVolume - exchange.FillVolume,
    };
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

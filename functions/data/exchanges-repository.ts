import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { isoWeekOf, type AlertStatusValue } from '@shared/alerts';
import { deviceExchangeSchema, type DeviceExchange } from '@shared/device';
import { auditItem, type AuditRecord } from './audit-repository';
import type { ClearingBy } from './care-weeks-repository';
import type { DeviceErrorRecord } from './devices-repository';
import { turbiditySumsOf } from './visit-turbidity';
import { db, type Db, type ItemOf } from './entities';
import { storedAlertSchema, type StoredAlert } from './entities/alert';
import type { TurbiditySeries } from './entities/exchange';
import { counterScopes, counterShardOf } from './exchange-counters-repository';
import { pageOptions, toPage, type Page, type PageRequest } from './page';
import { throwIfCanceled } from './transactions';
import { ingestState } from './ingest-state';
import { EXPECTED_PATIENT_FIELDS, type ExchangeRecord, type ExpectedPatientField } from './exchange-records';

export { EXPECTED_PATIENT_FIELDS, type ExchangeRecord, type ExpectedPatientField } from './exchange-records';

/** The key of an exchange. */
export type ExchangeKey = Pick<ExchangeRecord, 'PatientID' | 'ExchangeTimeUtc' | '_id'>;

/** Everything one exchange changes, written in one transaction so it is all or nothing. */
export interface ExchangeWrite {
  exchange: ExchangeRecord;
  turbidity: Partial<TurbiditySeries>;
  /** The alerts the exchange raised, each stored in the patient's history and as unresolved. */
  alerts: StoredAlert[];
  /** The open visit the exchange counts in, or the one it opens when the patient has none. */
  visit: { openDate: string; opens: boolean; periodStart: string };
  /** The patient's last exchange time as read: the exchange moves it forward only. */
  patientLastExchangeTime?: string;
  /**
   * The patient's exchange count as read. The write first expects it unchanged: if another
   * exchange of the patient was written meanwhile, the history this one was evaluated with may
   * lack it, and the outcome says so ('stored-concurrently') so the caller checks the evaluations.
   */
  patientExchangeCount: number;
  /** A device error the exchange reported, for the device's error list. */
  deviceError?: DeviceErrorRecord;
  /** The device's utilization with this exchange counted, when the patient has an approved prescription. */
  deviceUtilization?: number;
  /** The patient's next skipped-exchange check. */
  dueCheck?: { DueMinute: string; Shard: string; expiresAt: number };
  /** The audit record of a clinician's write (an exchange entered by hand), created with the exchange. */
  audit?: AuditRecord;
  /** The first escalation step of each alert raised (docs/escalation.md). */
  escalations?: ReadonlyArray<ItemOf<'escalationDue'>>;
  /** The patient's week (yyyy-Www) the exchange counts in: its counters add the exchange and its alerts (the UTC week of the exchange when absent). */
  week?: string;
  /**
   * The state the exchange was evaluated with, when it was not read for this exchange but kept
   * from the patient's last one (functions/data/ingest-state.ts): the write goes through only
   * if the patient's fields still hold these values and the device is still the patient's, and
   * otherwise writes nothing and answers 'stale' (read again and evaluate again).
   */
  expect?: { patient: Readonly<Partial<Record<ExpectedPatientField, string | number>>>; devicePatientId: string };
}

/**
 * 'stored-concurrently': stored, but another exchange of the patient was written between reading
 * and writing. 'conflict': the open visit changed since the patient was read (nothing was
 * written; read again and retry). 'stale': a write with `expect` found the patient or the device
 * changed, or failed any other condition of theirs (nothing was written; read again and retry).
 */
export type ExchangeWriteOutcome = 'stored' | 'stored-concurrently' | 'duplicate' | 'conflict' | 'stale';

type ExchangeItem = EntityItem<Db['entities']['exchange']>;

/**
 * An exchange as stored, typed by its entity. Not checked again here: the lists answer through
 * their route's response schema, which checks every row that leaves (functions/endpoint/endpoint.ts),
 * and a second check was a tenth of a page's CPU (docs/data-model.md, "CPU in our code").
 */
function toRecord(item: ExchangeItem): ExchangeRecord {
  return recordOf(item, item.Alerts);
}

function recordOf(item: ExchangeItem, alerts: StoredAlert[]): ExchangeRecord {
  // Object.assign, not an object spread: far cheaper on the items DynamoDB answers
  // (docs/data-model.md, "CPU in our code").
  return Object.assign({}, item.Report, {
    PatientID: item.PatientID,
    DeviceID: item.DeviceID,
    SerialNumber: item.SerialNumber,
    ClinicID: item.ClinicID,
    ServiceProviderID: item.ServiceProviderID,
    ExchangeTimeUtc: item.ExchangeTimeUtc,
    ReceivedAt: item.ReceivedAt,
    StatusAlerts: { statusValue: item.StatusValue, alerts },
    Uf: item.Uf,
    TargetWeightSnapshot: item.TargetWeightSnapshot,
    PatientUtilizationSnapshot: item.PatientUtilizationSnapshot,
    AlertsClearedAt: item.AlertsClearedAt,
    Revision: item.Revision,
    ClinicianNote: item.ClinicianNote,
    EnteredBy: item.EnteredBy,
    HasTurbidity: item.HasTurbidity,
  });
}

/**
 * Read back through the device protocol's schema and the alerts' schema: the alert rules, which
 * answer to no response schema, never see a report a device could not send.
 */
function toCheckedRecord(item: ExchangeItem): ExchangeRecord {
  // Once per report in a container: ingest reads the same two weeks of history for every exchange.
  const report = `${item.PatientID}|${item.ExchangeID}`;
  if (!ingestState.checkedReports.get(report)) {
    deviceExchangeSchema.parse(item.Report);
    ingestState.checkedReports.set(report, true);
  }
  return recordOf(
    item,
    item.Alerts.map((alert: unknown) => storedAlertSchema.parse(alert)),
  );
}

/** Which "move the last exchange time forward" writes the transaction still makes (each is conditional). */
interface TimeWrites {
  /** Whether the patient's exchange count is still expected as read. */
  countUnchanged: boolean;
  patient: boolean;
  device: boolean;
  counters: [boolean, boolean, boolean];
}

/**
 * Whether a forward-only item (a device, a counter shard) may still need its LastExchangeTime moved
 * to `time`: an exchange not later than the time it is known to hold leaves that time out of its
 * write instead of being refused and sent again (docs/data-model.md, "Times that only move forward").
 */
const mayMoveForward = (key: string, time: string) => {
  const known = ingestState.lastTimes.get(key);
  return known === undefined || known < time;
};

function noteLastTime(key: string, time: unknown): void {
  if (typeof time === 'string' && mayMoveForward(key, time)) ingestState.lastTimes.set(key, time);
}

/** A transaction that lost a race for an item with another one is sent again, unchanged, this many times. */
const MAX_SUBMISSIONS = 8;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 15 * attempt));

/** The exchange counter shards an exchange of the patient adds to: its clinic's, its provider's and the platform's. */
const counterShardsOf = (exchange: Pick<ExchangeRecord, 'ClinicID' | 'ServiceProviderID' | 'PatientID'>) =>
  [counterScopes.clinic(exchange.ClinicID), counterScopes.serviceProvider(exchange.ServiceProviderID), counterScopes.global()].map((Scope) => ({
    Scope,
    Shard: counterShardOf(Scope, exchange.PatientID),
  }));

function submit(write: ExchangeWrite, times: TimeWrites, counters: ReadonlyArray<{ Scope: string; Shard: string }>) {
  const { exchange, alerts, visit } = write;
  const time = exchange.ExchangeTimeUtc;
  const high = alerts.filter((alert) => alert.severity === 3).length;
  const medium = alerts.length - high;
  const { Report, ...exchangeItem } = toItem(exchange);
  const hasTurbidity = Object.values(write.turbidity).some((series) => series !== undefined);
  const turbiditySums = exchange.BubblesTurbidityCalc ? turbiditySumsOf(exchange.BubblesTurbidityCalc) : {};
  // Positions in the transaction, to read which item's condition failed.
  const patientIndex = 2 + (hasTurbidity ? 1 : 0) + 2 * alerts.length;
  const indexes = {
    patient: patientIndex,
    visit: patientIndex + 1,
    device: patientIndex + 2 + (write.deviceError ? 1 : 0),
    counters: [0, 1, 2].map((i) => patientIndex + 3 + (write.deviceError ? 1 : 0) + i),
  };
  const transaction = db().transaction.write((entities) => [
    // The marker first: its failed condition is how a redelivered exchange is recognised.
    entities.messageMarker.create({ DeviceID: exchange.DeviceID, Kind: 'exchange', MessageID: exchange._id, ReceivedAt: exchange.ReceivedAt }).commit(),
    entities.exchange.put({ ...exchangeItem, Report, HasTurbidity: hasTurbidity || undefined }).commit(),
    ...(hasTurbidity
      ? [entities.exchangeTurbidity.put({ PatientID: exchange.PatientID, ExchangeID: exchange._id, ExchangeTimeUtc: time, Series: write.turbidity }).commit()]
      : []),
    ...alerts.flatMap((alert) => [
      entities.alert.put({ PatientID: exchange.PatientID, ...alert }).commit(),
      entities.unresolvedAlert.put({ PatientID: exchange.PatientID, ...alert }).commit(),
    ]),
    entities.patient
      .patch({ UserID: exchange.PatientID })
      .add({ ExchangeCount: 1, UnresolvedAlerts2: medium, UnresolvedAlerts3: high })
      .set({ ...(visit.opens ? { OpenVisitOpenDate: visit.openDate } : {}), ...(times.patient ? { LastExchangeTime: time } : {}) })
      .where((attributes, { notExists, lt, eq }) =>
        [
          ...(write.expect
            ? EXPECTED_PATIENT_FIELDS.map((field) => {
                const value = write.expect!.patient[field];
                return value === undefined ? notExists(attributes[field]) : eq(attributes[field], value);
              })
            : []),
          visit.opens ? notExists(attributes.OpenVisitOpenDate) : '',
          times.patient ? `(${notExists(attributes.LastExchangeTime)} OR ${lt(attributes.LastExchangeTime, time)})` : '',
          times.countUnchanged
            ? write.patientExchangeCount === 0
              ? `(${notExists(attributes.ExchangeCount)} OR ${eq(attributes.ExchangeCount, 0)})`
              : eq(attributes.ExchangeCount, write.patientExchangeCount)
            : '',
        ]
          .filter(Boolean)
          .join(' AND '),
      )
      .commit(),
    visit.opens
      ? entities.visit
          .create({
            PatientID: exchange.PatientID,
            OpenDate: visit.openDate,
            PeriodStart: visit.periodStart,
            Visited: false,
            ExchangeCount: 1,
            AlertCount: alerts.length,
            KeepsTurbiditySums: true,
            ...turbiditySums,
          })
          .commit()
      : entities.visit
          .patch({ PatientID: exchange.PatientID, OpenDate: visit.openDate })
          .add({ ExchangeCount: 1, AlertCount: alerts.length, ...turbiditySums })
          .where((attributes, { eq }) => eq(attributes.Visited, false))
          .commit(),
    ...(write.deviceError ? [entities.deviceError.put({ DeviceID: exchange.DeviceID, ...write.deviceError }).commit()] : []),
    entities.device
      .patch({ DeviceID: exchange.DeviceID })
      .add({ ExchangeCount: 1 })
      .set({ ...(write.deviceUtilization === undefined ? {} : { Utilization: write.deviceUtilization }), ...(times.device ? { LastExchangeTime: time } : {}) })
      .where((attributes, { notExists, lt, eq }) =>
        [
          write.expect ? eq(attributes.PatientID, write.expect.devicePatientId) : '',
          times.device ? `(${notExists(attributes.LastExchangeTime)} OR ${lt(attributes.LastExchangeTime, time)})` : '',
        ]
          .filter(Boolean)
          .join(' AND '),
      )
      // A refused condition answers the device as it is: whose it is, and its time.
      .commit({ response: 'all_old' }),
    ...counters.map(({ Scope, Shard }, i) =>
      entities.exchangeCounter
        .update({ Scope, Shard })
        .add({ ExchangeCount: 1 })
        .set(times.counters[i] ? { LastExchangeTime: time } : {})
        .where((attributes, { notExists, lt }) =>
          times.counters[i] ? `(${notExists(attributes.LastExchangeTime)} OR ${lt(attributes.LastExchangeTime, time)})` : '',
        )
        // A refused "later time" answers the shard as it is: its time is then known (ingestState.lastTimes).
        .commit({ response: 'all_old' }),
    ),
    ...(write.dueCheck ? [entities.dueCheck.put({ ...write.dueCheck, PatientID: exchange.PatientID }).commit()] : []),
    // Last, so the positions above stay as they are.
    entities.exchangeLocator.put({ PatientID: exchange.PatientID, ExchangeID: exchange._id, ExchangeTimeUtc: time }).commit(),
    entities.patientWeek
      .update({ PatientID: exchange.PatientID, Week: write.week ?? isoWeekOf(Date.parse(time), 'UTC') })
      .add({ Exchanges: 1, AlertsRaised: alerts.length })
      .commit(),
    ...(write.audit ? [entities.audit.create(auditItem(write.audit)).commit()] : []),
    ...(write.escalations ?? []).map((due) => entities.escalationDue.put(due).commit()),
  ]);
  return { transaction, indexes };
}

function toItem(exchange: ExchangeRecord) {
  const {
    PatientID,
    DeviceID,
    SerialNumber,
    ClinicID,
    ServiceProviderID,
    ExchangeTimeUtc,
    ReceivedAt,
    StatusAlerts,
    Uf,
    TargetWeightSnapshot,
    PatientUtilizationSnapshot,
    AlertsClearedAt,
    Revision,
    ClinicianNote,
    EnteredBy,
    HasTurbidity,
    ...Report
  } = exchange;
  return {
    PatientID,
    ExchangeID: exchange._id,
    DeviceID,
    SerialNumber,
    ClinicID,
    ServiceProviderID,
    ExchangeTimeUtc,
    ReceivedAt,
    Report,
    StatusValue: StatusAlerts.statusValue,
    Alerts: StatusAlerts.alerts,
    Uf,
    TargetWeightSnapshot,
    PatientUtilizationSnapshot,
    AlertsClearedAt,
    Revision,
    ClinicianNote,
    EnteredBy,
  };
}

export const exchangesRepository = {
  /**
   * Writes an exchange and everything it changes in one TransactWriteItems (docs/data-model.md,
   * "Writes that must be all or nothing"); every change commutes, so one patient's exchanges taken at
   * once do not invalidate each other. 'duplicate' when the device already delivered this `_id`;
   * 'conflict' when the open visit changed since the patient was read.
   */
  async record(write: ExchangeWrite): Promise<ExchangeWriteOutcome> {
    const { exchange } = write;
    const time = exchange.ExchangeTimeUtc;
    const deviceKey = `DEVICE#${exchange.DeviceID}`;
    const counters = counterShardsOf(exchange);
    const counterKeys = counters.map(({ Scope, Shard }) => `COUNTER#${Scope}#${Shard}`);
    const times: TimeWrites = {
      countUnchanged: true,
      patient: !write.patientLastExchangeTime || write.patientLastExchangeTime < time,
      device: mayMoveForward(deviceKey, time),
      counters: counterKeys.map((key) => mayMoveForward(key, time)) as TimeWrites['counters'],
    };
    for (let attempt = 1; attempt <= MAX_SUBMISSIONS; attempt += 1) {
      const { transaction, indexes } = submit(write, times, counters);
      const result = await transaction.go();
      if (!result.canceled) {
        if (times.device) noteLastTime(deviceKey, time);
        counterKeys.forEach((key, i) => times.counters[i] && noteLastTime(key, time));
        return times.countUnchanged ? 'stored' : 'stored-concurrently';
      }
      const reasons: ReadonlyArray<{ code: string; item?: unknown }> = result.data;
      const failed = (index: number) => reasons[index]?.code === 'ConditionalCheckFailed';
      if (failed(0)) return 'duplicate';
      // The item as it stood when its condition was refused (ALL_OLD), where asked for and answered.
      const itemAt = (index: number): { PatientID?: string; LastExchangeTime?: string } | undefined => {
        const item = reasons[index]?.item;
        return item ? item : undefined;
      };
      const deviceMoved = failed(indexes.device) && itemAt(indexes.device)?.PatientID !== write.expect?.devicePatientId;
      if (write.expect && (failed(indexes.patient) || deviceMoved || failed(indexes.visit))) return 'stale';
      if (failed(indexes.visit) || (failed(indexes.patient) && write.visit.opens)) return 'conflict';
      // Another exchange of the patient was written meanwhile (first), or a later exchange already
      // moved the time forward (then): write the rest again, the counters still add up.
      if (failed(indexes.patient)) {
        if (times.countUnchanged) times.countUnchanged = false;
        else times.patient = false;
      }
      if (failed(indexes.device)) {
        times.device = false;
        noteLastTime(deviceKey, itemAt(indexes.device)?.LastExchangeTime);
      }
      indexes.counters.forEach((index, i) => {
        if (!failed(index)) return;
        times.counters[i] = false;
        noteLastTime(counterKeys[i]!, itemAt(index)?.LastExchangeTime);
      });
      const lostRace = reasons.some((item) => item.code === 'TransactionConflict');
      const unexplained = reasons.some((item) => item.code !== 'None' && item.code !== 'TransactionConflict' && item.code !== 'ConditionalCheckFailed');
      if (unexplained) throwIfCanceled({ canceled: true, data: [...reasons] });
      if (lostRace) await pause(attempt);
    }
    throw new Error(`Exchange ${write.exchange._id} could not be written; it will be delivered again`);
  },

  /**
   * Completes an exchange's evaluation after an earlier exchange arrived late: adds the alerts it
   * now raises (an alert once raised is kept; missing one is the failure to avoid) and its new UF.
   * Only if nobody amended it since it was read ('changed' otherwise: read it again).
   */
  async amend(
    exchange: ExchangeRecord,
    change: { addAlerts: StoredAlert[]; statusValue: AlertStatusValue; Uf?: number; week: string; escalations?: ReadonlyArray<ItemOf<'escalationDue'>> },
  ): Promise<'amended' | 'changed'> {
    const revision = exchange.Revision ?? 0;
    const high = change.addAlerts.filter((alert) => alert.severity === 3).length;
    const result = await db()
      .transaction.write((entities) => [
        entities.exchange
          .patch({ PatientID: exchange.PatientID, ExchangeTimeUtc: exchange.ExchangeTimeUtc, ExchangeID: exchange._id })
          .set({
            Alerts: [...exchange.StatusAlerts.alerts, ...change.addAlerts],
            StatusValue: change.statusValue,
            Revision: revision + 1,
            ...(change.Uf === undefined ? {} : { Uf: change.Uf }),
          })
          .where((attributes, { notExists, eq }) =>
            revision === 0 ? `(${notExists(attributes.Revision)} OR ${eq(attributes.Revision, 0)})` : eq(attributes.Revision, revision),
          )
          .commit(),
        ...change.addAlerts.flatMap((alert) => [
          entities.alert.put({ PatientID: exchange.PatientID, ...alert }).commit(),
          entities.unresolvedAlert.put({ PatientID: exchange.PatientID, ...alert }).commit(),
        ]),
        entities.patient
          .patch({ UserID: exchange.PatientID })
          .add({ UnresolvedAlerts2: change.addAlerts.length - high, UnresolvedAlerts3: high })
          .commit(),
        ...(change.addAlerts.length > 0
          ? [entities.patientWeek.update({ PatientID: exchange.PatientID, Week: change.week }).add({ AlertsRaised: change.addAlerts.length }).commit()]
          : []),
        ...(change.escalations ?? []).map((due) => entities.escalationDue.put(due).commit()),
      ])
      .go();
    if (!result.canceled) return 'amended';
    const reasons: ReadonlyArray<{ code: string }> = result.data;
    if (reasons[0]?.code === 'ConditionalCheckFailed' || reasons.some((reason) => reason.code === 'TransactionConflict')) return 'changed';
    throwIfCanceled({ canceled: true, data: [...reasons] });
    return 'changed';
  },

  async get(patientId: string, exchangeTimeUtc: string, exchangeId: string): Promise<ExchangeRecord | undefined> {
    const { data } = await db().entities.exchange.get({ PatientID: patientId, ExchangeTimeUtc: exchangeTimeUtc, ExchangeID: exchangeId }).go();
    // Amending an exchange evaluates it again: the rules' reads are checked.
    return data ? toCheckedRecord(data) : undefined;
  },

  /** A patient's exchanges between two UTC times, newest first. */
  async listForPatient(patientId: string, range: { from: string; to: string }, page?: PageRequest): Promise<Page<ExchangeRecord>> {
    const result = await db()
      .entities.exchange.query.byPatient({ PatientID: patientId })
      .between({ ExchangeTimeUtc: range.from }, { ExchangeTimeUtc: `${range.to}~` })
      .go({ ...pageOptions(page), order: 'desc' });
    return toPage(result, toRecord);
  },

  /**
   * The history the alert rules read: a patient's exchanges from `from` on, newest first, at most
   * `limit`, in one Query (a 1 MB page holds several hundred exchanges). Everything after `from`,
   * not only up to the exchange being taken: what was stored later in time is evaluated again
   * with it, and the window, kept with the patient's exchange count, serves the next exchange too.
   */
  async historyForRules(patientId: string, range: { from: string; limit: number }): Promise<ExchangeRecord[]> {
    const result = await db()
      .entities.exchange.query.byPatient({ PatientID: patientId })
      // A range, not gte: the patient's partition holds other items after the exchanges (EXCHANGEID#, TURBIDITY#, …).
      .between({ ExchangeTimeUtc: range.from }, { ExchangeTimeUtc: '9999~' })
      .go({ limit: range.limit, order: 'desc' });
    return result.data.map(toCheckedRecord);
  },

  /** /device/exchanges: a device's exchanges, newest first. */
  async listForDevice(deviceId: string, page?: PageRequest): Promise<Page<ExchangeRecord>> {
    return toPage(
      await db()
        .entities.exchange.query.byDevice({ DeviceID: deviceId })
        .go({ ...pageOptions(page), order: 'desc', hydrate: true }),
      toRecord,
    );
  },

  /** The unresolved alerts an exchange raised (one Query on the exchange's time). */
  async unresolvedAlertsOf(key: ExchangeKey): Promise<StoredAlert[]> {
    const { data } = await db().entities.unresolvedAlert.query.byPatient({ PatientID: key.PatientID, Time: key.ExchangeTimeUtc }).go({ pages: 'all' });
    return data.filter((alert) => alert.ExchangeID === key._id).map(({ PatientID, ...alert }) => storedAlertSchema.parse(alert));
  },

  /** Where an exchange of the patient is, by its `_id` alone (its locator item: one GetItem). */
  async locate(patientId: string, exchangeId: string): Promise<ExchangeKey | undefined> {
    const { data } = await db().entities.exchangeLocator.get({ PatientID: patientId, ExchangeID: exchangeId }).go();
    return data ? { PatientID: data.PatientID, ExchangeTimeUtc: data.ExchangeTimeUtc, _id: data.ExchangeID } : undefined;
  },

  /**
   * Sets (or with undefined removes) a clinician's note on an exchange, with its audit record, in
   * one transaction; only if the note is still `previous` ('changed' otherwise: read it again).
   */
  async saveNote(key: ExchangeKey, note: string | undefined, previous: string | undefined, audit: AuditRecord): Promise<'saved' | 'changed'> {
    const result = await db()
      .transaction.write(({ exchange, audit: auditEntity }) => {
        const patch = exchange.patch({ PatientID: key.PatientID, ExchangeTimeUtc: key.ExchangeTimeUtc, ExchangeID: key._id });
        const change = note === undefined ? patch.remove(['ClinicianNote']) : patch.set({ ClinicianNote: note });
        return [
          change
            .where((attributes, { notExists, eq }) => (previous === undefined ? notExists(attributes.ClinicianNote) : eq(attributes.ClinicianNote, previous)))
            .commit(),
          auditEntity.create(auditItem(audit)).commit(),
        ];
      })
      .go();
    if (!result.canceled) return 'saved';
    const reasons: ReadonlyArray<{ code: string }> = result.data;
    if (reasons[0]?.code === 'ConditionalCheckFailed' || reasons.some((reason) => reason.code === 'TransactionConflict')) return 'changed';
    throwIfCanceled({ canceled: true, data: [...reasons] });
    return 'changed';
  },

  /**
   * Resolves a patient's unresolved alerts in one transaction: the alerts, the patient's counters,
   * the exchanges' AlertsClearedAt, the audit record and, with `by`, the patient's week and its
   * clearing record. An alert resolved meanwhile is left out and the rest sent again; at most 90
   * items, under TransactWriteItems' 100. Returns how many it cleared.
   */
  async clearAlerts(input: {
    patientId: string;
    alerts: ReadonlyArray<Pick<StoredAlert, 'Time' | 'AlertID' | 'severity' | 'flag'>>;
    exchanges: readonly ExchangeKey[];
    clearedAt: string;
    by?: ClearingBy;
    audit: (cleared: ReadonlyArray<Pick<StoredAlert, 'AlertID'>>) => AuditRecord;
  }): Promise<number> {
    let pending = [...input.alerts];
    for (let attempt = 1; attempt <= MAX_SUBMISSIONS; attempt += 1) {
      const high = pending.filter((alert) => alert.severity === 3).length;
      const medium = pending.length - high;
      const record = input.audit(pending);
      const result = await db()
        .transaction.write(({ unresolvedAlert, patient, exchange, audit, patientWeek, alertClearing }) => [
          ...pending.map((alert) =>
            unresolvedAlert
              .delete({ PatientID: input.patientId, Time: alert.Time, AlertID: alert.AlertID })
              .where((attributes, { exists }) => exists(attributes.AlertID))
              .commit(),
          ),
          ...(pending.length > 0 ? [patient.patch({ UserID: input.patientId }).add({ UnresolvedAlerts2: -medium, UnresolvedAlerts3: -high }).commit()] : []),
          ...input.exchanges.map((key) =>
            exchange
              .patch({ PatientID: key.PatientID, ExchangeTimeUtc: key.ExchangeTimeUtc, ExchangeID: key._id })
              .set({ AlertsClearedAt: input.clearedAt })
              .commit(),
          ),
          audit.create(auditItem(record)).commit(),
          ...(input.by && pending.length > 0
            ? [
                patientWeek.update({ PatientID: input.patientId, Week: input.by.week }).add({ AlertsCleared: pending.length }).commit(),
                alertClearing
                  .create({
                    PatientID: input.patientId,
                    Week: input.by.week,
                    ClearedAt: input.clearedAt,
                    ClearingID: randomUUID(),
                    UserID: input.by.UserID,
                    Name: input.by.Name,
                    Count: pending.length,
                    Flags: [...new Set(pending.map((alert) => alert.flag))].sort(),
                  })
                  .commit(),
              ]
            : []),
        ])
        .go();
      if (!result.canceled) return pending.length;
      const reasons: ReadonlyArray<{ code: string }> = result.data;
      const gone = new Set(pending.filter((_, index) => reasons[index]?.code === 'ConditionalCheckFailed').map((alert) => alert.AlertID));
      const unexplained = reasons.some(
        (reason, index) =>
          reason.code !== 'None' && reason.code !== 'TransactionConflict' && !(reason.code === 'ConditionalCheckFailed' && index < pending.length),
      );
      if (unexplained) throwIfCanceled({ canceled: true, data: [...reasons] });
      pending = pending.filter((alert) => !gone.has(alert.AlertID));
      if (reasons.some((reason) => reason.code === 'TransactionConflict')) await pause(attempt);
    }
    throw new Error(`The alerts of patient ${input.patientId} kept changing while they were cleared; try again`);
  },

  /** The raw turbidity series of an exchange (the CSV). */
  async getTurbidity(
    exchange: Pick<ExchangeRecord, 'PatientID' | '_id' | 'ExchangeTimeUtc'>,
  ): Promise<Partial<Pick<DeviceExchange, keyof TurbiditySeries>> | undefined> {
    const { data } = await db()
      .entities.exchangeTurbidity.get({ PatientID: exchange.PatientID, ExchangeID: exchange._id, ExchangeTimeUtc: exchange.ExchangeTimeUtc })
      .go();
    return data?.Series;
  },
};

import { DAY_MS } from '@shared/time';
import { auditItem, type AuditRecord } from './audit-repository';
import { minuteOf } from './due-checks-repository';
import { db, type ItemOf } from './entities';
import { ESCALATION_SHARDS } from './entities/escalation';
import { shardOf } from './entities/shards';
import { pageOptions, toPage, type Page, type PageRequest } from './page';
import { throwIfCanceled } from './transactions';

/** An escalation step no run took is dropped a week after its minute. */
const KEEP_DUE_SECONDS = 7 * 24 * 60 * 60;
/** An alert's escalation record is kept this long (the audit trail keeps every notice for good). */
const KEEP_ESCALATION_MS = 90 * DAY_MS;
/** The acknowledgement reads at most this many escalations of a patient (one per unresolved alert notified). */
const ACKNOWLEDGE_READ = 100;

/** An alert due for a step of its escalation (the entity's item less its expiry). */
export type EscalationDue = Omit<ItemOf<'escalationDue'>, 'expiresAt'>;
/** The escalation of one alert: the steps sent, the acknowledgement. */
export type EscalationRecord = Omit<ItemOf<'escalation'>, 'expiresAt'>;

export const allEscalationShards = () => Array.from({ length: ESCALATION_SHARDS }, (_, shard) => String(shard));

/** The due item of an alert's escalation step at `dueAtMs`, as the transaction that raises the alert (or sends the last notice) writes it. */
export function escalationDueItem(
  alert: Pick<EscalationDue, 'PatientID' | 'Time' | 'AlertID' | 'severity' | 'Step' | 'Since'>,
  dueAtMs: number,
): ItemOf<'escalationDue'> {
  return {
    ...alert,
    DueMinute: minuteOf(dueAtMs),
    Shard: String(shardOf(`${alert.PatientID}#${alert.AlertID}`, ESCALATION_SHARDS)),
    expiresAt: Math.floor(dueAtMs / 1000) + KEEP_DUE_SECONDS,
  };
}

const dueKeys = ({ DueMinute, Shard, PatientID, Time, AlertID, Step }: EscalationDue) => ({ DueMinute, Shard, PatientID, Time, AlertID, Step });
const toRecord = ({ expiresAt, ...record }: ItemOf<'escalation'>): EscalationRecord => record;

export const escalationsRepository = {
  /** The alert steps due in one minute's shard. */
  async listDue(minute: string, shard: string, page?: PageRequest): Promise<Page<EscalationDue>> {
    const result = await db().entities.escalationDue.query.byMinute({ DueMinute: minute, Shard: shard }).go(pageOptions(page));
    return toPage(result, ({ expiresAt, ...due }) => due);
  },

  /** The step is due later (the settings changed, or a run failed): its item moves to that minute. */
  async reschedule(due: EscalationDue, dueAtMs: number): Promise<void> {
    await db()
      .transaction.write(({ escalationDue }) => [escalationDue.put(escalationDueItem(due, dueAtMs)).commit(), escalationDue.delete(dueKeys(due)).commit()])
      .go()
      .then(throwIfCanceled);
  },

  /** The step needs nothing more (the alert was cleared or acknowledged, or the step is off). */
  async done(due: EscalationDue): Promise<void> {
    await db().entities.escalationDue.delete(dueKeys(due)).go();
  },

  /** Whether the patient still has the alert unresolved (clearing deletes it). */
  async isUnresolved(patientId: string, time: string, alertId: string): Promise<boolean> {
    const { data } = await db()
      .entities.unresolvedAlert.get({ PatientID: patientId, Time: time, AlertID: alertId })
      .go({ attributes: ['AlertID'] });
    return data !== null;
  },

  async get(patientId: string, time: string, alertId: string): Promise<EscalationRecord | undefined> {
    const { data } = await db().entities.escalation.get({ PatientID: patientId, Time: time, AlertID: alertId }).go();
    return data ? toRecord(data) : undefined;
  },

  /**
   * Records a step's notice, in one transaction: the step's time on the alert's escalation (only
   * if that step was not recorded and the alert not acknowledged meanwhile), the audit records,
   * the next step's due item, and the end of this one. 'already' when another run recorded it.
   */
  async recordNotice(input: {
    due: EscalationDue;
    sentAt: string;
    next?: ItemOf<'escalationDue'>;
    audit: readonly AuditRecord[];
  }): Promise<'recorded' | 'already'> {
    const { due, sentAt } = input;
    const stepField = due.Step === 'OnCall' ? 'OnCallAt' : 'DirectorAt';
    const result = await db()
      .transaction.write(({ escalation, escalationDue, audit }) => [
        escalation
          .update({ PatientID: due.PatientID, Time: due.Time, AlertID: due.AlertID })
          .set({ [stepField]: sentAt, expiresAt: Math.floor((Date.parse(due.Time) + KEEP_ESCALATION_MS) / 1000) })
          .where((attributes, { notExists }) => `${notExists(attributes[stepField])} AND ${notExists(attributes.AcknowledgedAt)}`)
          .commit(),
        escalationDue.delete(dueKeys(due)).commit(),
        ...(input.next ? [escalationDue.put(input.next).commit()] : []),
        ...input.audit.map((record) => audit.create(auditItem(record)).commit()),
      ])
      .go();
    if (result.canceled && result.data[0]?.code === 'ConditionalCheckFailed') {
      await escalationsRepository.done(due);
      return 'already';
    }
    throwIfCanceled(result);
    return 'recorded';
  },

  /** The patient's escalations a notice went out for and no one acknowledged yet. */
  async listAwaitingAcknowledgement(patientId: string): Promise<EscalationRecord[]> {
    const { data } = await db().entities.escalation.query.byPatient({ PatientID: patientId }).go({ limit: ACKNOWLEDGE_READ, order: 'desc' });
    return data.map(toRecord).filter((record) => !record.AcknowledgedAt && (record.OnCallAt || record.DirectorAt));
  },

  /** Acknowledges escalations, each with its audit record, in one transaction (at most 50: a transaction holds 100 items). */
  async acknowledge(records: ReadonlyArray<{ escalation: EscalationRecord; audit: AuditRecord }>, by: string, at: string): Promise<void> {
    if (records.length === 0) return;
    const result = await db()
      .transaction.write(({ escalation, audit }) =>
        records.flatMap((record) => [
          escalation
            .patch({ PatientID: record.escalation.PatientID, Time: record.escalation.Time, AlertID: record.escalation.AlertID })
            .set({ AcknowledgedAt: at, AcknowledgedBy: by })
            .where((attributes, { notExists }) => notExists(attributes.AcknowledgedAt))
            .commit(),
          audit.create(auditItem(record.audit)).commit(),
        ]),
      )
      .go();
    const reasons: ReadonlyArray<{ code: string }> = result.data;
    // Acknowledged meanwhile by someone else: nothing left to stop.
    if (result.canceled && reasons.some((item) => item.code === 'ConditionalCheckFailed')) return;
    throwIfCanceled({ canceled: result.canceled, data: reasons });
  },
};

import { alertFlags, isoWeekOf } from '@shared/alerts';
import { db, type ItemOf } from './entities';
import { storedAlertSchema, type StoredAlert } from './entities/alert';
import { pageOptions, toPage, type Page, type PageRequest } from './page';
import { throwIfCanceled } from './transactions';

/** An alert as the patient carries it until a clinician clears it: which exchange raised it, and when. */
export type PatientAlert = StoredAlert;

/** Alerts are read back through the rules' own schema (flag, severity, text), so a list never shows an alert the rules could not raise. */
const toAlert = ({ PatientID, ...alert }: StoredAlert & { PatientID: string }): PatientAlert => storedAlertSchema.parse(alert);

/** A patient's alerts: raising one that no exchange carries, resolving one, the unresolved ones and the history. */
export const alertsRepository = {
  /**
   * Raises an alert that no exchange carries (a skipped slot, a device's panic) once per source:
   * the source's marker, the alert (history and unresolved) and the patient's counters, all or
   * nothing; the open visit counts it. 'duplicate' when the source was already raised, 'conflict'
   * when the open visit was closed meanwhile (read the patient again).
   */
  async raiseAlert(input: {
    patientId: string;
    sourceId: string;
    alert: PatientAlert;
    openVisitOpenDate?: string;
    /** The patient's week the alert counts in (the care team's week view; the alert's UTC week when absent). */
    week?: string;
    /** The first step of the alert's escalation, when the clinic escalates its severity. */
    escalation?: ItemOf<'escalationDue'>;
  }): Promise<'stored' | 'duplicate' | 'conflict'> {
    const { patientId, alert } = input;
    const result = await db()
      .transaction.write(({ raisedAlertMarker, alert: alertEntity, unresolvedAlert, patient, visit, patientWeek, escalationDue }) => [
        raisedAlertMarker.create({ PatientID: patientId, SourceID: input.sourceId }).commit(),
        alertEntity.put({ PatientID: patientId, ...alert }).commit(),
        unresolvedAlert.put({ PatientID: patientId, ...alert }).commit(),
        patient
          .patch({ UserID: patientId })
          .add(alert.severity === 3 ? { UnresolvedAlerts3: 1 } : { UnresolvedAlerts2: 1 })
          .commit(),
        ...(input.openVisitOpenDate
          ? [
              visit
                .patch({ PatientID: patientId, OpenDate: input.openVisitOpenDate })
                .add({ AlertCount: 1 })
                .where((attributes, { eq }) => eq(attributes.Visited, false))
                .commit(),
            ]
          : []),
        patientWeek
          .update({ PatientID: patientId, Week: input.week ?? isoWeekOf(Date.parse(alert.Time), 'UTC') })
          .add({ AlertsRaised: 1 })
          .commit(),
        ...(input.escalation ? [escalationDue.put(input.escalation).commit()] : []),
      ])
      .go();
    if (!result.canceled) return 'stored';
    if (result.data[0]?.code === 'ConditionalCheckFailed') return 'duplicate';
    if (result.data.some((item) => item.code === 'ConditionalCheckFailed' || item.code === 'TransactionConflict')) return 'conflict';
    throwIfCanceled(result);
    return 'conflict';
  },

  /**
   * A clinician resolved an alert: it leaves the unresolved alerts and the patient's counter, in
   * one transaction (the history keeps it). False if it was already resolved.
   */
  async resolveAlert(patientId: string, alert: Pick<PatientAlert, 'Time' | 'AlertID' | 'severity'>): Promise<boolean> {
    const result = await db()
      .transaction.write(({ unresolvedAlert, patient }) => [
        unresolvedAlert
          .delete({ PatientID: patientId, Time: alert.Time, AlertID: alert.AlertID })
          .where((attributes, { exists }) => exists(attributes.AlertID))
          .commit(),
        patient
          .patch({ UserID: patientId })
          .add(alert.severity === 3 ? { UnresolvedAlerts3: -1 } : { UnresolvedAlerts2: -1 })
          .commit(),
      ])
      .go();
    if (!result.canceled) return true;
    const reasons: ReadonlyArray<{ code: string }> = result.data;
    if (reasons[0]?.code === 'ConditionalCheckFailed') return false;
    throwIfCanceled({ canceled: true, data: [...reasons] });
    return false;
  },

  /** The patient's unresolved alerts, oldest first (a list row reads the first few: `{ limit }`). */
  async listUnresolvedAlerts(patientId: string, page?: PageRequest): Promise<Page<PatientAlert>> {
    return toPage(await db().entities.unresolvedAlert.query.byPatient({ PatientID: patientId }).go(pageOptions(page)), toAlert);
  },

  /**
   * The patient's unresolved alerts that no exchange carries (skipped slots, a device's panic),
   * newest first, at most `count`: the exchanges table shows every other alert on its exchange.
   */
  async listUnresolvedWithoutExchange(patientId: string, count: number): Promise<PatientAlert[]> {
    const result = await db()
      .entities.unresolvedAlert.query.byPatient({ PatientID: patientId })
      .where((attributes, { notExists }) => notExists(attributes.ExchangeID))
      .go({ order: 'desc', count, pages: 'all' });
    return result.data.map(toAlert);
  },

  /** One unresolved alert that no exchange carries, by its id; undefined when there is none (cleared, or an exchange's). */
  async getUnresolvedWithoutExchange(patientId: string, alertId: string): Promise<PatientAlert | undefined> {
    const result = await db()
      .entities.unresolvedAlert.query.byPatient({ PatientID: patientId })
      .where((attributes, { eq, notExists }) => `${eq(attributes.AlertID, alertId)} AND ${notExists(attributes.ExchangeID)}`)
      .go({ count: 1, pages: 'all' });
    return result.data[0] && toAlert(result.data[0]);
  },

  /**
   * Whether an alert no exchange carries was ever raised on the patient with this id
   * (`<source>:<flag>`), cleared since or not: its source's marker.
   */
  async wasRaisedWithoutExchange(patientId: string, alertId: string): Promise<boolean> {
    const separator = alertId.lastIndexOf(':');
    if (separator <= 0 || !(alertFlags as readonly string[]).includes(alertId.slice(separator + 1))) return false;
    const { data } = await db()
      .entities.raisedAlertMarker.get({ PatientID: patientId, SourceID: alertId.slice(0, separator) })
      .go();
    return data !== null;
  },

  /** The patient's alert history between two UTC times, newest first. */
  async listAlerts(patientId: string, range: { from: string; to: string }, page?: PageRequest): Promise<Page<PatientAlert>> {
    const result = await db()
      .entities.alert.query.byPatient({ PatientID: patientId })
      .between({ Time: range.from }, { Time: `${range.to}~` })
      .go({ ...pageOptions(page), order: 'desc' });
    return toPage(result, toAlert);
  },
};

import { convertTemperature, convertWeight } from '@shared/device';
import { auditItem, type AuditRecord } from './audit-repository';
import { alertsRepository, type PatientAlert } from './alerts-repository';
import { db, type ItemOf } from './entities';
import { exchangesRepository } from './exchanges-repository';
import { pageOptions, toPage, type Page, type PageRequest } from './page';
import { throwIfCanceled } from './transactions';
import type { TurbidityCalc } from './visit-turbidity';

/** One exchange's readings as a visit shows them. */
export interface VisitMeasurement {
  ExchangeID: string;
  Time: string;
  WeightKg?: number;
  BloodPressure?: { Systolic: number; Diastolic: number };
  Pulse?: number;
  Uf?: number;
  DrainTempC?: number;
  /** The device's turbidity statistics of the exchange (NTU), for the visit's turbidity figure. */
  BubblesTurbidityCalc?: TurbidityCalc;
}

/**
 * A visit as the entity stores it: its period (PeriodStart, ClosedDate], counters and turbidity
 * sums; its measurements and alerts are read by key range (visitMeasurements, visitAlerts).
 */
export type VisitRecord = ItemOf<'visit'>;

/** A visit's period as a key range: after the previous visit closed, up to this one's close. */
const periodOf = (visit: Pick<VisitRecord, 'PeriodStart' | 'ClosedDate'>) => ({
  from: visit.PeriodStart ? `${visit.PeriodStart}~` : '',
  to: visit.ClosedDate ?? '9999',
});

/** A patient's visits: read, listed, closed, and what happened within each one's period. */
export const visitsRepository = {
  async getVisit(patientId: string, openDate: string): Promise<VisitRecord | undefined> {
    const { data } = await db().entities.visit.get({ PatientID: patientId, OpenDate: openDate }).go();
    return data ?? undefined;
  },

  /** A patient's visits, newest first. */
  async listVisits(patientId: string, page?: PageRequest): Promise<Page<VisitRecord>> {
    return toPage(
      await db()
        .entities.visit.query.byPatient({ PatientID: patientId })
        .go({ ...pageOptions(page), order: 'desc' }),
      (visit) => visit,
    );
  },

  /** A visit's measurements: the readings of the patient's exchanges within the visit's period, newest first. */
  async visitMeasurements(visit: Pick<VisitRecord, 'PatientID' | 'PeriodStart' | 'ClosedDate'>, page?: PageRequest): Promise<Page<VisitMeasurement>> {
    const exchanges = await exchangesRepository.listForPatient(visit.PatientID, periodOf(visit), page);
    return {
      items: exchanges.items.map((exchange) => ({
        ExchangeID: exchange._id,
        Time: exchange.ExchangeTimeUtc,
        WeightKg: exchange.WeightMeasure ? convertWeight(exchange.WeightMeasure.Value, exchange.WeightUnit, 'KG') : undefined,
        BloodPressure: exchange.BloodPressureMeasure?.Value,
        Pulse: exchange.PulseMeasure?.Value,
        Uf: exchange.Uf,
        DrainTempC: convertTemperature(exchange.DrainTemp, exchange.TempUnit, 'C'),
        BubblesTurbidityCalc: exchange.BubblesTurbidityCalc,
      })),
      cursor: exchanges.cursor,
    };
  },

  /** A visit's alerts: the patient's alerts within the visit's period, newest first. */
  async visitAlerts(visit: Pick<VisitRecord, 'PatientID' | 'PeriodStart' | 'ClosedDate'>, page?: PageRequest): Promise<Page<PatientAlert>> {
    return alertsRepository.listAlerts(visit.PatientID, periodOf(visit), page);
  },

  /**
   * Closes the open visit (the clinician saved it): the visit gets its ClosedDate, findings and
   * what it showed when closed, the patient has no open visit until the next exchange opens one,
   * whose period starts here. Conditional on the visit being open: of two clinicians closing at
   * once, one closes it and the other gets 'not-open'. The audit record, when given, is in the
   * same transaction.
   */
  async closeVisit(
    patientId: string,
    openDate: string,
    closedDate: string,
    findings: Pick<
      VisitRecord,
      'Findings' | 'Recommendation' | 'UrineOutput' | 'PatientUtilizationSnapshot' | 'Highlights' | 'Turbidity' | 'PrescriptionID'
    > = {},
    audit?: AuditRecord,
    /** The patient's week the close counts in (the care team's week view). */
    week?: string,
  ): Promise<'closed' | 'not-open'> {
    for (let attempt = 1; ; attempt += 1) {
      const result = await db()
        .transaction.write(({ visit, patient, audit: auditEntity, patientWeek }) => [
          visit
            .patch({ PatientID: patientId, OpenDate: openDate })
            .set({ ...findings, Visited: true, ClosedDate: closedDate })
            .where((attributes, { eq }) => eq(attributes.Visited, false))
            .commit(),
          patient
            .patch({ UserID: patientId })
            .set({ LastVisitClosedDate: closedDate })
            .remove(['OpenVisitOpenDate'])
            .where((attributes, { eq }) => eq(attributes.OpenVisitOpenDate, openDate))
            .commit(),
          ...(audit ? [auditEntity.create(auditItem(audit)).commit()] : []),
          ...(week ? [patientWeek.update({ PatientID: patientId, Week: week }).add({ VisitsClosed: 1 }).commit()] : []),
        ])
        .go();
      if (!result.canceled) return 'closed';
      const codes = result.data.map((item) => item.code);
      if (codes.includes('ConditionalCheckFailed')) return 'not-open';
      // Lost a race for the items (TransactionConflict): try again; the visit's condition decides.
      if (!codes.includes('TransactionConflict') || attempt >= 5) throwIfCanceled(result);
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  },
};

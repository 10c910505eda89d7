import { db, type ItemOf } from './entities';
import { complete } from './page';

/** A patient's counters of one week (the entity's item, every counter read as a number); zeros when nothing happened. */
export type PatientWeekRecord = Required<ItemOf<'patientWeek'>>;

/** One clearing of a patient's alerts: who, when, how many, which flags. */
export type AlertClearingRecord = Omit<ItemOf<'alertClearing'>, 'ClearingID'>;

/** Who clears, and the week it counts in, as the clearing transaction writes them. */
export interface ClearingBy {
  week: string;
  UserID: string;
  Name: string;
}

/** A week view row reads at most this many clearing records of a patient (each clearing is a clinician's action: a handful a week). */
export const CLEARINGS_READ = 25;

export const careWeeksRepository = {
  /** The week items of the patients (one BatchGet); a patient without one gets zeros. */
  async getWeeks(patientIds: readonly string[], week: string): Promise<PatientWeekRecord[]> {
    const keys = patientIds.map((PatientID) => ({ PatientID, Week: week }));
    const found = new Map<string, Partial<PatientWeekRecord>>();
    if (keys.length > 0) {
      const result = await db().entities.patientWeek.get(keys).go();
      complete(result);
      for (const item of result.data) found.set(item.PatientID, item);
    }
    return patientIds.map((PatientID) => {
      const item = found.get(PatientID) ?? {};
      return {
        PatientID,
        Week: week,
        Exchanges: item.Exchanges ?? 0,
        AlertsRaised: item.AlertsRaised ?? 0,
        AlertsCleared: item.AlertsCleared ?? 0,
        VisitsClosed: item.VisitsClosed ?? 0,
      };
    });
  },

  /** The clearings of a patient's alerts in a week, oldest first (one Query, at most CLEARINGS_READ). */
  async listClearings(patientId: string, week: string): Promise<AlertClearingRecord[]> {
    const { data } = await db().entities.alertClearing.query.byPatient({ PatientID: patientId, Week: week }).go({ limit: CLEARINGS_READ });
    return data.map(({ ClearingID, ...clearing }) => clearing);
  },
};

import { DAY_MS } from '@shared/time';
import { auditItem, type AuditRecord } from './audit-repository';
import { db, type ItemOf } from './entities';
import { complete } from './page';
import { throwIfCanceled } from './transactions';

/** A shift of a clinic's on-call rota (the entity's item less its expiry). */
export type OnCallShift = Omit<ItemOf<'onCallShift'>, 'expiresAt'>;

/** The longest shift: what bounds the key range a read at one time looks back over. */
export const MAX_SHIFT_MS = 7 * DAY_MS;
/** A shift is kept this long after it ended (the audit trail keeps every change for good). */
const KEEP_AFTER_END_MS = 90 * DAY_MS;
/** A rota lists at most this many shifts (a quarter of daily shifts and then some). */
export const ROTA_READ = 200;

const toShift = ({ expiresAt, ...shift }: ItemOf<'onCallShift'>): OnCallShift => shift;

/** Shifts that may cover part of [from, to): they start before `to` and at most MAX_SHIFT_MS before `from`. */
async function shiftsAround(clinicId: string, fromMs: number, toMs: number): Promise<OnCallShift[]> {
  const result = await db()
    .entities.onCallShift.query.byClinic({ ClinicID: clinicId })
    .between({ From: new Date(fromMs - MAX_SHIFT_MS).toISOString() }, { From: new Date(toMs).toISOString() })
    .go({ pages: 'all' });
  return result.data.map(toShift).filter((shift) => Date.parse(shift.To) > fromMs && Date.parse(shift.From) < toMs);
}

export const onCallRepository = {
  /** The clinic's shifts that end after `fromMs`, by start time (at most ROTA_READ). */
  async listFrom(clinicId: string, fromMs: number): Promise<OnCallShift[]> {
    const result = await db()
      .entities.onCallShift.query.byClinic({ ClinicID: clinicId })
      .gte({ From: new Date(fromMs - MAX_SHIFT_MS).toISOString() })
      .go({ limit: ROTA_READ + 50 });
    return result.data
      .map(toShift)
      .filter((shift) => Date.parse(shift.To) > fromMs)
      .slice(0, ROTA_READ);
  },

  /** The shift in force at a time, if any (shifts never overlap). */
  async atTime(clinicId: string, atMs: number): Promise<OnCallShift | undefined> {
    const [shift] = await shiftsAround(clinicId, atMs, atMs + 1);
    return shift;
  },

  /** The clinic's shifts that overlap [from, to). */
  overlapping: (clinicId: string, fromMs: number, toMs: number) => shiftsAround(clinicId, fromMs, toMs),

  async get(clinicId: string, shiftId: string, from: string): Promise<OnCallShift | undefined> {
    const { data } = await db().entities.onCallShift.get({ ClinicID: clinicId, From: from, ShiftID: shiftId }).go();
    return data ? toShift(data) : undefined;
  },

  /** The version of the clinic's rota, read before a change that checks overlaps (0 before any change). */
  async version(clinicId: string): Promise<number> {
    const result = await db().entities.onCallRota.get({ ClinicID: clinicId }).go();
    complete(result);
    return result.data?.Version ?? 0;
  },

  /**
   * Adds a shift with its audit record, if the rota is still at `version` (what the overlap check
   * read); 'changedMeanwhile' otherwise.
   */
  async add(shift: OnCallShift, version: number, audit: AuditRecord): Promise<'done' | 'changedMeanwhile'> {
    const result = await db()
      .transaction.write(({ onCallShift, onCallRota, audit: auditEntity }) => [
        onCallShift.create({ ...shift, expiresAt: Math.floor((Date.parse(shift.To) + KEEP_AFTER_END_MS) / 1000) }).commit(),
        version === 0
          ? onCallRota.create({ ClinicID: shift.ClinicID, Version: 1 }).commit()
          : onCallRota
              .patch({ ClinicID: shift.ClinicID })
              .set({ Version: version + 1 })
              .where((attributes, { eq }) => eq(attributes.Version, version))
              .commit(),
        auditEntity.create(auditItem(audit)).commit(),
      ])
      .go();
    return outcomeOf(result);
  },

  /** Removes a shift with its audit record ('changedMeanwhile' when it was removed meanwhile). */
  async remove(shift: OnCallShift, audit: AuditRecord): Promise<'done' | 'changedMeanwhile'> {
    const result = await db()
      .transaction.write(({ onCallShift, onCallRota, audit: auditEntity }) => [
        onCallShift
          .delete({ ClinicID: shift.ClinicID, From: shift.From, ShiftID: shift.ShiftID })
          .where((attributes, { exists }) => exists(attributes.ShiftID))
          .commit(),
        onCallRota.update({ ClinicID: shift.ClinicID }).add({ Version: 1 }).commit(),
        auditEntity.create(auditItem(audit)).commit(),
      ])
      .go();
    return outcomeOf(result);
  },
};

function outcomeOf(result: { canceled: boolean; data: ReadonlyArray<{ code: string }> }): 'done' | 'changedMeanwhile' {
  if (result.canceled && result.data.some(({ code }) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'changedMeanwhile';
  throwIfCanceled(result);
  return 'done';
}

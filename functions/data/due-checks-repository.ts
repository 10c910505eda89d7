import { db, type ItemOf } from './entities';
import { DUE_SHARDS } from './entities/due-check';
import { shardOf } from './entities/shards';
import { pageOptions, toPage, type Page, type PageRequest } from './page';
import { MINUTE_MS } from '@shared/time';

/** A due check no run took is dropped a week after its minute (the check looks back one day at most). */
const KEEP_SECONDS = 7 * 24 * 60 * 60;

/** The minute a time falls in, as the due checks' key: `YYYY-MM-DDTHH:mm`. */
export const minuteOf = (ms: number) => new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS).toISOString().slice(0, 16);
export const allDueShards = () => Array.from({ length: DUE_SHARDS }, (_, shard) => String(shard));

/** The due-check item of a patient at a time, as the ingest transaction writes it. */
export function dueCheckItem(patientId: string, dueAtMs: number) {
  return { DueMinute: minuteOf(dueAtMs), Shard: String(shardOf(patientId, DUE_SHARDS)), expiresAt: Math.floor(dueAtMs / 1000) + KEEP_SECONDS };
}

/** A patient due for the skipped-exchange check at a minute (the entity's item less its expiry). */
export type DueCheck = Omit<ItemOf<'dueCheck'>, 'expiresAt'>;

export const dueChecksRepository = {
  /** The patient is to be checked for skipped exchanges at `dueAtMs` (a later run is not harmed by an earlier one). */
  async schedule(patientId: string, dueAtMs: number): Promise<void> {
    await db()
      .entities.dueCheck.put({ ...dueCheckItem(patientId, dueAtMs), PatientID: patientId })
      .go();
  },

  /** The patients due in one minute's shard. */
  async listDue(minute: string, shard: string, page?: PageRequest): Promise<Page<DueCheck>> {
    const result = await db().entities.dueCheck.query.byMinute({ DueMinute: minute, Shard: shard }).go(pageOptions(page));
    return toPage(result, ({ DueMinute, Shard, PatientID }) => ({ DueMinute, Shard, PatientID }));
  },

  async done(check: DueCheck): Promise<void> {
    await db().entities.dueCheck.delete(check).go();
  },

  /** The last minute the scheduled check took, if it ever ran. */
  async lastMinute(name: string): Promise<string | undefined> {
    return (await db().entities.dueCursor.get({ Name: name }).go()).data?.LastMinute;
  },

  async setLastMinute(name: string, minute: string): Promise<void> {
    await db().entities.dueCursor.put({ Name: name, LastMinute: minute }).go();
  },
};

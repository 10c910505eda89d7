import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { DeviceSettingName } from '@shared/device';
import { db, type Db } from './entities';

export type SettingsFanoutJob = EntityItem<Db['entities']['settingsFanout']> & { Changed: DeviceSettingName[] };

/** A new job for a global change of these device settings, for the settings' own transaction. */
export function settingsFanoutItem(changed: readonly DeviceSettingName[], now = new Date()): SettingsFanoutJob {
  const CreatedAt = now.toISOString();
  return { JobID: `${CreatedAt}#${randomUUID()}`, Changed: [...changed], CreatedAt, Published: 0 };
}

export const settingsFanoutRepository = {
  /** The jobs still to do, oldest first. */
  async listPending(limit = 10): Promise<SettingsFanoutJob[]> {
    const { data } = await db().entities.settingsFanout.query.byJob({}).go({ limit });
    return data as SettingsFanoutJob[];
  },

  /** Where a job stopped: the next run goes on from there. */
  async saveProgress(job: Pick<SettingsFanoutJob, 'JobID' | 'Cursor' | 'LastClinicID' | 'Published'>): Promise<void> {
    const { JobID, Cursor, LastClinicID, Published } = job;
    const absent = [...(Cursor ? [] : ['Cursor' as const]), ...(LastClinicID ? [] : ['LastClinicID' as const])];
    const update = db()
      .entities.settingsFanout.patch({ JobID })
      .set({ Published, ...(Cursor ? { Cursor } : {}), ...(LastClinicID ? { LastClinicID } : {}) });
    await (absent.length ? update.remove(absent) : update).go();
  },

  async done(jobId: string): Promise<void> {
    await db().entities.settingsFanout.delete({ JobID: jobId }).go();
  },
};

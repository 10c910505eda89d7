import { db } from './entities';
import { DATA_MODEL_VERSION } from './entities/data-model';

const NAME = 'DATAMODEL';

/**
 * Which data model a table holds. A table made before ElectroDB (version 1) has no marker: its
 * items lack ElectroDB's identifiers and sit under other keys, so this code cannot read them; the
 * local stack should then ask for `npm run reset` instead of starting on data it cannot see.
 */
export const dataModelRepository = {
  async version(): Promise<number> {
    const { data } = await db().entities.dataModel.get({ Name: NAME }).go();
    return data?.Version ?? 1;
  },
  isCurrent: async () => (await dataModelRepository.version()) === DATA_MODEL_VERSION,
  async markCurrent(): Promise<void> {
    await db().entities.dataModel.put({ Name: NAME, Version: DATA_MODEL_VERSION, WrittenAt: new Date().toISOString() }).go();
  },
};

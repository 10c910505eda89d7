import { randomUUID } from 'node:crypto';
import { db, type ItemOf } from './entities';
import { DEAD_LETTER_SHARDS } from './entities/dead-letter';
import { shardOf } from './entities/shards';
import { pageOptions, shardedPage, toPage, type Page, type PageRequest } from './page';

const shards = Array.from({ length: DEAD_LETTER_SHARDS }, (_, shard) => String(shard));

/**
 * A page of one client's letters is read back with one BatchGetItem, whose answer stops at 16 MB:
 * 50 letters of IoT Core's largest payload (128 KB, about 171 KB in base64) stay under it.
 */
export const DEAD_LETTER_PAGE_MAX = 50;

/** A device message the ingest could not take, kept with the reason so nothing is silently lost (the entity's item less its keys). */
export type DeadLetter = Omit<ItemOf<'deadLetter'>, 'Day' | 'Shard'>;

const withoutStorageFields = ({ Day: _day, Shard: _shard, ...letter }: DeadLetter & { Day: string; Shard: string }): DeadLetter => letter;

export const deadLettersRepository = {
  async add(letter: Omit<DeadLetter, 'DeadLetterID'>): Promise<DeadLetter> {
    const item: DeadLetter = { DeadLetterID: randomUUID(), ...letter };
    await db()
      .entities.deadLetter.create({ ...item, Day: item.ReceivedAt.slice(0, 10), Shard: String(shardOf(item.ClientId, DEAD_LETTER_SHARDS)) })
      .go();
    return item;
  },

  /** A day's dead letters (`YYYY-MM-DD`), shard after shard; one client's letters oldest first. */
  async listForDay(day: string, page?: PageRequest): Promise<Page<DeadLetter>> {
    return shardedPage(shards, page ?? {}, async (Shard, shardPage) =>
      toPage(await db().entities.deadLetter.query.byDay({ Day: day, Shard }).go(pageOptions(shardPage)), withoutStorageFields),
    );
  },

  /** A device's dead letters, newest first: those its MQTT client sent, whose id is the device's serial number. */
  async listForDevice(serialNumber: string, page?: PageRequest): Promise<Page<DeadLetter>> {
    const options = pageOptions(page);
    return toPage(
      await db()
        .entities.deadLetter.query.byClient({ ClientId: serialNumber })
        .go({ ...options, limit: Math.min(options.limit, DEAD_LETTER_PAGE_MAX), order: 'desc', hydrate: true }),
      withoutStorageFields,
    );
  },
};

import { randomUUID } from 'node:crypto';
import { db } from './entities';
import { DEAD_LETTER_SHARDS } from './entities/dead-letter';
import { shardOf } from './entities/shards';
import { pageOptions, shardedPage, toPage, type Page, type PageRequest } from './page';

const shards = Array.from({ length: DEAD_LETTER_SHARDS }, (_, shard) => String(shard));

/** A device message the ingest could not take, kept with the reason so nothing is silently lost. */
export interface DeadLetter {
  DeadLetterID: string;
  Topic: string;
  ClientId: string;
  /** The raw payload, base64, exactly as received. */
  Payload: string;
  Reason: string;
  ReceivedAt: string;
}

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
      toPage(await db().entities.deadLetter.query.byDay({ Day: day, Shard }).go(pageOptions(shardPage)), ({ Day, Shard: _shard, ...letter }) => letter),
    );
  },
};

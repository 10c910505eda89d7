import { randomUUID } from 'node:crypto';
import { db } from './entities';
import { pageOptions, toPage, type Page, type PageRequest } from './page';

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
    await db().entities.deadLetter.create({ ...item, Day: item.ReceivedAt.slice(0, 10) }).go();
    return item;
  },

  /** A day's dead letters (`YYYY-MM-DD`), oldest first. */
  async listForDay(day: string, page?: PageRequest): Promise<Page<DeadLetter>> {
    return toPage(await db().entities.deadLetter.query.byDay({ Day: day }).go(pageOptions(page)), ({ Day, ...letter }) => letter);
  },
};

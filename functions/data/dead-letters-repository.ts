import { randomUUID } from 'node:crypto';
import { putItem, queryAll, withoutKeys } from './table';

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

/** Dead letters live under one partition per day, newest last. */
const dayOf = (iso: string) => iso.slice(0, 10);

export const deadLettersRepository = {
  async add(letter: Omit<DeadLetter, 'DeadLetterID'>): Promise<DeadLetter> {
    const item: DeadLetter = { DeadLetterID: randomUUID(), ...letter };
    await putItem({ pk: `DEADLETTER#${dayOf(item.ReceivedAt)}`, sk: `${item.ReceivedAt}#${item.DeadLetterID}`, entity: 'DeadLetter', ...item });
    return item;
  },
  async listForDay(day: string): Promise<DeadLetter[]> {
    const items = await queryAll<DeadLetter>({ pk: `DEADLETTER#${day}` });
    return items.map((item) => withoutKeys(item) as DeadLetter);
  },
};

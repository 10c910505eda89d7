import type { DayCode } from '../device/schedule';
import { alerts } from '../messages/alerts';
import { makeAlert, type Alert } from './alert';
import { roundTo, timeOf } from './numbers';
import type { PrescriptionSchedule } from './observations';
import { prescribedSlots } from './prescribed-slots';
import { DAY_MS, MINUTE_MS } from '../time';

export interface SkippedExchange {
  dayCode: DayCode;
  /** HH:mm in `timeZone`. */
  time: string;
  /** YYYY-MM-DD in `timeZone`. */
  localDate: string;
  timeZone: string;
  /** The slot's instant as ISO UTC; with the patient it identifies the skip, so a rerun can skip duplicates. */
  scheduledAt: string;
  alert: Alert;
}

export interface FindSkippedExchangesInput {
  prescription: PrescriptionSchedule;
  /** The patient's exchanges, any order; only DeviceLocalDate is read. */
  exchanges: ReadonlyArray<{ DeviceLocalDate: string }>;
  now: Date;
  /** Defaults to the prescription's patientTimeZone, else UTC. */
  timeZone?: string;
  /** How long after (or before) its time an exchange still counts for a slot (setting SkippedExchangeGraceTime). */
  graceMinutes: number;
  /** Only slots from here on are reported; defaults to 24 hours before `now`. */
  since?: Date;
}

/**
 * Which slots the exchanges cover (both lists in ms, in time order): an exchange covers a slot
 * when it lies within `graceMs` before or after it, both ends included, and one exchange covers
 * one slot only. Slots are taken in time order and each takes the earliest free exchange near it,
 * which covers as many slots as the exchanges can. The skipped-exchange check and the adherence
 * calendar both count with it, so they never disagree on whether a slot was done.
 */
export function coveredSlots(slotTimesMs: readonly number[], exchangeTimesMs: readonly number[], graceMs: number): boolean[] {
  let next = 0;
  return slotTimesMs.map((slotMs) => {
    while (next < exchangeTimesMs.length && exchangeTimesMs[next]! < slotMs - graceMs) next += 1;
    const covered = next < exchangeTimesMs.length && exchangeTimesMs[next]! <= slotMs + graceMs;
    if (covered) next += 1;
    return covered;
  });
}

/** `coveredSlots` for prescribed slots and exchanges as reported (their DeviceLocalDate; one without a readable time covers nothing). */
export function slotsCoveredBy(
  slots: ReadonlyArray<{ scheduledAtMs: number }>,
  exchanges: ReadonlyArray<{ DeviceLocalDate: string }>,
  graceMs: number,
): boolean[] {
  const exchangeTimes = exchanges
    .map((exchange) => timeOf(exchange.DeviceLocalDate))
    .filter((ms): ms is number => ms !== undefined)
    .sort((a, b) => a - b);
  return coveredSlots(
    slots.map((slot) => slot.scheduledAtMs),
    exchangeTimes,
    graceMs,
  );
}

/**
 * The prescribed slots that passed more than `graceMinutes` ago with no exchange near them (within
 * `graceMinutes` either side), each with its SkippedAlert. Slots in time order each take the
 * earliest free exchange near them, one exchange a slot, which covers as many slots as can be.
 * Slots of the day before `since` match but are not reported; slots before Created_UTC never count.
 */
export function findSkippedExchanges(input: FindSkippedExchangesInput): SkippedExchange[] {
  const { prescription, now } = input;
  const graceMs = input.graceMinutes * MINUTE_MS;
  const nowMs = now.getTime();
  const sinceMs = input.since?.getTime() ?? nowMs - DAY_MS;
  const dueBeforeMs = nowMs - graceMs;

  const slots = prescribedSlots(prescription, { fromMs: sinceMs - DAY_MS, toMs: dueBeforeMs, timeZone: input.timeZone });
  const covered = slotsCoveredBy(slots, input.exchanges, graceMs);
  const skipped: SkippedExchange[] = [];
  for (const [index, slot] of slots.entries()) {
    // `slots` ends before now − grace, so every slot here has passed more than the grace period ago.
    if (covered[index] || slot.scheduledAtMs < sinceMs) continue;
    skipped.push({
      dayCode: slot.dayCode,
      time: slot.time,
      localDate: slot.localDate,
      timeZone: slot.timeZone,
      scheduledAt: new Date(slot.scheduledAtMs).toISOString(),
      alert: makeAlert('SkippedAlert', alerts.skipped(slot.time, slot.dayCode, slot.localDate, slot.timeZone, roundTo(input.graceMinutes, 1))),
    });
  }
  return skipped;
}

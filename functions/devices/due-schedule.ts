import { prescribedSlots, type PrescriptionSchedule } from '@shared/alerts';
import { DAY_MS, MINUTE_MS } from '@shared/time';

/**
 * When the patient is next due for the skipped-exchange check: the first prescribed slot after
 * `afterMs`, plus the grace time (and a minute, so the check runs once the grace has passed).
 * Undefined when the prescription has no slot in the coming week.
 */
export function nextDueCheckAt(prescription: PrescriptionSchedule, afterMs: number, graceMinutes: number): number | undefined {
  const [slot] = prescribedSlots(prescription, { fromMs: afterMs + 1, toMs: afterMs + 8 * DAY_MS }).filter((candidate) => candidate.scheduledAtMs > afterMs);
  return slot && slot.scheduledAtMs + (graceMinutes + 1) * MINUTE_MS;
}

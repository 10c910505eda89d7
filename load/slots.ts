/**
 * Skipped exchanges in a load run. The fleet reports every few seconds, its slots are hours apart
 * and its clinics keep the default grace, so it never skips one. The slot patients' devices report only at some of their prescribed
 * times, a minute apart (`coversSlot`): the scheduled check (every 15 s in a load run) must raise a
 * SkippedAlert for each slot they leave out and none for the others, through the faults. At the
 * end the check runs once more, and each load patient's SkippedAlerts (the alert history, which
 * keeps the ones staff cleared) are compared with what the check's rules give afresh on the
 * exchanges stored (`skippedSlotsOf`, read at the time of that last run).
 */
import { alertsRepository } from '@functions/data/alerts-repository';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { allItems } from '@functions/data/page';
import { RETRY_AFTER_MS as CHECK_RETRY_AFTER_MS, skippedSlotsOf } from '@functions/devices/check-skipped-exchanges';
import { savePrescription, type NewPrescription } from '@functions/services/prescriptions';
import { prescriptionLimits } from '@shared/device';
import { timeOf } from '@shared/alerts';
import type { Settings } from '@shared/settings';
import { DAY_MS, MINUTE_MS } from '@shared/time';
import type { LoadDevice } from './devices';
import type { RunLog } from './events';
import { RECOVERY_GOAL_S } from './faults';
import type { LoadDeviceHome } from './tenants';

/** The scheduled skipped-exchange check runs this often in a load run (every 5 minutes on `npm start`). */
export const SKIPPED_CHECK_INTERVAL_MS = 15_000;
/** How often the run reads the slot patients' alerts, as a clinician keeping their list open would see them. */
const WATCH_EVERY_MS = 2_000;
/**
 * A SkippedAlert first seen later than this after its slot's judgement was due is late: a run of
 * the check comes within its interval, and the watch reads every 2 s; the rest is slack for a busy stack.
 */
export const LATE_AFTER_MS = SKIPPED_CHECK_INTERVAL_MS + 15_000;
/** The slot patients' clinic: a grace of 30 s, and slots a minute apart allowed. */
export const SLOT_CLINIC_SETTINGS: Partial<Settings> = { SkippedExchangeGraceTime: 0.5, DwellTime: '00:01' };
/** The first slot: the first whole minute at least this long after the prescription is saved, so the device has approved it. */
const FIRST_SLOT_AFTER_MS = 15_000;
const ALL_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** The slots of a run (ms): as many as a prescription holds, a minute apart, the first soon after `nowMs`. */
export function slotTimes(nowMs: number): number[] {
  const first = Math.ceil((nowMs + FIRST_SLOT_AFTER_MS) / MINUTE_MS) * MINUTE_MS;
  return Array.from({ length: prescriptionLimits.exchangesPerDay.max }, (_, k) => first + k * MINUTE_MS);
}

/**
 * Whether the slot patient `device` of the run reports at slot `k`. The first (and every other one
 * after it) reports at the first slot and then stops, as a patient who gave up would: the slots
 * after it are skipped in a row, each before the one before it has passed its grace. The second
 * (and so on) leaves out every other slot, the first included.
 */
export const coversSlot = (device: number, k: number) => (device % 2 === 0 ? k === 0 : k % 2 === 1);

/**
 * By when the scheduled check has judged a slot at the latest: it is due its grace and a minute
 * after the slot (functions/devices/due-schedule.ts), and a run takes a minute once it has ended.
 */
export function judgedBy(slotMs: number, graceMinutes: number): number {
  return Math.floor((slotMs + (graceMinutes + 1) * MINUTE_MS) / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
}

/** A load patient's prescription: one card of 2 l at these times (`HH:mm`, UTC) every day; `measured` the days weighed and measured. */
export function dailyPrescription(
  times: string[],
  measured: Pick<NewPrescription, 'WeighDays' | 'BloodPulseDays'> = { WeighDays: [], BloodPulseDays: [] },
): NewPrescription {
  return {
    Exchanges: [{ ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: [...ALL_DAYS], ExchangeTime: times }],
    FillTime: 10,
    DrainTime: 20,
    MinFillTemp: 36,
    MaxFillTemp: 38,
    ...measured,
    AdditionalMedication: null,
    patientTimeZone: 'UTC',
  };
}

/** The slot patients' doctor prescribes the run's slots; their devices approve it as they get it. */
export async function prescribeSlots(homes: LoadDeviceHome[], doctorId: (clinicId: string) => string, slots: number[]): Promise<void> {
  for (const home of homes) await savePrescription(home.patientId, dailyPrescription(slots.map(hhmm)), doctorId(home.clinicId));
}

const reportKey = (device: number, k: number) => `${device}:${k}`;

/**
 * At each slot, the devices that report at it (`coversSlot`) report an exchange made then; the
 * others leave it out, and so do all once stopped (a slot after the end of a short run).
 * `reported` holds what they did.
 */
export function driveSlots(devices: LoadDevice[], slots: number[]): { reported: ReadonlySet<string>; stop(): void } {
  const reported = new Set<string>();
  const timers = slots.map((slotMs, k) =>
    setTimeout(
      () => {
        for (const [i, device] of devices.entries())
          if (coversSlot(i, k)) {
            device.tick();
            reported.add(reportKey(i, k));
          }
      },
      Math.max(0, slotMs - Date.now()),
    ),
  );
  return { reported, stop: () => timers.forEach(clearTimeout) };
}

/** By when a patient whose check failed has been checked again: the retry's wait, and two minutes as for `judgedBy`. */
const RETRIED_BY_MS = CHECK_RETRY_AFTER_MS + 2 * MINUTE_MS;

/** When these parts were down, or back less than 10 s (wall ms): the runs of the check wait, or fail. */
function downWindows(run: RunLog, parts: readonly string[]): Array<{ startMs: number; endMs: number }> {
  return run.faults
    .filter((fault) => parts.includes(fault.kind))
    .map((fault) => ({ startMs: run.wallMs(fault.start), endMs: run.wallMs(fault.back ?? Infinity) + RECOVERY_GOAL_S * 1000 }));
}

/**
 * Whether a check of a slot judgeable from `fromMs` may have failed in a DynamoDB Local fault and
 * be due again only after `checkedAtMs`.
 */
const judgedInFault = (fromMs: number, checkedAtMs: number, run: RunLog) =>
  downWindows(run, ['dynamodb']).some(({ endMs }) => fromMs <= endMs && checkedAtMs < endMs + RETRIED_BY_MS);

/** Whether DynamoDB Local or cognito-local was down, or back less than 10 s, at some time from `fromMs` to `toMs`. */
const partDownBetween = (fromMs: number, toMs: number, run: RunLog) =>
  downWindows(run, ['dynamodb', 'cognito']).some(({ startMs, endMs }) => startMs <= toMs && endMs >= fromMs);

/** Where the alert history and the exchanges are read from: a day before the run, as the check looks back. */
const historyFrom = (run: RunLog) => new Date(run.startedAtMs - DAY_MS).toISOString();

const alertKey = (patientId: string, slotAt: string) => `${patientId}|${slotAt}`;

/** The slot patients' SkippedAlerts (the history), as they read them. */
async function skippedAlertsOf(patientId: string, from: string, to: string): Promise<string[]> {
  const held = await allItems((page) => alertsRepository.listAlerts(patientId, { from, to }, page));
  return held.filter((alert) => alert.flag === 'SkippedAlert').map((alert) => alert.Time);
}

/**
 * Reads the slot patients' SkippedAlerts every 2 s and keeps when each was first seen (wall ms),
 * as a clinician watching them would; reads that fail while DynamoDB Local is down are left out.
 */
export function watchSkippedAlerts(devices: LoadDevice[], run: RunLog): { firstSeen: Map<string, number>; stop(): void } {
  const firstSeen = new Map<string, number>();
  const from = historyFrom(run);
  let reading = false;
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    void Promise.all(
      devices.map(async ({ home }) => {
        const seenAt = Date.now();
        for (const at of await skippedAlertsOf(home.patientId, from, new Date(seenAt).toISOString()))
          if (!firstSeen.has(alertKey(home.patientId, at))) firstSeen.set(alertKey(home.patientId, at), seenAt);
      }),
    )
      .catch(() => undefined)
      .finally(() => (reading = false));
  }, WATCH_EVERY_MS);
  return { firstSeen, stop: () => clearInterval(timer) };
}

export interface SkippedCheck {
  /** When the last run of the check started at the earliest (ISO): what is compared was judged by then. */
  checkedAt: string;
  /** Slots the slot patients' devices left out, and reported at, whose judgement was due by then. */
  leftOut: number;
  covered: number;
  /** SkippedAlerts the check's rules give afresh, of slots judged by then. */
  expected: number;
  /** Those slots, `<patient> <slot>` (the first 50). */
  expectedSlots: string[];
  /** SkippedAlerts the patients hold (cleared or not), of slots judged by then. */
  stored: number;
  /** Given afresh, not held. Goal 0. */
  missing: number;
  /** The slot patients' alerts held first seen more than `LATE_AFTER_MS` after their judgement was due. Goal 0. */
  late: number;
  /** Late, with a part of the stack down or coming back since the judgement was due: its runs of the check wait. */
  lateDuringFault: number;
  /** The longest time from a judgement due to its alert first seen, s (negative: seen before the latest it was due). */
  longestToAlertS: number | null;
  /** Held, not given afresh, with no exchange near the slot stored late. Goal 0. */
  extra: number;
  /** Given afresh for a slot its device reported at: its exchange is not where the check looks. Goal 0. */
  onCoveredSlots: number;
  /**
   * Held, not given afresh, with an exchange near the slot stored after the slot's grace had passed:
   * a check before it saw the slot skipped, and an alert raised is never taken back.
   */
  keptAfterLateExchange: number;
  /**
   * Given afresh, not held, for a slot judged while DynamoDB Local was down or coming back, with the
   * end less than the retry after it: a check of a patient that fails is due again 5 minutes later.
   */
  missingAfterFault: number;
  examples: string[];
}

/**
 * Compares every load patient's SkippedAlerts with what the check's rules give at `checkedAtMs`
 * (the time the last run of the check started, at the earliest). `slots`, `slotDevices` and
 * `reported` are the slot patients' part.
 */
export async function checkSkippedAlerts(input: {
  devices: LoadDevice[];
  slotDevices: LoadDevice[];
  slots: number[];
  checkedAtMs: number;
  /** The slots each slot patient's device reported at (`driveSlots`). */
  reported: ReadonlySet<string>;
  /** When each slot patient's SkippedAlert was first seen during the run (`watchSkippedAlerts`). */
  firstSeen: ReadonlyMap<string, number>;
  run: RunLog;
}): Promise<SkippedCheck> {
  const { checkedAtMs, run } = input;
  const checkedAt = new Date(checkedAtMs).toISOString();
  const from = historyFrom(run);
  const result: SkippedCheck = {
    checkedAt,
    leftOut: 0,
    covered: 0,
    expected: 0,
    expectedSlots: [],
    stored: 0,
    missing: 0,
    extra: 0,
    onCoveredSlots: 0,
    late: 0,
    lateDuringFault: 0,
    longestToAlertS: null,
    keptAfterLateExchange: 0,
    missingAfterFault: 0,
    examples: [],
  };
  const example = (line: string) => result.examples.length < 10 && result.examples.push(line);
  for (const device of [...input.devices, ...input.slotDevices]) {
    const patientId = device.home.patientId;
    const afresh = await skippedSlotsOf(patientId, new Date(checkedAtMs));
    if (!afresh) continue;
    const judged = (slotMs: number) => judgedBy(slotMs, afresh.graceMinutes) <= checkedAtMs;
    const expected = new Set(afresh.skipped.map((slot) => slot.scheduledAt).filter((at) => judged(Date.parse(at))));
    const readAt = Date.now();
    const stored = new Set((await skippedAlertsOf(patientId, from, checkedAt)).filter((at) => judged(Date.parse(at))));
    result.expected += expected.size;
    result.expectedSlots.push(...[...expected].map((at) => `${patientId} ${at}`));
    result.expectedSlots.splice(50);
    result.stored += stored.size;

    const slotIndex = input.slotDevices.indexOf(device);
    if (slotIndex >= 0) {
      for (const at of stored) {
        // Seen first now: raised by the last run of the check, or between the watch's reads.
        const dueMs = judgedBy(Date.parse(at), afresh.graceMinutes);
        const seenMs = input.firstSeen.get(alertKey(patientId, at)) ?? readAt;
        result.longestToAlertS = Math.max(result.longestToAlertS ?? -Infinity, Math.round((seenMs - dueMs) / 100) / 10);
        if (seenMs - dueMs <= LATE_AFTER_MS) continue;
        if (partDownBetween(dueMs, seenMs, run)) result.lateDuringFault += 1;
        else {
          result.late += 1;
          example(`SkippedAlert ${at} seen ${Math.round((seenMs - dueMs) / 1000)} s after due: ${patientId}`);
        }
      }
      for (const [k, slotMs] of input.slots.entries()) {
        if (!judged(slotMs)) continue;
        const reported = input.reported.has(reportKey(slotIndex, k));
        if (reported) result.covered += 1;
        else result.leftOut += 1;
        if (reported && expected.has(new Date(slotMs).toISOString())) {
          result.onCoveredSlots += 1;
          example(`skipped on a covered slot ${new Date(slotMs).toISOString()}: ${patientId}`);
        }
      }
    }

    for (const at of expected) {
      if (stored.has(at)) continue;
      if (judgedInFault(Date.parse(at) + afresh.graceMinutes * MINUTE_MS, checkedAtMs, run)) result.missingAfterFault += 1;
      else {
        result.missing += 1;
        example(`missing SkippedAlert ${at}: ${patientId}`);
      }
    }
    const extra = [...stored].filter((at) => !expected.has(at));
    if (extra.length === 0) continue;
    // An exchange near the slot stored once a check could have judged the slot without it.
    const exchanges = await allItems((page) => exchangesRepository.listForPatient(patientId, { from, to: checkedAt }, page));
    const graceMs = afresh.graceMinutes * MINUTE_MS;
    for (const at of extra) {
      const slotMs = Date.parse(at);
      const storedLate = exchanges.some((exchange) => {
        const madeAt = timeOf(exchange.DeviceLocalDate);
        if (madeAt === undefined || Math.abs(madeAt - slotMs) > graceMs) return false;
        const ackedAt = device.ledger.get(exchange._id)?.ackedAt;
        return ackedAt === undefined || run.wallMs(ackedAt) > slotMs + graceMs;
      });
      if (storedLate) result.keptAfterLateExchange += 1;
      else {
        result.extra += 1;
        example(`extra SkippedAlert ${at}: ${patientId}`);
      }
    }
  }
  return result;
}

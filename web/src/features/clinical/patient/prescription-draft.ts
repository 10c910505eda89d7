import { dwellMinutes, type Prescription, type PrescriptionBodyInput } from '@shared/api/prescriptions';
import type { DayCode, ExchangeFluid } from '@shared/device';
import type { Settings } from '@shared/settings';
import { HOUR_MS } from '@shared/time';

/** Spec section 9: fill volume 0.5 to 3 L, step 0.1, default 2. */
export const FILL_VOLUME = { min: 0.5, max: 3, step: 0.1, initial: 2 } as const;
/** Spec section 9: exchanges per day 0 to 5. */
export const MAX_TIMES_PER_CARD = 5;
/** Spec section 9: the time selector steps by 15 minutes. */
export const TIME_STEP_MINUTES = 15;
/** Spec section 2: the exchange cards scroll by 500 px. */
export const SCROLL_STEP_PX = 500;
/** Spec section 4: a prescription not approved for 8 hours or more gets the notice. */
export const NOT_APPROVED_NOTICE_MS = 8 * HOUR_MS;
/** A new time without a DwellTime setting: 1 hour later (spec section 9). */
const DEFAULT_DWELL_MINUTES = 60;
const LAST_SLOT = 24 * 60 - TIME_STEP_MINUTES;

/** One exchange card as the user edits it: the fluid may still be unchosen. */
export interface ExchangeDraft {
  ExchangeFluid: ExchangeFluid | '';
  ExchangeLiter: number;
  ExchangeDaysFrequency: DayCode[];
  ExchangeTime: string[];
}

/** The prescription form's values; the body adds the time zone and the medication's null. */
export interface PrescriptionDraft {
  Exchanges: ExchangeDraft[];
  DrainTime: number;
  FillTime: number;
  MinFillTemp: number;
  MaxFillTemp: number;
  SerialNumber: string;
  WeighDays: DayCode[];
  BloodPulseDays: DayCode[];
  AdditionalMedication: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The selector's times, 00:00 to 23:45 by 15 minutes. */
export const timeSlots: readonly string[] = Array.from({ length: (24 * 60) / TIME_STEP_MINUTES }, (_, index) => timeOf(index * TIME_STEP_MINUTES));

/**
 * The time a new exchange gets (spec section 9): the latest time of the prescription plus the
 * dwell time (1 hour if unset), 00:00 when there is none yet; on the 15-minute grid and never past
 * the day's last slot (the spec's cap of 24:00 is not a time a device can run).
 */
export function nextExchangeTime(exchanges: readonly ExchangeDraft[], dwellTime: string | undefined): string {
  const times = exchanges.flatMap((exchange) => exchange.ExchangeTime).map(minutesOf);
  if (times.length === 0) return timeOf(0);
  const dwell = dwellMinutes(dwellTime) || DEFAULT_DWELL_MINUTES;
  const next = Math.ceil((Math.max(...times) + dwell) / TIME_STEP_MINUTES) * TIME_STEP_MINUTES;
  return timeOf(Math.min(next, LAST_SLOT));
}

export const allDays: DayCode[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export function newExchange(exchanges: readonly ExchangeDraft[], dwellTime: string | undefined): ExchangeDraft {
  return { ExchangeFluid: '', ExchangeLiter: FILL_VOLUME.initial, ExchangeDaysFrequency: [...allDays], ExchangeTime: [nextExchangeTime(exchanges, dwellTime)] };
}

/** The form's first values: the current prescription, else the clinic's defaults and one new card. */
export function initialDraft(prescription: Prescription | null, serialNumber: string, settings: Settings): PrescriptionDraft {
  if (prescription) {
    return {
      Exchanges: prescription.Exchanges.map((exchange) => ({
        ...exchange,
        ExchangeDaysFrequency: [...exchange.ExchangeDaysFrequency],
        ExchangeTime: [...exchange.ExchangeTime],
      })),
      DrainTime: prescription.DrainTime,
      FillTime: prescription.FillTime,
      MinFillTemp: prescription.MinFillTemp,
      MaxFillTemp: prescription.MaxFillTemp,
      SerialNumber: serialNumber || prescription.SerialNumber,
      WeighDays: [...prescription.WeighDays],
      BloodPulseDays: [...prescription.BloodPulseDays],
      AdditionalMedication: prescription.AdditionalMedication ?? '',
    };
  }
  return {
    Exchanges: [newExchange([], settings.DwellTime)],
    DrainTime: settings.DefaultDrainTime,
    FillTime: settings.DefaultFillTime,
    MinFillTemp: settings.MinFillTemp,
    MaxFillTemp: settings.MaxFillTemp,
    SerialNumber: serialNumber,
    WeighDays: [],
    BloodPulseDays: [],
    AdditionalMedication: '',
  };
}

/** What addPrescription gets: the draft with the browser's time zone (spec section 3: sent on save). */
export function prescriptionBody(draft: PrescriptionDraft, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone): PrescriptionBodyInput {
  return {
    ...draft,
    Exchanges: draft.Exchanges as PrescriptionBodyInput['Exchanges'],
    AdditionalMedication: draft.AdditionalMedication.trim() === '' ? null : draft.AdditionalMedication,
    patientTimeZone: timeZone,
  };
}

/** Spec section 4: the notice shows when not approved and the last change is 8 hours old or more, or unknown. */
export function showsNotApprovedNotice(prescription: Prescription | null, now = Date.now()): boolean {
  if (prescription?.Approved) return false;
  const since = prescription?.ApprovedChangedAt ?? prescription?.Created_UTC;
  const time = since ? Date.parse(since) : NaN;
  return Number.isNaN(time) || now - time >= NOT_APPROVED_NOTICE_MS;
}

/** Spec section 9: the drain or fill time bounds of the clinic's settings apply only if all three values are nonzero. */
export function timeBounds(min: number, max: number, initial: number): { min: number; max: number } | undefined {
  return min && max && initial ? { min, max } : undefined;
}

/** One point of the dwell chart: an exchange time and the hours until the next one (over midnight for the last). */
export interface DwellPoint {
  time: string;
  hours: number;
}

export function dwellPoints(exchanges: readonly ExchangeDraft[]): DwellPoint[] {
  const times = [...new Set(exchanges.flatMap((exchange) => exchange.ExchangeTime))].sort();
  return times.map((time, index) => {
    const next = times[(index + 1) % times.length]!;
    const gap = (minutesOf(next) - minutesOf(time) + 24 * 60) % (24 * 60) || 24 * 60;
    return { time, hours: Math.round((gap / 60) * 100) / 100 };
  });
}

/** Groups of three, for the times listed three per row (spec section 2). */
export function inRowsOfThree<T>(items: readonly T[]): T[][] {
  const rows: T[][] = [];
  for (let index = 0; index < items.length; index += 3) rows.push(items.slice(index, index + 3));
  return rows;
}

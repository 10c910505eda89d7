import type { Language } from '@shared/language';
import type { Settings } from '@shared/settings';
import type { DeviceRoute } from './devices-repository';
import type { ExchangeRecord, ExpectedPatientField } from './exchange-records';
import type { PatientRecord } from './patients-repository';
import type { PrescriptionRecord } from './prescriptions-repository';

/**
 * Everything the ingest keeps in a container's memory between device messages, in one place.
 * Each kind is either a value that never changes once read (an approved prescription, a report
 * already checked) or a hint that every write checks (a route, a patient's state, a last time),
 * so losing any of it costs reads, never correctness (docs/data-model.md, "Requests per exchange").
 * One bound: each kind holds at most its number of entries, the oldest going first. One switch:
 * `INGEST_STATE=off` keeps nothing, as if every message reached a new container.
 */

/** The patient's fields the alert engine reads, and nothing else: what a kept state holds and the write checks. */
export type EnginePatient = Pick<PatientRecord, 'UserID' | ExpectedPatientField>;

/** What the engine knew of a device's patient once an exchange of it was stored. */
export interface KnownState {
  route: DeviceRoute;
  patient: EnginePatient;
  /** The patient's exchanges from `from` on (every one of them: the count was as expected), newest first. */
  history: ExchangeRecord[];
  from: string;
}

/** How long a clinic's settings are trusted: a change reaches the alert rules within this. */
export const SETTINGS_TTL_MS = 60_000;
/** How long what the engine knew of a patient is used without a read (each write still checks it). */
export const STATE_TTL_MS = 5 * 60_000;

/** The most exchanges the kept windows may hold: what a Lambda's memory was sized for. */
export const MOST_KEPT_EXCHANGES = 10_000;

/**
 * The exchanges the kept patients' windows hold in all (docs/data-model.md, "What ingest keeps of a
 * patient"); `INGEST_KEPT_EXCHANGES` sets it lower, as the load's soak does to reach it within warm-up.
 */
export const KEPT_EXCHANGES = keptExchangesFrom(process.env.INGEST_KEPT_EXCHANGES);

/** A positive whole number of exchanges, at most MOST_KEPT_EXCHANGES; else MOST_KEPT_EXCHANGES. */
export function keptExchangesFrom(value: string | undefined): number {
  const kept = Number(value);
  return Number.isInteger(kept) && kept > 0 ? Math.min(kept, MOST_KEPT_EXCHANGES) : MOST_KEPT_EXCHANGES;
}

/** The one switch (`INGEST_STATE=off`): nothing kept, every message read as a new container reads it. */
export const ingestStateSwitch = { on: process.env.INGEST_STATE !== 'off' };

/** A bound on the entries' total weight (e.g. exchanges held), besides their number. */
export interface KeptWeight<V> {
  of: (value: V) => number;
  max: number;
}

/**
 * A map of at most `limit` entries (and of at most `weight.max` in all, when given), each trusted
 * for `ttlMs` (forever when absent), empty while the switch is off. The entry written longest ago
 * goes first.
 */
export class Kept<V> {
  private readonly entries = new Map<string, { value: V; until: number; weight: number }>();
  private totalWeight = 0;

  constructor(
    readonly limit: number,
    /** Settable: the bench sets a patient's state to live 0 ms, as when a device reports hours after its last exchange. */
    public ttlMs?: number,
    private readonly weight?: KeptWeight<V>,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now && ingestStateSwitch.on) return entry.value;
    this.delete(key);
    return undefined;
  }

  set(key: string, value: V, now = Date.now()): void {
    this.delete(key);
    if (!ingestStateSwitch.on || this.ttlMs === 0) return;
    const weight = this.weight?.of(value) ?? 0;
    if (this.weight && weight > this.weight.max) return;
    while (this.entries.size > 0 && (this.entries.size >= this.limit || (this.weight && this.totalWeight + weight > this.weight.max)))
      this.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: this.ttlMs === undefined ? Infinity : now + this.ttlMs, weight });
    this.totalWeight += weight;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The kinds kept, with their bounds (a known state holds two weeks of a patient's exchanges: the smallest bound). */
export const ingestState = {
  /** A clinic's settings in force, by `clinicId|serviceProviderId`. */
  settings: new Kept<Settings>(2_000, SETTINGS_TTL_MS),
  /** The language a user chose (none: their clinic's default), by user id, for the escalation's notices. */
  languages: new Kept<{ Language?: Language }>(2_000, SETTINGS_TTL_MS),
  /** Approved prescriptions (they never change), by `patientId|prescriptionId`. */
  prescriptions: new Kept<PrescriptionRecord>(5_000),
  /** Each serial number's last route: only a hint of which patient to read with the device. */
  routes: new Kept<DeviceRoute>(10_000),
  /**
   * What the engine knew of a device's patient, by serial number: at most KEPT_EXCHANGES exchanges
   * in all. A window is only as long as the rules look back, but a device that reports far more
   * often than any prescription asks fills it, and 500 such windows would outgrow the Lambda's memory.
   */
  patients: new Kept<KnownState>(500, STATE_TTL_MS, { of: (state) => state.history.length, max: KEPT_EXCHANGES }),
  /** The latest LastExchangeTime a forward-only item (a device, a counter shard) is known to hold. */
  lastTimes: new Kept<string>(20_000),
  /** Stored reports already read back through the device schema (a stored report never changes). */
  checkedReports: new Kept<true>(20_000),
};

/** Forgets everything kept, as a new container would (tests that change data between exchanges, or count a cold one). */
export function clearIngestState(): void {
  for (const kept of Object.values(ingestState)) kept.clear();
}

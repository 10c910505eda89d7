/**
 * The alerts check at the end of a run: the alerts stored on each load patient's exchanges
 * against what the alert engine gives on the same stored exchanges read afresh, each with every
 * earlier exchange of its look-back as history. Clearing does not change what is compared: it
 * resolves the unresolved-alert items and stamps the exchange, while the exchange keeps the
 * alerts it raised (`StatusAlerts`).
 */
import { evaluateExchangeAlerts, startOfLookBack } from '@shared/alerts';
import { effectiveSettings, type Settings } from '@shared/settings';
import { DAY_MS, HOUR_MS } from '@shared/time';
import { exchangesRepository, type ExchangeRecord } from '@functions/data/exchanges-repository';
import { settingsRepository } from '@functions/data/settings-repository';
import type { LoadDevice } from './devices';

/** The ingest's utilization week, which its history window also reaches back to. */
const UTILIZATION_WINDOW_DAYS = 7;

export interface AlertCheck {
  exchanges: number;
  storedAlerts: number;
  engineAlerts: number;
  /** Alerts the engine gives that the exchange does not hold. Goal 0. */
  missing: number;
  /** Alerts the exchange holds that the engine does not give, on an exchange no earlier one was received or stored after. Goal 0. */
  extra: number;
  /**
   * Alerts held that the engine no longer gives, on an exchange first evaluated before an earlier
   * one was stored: the ingest adds what a late exchange makes an exchange raise and never takes
   * an alert back (a clinician has to see it), so these are by design.
   */
  extraKeptAfterLateEarlier: number;
  examples: string[];
}

async function exchangesOf(patientId: string): Promise<ExchangeRecord[]> {
  const newestFirst = await exchangesRepository.historyForRules(patientId, { from: '0000', limit: 100_000 });
  return newestFirst.reverse();
}

/** The ingest's look-back for an exchange at `atMs` (functions/devices/take-exchange.ts, windowOf). */
function lookBackOf(atMs: number, settings: Settings): number {
  return Math.min(
    startOfLookBack(atMs, settings.WeightRecentlyFromLastTime, settings.WeightRecentlyFromLastTimeUnit),
    atMs - UTILIZATION_WINDOW_DAYS * DAY_MS,
    atMs - settings.MaxDwellHours * HOUR_MS,
  );
}

export async function checkAlerts(devices: LoadDevice[]): Promise<AlertCheck> {
  const chains = new Map<string, Settings>();
  const settingsOf = async (clinicId: string, serviceProviderId: string) => {
    const key = `${clinicId}|${serviceProviderId}`;
    if (!chains.has(key)) {
      const chain = await settingsRepository.getChain(clinicId, serviceProviderId);
      chains.set(key, effectiveSettings(chain.clinic, chain.serviceProvider, chain.global));
    }
    return chains.get(key)!;
  };
  const result: AlertCheck = { exchanges: 0, storedAlerts: 0, engineAlerts: 0, missing: 0, extra: 0, extraKeptAfterLateEarlier: 0, examples: [] };
  for (const device of devices) {
    const exchanges = await exchangesOf(device.home.patientId);
    for (const [index, exchange] of exchanges.entries()) {
      const settings = await settingsOf(exchange.ClinicID, exchange.ServiceProviderID);
      const atMs = Date.parse(exchange.ExchangeTimeUtc);
      const fromMs = lookBackOf(atMs, settings);
      const history = exchanges
        .slice(0, index)
        .filter((earlier) => Date.parse(earlier.ExchangeTimeUtc) >= fromMs)
        .reverse();
      // The patient as the ingest read it, by the snapshot stored with the exchange; no per-exchange rule reads the prescription.
      const engine = new Set(
        evaluateExchangeAlerts({ exchange, history, patient: { TargetWeight: exchange.TargetWeightSnapshot }, settings }).map((a) => a.flag),
      );
      const stored = new Set(exchange.StatusAlerts.alerts.map((alert) => alert.flag));
      result.exchanges += 1;
      result.storedAlerts += stored.size;
      result.engineAlerts += engine.size;
      const missing = [...engine].filter((flag) => !stored.has(flag));
      const extra = [...stored].filter((flag) => !engine.has(flag));
      result.missing += missing.length;
      // Received later, or stored later: a delivery that failed while a part was down is taken again
      // with its first ReceivedAt, after exchanges the device sent next were stored. The device's
      // first acknowledgement tells when each was stored.
      const ackedAt = (id: string) => device.ledger.get(id)?.ackedAt ?? Infinity;
      const lateEarlier = history.some((earlier) => earlier.ReceivedAt > exchange.ReceivedAt || ackedAt(earlier._id) > ackedAt(exchange._id));
      if (lateEarlier) result.extraKeptAfterLateEarlier += extra.length;
      else result.extra += extra.length;
      for (const flag of missing) if (result.examples.length < 10) result.examples.push(`missing ${flag}: ${exchange._id}`);
      if (!lateEarlier)
        for (const flag of extra) {
          // What the stored alert says (its text names the fill it compared with) beside the engine's previous exchange.
          const text = exchange.StatusAlerts.alerts.find((alert) => alert.flag === flag)?.textValue ?? '';
          const previous = history[0];
          const engineSaw = previous ? `previous ${previous._id} fill ${previous.FillVolume ?? '-'}` : 'no previous';
          if (result.examples.length < 10) result.examples.push(`extra ${flag}: ${exchange._id} (stored: ${text}; engine: ${engineSaw})`);
        }
    }
  }
  return result;
}

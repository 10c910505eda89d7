import { alerts } from '../messages/alerts';
import type { Settings } from '../settings';
import { makeAlert, type Alert } from './alert';
import type { ExchangeObservation } from './observations';

type BloodPressureSettings = Pick<Settings, 'BPminRangeLow' | 'BPminRangeHigh' | 'BPmaxRangeLow' | 'BPmaxRangeHigh'>;

/*
 * The "min" pressure is the diastolic and the "max" pressure the systolic:
 * diastolic is normal within BPminRangeLow..BPminRangeHigh, systolic within
 * BPmaxRangeLow..BPmaxRangeHigh, both ends included. Values are whole mmHg.
 */

function readings(exchange: Pick<ExchangeObservation, 'BloodPressureMeasure'>) {
  const measure = exchange.BloodPressureMeasure;
  if (!measure) return undefined;
  return { systolic: Math.round(measure.Value.Systolic), diastolic: Math.round(measure.Value.Diastolic) };
}

/**
 * BPDecreasedAlert: systolic below BPmaxRangeLow or diastolic below BPminRangeLow (equal does not
 * alert). A low systolic is hypotension (severity 3: over-ultrafiltration, bleeding or sepsis);
 * a low diastolic alone is common in older patients with stiff arteries, so it is severity 2.
 */
export function bpDecreasedAlert(input: { exchange: Pick<ExchangeObservation, 'BloodPressureMeasure'>; settings: BloodPressureSettings }): Alert | undefined {
  const bp = readings(input.exchange);
  if (!bp) return undefined;
  const { BPmaxRangeLow, BPminRangeLow } = input.settings;
  const findings = [
    bp.systolic < BPmaxRangeLow ? alerts.systolicBelow(bp.systolic, BPmaxRangeLow) : undefined,
    bp.diastolic < BPminRangeLow ? alerts.diastolicBelow(bp.diastolic, BPminRangeLow) : undefined,
  ].filter((finding): finding is string => finding !== undefined);
  if (findings.length === 0) return undefined;
  return makeAlert('BPDecreasedAlert', alerts.bloodPressure(bp.systolic, bp.diastolic, findings), bp.systolic < BPmaxRangeLow ? 3 : 2);
}

/** BPIncreaseAlert: systolic above BPmaxRangeHigh or diastolic above BPminRangeHigh (equal does not alert). */
export function bpIncreaseAlert(input: { exchange: Pick<ExchangeObservation, 'BloodPressureMeasure'>; settings: BloodPressureSettings }): Alert | undefined {
  const bp = readings(input.exchange);
  if (!bp) return undefined;
  const { BPmaxRangeHigh, BPminRangeHigh } = input.settings;
  const findings = [
    bp.systolic > BPmaxRangeHigh ? alerts.systolicAbove(bp.systolic, BPmaxRangeHigh) : undefined,
    bp.diastolic > BPminRangeHigh ? alerts.diastolicAbove(bp.diastolic, BPminRangeHigh) : undefined,
  ].filter((finding): finding is string => finding !== undefined);
  if (findings.length === 0) return undefined;
  return makeAlert('BPIncreaseAlert', alerts.bloodPressure(bp.systolic, bp.diastolic, findings));
}

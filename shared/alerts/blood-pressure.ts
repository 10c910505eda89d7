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
    bp.systolic < BPmaxRangeLow ? `systolic ${bp.systolic} is below ${BPmaxRangeLow} mmHg` : undefined,
    bp.diastolic < BPminRangeLow ? `diastolic ${bp.diastolic} is below ${BPminRangeLow} mmHg` : undefined,
  ].filter((finding): finding is string => finding !== undefined);
  if (findings.length === 0) return undefined;
  return makeAlert('BPDecreasedAlert', `Blood pressure ${bp.systolic}/${bp.diastolic} mmHg: ${findings.join(', ')}`, bp.systolic < BPmaxRangeLow ? 3 : 2);
}

/** BPIncreaseAlert: systolic above BPmaxRangeHigh or diastolic above BPminRangeHigh (equal does not alert). */
export function bpIncreaseAlert(input: { exchange: Pick<ExchangeObservation, 'BloodPressureMeasure'>; settings: BloodPressureSettings }): Alert | undefined {
  const bp = readings(input.exchange);
  if (!bp) return undefined;
  const { BPmaxRangeHigh, BPminRangeHigh } = input.settings;
  const findings = [
    bp.systolic > BPmaxRangeHigh ? `systolic ${bp.systolic} is above ${BPmaxRangeHigh} mmHg` : undefined,
    bp.diastolic > BPminRangeHigh ? `diastolic ${bp.diastolic} is above ${BPminRangeHigh} mmHg` : undefined,
  ].filter((finding): finding is string => finding !== undefined);
  if (findings.length === 0) return undefined;
  return makeAlert('BPIncreaseAlert', `Blood pressure ${bp.systolic}/${bp.diastolic} mmHg: ${findings.join(', ')}`);
}

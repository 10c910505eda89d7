import { prescriptions } from '../messages/prescriptions';
import type { DevicePrescription } from './prescription-message';
import { DAY_CODES } from './schedule';

/**
 * A prescription in a few words for the patient list: the most exchanges of any day and the
 * fluids in the order prescribed ('4 exchanges a day: DIAneal 1.36%, DIAneal 2.27%, EXTRAneal').
 */
export function protocolSummary(prescription: Pick<DevicePrescription, 'Exchanges'>): string {
  const perDay = Math.max(
    ...DAY_CODES.map((day) =>
      prescription.Exchanges.filter((exchange) => exchange.ExchangeDaysFrequency.includes(day)).reduce(
        (sum, exchange) => sum + exchange.ExchangeTime.length,
        0,
      ),
    ),
  );
  const fluids = [...new Set(prescription.Exchanges.map((exchange) => exchange.ExchangeFluid))];
  return prescriptions.summary(perDay, fluids);
}

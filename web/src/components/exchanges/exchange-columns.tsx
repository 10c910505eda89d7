import type { ExchangeRow } from '@shared/api/exchanges';
import { patients } from '@shared/messages/patients';
import { formatLocalDate, formatPValue, numberText } from '@web/src/lib/format';
import { alertText } from '@web/src/lib/language';
import type { ListColumn } from '../list/list-logic';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients };

const c = messages.patients.exchanges.columns;

export type ExchangeColumn = ListColumn<ExchangeRow>;

/** A measure in the table's unit (spec section 9), with at most one decimal; a table's own measures use it too. */
export const measured = (id: string, header: string, value: (exchange: ExchangeRow) => number | undefined): ExchangeColumn => ({
  id,
  header,
  value,
  cell: (exchange) => numberText(value(exchange)),
  type: 'number',
});

/**
 * The columns of an exchange that the patient's exchanges table and the device's exchanges screen
 * both show, so a unit, a format or a header is written once; each table picks them in its own
 * order and adds its own (target weight; utilization and note). The alerts are joined with '; '
 * because their texts have spaces of their own, and the cleared status reads the same way. They are
 * in the page's language, so a search finds the words the cell shows.
 */
export const exchangeColumns = {
  date: { id: 'date', header: c.date, value: (x) => x.ExchangeTimeUtc, cell: (x) => formatLocalDate(x.DeviceLocalDate), type: 'date' },
  fluid: { id: 'fluid', header: c.fluid, value: (x) => x.ExchangeFluid },
  drainDuration: measured('drainDuration', c.drainDuration, (x) => x.DrainDuration),
  drainVolume: measured('drainVolume', c.drainVolume, (x) => x.DrainVolume),
  drainTemp: measured('drainTemp', c.drainTemp, (x) => x.DrainTemp),
  fillVolume: measured('fillVolume', c.fillVolume, (x) => x.FillVolume),
  fillDuration: measured('fillDuration', c.fillDuration, (x) => x.FillDuration),
  fillTemp: measured('fillTemp', c.fillTemp, (x) => x.FillTemp),
  weight: measured('weight', c.weight, (x) => x.WeightMeasure?.Value),
  bloodPressure: {
    id: 'bloodPressure',
    header: c.bloodPressure,
    value: (x) => (x.BloodPressureMeasure ? `${x.BloodPressureMeasure.Value.Systolic}/${x.BloodPressureMeasure.Value.Diastolic}` : undefined),
  },
  pulse: measured('pulse', c.pulse, (x) => x.PulseMeasure?.Value),
  uf: measured('uf', c.uf, (x) => x.Uf),
  turbidity: { id: 'turbidity', header: c.turbidity, value: (x) => x.PValue, cell: (x) => formatPValue(x.PValue), type: 'number' },
  status: { id: 'status', header: c.status, value: (x) => x.StatusAlerts.alerts.map(alertText).join('; '), minWidth: 200 },
} satisfies Record<string, ExchangeColumn>;

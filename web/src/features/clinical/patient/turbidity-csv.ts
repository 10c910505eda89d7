import type { z } from 'zod';
import type { turbidityResultSchema } from '@shared/api/exchanges';
import { patients } from '@shared/messages/patients';
import { csvCell, csvLines } from '@web/src/components/list/list-logic';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients };

type Turbidity = z.infer<typeof turbidityResultSchema>;

const SERIES = ['FillTurbidity', 'DrainTurbidity', 'BubblesFillTurbidity', 'BubblesDrainTurbidity'] as const;

/**
 * The raw turbidity series of an exchange as CSV (spec section 7, client-side functions): one row
 * per sample index, one column per series the device sent; a shorter series leaves its cells empty.
 */
export function turbidityCsv(turbidity: Turbidity): string {
  const series = SERIES.filter((name) => turbidity[name] !== undefined);
  const length = Math.max(0, ...series.map((name) => turbidity[name]!.length));
  const rows = [[messages.patients.exchanges.sample, ...series].map((header) => csvCell(header))];
  for (let index = 0; index < length; index += 1) {
    rows.push([csvCell(index), ...series.map((name) => csvCell(turbidity[name]![index]))]);
  }
  return csvLines(rows);
}

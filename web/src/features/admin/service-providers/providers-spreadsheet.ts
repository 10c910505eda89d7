import type { ProviderListItem } from '@shared/api/providers';
import { providers } from '@shared/messages/providers';
import { cellText, type CellValue, type ListColumn } from '@web/src/components/list/list-logic';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { providers };

const t = messages.providers.list;

type Cell = string | number | boolean | null;

/** A cell as the spreadsheet holds it: numbers stay numbers, the rest as the list shows it. */
const sheetCell = (value: CellValue, type: ListColumn<ProviderListItem>['type']): Cell => (typeof value === 'number' ? value : cellText(value, type) || null);

/** The spreadsheet's rows: the columns' headers, then one row per listed provider in the list's order. */
export function providerSheetRows(columns: readonly ListColumn<ProviderListItem>[], providers: readonly ProviderListItem[]): Cell[][] {
  const exported = columns.filter((column) => column.exported !== false);
  return [exported.map((column) => column.header), ...providers.map((provider) => exported.map((column) => sheetCell(column.value(provider), column.type)))];
}

/**
 * Writes the rows to service-providers.xlsx and hands it to the browser as a download (spec 7:
 * "Service provider list export to a spreadsheet", on the client). The library is loaded here, on
 * the button's press, so it is a chunk of its own that no screen loads before.
 */
export async function downloadProviderSpreadsheet(rows: Cell[][]): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(rows, { sheet: t.sheetName }).toFile(t.spreadsheetFileName);
}

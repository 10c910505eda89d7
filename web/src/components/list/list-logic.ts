import type { ReactNode } from 'react';
import { formatShortDate } from '@web/src/lib/format';

/** What a cell holds: shown, sorted, searched and exported from the same value. */
export type CellValue = string | number | Date | boolean | null | undefined;

export interface ListColumn<T> {
  id: string;
  header: string;
  /** The cell's value; the list sorts, searches and exports by it. */
  value: (item: T) => CellValue;
  /** What the cell shows when it is more than its value (an icon, a link); defaults to the value as text. */
  cell?: (item: T) => ReactNode;
  /** How the column is searched: text includes the words; number and date compare (spec 4 "Lists"). */
  type?: 'text' | 'number' | 'date';
  /** Defaults to true. */
  sortable?: boolean;
  /** Whether a search reads the column (offered in 'Search in'); defaults to true. A row's buttons are not. */
  searchable?: boolean;
  /** Whether the CSV export carries the column; defaults to true. */
  exported?: boolean;
  /** The narrowest the column gets, in px, for a cell that says more than a word (a status with its alert's text). */
  minWidth?: number;
}

/** The spec's search options (section 9: lessThan -1, greaterThan 1, include 0, equal 2). */
export type SearchMode = 'include' | 'lessThan' | 'greaterThan' | 'equal';

export interface Search {
  /** A column id, or undefined for every text of the row. */
  columnId?: string;
  mode: SearchMode;
  text: string;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function timeOf(value: CellValue): number | undefined {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return undefined;
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** A cell as text: dates dd/mm/yy, nothing for an empty value. */
export function cellText(value: CellValue, type: ListColumn<unknown>['type'] = 'text'): string {
  if (value === null || value === undefined) return '';
  if (type === 'date' || value instanceof Date) {
    const time = timeOf(value);
    return time === undefined ? '' : formatShortDate(time);
  }
  return String(value);
}

/**
 * Natural, case-insensitive order ('Clinic 2' before 'clinic 10'); numbers and dates by value;
 * empty cells last.
 */
export function compareCells(a: CellValue, b: CellValue, type: ListColumn<unknown>['type'] = 'text'): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (type === 'date') return (timeOf(a) ?? 0) - (timeOf(b) ?? 0);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(cellText(a, type), cellText(b, type));
}

const startOfDay = (time: number) => new Date(new Date(time).toDateString()).getTime();

/** Whether a date search names a day after today (spec 4: search by date disallows future dates). */
export function isFutureDate(text: string, now = Date.now()): boolean {
  const time = Date.parse(text);
  return !Number.isNaN(time) && startOfDay(time) > startOfDay(now);
}

function compareForSearch(value: CellValue, text: string, type: ListColumn<unknown>['type']): number | undefined {
  if (type === 'date') {
    const cell = timeOf(value);
    const wanted = Date.parse(text);
    if (cell === undefined || Number.isNaN(wanted)) return undefined;
    return startOfDay(cell) - startOfDay(wanted);
  }
  const cell = typeof value === 'number' ? value : Number(value);
  const wanted = Number(text);
  if (value === null || value === undefined || value === '' || Number.isNaN(cell) || text.trim() === '' || Number.isNaN(wanted)) return undefined;
  return cell - wanted;
}

/** Whether a row matches the search: free text includes (case-insensitive), or a number/date comparison. */
export function matchesSearch<T>(item: T, columns: readonly ListColumn<T>[], search: Search): boolean {
  const text = search.text.trim();
  if (!text) return true;
  const column = columns.find((candidate) => candidate.id === search.columnId);
  if (column && column.type && column.type !== 'text' && search.mode !== 'include') {
    if (column.type === 'date' && isFutureDate(text)) return true;
    const order = compareForSearch(column.value(item), text, column.type);
    if (order === undefined) return false;
    return search.mode === 'lessThan' ? order < 0 : search.mode === 'greaterThan' ? order > 0 : order === 0;
  }
  const searched = column ? [column] : columns.filter((candidate) => candidate.searchable !== false);
  const needle = text.toLowerCase();
  return searched.some((candidate) => cellText(candidate.value(item), candidate.type).toLowerCase().includes(needle));
}

/** Text a spreadsheet would run as a formula (OWASP, 'CSV Injection'): it starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell, the one way every export writes one. The spec removes commas (section 7); line
 * breaks go too, so a row stays one line. Text that a spreadsheet would run as a formula (a patient
 * named `=HYPERLINK(…)`) is prefixed with `'`, so it shows as the text it is; a number stays a
 * number (`-3.2` of a UF is a value, not a formula). Quoted as RFC 4180 says, inner quotes doubled.
 */
export function csvCell(value: CellValue, type?: ListColumn<unknown>['type']): string {
  const text = cellText(value, type).replace(/,/g, '');
  const isNumber = typeof value === 'number' && Number.isFinite(value);
  const safe = !isNumber && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/[\r\n]+/g, ' ').replace(/"/g, '""')}"`;
}

/** CSV text of rows of cells (RFC 4180: CRLF between records). */
export function csvLines(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => row.join(',')).join('\r\n');
}

/** The CSV text of the rows (every page, in the list's order and search) with a header line. */
export function toCsv<T>(columns: readonly ListColumn<T>[], items: readonly T[]): string {
  const exported = columns.filter((column) => column.exported !== false);
  return csvLines([
    exported.map((column) => csvCell(column.header)),
    ...items.map((item) => exported.map((column) => csvCell(column.value(item), column.type))),
  ]);
}

/** Offers the CSV as a download named as the spec says (clinics.csv, users.csv, devices.csv). */
export function downloadCsv(fileName: string, csv: string): void {
  downloadText(fileName, csv, 'text/csv;charset=utf-8');
}

/** Offers a text as a download of the given media type (a CSV, a FHIR Bundle). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

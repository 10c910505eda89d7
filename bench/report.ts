import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One line of the benchmark, as `.local/bench.json` holds it. */
export interface BenchRow {
  name: string;
  /** The measured figure in the unit its name says; null when it cannot be measured yet. */
  value: number | null;
  /** What the same work costs without the portal around it (raw DynamoDB), or null when no floor applies. */
  floor: number | null;
  /** value ÷ floor (or after ÷ before for tenant isolation). */
  ratio: number | null;
  goal: string;
  /** null: not judged (n/a until the route exists). */
  pass: boolean | null;
}

const round = (n: number | null, digits = 2) => (n === null || !Number.isFinite(n) ? null : Math.round(n * 10 ** digits) / 10 ** digits);

/** A row judged by its ratio against `max` (≤) or `min` (≥). */
export function ratioRow(name: string, value: number, floor: number, goal: { max?: number; min?: number }): BenchRow {
  const ratio = value / floor;
  const pass = goal.max !== undefined ? ratio <= goal.max : ratio >= goal.min!;
  return { name, value: round(value), floor: round(floor), ratio: round(ratio), goal: goal.max !== undefined ? `≤ ${goal.max}×` : `≥ ${goal.min}×`, pass };
}

/** A ratio shown for reading the others, not judged (goal `—`). */
export function shownRatioRow(name: string, value: number, floor: number): BenchRow {
  return { name, value: round(value), floor: round(floor), ratio: round(value / floor), goal: '—', pass: null };
}

/** A figure shown for reading the others, not judged. */
export function shownRow(name: string, value: number): BenchRow {
  return { name, value: round(value, 1), floor: null, ratio: null, goal: '—', pass: null };
}

/** A row judged by its value against a limit. */
export function limitRow(name: string, value: number, max: number, unit = ''): BenchRow {
  return { name, value: round(value, 1), floor: null, ratio: null, goal: `≤ ${max}${unit}`, pass: value <= max };
}

/** A row that cannot be measured yet; its floor is still shown when there is one. */
export function notYetRow(name: string, goal: string, floor: number | null = null): BenchRow {
  return { name, value: null, floor: round(floor), ratio: null, goal, pass: null };
}

export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((row) => [
    row.name,
    row.value === null ? 'n/a' : String(row.value),
    row.floor === null ? '' : String(row.floor),
    row.ratio === null ? '' : `${row.ratio}×`,
    row.goal,
    row.pass === null ? '—' : row.pass ? 'pass' : 'FAIL',
  ]);
  const header = ['measure', 'value', 'floor', 'ratio', 'goal', 'pass'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...cells.map(line)].join('\n');
}

export async function writeJson(file: string, rows: BenchRow[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(rows, null, 2)}\n`);
}

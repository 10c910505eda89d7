/**
 * The load run's report: the summary table (bench/report.ts's rows, judged against the goals), a
 * table by route, `report.json` with every figure, and `report.html` with the plots as inline SVG.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { quantile } from '../bench/measure';
import { formatTable, limitRow, type BenchRow } from '../bench/report';
import type { Accounting } from './accounting';
import type { AlertCheck } from './alerts';
import { OUTCOMES, type CallEvent, type FaultWindow, type RunLog } from './events';
import { fullServiceBack, RECOVERY_GOAL_S } from './faults';
import type { ScreenFigures } from './browsers';
import { LATE_AFTER_MS, type SkippedCheck } from './slots';
import type { KneeResult } from './knee';
import { keptExchangesFor, MEMORY_GROWTH_GOAL_PCT, type MemoryGrowth } from './memory';
import type { LoadOptions } from './options';
import { PORTAL_LIVE_HEAP, type ProcessSample, type StoredSample } from './sampler';

export interface RouteFigures {
  route: string;
  calls: number;
  outcomes: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadReport {
  options: Omit<LoadOptions, 'log'>;
  startedAt: string;
  seconds: number;
  summary: BenchRow[];
  accounting: Accounting;
  alerts: AlertCheck;
  /** The skipped-exchange alerts against the check's rules (load/slots.ts). */
  skipped: SkippedCheck;
  routes: RouteFigures[];
  faults: FaultWindow[];
  /** Each long-running process's memory growth after warm-up. */
  memory: MemoryGrowth[];
  /** What each screen open in Chromium showed. */
  screens: ScreenFigures[];
  knee?: KneeResult;
  devices: { prescriptionsAcked: number; errorsSent: number; reconnects: number };
  oddities: string[];
  series: {
    calls: CallEvent[];
    device: RunLog['device'];
    stored: StoredSample[];
    processes: ProcessSample[];
  };
}

const round = (n: number, digits = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : NaN);
const shown = (name: string, value: number): BenchRow => ({ name, value: round(value, 2), floor: null, ratio: null, goal: '—', pass: null });

export function routeFigures(calls: CallEvent[]): RouteFigures[] {
  const byRoute = new Map<string, CallEvent[]>();
  for (const call of calls) byRoute.set(call.route, [...(byRoute.get(call.route) ?? []), call]);
  return [...byRoute.entries()]
    .map(([route, list]) => {
      const ok = list.filter((call) => call.outcome === '2xx').map((call) => call.ms);
      return {
        route,
        calls: list.length,
        outcomes: Object.fromEntries(OUTCOMES.map((outcome) => [outcome, list.filter((call) => call.outcome === outcome).length])),
        p50: round(quantile(ok, 0.5)),
        p95: round(quantile(ok, 0.95)),
        p99: round(quantile(ok, 0.99)),
      };
    })
    .sort((a, b) => b.calls - a.calls);
}

export function summaryRows(accounting: Accounting, alerts: AlertCheck, run: RunLog): BenchRow[] {
  const count = (outcome: string) => run.calls.filter((call) => call.outcome === outcome).length;
  const rows: BenchRow[] = [
    shown('exchanges sent (distinct ids)', accounting.sent),
    shown('exchanges resent (duplicates, redeliveries)', accounting.resends),
    shown('exchanges stored exactly once', accounting.storedOnce),
    shown('exchanges dead-lettered with a reason', accounting.deadLettered),
    limitRow('exchanges lost', accounting.lost, 0),
    limitRow('exchanges duplicated', accounting.duplicated, 0),
    limitRow(
      'garbage not dead-lettered',
      accounting.garbageSent - accounting.garbageDeadLettered + Math.max(0, accounting.unreadableSent - accounting.unreadableDeadLettered),
      0,
    ),
    shown('alerts stored on exchanges', alerts.storedAlerts),
    shown('alerts the engine gives afresh', alerts.engineAlerts),
    limitRow('alerts missing', alerts.missing, 0),
    limitRow('alerts extra', alerts.extra, 0),
    shown('alerts kept after a late earlier exchange', alerts.extraKeptAfterLateEarlier),
    shown('clinician calls', run.calls.length),
    ...OUTCOMES.filter((outcome) => outcome !== '5xx').map((outcome) => shown(`calls ${outcome}`, count(outcome))),
    limitRow('calls 5xx unexpected', count('5xx'), 0),
  ];
  const seen = new Map<string, number>();
  for (const window of run.faults) {
    if (!['dynamodb', 'cognito', 'broker'].includes(window.kind)) continue;
    const n = (seen.get(window.kind) ?? 0) + 1;
    seen.set(window.kind, n);
    const back = fullServiceBack(window);
    const down = window.back === undefined ? NaN : window.back - window.start;
    rows.push(
      back === null
        ? { name: `${window.kind} #${n}: full service back (s)`, value: null, floor: null, ratio: null, goal: `≤ ${RECOVERY_GOAL_S} s`, pass: false }
        : { ...limitRow(`${window.kind} #${n}: full service back (s)`, back, RECOVERY_GOAL_S, ' s'), floor: round(down) },
    );
  }
  return rows;
}

/** The skipped-exchange alerts: the slots judged, and what the patients hold against the check's rules afresh. */
export function skippedRows(skipped: SkippedCheck): BenchRow[] {
  return [
    shown('slots left out by the slot patients, judged', skipped.leftOut),
    shown('slots reported at by the slot patients, judged', skipped.covered),
    shown('skipped-exchange alerts held', skipped.stored),
    shown('skipped-exchange alerts the check gives afresh', skipped.expected),
    limitRow('skipped-exchange alerts missing', skipped.missing, 0),
    limitRow('skipped-exchange alerts extra', skipped.extra, 0),
    limitRow('skipped-exchange alerts on a slot reported at', skipped.onCoveredSlots, 0),
    limitRow(`skipped-exchange alerts seen more than ${LATE_AFTER_MS / 1000} s after due`, skipped.late, 0),
    shown('skipped-exchange alerts seen late, a part down meanwhile', skipped.lateDuringFault),
    shown('seconds from due to a skipped-exchange alert seen, longest', skipped.longestToAlertS ?? NaN),
    shown('skipped-exchange alerts kept after a late exchange', skipped.keptAfterLateExchange),
    shown('skipped-exchange alerts not yet raised after a fault', skipped.missingAfterFault),
  ];
}

/** Each long-running process's growth after warm-up: judged on a soak (load/memory.ts), shown otherwise. */
export function memoryRows(growths: MemoryGrowth[]): BenchRow[] {
  return growths.map((growth) => {
    const name = `memory growth after warm-up (%): ${growth.process}, ${growth.afterWarmUpMb} → ${growth.endMb} MB`;
    return growth.judged ? limitRow(name, growth.growthPct, MEMORY_GROWTH_GOAL_PCT, ' %') : shown(name, growth.growthPct);
  });
}

/** The screens open in Chromium: every exchange acknowledged reached them, with no uncaught error; how fast is shown. */
export function screenRows(screens: ScreenFigures[]): BenchRow[] {
  if (screens.length === 0) return [];
  const sum = (pick: (screen: ScreenFigures) => number) => screens.reduce((total, screen) => total + pick(screen), 0);
  return [
    shown(`screens open in Chromium (${screens.map((screen) => screen.staff).join(', ')})`, screens.length),
    shown(
      'exchanges acknowledged for the screens’ patients',
      sum((screen) => screen.acked),
    ),
    limitRow(
      'exchanges missing from the open screen',
      sum((screen) => screen.acked - screen.seen),
      0,
    ),
    shown('seconds from ack to the screen, p50 (slowest screen)', Math.max(...screens.map((screen) => screen.p50S))),
    shown('seconds from ack to the screen, p95 (slowest screen)', Math.max(...screens.map((screen) => screen.p95S))),
    shown(
      'live notices the screens received',
      sum((screen) => screen.notices),
    ),
    limitRow(
      'uncaught errors in the screens',
      sum((screen) => screen.pageErrors.length),
      0,
    ),
  ];
}

export function routeTable(routes: RouteFigures[]): string {
  const header = ['route', 'calls', '2xx', '4xx exp', '4xx unexp', '5xx', '503 fault', 'timeout', 'p50 ms', 'p95 ms', 'p99 ms'];
  const cells = routes.map((r) => [r.route, String(r.calls), ...OUTCOMES.map((o) => String(r.outcomes[o] ?? 0)), String(r.p50), String(r.p95), String(r.p99)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...cells.map(line)].join('\n');
}

/* ---------- plots: small hand-drawn SVG line charts ---------- */

interface Series {
  name: string;
  points: Array<[number, number]>;
}
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function lineChart(title: string, unit: string, series: Series[], seconds: number, faults: FaultWindow[]): string {
  const width = 760;
  const height = 220;
  const left = 56;
  const right = 180;
  const top = 24;
  const bottom = 28;
  const maxY = Math.max(1, ...series.flatMap((s) => s.points.map(([, y]) => (Number.isFinite(y) ? y : 0)))) * 1.1;
  const x = (t: number) => left + ((width - left - right) * t) / Math.max(1, seconds);
  const y = (v: number) => top + (height - top - bottom) * (1 - v / maxY);
  const shading = faults
    .map((f) => {
      const end = Math.max(f.back ?? f.start, f.start + 0.5);
      return `<rect x="${x(f.start).toFixed(1)}" y="${top}" width="${(x(end) - x(f.start)).toFixed(1)}" height="${height - top - bottom}" fill="#f4b6b6" opacity="0.5"><title>${escape(f.kind)}</title></rect>`;
    })
    .join('');
  const lines = series
    .map((s, i) => {
      const d = s.points
        .filter(([, v]) => Number.isFinite(v))
        .map(([t, v], j) => `${j === 0 ? 'M' : 'L'}${x(t).toFixed(1)},${y(v).toFixed(1)}`)
        .join('');
      const colour = COLOURS[i % COLOURS.length];
      return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="1.5"/><text x="${width - right + 8}" y="${top + 14 * (i + 1)}" font-size="11" fill="${colour}">${escape(s.name)}</text>`;
    })
    .join('');
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (f) =>
        `<text x="${left - 4}" y="${y(maxY * f) + 4}" font-size="10" text-anchor="end">${round(maxY * f, maxY < 10 ? 1 : 0)}</text><line x1="${left}" x2="${width - right}" y1="${y(maxY * f)}" y2="${y(maxY * f)}" stroke="#eee"/>`,
    )
    .join('');
  const xTicks = Array.from({ length: 6 }, (_, i) => (seconds * i) / 5)
    .map((t) => `<text x="${x(t)}" y="${height - 10}" font-size="10" text-anchor="middle">${Math.round(t)} s</text>`)
    .join('');
  return `<figure><figcaption>${escape(title)} (${escape(unit)}; shaded: fault windows)</figcaption><svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="${escape(title)}">${shading}${ticks}${xTicks}${lines}</svg></figure>`;
}

/** Events grouped into `step`-second buckets. */
function buckets<T extends { t: number }>(events: T[], seconds: number, step: number): T[][] {
  const out: T[][] = Array.from({ length: Math.ceil(seconds / step) + 1 }, () => []);
  for (const event of events) out[Math.min(out.length - 1, Math.floor(event.t / step))]!.push(event);
  return out;
}

export function plots(report: LoadReport): string {
  const { seconds, faults } = report;
  const step = Math.max(2, Math.round(seconds / 60));
  const calls = buckets(report.series.calls, seconds, step);
  const kinds = ['read', 'write', 'sign-in'] as const;
  const rate = kinds.map((kind) => ({
    name: `${kind}s/s`,
    points: calls.map((b, i): [number, number] => [i * step, b.filter((c) => c.kind === kind).length / step]),
  }));
  const topRoutes = report.routes.slice(0, 6).map((r) => r.route);
  const routeRate = topRoutes.map((route) => ({
    name: route.split('/').slice(-1)[0] || route,
    points: calls.map((b, i): [number, number] => [i * step, b.filter((c) => c.route === route).length / step]),
  }));
  const latency = (q: number) =>
    kinds.map((kind) => ({
      name: `${kind} p${Math.round(q * 100)}`,
      points: calls.map((b, i): [number, number] => [
        i * step,
        quantile(
          b.filter((c) => c.kind === kind && c.outcome === '2xx').map((c) => c.ms),
          q,
        ),
      ]),
    }));
  const routeP95 = topRoutes.map((route) => ({
    name: `${route.split('/').slice(-1)[0] || route} p95`,
    points: calls.map((b, i): [number, number] => [
      i * step,
      quantile(
        b.filter((c) => c.route === route && c.outcome === '2xx').map((c) => c.ms),
        0.95,
      ),
    ]),
  }));
  const device = buckets(report.series.device, seconds, step);
  let sent = 0;
  let acked = 0;
  const cumulative = device.map((b, i): [number, number, number] => {
    sent += b.filter((e) => e.what === 'sent').length;
    acked += b.filter((e) => e.what === 'acked').length;
    return [i * step, sent, acked];
  });
  const processes = [...new Set(report.series.processes.map((p) => p.process))];
  const perProcess = (field: 'memoryMb' | 'cpu') =>
    processes
      // The live heap is a memory series of the portal's process, with no CPU of its own.
      .filter((name) => field === 'memoryMb' || name !== PORTAL_LIVE_HEAP)
      .map((name) => ({ name, points: report.series.processes.filter((p) => p.process === name).map((p): [number, number] => [p.t, p[field]]) }));
  return [
    lineChart('Requests per second by kind', 'calls/s', rate, seconds, faults),
    lineChart('Requests per second, busiest routes', 'calls/s', routeRate, seconds, faults),
    lineChart('Latency p50/p95/p99 by kind (2xx)', 'ms', [...latency(0.5), ...latency(0.95), ...latency(0.99)], seconds, faults),
    lineChart('Latency p95, busiest routes (2xx)', 'ms', routeP95, seconds, faults),
    lineChart(
      'Exchanges sent, acknowledged, stored (cumulative)',
      'exchanges',
      [
        { name: 'sent', points: cumulative.map(([t, s]) => [t, s]) },
        { name: 'acked', points: cumulative.map(([t, , a]) => [t, a]) },
        { name: 'stored (table count)', points: report.series.stored.map((s): [number, number] => [s.t, s.stored]) },
      ],
      seconds,
      faults,
    ),
    lineChart('Memory of each process (VmRSS), and the portal’s V8 heap after a full GC', 'MB', perProcess('memoryMb'), seconds, faults),
    lineChart('CPU of each process', '% of one CPU', perProcess('cpu'), seconds, faults),
  ].join('\n');
}

export function html(report: LoadReport): string {
  const table = (rows: string[][]) =>
    `<table>${rows.map((r, i) => `<tr>${r.map((c) => (i === 0 ? `<th>${escape(c)}</th>` : `<td>${escape(c)}</td>`)).join('')}</tr>`).join('')}</table>`;
  const summary = [
    ['measure', 'value', 'floor (part down, s; p95 alone, ms)', 'ratio', 'goal', 'pass'],
    ...report.summary.map((r) => [
      r.name,
      r.value === null ? 'n/a' : String(r.value),
      r.floor === null ? '' : String(r.floor),
      r.ratio === null ? '' : `${r.ratio}×`,
      r.goal,
      r.pass === null ? '—' : r.pass ? 'pass' : 'FAIL',
    ]),
  ];
  const routes = [
    ['route', 'calls', ...OUTCOMES, 'p50 ms', 'p95 ms', 'p99 ms'],
    ...report.routes.map((r) => [r.route, String(r.calls), ...OUTCOMES.map((o) => String(r.outcomes[o] ?? 0)), String(r.p50), String(r.p95), String(r.p99)]),
  ];
  const faults = [
    ['fault', 'start (s)', 'back (s)', 'exchange acked', 'read', 'write', 'sign-in'],
    ...report.faults.map((f) => [
      f.kind,
      String(round(f.start)),
      f.back === undefined ? '' : String(round(f.back)),
      ...['exchange acked', 'read', 'write', 'sign-in'].map((k) => (f.recovery[k] === null ? 'none' : String(f.recovery[k] ?? ''))),
    ]),
  ];
  const knee = report.knee
    ? `<h2>Knee: staff alone for ${report.knee.stepS} s, then each device rate for ${report.knee.stepS} s (sustained: ack p95 ≤ ${report.knee.sustainedAckP95S} s)</h2>${table(
        [
          ['offered (exchanges/s)', 'sent', 'acknowledged/s', 'ack p50 (s)', 'ack p95 (s)', 'sustained'],
          ...report.knee.steps.map((step) => [
            String(step.rate),
            String(step.sent),
            String(step.ackedPerS),
            String(step.ackP50S),
            String(step.ackP95S),
            step.sustained ? 'yes' : 'no',
          ]),
        ],
      )}`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Load run ${escape(report.startedAt)}</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;max-width:1100px}table{border-collapse:collapse;margin:8px 0 24px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child,th:first-child{text-align:left}figure{margin:12px 0}figcaption{font-weight:600}</style></head>
<body><h1>Load run ${escape(report.startedAt)}</h1>
<p>${report.options.devices} devices, ${report.options.clinicians} staff, ${report.options.rate} exchanges/s, ${round(report.seconds)} s, the ingest keeping at most ${keptExchangesFor(report.options)} exchanges (load/memory.ts says why). Figures are what this machine gave (docs/load.md says what each means).</p>
<h2>Summary</h2>${table(summary)}
${knee}
<h2>Faults: seconds from the part's return to the first success of each kind</h2>${table(faults)}
<h2>Clinician calls by route</h2>${table(routes)}
<h2>Over time</h2>${plots(report)}
</body></html>`;
}

export async function writeReport(dir: string, report: LoadReport): Promise<void> {
  await writeFile(path.join(dir, 'report.json'), `${JSON.stringify(report, null, 1)}\n`);
  await writeFile(path.join(dir, 'report.html'), html(report));
}

export { formatTable };

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import axe from 'axe-core';
import type { PatientAlert } from '@shared/api/exchanges';
import { paths } from '@web/src/config/routes';
import { periodStart } from '@web/src/features/clinical/clinical-reads';
import { formatLocalDate } from '@web/src/lib/format';
import { fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { exchange, PATIENT_ID, servePatient } from '../support/patient';

/** Each time a chart is drawn: recharts' LineChart, counted, then drawn as recharts draws it. */
const mockChartDraws = { count: 0 };
jest.mock('recharts', () => {
  const actual = jest.requireActual<typeof import('recharts')>('recharts');
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const LineChart = (props: Parameters<typeof actual.LineChart>[0]) => {
    mockChartDraws.count += 1;
    return createElement(actual.LineChart, props);
  };
  return { ...actual, LineChart };
});

/** The highlights panel: alert counts per flag and the six charts of 450 by 250, zoomable past 9 labels. */
beforeEach(() => {
  resetPortal();
  mockChartDraws.count = 0;
});

const SLOW = { timeout: 15000 };
const CHARTS = [
  'Weight against target weight (kg)',
  'Blood pressure, systolic and diastolic (mmHg)',
  'Pulse (bpm)',
  'UF (ml)',
  'Drain volume (ml)',
  'Turbidity (PValue)',
];
const alert = (flag: PatientAlert['flag'], id: string): PatientAlert => ({ AlertID: id, Time: '2026-11-20T06:00:00.000Z', flag, severity: 2, textValue: flag });

function exchanges(count: number) {
  return Array.from({ length: count }, (_, index) =>
    exchange({
      _id: `x${index}`,
      DeviceLocalDate: `2026-11-${String(20 - index).padStart(2, '0')}T07:04:00+01:00`,
      ExchangeTimeUtc: `2026-11-${String(20 - index).padStart(2, '0')}T06:04:00.000Z`,
      Uf: 100 + index,
      StatusAlerts:
        index < 3
          ? { statusValue: 2, alerts: [alert('LowUfAlert', `u${index}`), ...(index === 0 ? [alert('HighPulseAlert', 'p0')] : [])] }
          : { statusValue: 1, alerts: [] },
    }),
  );
}

it('counts the alerts per flag and draws the six named charts of 450 by 250 with zoom past 9 labels', async () => {
  signInAs('ClinicDirector');
  const server = servePatient(fakeServer(), exchanges(12));
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const figures = await waitFor(() => {
    const found = CHARTS.map((name) => screen.getByRole('figure', { name }));
    for (const figure of found) expect(figure.querySelector('svg.recharts-surface')).not.toBeNull();
    return found;
  }, SLOW);
  for (const figure of figures) {
    const svg = figure.querySelector('svg.recharts-surface')!;
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['450', '250']);
    expect(figure.querySelector('.recharts-brush')).not.toBeNull();
  }
  const counts = within(screen.getByRole('region', { name: 'Alerts in the period' }));
  expect(counts.getByText('Low UF')).toBeTruthy();
  expect(document.querySelector('[data-alert-count="LowUfAlert"]')?.textContent).toBe('3');
  expect(document.querySelector('[data-alert-count="HighPulseAlert"]')?.textContent).toBe('1');
  expect(document.querySelector('[data-alert-count="NoDrainAlert"]')).toBeNull();
  // The period is asked of the server: 30 whole days, today's included.
  expect(server.calls.some((call) => call.url.endsWith(`getExchanges?from=${encodeURIComponent(periodStart(30))}&limit=200`))).toBe(true);

  const results = await axe.run(screen.getByRole('figure', { name: CHARTS[0] }).closest('[data-chart]')!.parentElement!.parentElement!, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

it('names the zoom handles by the chart and the first and last day it shows, as they move', async () => {
  signInAs('Nurse');
  servePatient(fakeServer(), exchanges(12));
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const handles = await waitFor(() => {
    const found = [...screen.getByRole('figure', { name: 'UF (ml)' }).querySelectorAll<SVGElement>('[role="slider"]')];
    expect(found).toHaveLength(2);
    return found;
  }, SLOW);
  // Oldest first: the 9th to the 20th of November.
  const day = (date: number) => formatLocalDate(`2026-11-${String(date).padStart(2, '0')}T07:04:00+01:00`);
  for (const handle of handles) expect(handle.getAttribute('aria-label')).toBe(`UF (ml): shown from ${day(9)} to ${day(20)}`);
  const startAt = () => Number(screen.getByRole('figure', { name: 'UF (ml)' }).querySelector('[role="slider"]')!.getAttribute('aria-valuenow'));
  const before = startAt();
  fireEvent.keyDown(handles[0]!, { key: 'ArrowRight' });
  await waitFor(() => expect(handles[0]!.getAttribute('aria-label')).toBe(`UF (ml): shown from ${day(10)} to ${day(20)}`));
  // Naming the handles keeps the zoom where it was moved.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(startAt()).toBeGreaterThan(before);
  // Another period's points are shown whole again, and named so.
  const segments = createWrapper(document.body).findSegmentedControl()!.findSegments();
  act(() => segments.find((segment) => segment.getElement().textContent === 'Last 14 days')!.click());
  await waitFor(() => {
    const [start] = screen.getByRole('figure', { name: 'UF (ml)' }).querySelectorAll('[role="slider"]');
    expect(start?.getAttribute('aria-label')).toBe(`UF (ml): shown from ${day(9)} to ${day(20)}`);
  }, SLOW);
});

it('offers no zoom with 9 labels or fewer', async () => {
  signInAs('Nurse');
  servePatient(fakeServer(), exchanges(5));
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const figure = await waitFor(() => {
    const found = screen.getByRole('figure', { name: 'UF (ml)' });
    expect(found.querySelector('svg.recharts-surface')).not.toBeNull();
    return found;
  }, SLOW);
  expect(figure.querySelector('.recharts-brush')).toBeNull();
});

it('labels the axes without measuring a label in the page: four dates, every nth of many', async () => {
  const measured = jest.spyOn(Element.prototype, 'getBoundingClientRect');
  signInAs('Nurse');
  servePatient(fakeServer(), exchanges(20));
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const figure = await waitFor(() => {
    const found = screen.getByRole('figure', { name: 'UF (ml)' });
    expect(found.querySelector('.recharts-xAxis text')).not.toBeNull();
    return found;
  }, SLOW);
  // Recharts' own ticks measure each label in a hidden span: a forced layout each in a browser.
  expect(measured.mock.contexts.filter((element) => (element as Element).id === 'recharts_measurement_span')).toHaveLength(0);
  measured.mockRestore();
  const labels = [...figure.querySelectorAll('.recharts-xAxis text')].map((text) => text.textContent);
  // Four dates fit side by side under a chart of 450.
  expect(labels.length).toBe(4);
  expect(labels.every((label) => label && label.length > 0)).toBe(true);
  expect(figure.querySelectorAll('.recharts-yAxis text').length).toBeGreaterThan(1);
});

it('names each line in a legend under its chart, without the chart measuring it', async () => {
  signInAs('Doctor');
  servePatient(fakeServer(), exchanges(6));
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const figure = await waitFor(() => screen.getByRole('figure', { name: CHARTS[1] }), SLOW);
  expect(
    within(figure)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Systolic', 'Diastolic']);
  // Recharts' legend measures itself once drawn and draws the chart again to make room.
  expect(figure.querySelector('.recharts-legend-wrapper')).toBeNull();
});

it('draws each chart once as the panel shows, though the layout around them measures itself and renders again', async () => {
  signInAs('Nurse');
  servePatient(fakeServer(), exchanges(12));
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  await waitFor(() => {
    for (const name of CHARTS) expect(screen.getByRole('figure', { name }).querySelector('path.recharts-line-curve')).not.toBeNull();
  }, SLOW);
  await act(() => new Promise((resolve) => setTimeout(resolve, 100))); // what the first render set off has run
  expect(mockChartDraws.count).toBe(CHARTS.length);
});

/** Exchanges an hour apart, newest first, each with a UF. */
const hourly = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    exchange({ _id: `h${index}`, DeviceLocalDate: new Date(Date.UTC(2026, 10, 20, 6) - index * 3_600_000).toISOString(), Uf: 100 + index }),
  );

/** How many dots the UF chart draws for these exchanges, once its line is drawn. */
async function ufDots(rows: ReturnType<typeof exchange>[]): Promise<number> {
  resetPortal();
  signInAs('Nurse');
  servePatient(fakeServer(), rows);
  const { unmount } = renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const figure = await waitFor(() => {
    const found = screen.getByRole('figure', { name: 'UF (ml)' });
    expect(found.querySelector('path.recharts-line-curve')).not.toBeNull();
    return found;
  }, SLOW);
  const dots = figure.querySelectorAll('.recharts-line-dot').length;
  unmount();
  return dots;
}

it('marks each exchange with a dot up to 35 on a chart, and past that draws the line alone', async () => {
  expect(await ufDots(hourly(12))).toBe(12);
  expect(await ufDots(hourly(35))).toBe(35);
  expect(await ufDots(hourly(36))).toBe(0);
});

describe('periodStart', () => {
  it('starts a period of whole days at local midnight, today being the last of them', () => {
    expect(periodStart(7, new Date(2026, 10, 28, 15, 30))).toBe(new Date(2026, 10, 22).toISOString());
    expect(periodStart(30, new Date(2026, 11, 3, 0, 5))).toBe(new Date(2026, 10, 4).toISOString());
    expect(periodStart(1, new Date(2026, 10, 28, 23, 59))).toBe(new Date(2026, 10, 28).toISOString());
  });
});

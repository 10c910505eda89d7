import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { memo, useId, useMemo, useState } from 'react';
import { AxisTick, labelInterval } from '@web/src/components/chart-axis';
import { Brush, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { alertFlags, type AlertFlag } from '@shared/alerts';
import type { ExchangeRow } from '@shared/api/exchanges';
import { patients } from '@shared/messages/patients';
import { QueryState } from '@web/src/components/query-state';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { formatLocalDate } from '@web/src/lib/format';
import { useStaffUser } from '@web/src/lib/staff';
import { chartMargin, rightToLeft } from '@web/src/lib/language';
import { FIRST_HIGHLIGHT_PERIOD, HIGHLIGHT_PERIODS, highlightsRead } from '../clinical-reads';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients };

const h = messages.patients.highlights;

/** Spec section 2: charts of 450 by 250, zoom on when more than 9 labels. */
export const CHART_WIDTH = 450;
export const CHART_HEIGHT = 250;
export const ZOOM_AFTER_LABELS = 9;

/** The labels of an exchange's date and time (about 80 px at 11 px) that fit side by side under a chart. */
const DATE_LABELS = 4;
/**
 * The most points a chart marks each with a dot. More, 10 px apart or closer on a chart of 450,
 * and the dots merge into the line; each is an element to draw (docs/web.md, "The charts' dots").
 * The tooltip's dot still marks any point under the pointer.
 */
const DOTTED_POINTS = 35;

/** Colours with at least 3:1 contrast on white (WCAG 1.4.11), told apart by the legend and dashes too. */
const colours = { primary: '#0972d3', secondary: '#d91515', tertiary: '#037f0c' };

/** One point of the charts: an exchange, oldest first. */
interface Point {
  label: string;
  weight?: number;
  targetWeight?: number;
  systolic?: number;
  diastolic?: number;
  pulse?: number;
  uf?: number;
  drainVolume?: number;
  turbidity?: number;
}

const pointOf = (exchange: ExchangeRow): Point => ({
  label: formatLocalDate(exchange.DeviceLocalDate),
  weight: exchange.WeightMeasure?.Value,
  targetWeight: exchange.TargetWeightSnapshot,
  systolic: exchange.BloodPressureMeasure?.Value.Systolic,
  diastolic: exchange.BloodPressureMeasure?.Value.Diastolic,
  pulse: exchange.PulseMeasure?.Value,
  uf: exchange.Uf,
  drainVolume: exchange.DrainVolume,
  turbidity: exchange.PValue,
});

/** How many alerts of each flag the exchanges raised (cleared ones too: they happened). */
export function alertCounts(exchanges: readonly ExchangeRow[]): Array<[AlertFlag, number]> {
  const counts = new Map<AlertFlag, number>();
  for (const exchange of exchanges) for (const alert of exchange.StatusAlerts.alerts) counts.set(alert.flag, (counts.get(alert.flag) ?? 0) + 1);
  return alertFlags.filter((flag) => counts.has(flag)).map((flag) => [flag, counts.get(flag)!]);
}

interface SeriesLine {
  key: keyof Point;
  name: string;
  colour: string;
  dashed?: boolean;
}

/**
 * Which line is which, under the chart: recharts' own legend measures itself in the page once
 * drawn and draws the chart again to make room for it.
 */
function SeriesLegend({ lines }: { lines: readonly SeriesLine[] }) {
  return (
    <ul style={{ display: 'flex', justifyContent: 'center', gap: 16, listStyle: 'none', margin: 0, padding: 0, fontSize: 12 }}>
      {lines.map((line) => (
        <li key={line.key} style={{ display: 'flex', alignItems: 'center', gap: 4, color: line.colour }}>
          <svg width="16" height="6" aria-hidden="true">
            <line x1="0" y1="3" x2="16" y2="3" stroke={line.colour} strokeWidth="2" strokeDasharray={line.dashed ? '6 3' : undefined} />
          </svg>
          {line.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * A line chart of 450 by 250 named by its caption; a brush to zoom when it has more than 9 labels.
 * Drawn again only for new points: the column layout around the charts measures itself once shown
 * and renders again, and each chart is a few hundred SVG elements (docs/web.md, "The charts drawn once").
 */
const Chart = memo(function Chart({ title, points, lines }: { title: string; points: readonly Point[]; lines: readonly SeriesLine[] }) {
  const captionId = useId();
  // The same array while the points are: recharts shows the whole of new data again, zoom reset.
  const data = useMemo(() => points.filter((point) => lines.some((line) => point[line.key] !== undefined)), [points, lines]);
  // The zoom's handles are named by the days they show: recharts' own name reads a field the points
  // do not have. New points (another period) show them all again, as recharts resets its zoom then.
  const [zoom, setZoom] = useState<{ startIndex?: number; endIndex?: number; of?: readonly Point[] }>({});
  const shown = zoom.of === points ? zoom : {};
  const last = data.length - 1;
  const zoomName = h.zoomRange(title, data[shown.startIndex ?? 0]?.label ?? '', data[shown.endIndex ?? last]?.label ?? '');
  return (
    <figure aria-labelledby={captionId} style={{ margin: 0 }} data-chart={title}>
      <figcaption id={captionId}>
        <Box variant="h3" tagOverride="span">
          {title}
        </Box>
      </figcaption>
      {data.length === 0 ? (
        <Box color="text-body-secondary">{h.noData}</Box>
      ) : (
        <LineChart width={CHART_WIDTH} height={CHART_HEIGHT} data={data} title={title} margin={chartMargin(16)}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={AxisTick} interval={labelInterval(data.length, DATE_LABELS)} reversed={rightToLeft()} />
          <YAxis domain={['auto', 'auto']} tick={AxisTick} interval={0} orientation={rightToLeft() ? 'right' : 'left'} />
          <Tooltip />
          {lines.map((line) => (
            <Line
              key={line.key}
              type="monotone"
              dataKey={line.key}
              name={line.name}
              stroke={line.colour}
              strokeDasharray={line.dashed ? '6 3' : undefined}
              dot={data.length <= DOTTED_POINTS ? { r: 2 } : false}
              connectNulls
              isAnimationActive={false}
            />
          ))}
          {data.length > ZOOM_AFTER_LABELS && (
            <Brush dataKey="label" height={20} stroke={colours.primary} ariaLabel={zoomName} onChange={(range) => setZoom({ ...range, of: points })} />
          )}
        </LineChart>
      )}
      {data.length > 0 && <SeriesLegend lines={lines} />}
    </figure>
  );
});

/**
 * The six charts and their lines. Read from the messages when first drawn, not when this module
 * loads: the opened screen's module can load before the page's language is in place (docs/web.md).
 */
function chartsShown(): Array<{ title: string; lines: readonly SeriesLine[] }> {
  const s = h.series;
  return [
    {
      title: h.charts.weight,
      lines: [
        { key: 'weight', name: s.weight, colour: colours.primary },
        { key: 'targetWeight', name: s.targetWeight, colour: colours.tertiary, dashed: true },
      ],
    },
    {
      title: h.charts.bloodPressure,
      lines: [
        { key: 'systolic', name: s.systolic, colour: colours.secondary },
        { key: 'diastolic', name: s.diastolic, colour: colours.primary, dashed: true },
      ],
    },
    { title: h.charts.pulse, lines: [{ key: 'pulse', name: s.pulse, colour: colours.secondary }] },
    { title: h.charts.uf, lines: [{ key: 'uf', name: s.uf, colour: colours.primary }] },
    { title: h.charts.drainVolume, lines: [{ key: 'drainVolume', name: s.drainVolume, colour: colours.tertiary }] },
    { title: h.charts.turbidity, lines: [{ key: 'turbidity', name: s.turbidity, colour: colours.secondary }] },
  ];
}

function Highlights({ exchanges }: { exchanges: readonly ExchangeRow[] }) {
  const points = useMemo(() => [...exchanges].reverse().map(pointOf), [exchanges]);
  const charts = useMemo(chartsShown, []);
  const counts = alertCounts(exchanges);
  return (
    <SpaceBetween size="l">
      <section aria-label={h.alertCounts}>
        <Box variant="h3">{h.alertCounts}</Box>
        {counts.length === 0 ? (
          <Box color="text-body-secondary">{h.noAlerts}</Box>
        ) : (
          <KeyValuePairs columns={4} items={counts.map(([flag, count]) => ({ label: h.flags[flag], value: <span data-alert-count={flag}>{count}</span> }))} />
        )}
      </section>
      <ColumnLayout columns={2} minColumnWidth={CHART_WIDTH}>
        {charts.map((chart) => (
          <Chart key={chart.title} title={chart.title} points={points} lines={chart.lines} />
        ))}
      </ColumnLayout>
    </SpaceBetween>
  );
}

/** The highlights panel (spec section 2): alert counts per flag and the charts over a chosen period. */
export function HighlightsPanel({ patientId }: { patientId: string }) {
  const staff = useStaffUser();
  const [days, setDays] = useState<number>(FIRST_HIGHLIGHT_PERIOD);
  const read = highlightsRead(staff, patientId, days);
  const query = useApiQuery(read.id, read.options);
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <FormField label={h.period}>
              <SegmentedControl
                label={h.period}
                selectedId={String(days)}
                options={HIGHLIGHT_PERIODS.map((period) => ({ id: String(period), text: h.periodDays(period) }))}
                onChange={({ detail }) => setDays(Number(detail.selectedId))}
              />
            </FormField>
          }
        >
          {h.title}
        </Header>
      }
    >
      <QueryState query={query}>{(data) => <Highlights exchanges={data.exchanges} />}</QueryState>
    </Container>
  );
}

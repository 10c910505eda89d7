import Box from '@cloudscape-design/components/box';
import { useId } from 'react';
import { AxisTick, labelInterval } from '@web/src/components/chart-axis';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { prescriptions } from '@shared/messages/prescriptions';
import { chartMargin, rightToLeft } from '@web/src/lib/language';
import { dwellPoints, inRowsOfThree, type ExchangeDraft } from './prescription-draft';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { prescriptions };

const s = messages.prescriptions.screen;

/** The right pane (spec section 2): the hours each exchange dwells until the next one, and the times three per row. */
export function DwellChart({ exchanges }: { exchanges: readonly ExchangeDraft[] }) {
  const captionId = useId();
  const points = dwellPoints(exchanges);
  return (
    <figure aria-labelledby={captionId} style={{ margin: 0 }} data-testid="dwell-chart">
      <figcaption id={captionId}>
        <Box variant="h3" tagOverride="span">
          {s.dwellChart}
        </Box>
      </figcaption>
      {points.length === 0 ? (
        <Box color="text-body-secondary">{s.noTimes}</Box>
      ) : (
        <>
          <BarChart width={300} height={220} data={points} title={s.dwellChart} margin={chartMargin(8)}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="time" tick={AxisTick} interval={labelInterval(points.length)} reversed={rightToLeft()} />
            <YAxis tick={AxisTick} interval={0} orientation={rightToLeft() ? 'right' : 'left'} />
            <Tooltip />
            <Bar dataKey="hours" name={s.dwellHours} fill="#0972d3" isAnimationActive={false} />
          </BarChart>
          <div data-testid="dwell-times">
            {inRowsOfThree(points).map((row, index) => (
              <div key={index} style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
                {row.map((point) => (
                  <span key={point.time}>{s.dwellPoint(point.time, point.hours)}</span>
                ))}
              </div>
            ))}
          </div>
        </>
      )}
    </figure>
  );
}

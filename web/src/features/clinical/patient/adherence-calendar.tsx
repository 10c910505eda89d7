import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { z } from 'zod';
import type { adherenceDaySchema, AdherenceResult } from '@shared/api/exchanges';
import { patients } from '@shared/messages/patients';
import { QueryState } from '@web/src/components/query-state';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { useStaffUser } from '@web/src/lib/staff';
import { adherenceRead } from '../clinical-reads';
import { earlierIcon, laterIcon } from '@web/src/lib/language';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients };

const a = messages.patients.adherence;
type Day = z.infer<typeof adherenceDaySchema>;
type DayState = Day['state'];

/** Each state's colour AND symbol (colour is never the only sign, WCAG 1.4.1); text colours keep 4.5:1 on their background. */
const looks: Record<DayState, { symbol: string; background: string; colour: string }> = {
  done: { symbol: '✓', background: '#d7f5dc', colour: '#035c09' },
  partial: { symbol: '◐', background: '#fff4cc', colour: '#6b4f00' },
  missed: { symbol: '✗', background: '#fde2e2', colour: '#a10f0f' },
  none: { symbol: '–', background: '#f4f4f4', colour: '#414d5c' },
  future: { symbol: '·', background: '#ffffff', colour: '#5f6b7a' },
};
const STATES = Object.keys(looks) as DayState[];

/** 'yyyy-mm' moved by a number of months. */
export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

/** 'nov 2026' (spec section 9: months abbreviated jan to dec). */
const monthTitle = (month: string) => `${a.months[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The month's days in weeks of Monday to Sunday; days outside the month are empty. */
export function weeksOf(days: readonly Day[]): Array<Array<Day | undefined>> {
  const sorted = [...days].sort((x, y) => x.date.localeCompare(y.date));
  if (sorted.length === 0) return [];
  const first = new Date(`${sorted[0]!.date}T00:00:00Z`).getUTCDay();
  const cells: Array<Day | undefined> = [...Array<undefined>((first + 6) % 7).fill(undefined), ...sorted];
  while (cells.length % 7) cells.push(undefined);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

function DayCell({ day }: { day: Day }) {
  const look = looks[day.state];
  const label = a.dayLabel(day.date, a.states[day.state], day.done, day.prescribed);
  return (
    <td
      data-day={day.date}
      data-state={day.state}
      aria-label={label}
      title={label}
      style={{ background: look.background, color: look.colour, padding: 4, minWidth: 48, verticalAlign: 'top', border: '1px solid #e9ebed' }}
    >
      <div style={{ fontWeight: 700 }}>{Number(day.date.slice(8, 10))}</div>
      <div aria-hidden="true">
        {look.symbol} {day.prescribed > 0 && day.state !== 'future' ? `${day.done}/${day.prescribed}` : ''}
      </div>
    </td>
  );
}

function Month({ adherence }: { adherence: AdherenceResult }) {
  return (
    <SpaceBetween size="s">
      <Box variant="p" data-testid="adherence-percent">
        {adherence.adherencePercent === undefined ? a.noPrescription : a.percent(Math.round(adherence.adherencePercent))}
      </Box>
      <table style={{ borderCollapse: 'collapse' }}>
        <caption style={{ textAlign: 'left' }}>
          <Box variant="h3" tagOverride="span">
            {monthTitle(adherence.month)}
          </Box>
        </caption>
        <thead>
          <tr>
            {a.weekdays.map((weekday) => (
              <th key={weekday} scope="col" style={{ padding: 4 }}>
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(adherence.days).map((week, index) => (
            <tr key={index}>{week.map((day, column) => (day ? <DayCell key={day.date} day={day} /> : <td key={`empty-${column}`} />))}</tr>
          ))}
        </tbody>
      </table>
      <section aria-label={a.legend}>
        <SpaceBetween direction="horizontal" size="m">
          {STATES.map((state) => (
            <span key={state} data-legend={state} style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
              <span
                aria-hidden="true"
                style={{ background: looks[state].background, color: looks[state].colour, border: '1px solid #e9ebed', padding: '0 6px' }}
              >
                {looks[state].symbol}
              </span>
              {a.states[state]}
            </span>
          ))}
        </SpaceBetween>
      </section>
    </SpaceBetween>
  );
}

/**
 * Beyond the spec: the adherence calendar of a month, each day done, partial, missed, with nothing
 * prescribed, or still to come; the month's percentage; earlier months, never future ones.
 */
export function AdherenceCalendar({ patientId }: { patientId: string }) {
  const [month, setMonth] = useState<string>();
  const read = adherenceRead(useStaffUser(), patientId, month);
  const query = useApiQuery(read.id, read.options);
  const shown = query.data?.month ?? month ?? thisMonth();
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button iconName={earlierIcon()} onClick={() => setMonth(shiftMonth(shown, -1))} disabled={!query.data}>
                {a.previousMonth}
              </Button>
              <Button iconName={laterIcon()} iconAlign="right" onClick={() => setMonth(shiftMonth(shown, 1))} disabled={!query.data || shown >= thisMonth()}>
                {a.nextMonth}
              </Button>
            </SpaceBetween>
          }
        >
          {a.title}
        </Header>
      }
    >
      <QueryState query={query}>{(data) => <Month adherence={data} />}</QueryState>
    </Container>
  );
}

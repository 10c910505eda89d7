/**
 * Chart axes that measure nothing. Recharts' own ticks measure each label in a hidden span to
 * choose which to show and to wrap them: a forced layout per label, which on a slow machine's
 * CPU is the largest part of drawing a patient's charts. These ticks are plain SVG text, and the
 * labels shown are chosen by their count.
 */

/** How far below, or beside, its point a label's baseline goes, as recharts places them. */
const OFFSET = { start: '0.71em', middle: '0.355em', end: '0' } as const;

interface TickProps {
  x?: number;
  y?: number;
  payload?: { value?: unknown };
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  verticalAnchor?: keyof typeof OFFSET;
}

/** An axis label: `tick={AxisTick}` on an `XAxis` or `YAxis`. */
export function AxisTick({ x, y, payload, textAnchor = 'middle', verticalAnchor = 'start' }: TickProps) {
  return (
    <text x={x} y={y} dy={OFFSET[verticalAnchor]} textAnchor={textAnchor} fontSize={11} fill="#5f6b7a">
      {String(payload?.value ?? '')}
    </text>
  );
}

/** The `interval` that shows about `labels` of `count` labels: every nth, counted, not measured. */
export const labelInterval = (count: number, labels = 8) => Math.max(0, Math.ceil(count / labels) - 1);

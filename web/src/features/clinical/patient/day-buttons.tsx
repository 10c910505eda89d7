import SpaceBetween from '@cloudscape-design/components/space-between';
import ToggleButton from '@cloudscape-design/components/toggle-button';
import type { DayCode } from '@shared/device';
import { prescriptions } from '@shared/messages/prescriptions';
import { allDays } from './prescription-draft';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { prescriptions };

/** The day buttons of spec section 4: SU to SA, each toggling selected and unselected; the days stay in week order. */
export function DayButtons({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: readonly DayCode[];
  onChange: (days: DayCode[]) => void;
  disabled?: boolean;
}) {
  const toggle = (day: DayCode, pressed: boolean) => onChange(allDays.filter((candidate) => (candidate === day ? pressed : value.includes(candidate))));
  return (
    <div role="group" aria-label={label}>
      <SpaceBetween direction="horizontal" size="xxs">
        {allDays.map((day) => (
          <ToggleButton key={day} pressed={value.includes(day)} disabled={disabled} onChange={({ detail }) => toggle(day, detail.pressed)}>
            {messages.prescriptions.screen.dayNames[day]}
          </ToggleButton>
        ))}
      </SpaceBetween>
    </div>
  );
}

import { DEAD_LETTER_ALARM } from '@functions/devices/dead-letter-alarm';
import { deadLetterWatch } from '@infra/local/dead-letter-watch';
import { MINUTE_MS } from '@shared/time';

/** The local twin of the DeadLetters alarm: one log line when a sliding window's count reaches the threshold, driven by a clock of its own. */
function watched() {
  const lines: string[] = [];
  let clock = Date.parse('2026-03-01T09:00:00Z');
  const watch = deadLetterWatch({ log: (line) => lines.push(line), now: () => clock });
  return {
    lines,
    letters(count: number, everyMs = 1000) {
      for (let n = 0; n < count; n++) {
        watch.letter();
        clock += everyMs;
      }
    },
    wait(ms: number) {
      clock += ms;
    },
  };
}
const { letters: threshold, minutes } = DEAD_LETTER_ALARM;

it('logs one line when the letters of the last minutes reach the alarm’s threshold, not one per letter', () => {
  const watch = watched();
  watch.letters(threshold - 1);
  expect(watch.lines).toEqual([]);
  watch.letters(1);
  expect(watch.lines).toEqual([expect.stringContaining(`${threshold} device messages refused in the last ${minutes} minutes`)]);
  watch.letters(threshold * 3);
  expect(watch.lines).toHaveLength(1);
});

it('slides: letters spread wider than the window never reach it', () => {
  const watch = watched();
  watch.letters(threshold * 3, Math.ceil((minutes * MINUTE_MS) / (threshold - 1)) + 1);
  expect(watch.lines).toEqual([]);
});

it('logs again after the count fell below the threshold and reaches it anew', () => {
  const watch = watched();
  watch.letters(threshold);
  watch.wait(minutes * MINUTE_MS);
  watch.letters(threshold - 1);
  expect(watch.lines).toHaveLength(1);
  watch.letters(1);
  expect(watch.lines).toHaveLength(2);
});

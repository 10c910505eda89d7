import { DEAD_LETTER_ALARM } from '@functions/devices/dead-letter-alarm';

export interface DeadLetterWatchOptions {
  log: (line: string) => void;
  letters?: number;
  minutes?: number;
  /** The clock, in milliseconds (tests drive it). */
  now?: () => number;
}

/**
 * The local twin of the DeadLetters alarm: counts the dead letters of the last `minutes` (a sliding
 * window) and logs one line when the count reaches `letters`, then nothing more until the count has
 * fallen below it again, so a flood of bad messages is one line, not one per letter.
 */
export function deadLetterWatch(options: DeadLetterWatchOptions) {
  const { log, letters = DEAD_LETTER_ALARM.letters, minutes = DEAD_LETTER_ALARM.minutes, now = Date.now } = options;
  const windowMs = minutes * 60_000;
  const times: number[] = [];
  let raised = false;
  return {
    /** Notes one dead letter kept now. */
    letter(): void {
      const at = now();
      times.push(at);
      while (times[0]! <= at - windowMs) times.shift();
      if (times.length < letters) raised = false;
      else if (!raised) {
        raised = true;
        log(
          `dead letters: ${times.length} device messages refused in the last ${minutes} minutes (the alarm's threshold is ${letters}); /device/errors lists each device's`,
        );
      }
    },
  };
}

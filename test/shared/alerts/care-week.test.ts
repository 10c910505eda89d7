import { addWeeks, isIsoWeek, isoWeekOf, isoWeekOfDate, patientWeekOf, weekAdherence, weekDates, weekTimeZoneOf, weekWindow } from '@shared/alerts';

const daily = (times: string[], created = '2020-01-01T00:00:00Z') => ({
  Exchanges: [{ ExchangeDaysFrequency: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'], ExchangeTime: times }],
  patientTimeZone: 'UTC',
  Created_UTC: created,
});

describe('ISO weeks (Monday start, week 1 holds the first Thursday)', () => {
  it.each([
    [{ year: 2026, month: 11, day: 23 }, '2026-W48'], // a Monday
    [{ year: 2026, month: 11, day: 29 }, '2026-W48'], // its Sunday
    [{ year: 2021, month: 1, day: 3 }, '2020-W53'], // early January in the previous year's last week
    [{ year: 2024, month: 12, day: 30 }, '2025-W01'], // late December in the next year's first week
    [{ year: 2026, month: 1, day: 1 }, '2026-W01'],
  ])('%o is in %s', (date, week) => expect(isoWeekOfDate(date)).toBe(week));

  it('reads an instant by its wall-clock date in the time zone', () => {
    const sundayLateInNewYork = Date.parse('2026-11-30T03:30:00Z'); // Sunday 22:30 in New York, Monday in UTC
    expect(isoWeekOf(sundayLateInNewYork, 'UTC')).toBe('2026-W49');
    expect(isoWeekOf(sundayLateInNewYork, 'America/New_York')).toBe('2026-W48');
  });

  it('knows which weeks exist, and steps across years', () => {
    expect(isIsoWeek('2020-W53')).toBe(true);
    expect(isIsoWeek('2026-W53')).toBe(true);
    expect(isIsoWeek('2025-W53')).toBe(false);
    expect(isIsoWeek('2026-W00')).toBe(false);
    expect(isIsoWeek('2026-48')).toBe(false);
    expect(addWeeks('2026-W01', -1)).toBe('2025-W52');
    expect(addWeeks('2020-W53', 1)).toBe('2021-W01');
    expect(weekDates('2026-W48')).toEqual({ monday: '2026-11-23', sunday: '2026-11-29' });
  });

  it('starts and ends the week at local midnight', () => {
    const { fromMs, toMs } = weekWindow('2026-W48', 'Europe/Berlin');
    expect(new Date(fromMs).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(new Date(toMs).toISOString()).toBe('2026-11-29T23:00:00.000Z');
  });
});

describe('weekAdherence', () => {
  const week = '2026-W48';
  it('is the exchanges over the slots due by now (grace passed), capped at 100', () => {
    // Wednesday 12:00: Monday and Tuesday's two slots and Wednesday's 08:00 are due; Wednesday 11:30 is within its hour of grace.
    const now = new Date('2026-11-25T12:00:00Z');
    const input = { prescription: daily(['08:00', '11:30']), week, timeZone: 'UTC', now, graceMinutes: 60 };
    expect(weekAdherence({ ...input, exchanges: 4 })).toEqual({ prescribed: 5, adherencePercent: 80 });
    expect(weekAdherence({ ...input, exchanges: 7 })).toEqual({ prescribed: 5, adherencePercent: 100 });
    expect(weekAdherence({ ...input, exchanges: 0 })).toEqual({ prescribed: 5, adherencePercent: 0 });
  });

  it('counts a past week whole, none before the prescription, and nothing without one', () => {
    const now = new Date(Date.parse('2026-12-10T00:00:00Z'));
    expect(weekAdherence({ prescription: daily(['08:00']), exchanges: 6, week, timeZone: 'UTC', now, graceMinutes: 60 })).toEqual({
      prescribed: 7,
      adherencePercent: 85.7,
    });
    expect(weekAdherence({ prescription: daily(['08:00'], '2026-11-27T00:00:00Z'), exchanges: 3, week, timeZone: 'UTC', now, graceMinutes: 60 })).toEqual({
      prescribed: 3,
      adherencePercent: 100,
    });
    expect(weekAdherence({ prescription: undefined, exchanges: 3, week, timeZone: 'UTC', now, graceMinutes: 60 })).toEqual({ prescribed: 0 });
    expect(weekAdherence({ prescription: daily(['08:00']), exchanges: 0, week: '2027-W10', timeZone: 'UTC', now, graceMinutes: 60 })).toEqual({
      prescribed: 0,
    });
  });
});

describe("a patient's week", () => {
  it("is counted in the prescription's time zone, UTC before there is one", () => {
    expect(weekTimeZoneOf({ TimeZone: 'America/New_York' })).toBe('America/New_York');
    expect(weekTimeZoneOf({})).toBe('UTC');
  });

  it('puts an instant in the week of its wall-clock date there, from a string or milliseconds', () => {
    const sundayLateInNewYork = '2026-11-30T03:30:00Z';
    expect(patientWeekOf({ TimeZone: 'America/New_York' }, sundayLateInNewYork)).toBe('2026-W48');
    expect(patientWeekOf({}, Date.parse(sundayLateInNewYork))).toBe('2026-W49');
  });
});

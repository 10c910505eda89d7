import { monthAdherence, type PrescriptionSchedule } from '@shared/alerts';

const everyDay = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const berlin: PrescriptionSchedule = {
  Exchanges: [{ ExchangeDaysFrequency: everyDay, ExchangeTime: ['02:30', '13:00'] }],
  patientTimeZone: 'Europe/Berlin',
  Created_UTC: '2025-03-10T00:00:00Z',
};
const at = (...times: string[]) => times.map((DeviceLocalDate) => ({ DeviceLocalDate }));
const dayOf = (result: ReturnType<typeof monthAdherence>, date: string) => result.days.find((day) => day.date === date);

describe('monthAdherence (the adherence calendar)', () => {
  it('has one entry per day of the month, none before the prescription was created', () => {
    const result = monthAdherence({ prescription: berlin, exchanges: [], month: '2025-03', now: new Date('2025-04-02T00:00:00Z'), graceMinutes: 120 });
    expect(result.days).toHaveLength(31);
    expect(result.timeZone).toBe('Europe/Berlin');
    expect(dayOf(result, '2025-03-09')).toEqual({ date: '2025-03-09', prescribed: 0, done: 0, state: 'none' });
    // Created at 01:00 Berlin on the 10th: both slots of that day count.
    expect(dayOf(result, '2025-03-10')).toEqual({ date: '2025-03-10', prescribed: 2, done: 0, state: 'missed' });
    expect(result.adherencePercent).toBe(0);
  });

  it('counts a day done, partial or missed with the matching of the skipped-exchange check (grace either side, one exchange per slot)', () => {
    const exchanges = at(
      '2025-03-11T01:30:00Z', // 02:30 Berlin
      '2025-03-11T14:00:00Z', // 13:00 + 60 min
      '2025-03-12T12:00:00Z', // 13:00 exactly; 02:30 missed
      '2025-03-13T12:00:00Z', // two exchanges near one slot count once
      '2025-03-13T12:05:00Z',
      '2025-03-14T14:01:00Z', // 13:00 + 121 min: too late
    );
    const result = monthAdherence({ prescription: berlin, exchanges, month: '2025-03', now: new Date('2025-03-15T00:00:00Z'), graceMinutes: 120 });
    expect(dayOf(result, '2025-03-11')).toMatchObject({ prescribed: 2, done: 2, state: 'done' });
    expect(dayOf(result, '2025-03-12')).toMatchObject({ prescribed: 2, done: 1, state: 'partial' });
    expect(dayOf(result, '2025-03-13')).toMatchObject({ prescribed: 2, done: 1, state: 'partial' });
    expect(dayOf(result, '2025-03-14')).toMatchObject({ prescribed: 2, done: 0, state: 'missed' });
    expect(dayOf(result, '2025-03-16')).toMatchObject({ prescribed: 2, done: 0, state: 'future' });
    // 10th: 0/2, 11th 2/2, 12th 1/2, 13th 1/2, 14th 0/2 → 4 of 10.
    expect(result.adherencePercent).toBe(40);
  });

  it('keeps two slots on the day the clocks go forward: 02:30 does not exist and is an hour later', () => {
    const exchanges = at('2025-03-30T01:30:00Z', '2025-03-30T11:00:00Z'); // 03:30 CEST, 13:00 CEST
    const result = monthAdherence({ prescription: berlin, exchanges, month: '2025-03', now: new Date('2025-04-01T00:00:00Z'), graceMinutes: 120 });
    expect(dayOf(result, '2025-03-30')).toEqual({ date: '2025-03-30', prescribed: 2, done: 2, state: 'done' });
    expect(dayOf(result, '2025-03-31')).toMatchObject({ prescribed: 2, done: 0, state: 'missed' });
  });

  it('today counts only the slots done or past their grace time', () => {
    const prescription = { ...berlin, Exchanges: [{ ExchangeDaysFrequency: everyDay, ExchangeTime: ['08:00', '13:00', '18:00'] }] };
    const exchanges = at('2025-03-20T07:00:00Z'); // 08:00 Berlin done
    const check = (now: string) => dayOf(monthAdherence({ prescription, exchanges, month: '2025-03', now: new Date(now), graceMinutes: 120 }), '2025-03-20');
    expect(check('2025-03-20T06:00:00Z')).toMatchObject({ prescribed: 1, done: 1, state: 'done' }); // done early, within grace
    expect(check('2025-03-20T13:00:00Z')).toMatchObject({ prescribed: 1, done: 1, state: 'done' }); // 13:00 Berlin still within grace
    expect(check('2025-03-20T14:00:01Z')).toMatchObject({ prescribed: 2, done: 1, state: 'partial' });
    const none = monthAdherence({ prescription, exchanges: [], month: '2025-03', now: new Date('2025-03-20T05:00:00Z'), graceMinutes: 120 });
    expect(dayOf(none, '2025-03-20')).toMatchObject({ prescribed: 0, done: 0, state: 'future' });
  });

  it('shows no percentage and no prescribed slot without a prescription', () => {
    const result = monthAdherence({
      prescription: undefined,
      exchanges: at('2025-03-11T01:30:00Z'),
      month: '2025-03',
      now: new Date('2025-04-01T00:00:00Z'),
      graceMinutes: 120,
    });
    expect(result.days.every((day) => day.state === 'none')).toBe(true);
    expect(result.adherencePercent).toBeUndefined();
    expect(result.timeZone).toBe('UTC');
  });

  it('counts only prescribed weekdays, in the local calendar', () => {
    const mondays = { ...berlin, Exchanges: [{ ExchangeDaysFrequency: ['MO'], ExchangeTime: ['00:30'] }] };
    // 00:30 Berlin on Monday 17 March is 23:30 UTC on Sunday.
    const result = monthAdherence({
      prescription: mondays,
      exchanges: at('2025-03-16T23:30:00Z'),
      month: '2025-03',
      now: new Date('2025-03-25T00:00:00Z'),
      graceMinutes: 120,
    });
    expect(result.days.filter((day) => day.prescribed > 0).map((day) => [day.date, day.state])).toEqual([
      // Monday the 10th's 00:30 is before the prescription was created (01:00): it does not count.
      ['2025-03-17', 'done'],
      ['2025-03-24', 'missed'],
      ['2025-03-31', 'future'],
    ]);
  });
});

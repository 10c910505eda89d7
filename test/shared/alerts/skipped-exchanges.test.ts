import { findSkippedExchanges, prescribedSlots, zonedTimeToInstant, type PrescriptionSchedule } from '@shared/alerts';

const everyDay = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const berlin: PrescriptionSchedule = {
  Exchanges: [{ ExchangeDaysFrequency: everyDay, ExchangeTime: ['08:00', '13:00', '18:00'] }],
  patientTimeZone: 'Europe/Berlin',
  Created_UTC: '2025-03-01T00:00:00Z',
};
// 2025-03-10 is a Monday; Berlin is UTC+1 until 30 March.
const now = new Date('2025-03-10T18:00:00Z');
const at = (...times: string[]) => times.map((DeviceLocalDate) => ({ DeviceLocalDate }));

describe('findSkippedExchanges (SkippedAlert, grace SkippedExchangeGraceTime)', () => {
  it("reports a prescribed time with no exchange within the grace time, severity 2, in the patient's time zone", () => {
    const skipped = findSkippedExchanges({ prescription: berlin, exchanges: at('2025-03-10T07:05:00Z'), now, graceMinutes: 120 });
    expect(skipped).toEqual([
      {
        dayCode: 'MO',
        time: '13:00',
        localDate: '2025-03-10',
        timeZone: 'Europe/Berlin',
        scheduledAt: '2025-03-10T12:00:00.000Z',
        alert: {
          flag: 'SkippedAlert',
          severity: 2,
          textValue: 'Prescribed exchange at 13:00 on MO 2025-03-10 (Europe/Berlin) was not done within 120 minutes',
        },
      },
    ]);
  });

  it('counts an exchange exactly at the grace time before or after the slot, not one a minute beyond', () => {
    const check = (exchangeAt: string) =>
      findSkippedExchanges({
        prescription: berlin,
        exchanges: at('2025-03-10T07:00:00Z', exchangeAt),
        now,
        graceMinutes: 120,
      }).map((slot) => slot.time);
    expect(check('2025-03-10T14:00:00Z')).toEqual([]); // 13:00 local + 120 min
    expect(check('2025-03-10T10:00:00Z')).toEqual([]); // 13:00 local - 120 min
    expect(check('2025-03-10T14:01:00Z')).toEqual(['13:00']);
    expect(check('2025-03-10T09:59:00Z')).toEqual(['13:00']);
  });

  it('waits for the grace time to pass before reporting a slot', () => {
    const check = (nowIso: string) =>
      findSkippedExchanges({
        prescription: berlin,
        exchanges: at('2025-03-09T17:00:00Z', '2025-03-10T07:00:00Z'),
        now: new Date(nowIso),
        graceMinutes: 120,
      }).map((slot) => slot.time);
    expect(check('2025-03-10T13:59:59Z')).toEqual([]);
    expect(check('2025-03-10T14:00:00Z')).toEqual([]); // exactly at the end of the grace time: still possible
    expect(check('2025-03-10T14:00:01Z')).toEqual(['13:00']);
  });

  it('reports every due slot for a patient with no exchange at all', () => {
    const skipped = findSkippedExchanges({ prescription: berlin, exchanges: [], now, graceMinutes: 120 });
    expect(skipped.map((slot) => `${slot.localDate} ${slot.time}`)).toEqual(['2025-03-10 08:00', '2025-03-10 13:00']);
  });

  it('lets one exchange count for one slot only', () => {
    const close: PrescriptionSchedule = { ...berlin, Exchanges: [{ ExchangeDaysFrequency: everyDay, ExchangeTime: ['08:00', '09:00'] }] };
    const skipped = findSkippedExchanges({ prescription: close, exchanges: at('2025-03-10T07:30:00Z'), now, graceMinutes: 120 });
    expect(skipped.map((slot) => slot.time)).toEqual(['09:00']);
  });

  it('only knows the days of ExchangeDaysFrequency', () => {
    const weekdays: PrescriptionSchedule = { ...berlin, Exchanges: [{ ExchangeDaysFrequency: ['TU', 'TH'], ExchangeTime: ['08:00'] }] };
    expect(findSkippedExchanges({ prescription: weekdays, exchanges: [], now, graceMinutes: 120 })).toEqual([]);
    const tuesday = new Date('2025-03-11T18:00:00Z');
    expect(findSkippedExchanges({ prescription: weekdays, exchanges: [], now: tuesday, graceMinutes: 120 }).map((s) => s.dayCode)).toEqual(['TU']);
  });

  it('uses the local day code and date where they differ from UTC', () => {
    const newYork: PrescriptionSchedule = {
      Exchanges: [{ ExchangeDaysFrequency: ['MO'], ExchangeTime: ['22:00'] }],
      patientTimeZone: 'America/New_York',
      Created_UTC: '2025-03-01T00:00:00Z',
    };
    const skipped = findSkippedExchanges({ prescription: newYork, exchanges: [], now: new Date('2025-03-11T06:00:00Z'), graceMinutes: 60 });
    expect(skipped.map(({ dayCode, localDate, scheduledAt }) => ({ dayCode, localDate, scheduledAt }))).toEqual([
      { dayCode: 'MO', localDate: '2025-03-10', scheduledAt: '2025-03-11T02:00:00.000Z' }, // EDT, UTC-4
    ]);
  });

  it('ignores slots before the prescription was made and before `since`', () => {
    const fresh = { ...berlin, Created_UTC: '2025-03-10T10:00:00Z' };
    expect(findSkippedExchanges({ prescription: fresh, exchanges: [], now, graceMinutes: 120 }).map((s) => s.time)).toEqual(['13:00']);
    const since = new Date('2025-03-10T11:00:00Z');
    expect(findSkippedExchanges({ prescription: berlin, exchanges: [], now, since, graceMinutes: 120 }).map((s) => s.time)).toEqual(['13:00']);
  });

  it('matches the day before `since` too, but reports only slots from `since` on', () => {
    const since = new Date('2025-03-10T06:00:00Z');
    const skipped = findSkippedExchanges({
      prescription: berlin,
      exchanges: at('2025-03-09T17:00:00Z', '2025-03-10T07:00:00Z'),
      now,
      since,
      graceMinutes: 120,
    });
    expect(skipped.map((s) => s.time)).toEqual(['13:00']);
  });
});

describe('prescribedSlots', () => {
  it('keeps each instant once, in time order, within [from, to)', () => {
    const doubled: PrescriptionSchedule = {
      Exchanges: [
        { ExchangeDaysFrequency: ['MO'], ExchangeTime: ['13:00', '08:00'] },
        { ExchangeDaysFrequency: ['MO'], ExchangeTime: ['08:00'] },
      ],
      patientTimeZone: 'UTC',
    };
    const slots = prescribedSlots(doubled, { fromMs: Date.parse('2025-03-10T08:00:00Z'), toMs: Date.parse('2025-03-10T13:00:00Z') });
    expect(slots.map((slot) => slot.time)).toEqual(['08:00']);
  });

  it('moves a time the spring clock change skips an hour later and takes the later of a doubled autumn time, the same when asked again', () => {
    // The second round answers from the offsets kept by the first.
    for (let round = 1; round <= 2; round += 1) {
      expect(new Date(zonedTimeToInstant({ year: 2025, month: 3, day: 30 }, 2, 30, 'Europe/Berlin')).toISOString()).toBe('2025-03-30T01:30:00.000Z');
      expect(new Date(zonedTimeToInstant({ year: 2025, month: 3, day: 30 }, 3, 30, 'Europe/Berlin')).toISOString()).toBe('2025-03-30T01:30:00.000Z');
      expect(new Date(zonedTimeToInstant({ year: 2025, month: 3, day: 30 }, 1, 30, 'Europe/Berlin')).toISOString()).toBe('2025-03-30T00:30:00.000Z');
      expect(new Date(zonedTimeToInstant({ year: 2025, month: 10, day: 26 }, 2, 30, 'Europe/Berlin')).toISOString()).toBe('2025-10-26T01:30:00.000Z');
      expect(new Date(zonedTimeToInstant({ year: 2025, month: 7, day: 1 }, 8, 0, 'America/New_York')).toISOString()).toBe('2025-07-01T12:00:00.000Z');
      expect(new Date(zonedTimeToInstant({ year: 2025, month: 1, day: 1 }, 8, 0, 'America/New_York')).toISOString()).toBe('2025-01-01T13:00:00.000Z');
    }
  });

  it('defaults to UTC without a time zone and ignores malformed times', () => {
    const utc: PrescriptionSchedule = { Exchanges: [{ ExchangeDaysFrequency: ['MO'], ExchangeTime: ['08:00', '8:00', '25:00'] }] };
    const slots = prescribedSlots(utc, { fromMs: Date.parse('2025-03-10T00:00:00Z'), toMs: Date.parse('2025-03-11T00:00:00Z') });
    expect(slots.map((slot) => new Date(slot.scheduledAtMs).toISOString())).toEqual(['2025-03-10T08:00:00.000Z']);
  });
});

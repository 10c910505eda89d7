import { alertFlags, alertSchema, alertSeverities, alertStatus, alertSummary, makeAlert, mergeAlertStatus, statusFromCounts } from '@shared/alerts';

const medium = (text: string) => makeAlert('LowUfAlert', text);
const high = (text: string) => makeAlert('NoDrainAlert', text);

describe('alertStatus (spec section 4, Alert severity)', () => {
  it('is 1 (normal, green) with no alert', () => {
    expect(alertStatus([])).toEqual({ statusValue: 1 });
  });

  it('is the highest severity among the alerts', () => {
    const red = high('red');
    expect(alertStatus([medium('a'), red, medium('b')])).toEqual({ statusValue: 3, alert: red });
  });

  it('takes the later alert on ties', () => {
    const first = medium('first');
    const second = medium('second');
    expect(alertStatus([first, second]).alert).toBe(second);
    const red1 = high('red 1');
    const red2 = high('red 2');
    expect(alertStatus([red1, medium('x'), red2, medium('y')]).alert).toBe(red2);
  });

  it('keeps an earlier higher alert over a later lower one', () => {
    const red = high('red');
    expect(alertStatus([red, medium('later')])).toEqual({ statusValue: 3, alert: red });
  });

  it('merges statuses with the same rule, ignoring those with no alert', () => {
    const a = alertStatus([medium('a')]);
    const b = alertStatus([]);
    const c = alertStatus([medium('c')]);
    expect(mergeAlertStatus([a, b, c]).alert?.textValue).toBe('c');
    expect(mergeAlertStatus([b, b])).toEqual({ statusValue: 1 });
  });
});

describe('alertSummary (spec section 4: the text a status cell shows)', () => {
  it('is the alert that decides the status, whatever the alerts say', () => {
    const red = high('No drain');
    expect(alertSummary([red, medium('Prescription is not approved')])).toBe(red);
    const later = medium('later');
    expect(alertSummary([medium('earlier'), later])).toBe(later);
    expect(alertSummary([])).toBeUndefined();
  });

  it('keeps the fields of the alert it is given (a patient alert keeps its id)', () => {
    const stored = { ...medium('stored'), AlertID: 'a1', Time: '2026-01-09T08:00:00.000Z' };
    expect(alertSummary([stored])?.AlertID).toBe('a1');
  });
});

describe('makeAlert and the severities', () => {
  it('has a severity of 2 or 3 for each of the eleven flags of the spec', () => {
    expect(alertFlags).toHaveLength(11);
    for (const flag of alertFlags) expect([2, 3]).toContain(alertSeverities[flag]);
  });

  it('rates the signs of peritonitis, a stopped device and fluid left in the abdomen high', () => {
    expect(alertSeverities.TurbidityIncreasedAlert).toBe(3);
    expect(alertSeverities.HighDrainTempAlert).toBe(3);
    expect(alertSeverities.MachineProblemAlert).toBe(3);
    expect(alertSeverities.NoDrainAlert).toBe(3);
    expect(alertSeverities.SkippedAlert).toBe(2);
    expect(alertSeverities.WeightIncreasedAlert).toBe(2);
  });

  it('builds alerts that the alert schema accepts', () => {
    expect(alertSchema.parse(makeAlert('SkippedAlert', 'text'))).toEqual({ flag: 'SkippedAlert', severity: 2, textValue: 'text' });
    expect(makeAlert('BPDecreasedAlert', 'text', 2).severity).toBe(2);
    expect(alertSchema.safeParse({ flag: 'SkippedAlert', severity: 1, textValue: 'x' }).success).toBe(false);
    expect(alertSchema.safeParse({ flag: 'OtherAlert', severity: 2, textValue: 'x' }).success).toBe(false);
    expect(alertSchema.safeParse({ flag: 'SkippedAlert', severity: 2, textValue: '' }).success).toBe(false);
  });
});

describe("statusFromCounts (a patient's unresolved-alert counters)", () => {
  it.each([
    [0, 0, 1],
    [undefined, undefined, 1],
    [0, 4, 2],
    [1, 4, 3],
    [2, 0, 3],
  ])('high %p and medium %p give %p', (high, medium, status) => {
    expect(statusFromCounts(high, medium)).toBe(status);
  });
});

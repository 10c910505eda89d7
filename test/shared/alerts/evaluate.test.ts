import { alertStatus, earlierExchanges, evaluateExchangeAlerts, previousExchange } from '@shared/alerts';
import { exchangeAlertRules } from '@shared/alerts/evaluate';
import { exchange, input, previous } from './support';

describe('evaluateExchangeAlerts', () => {
  it('raises nothing for an unremarkable exchange, with or without history', () => {
    expect(evaluateExchangeAlerts(input())).toEqual([]);
    expect(evaluateExchangeAlerts(input({ history: [], patient: null }))).toEqual([]);
  });

  it("raises every flag that holds, in the spec's flag order, at most one per flag", () => {
    const bad = exchange({
      MachineProblem: 'PANIC: pump',
      WeightMeasure: { Value: 80, Time: '2025-03-10T11:50:00Z' },
      DrainVolume: 2150,
      BloodPressureMeasure: { Value: { Systolic: 170, Diastolic: 100 }, Time: '2025-03-10T11:55:00Z' },
      PulseMeasure: { Value: 120, Time: '2025-03-10T11:55:00Z' },
      DrainTemp: 39,
      BubblesTurbidityCalc: { meanCleanDrain: 9, stdevCleanDrain: 1, meanCleanFill: 0.4, stdevCleanFill: 0.1 },
    });
    const alerts = evaluateExchangeAlerts(input({ exchange: bad }));
    expect(alerts.map((alert) => alert.flag)).toEqual([
      'MachineProblemAlert',
      'WeightIncreasedAlert',
      'LowUfAlert',
      'BPIncreaseAlert',
      'HighPulseAlert',
      'HighDrainTempAlert',
      'TurbidityIncreasedAlert',
    ]);
    expect(alertStatus(alerts)).toEqual({ statusValue: 3, alert: alerts[alerts.length - 1] });
  });

  it('has one rule per exchange flag (SkippedAlert is the scheduled check)', () => {
    expect(exchangeAlertRules).toHaveLength(10);
  });
});

describe('earlierExchanges and previousExchange', () => {
  const now = exchange();
  it('leaves out the exchange itself and later ones, newest first', () => {
    const a = previous({ _id: 'a', DeviceLocalDate: '2025-03-10T04:00:00Z' });
    const b = previous({ _id: 'b', DeviceLocalDate: '2025-03-10T08:00:00Z' });
    const later = previous({ _id: 'later', DeviceLocalDate: '2025-03-10T13:00:00Z' });
    const same = previous({ _id: 'same-time', DeviceLocalDate: '2025-03-10T12:00:00Z' });
    expect(earlierExchanges(now, [a, { ...now }, later, b, same]).map((e) => e._id)).toEqual(['b', 'a']);
  });

  it('takes the previous exchange only within MaxDwellHours', () => {
    const b = previous({ _id: 'b', DeviceLocalDate: '2025-03-10T08:00:00Z' });
    expect(previousExchange(now, [b], 4)?._id).toBe('b');
    expect(previousExchange(now, [b], 3.9)).toBeUndefined();
    expect(previousExchange(now, [], 24)).toBeUndefined();
  });
});

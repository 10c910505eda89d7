import { evaluateExchangeAlerts, isPanic, machineProblemAlert, panicAlert } from '@shared/alerts';
import { exchange, input } from './support';

describe('MachineProblemAlert (counts only if the text contains panic)', () => {
  it('fires for a text containing panic, in any letter case, with severity 3 and the text quoted', () => {
    expect(machineProblemAlert({ exchange: exchange({ MachineProblem: 'PANIC: heater over-temperature' }) })).toEqual({
      flag: 'MachineProblemAlert',
      severity: 3,
      textValue: 'Machine problem: PANIC: heater over-temperature',
    });
    expect(isPanic('pump panic stop')).toBe(true);
    expect(isPanic('Panic')).toBe(true);
  });

  it('does not fire for other problems, no error, empty or absent texts', () => {
    for (const MachineProblem of ['no error', 'error1', 'Door open', 'pan ic', '', '   ', null, undefined]) {
      expect(machineProblemAlert({ exchange: exchange({ MachineProblem }) })).toBeUndefined();
    }
  });

  it('trims the text and quotes at most 500 characters of it', () => {
    expect(panicAlert('  panic  ')?.textValue).toBe('Machine problem: panic');
    const long = `panic ${'x'.repeat(600)}`;
    expect(panicAlert(long)?.textValue).toHaveLength('Machine problem: '.length + 500);
  });

  it('is raised by evaluateExchangeAlerts for the first exchange, with no history', () => {
    const alerts = evaluateExchangeAlerts(input({ exchange: exchange({ MachineProblem: 'panic' }), history: [] }));
    expect(alerts.map((alert) => alert.flag)).toEqual(['MachineProblemAlert']);
  });
});

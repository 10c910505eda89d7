import { filterDeviceErrors, isReportableMachineProblem } from '@shared/alerts';

describe('device errors (spec section 3, Device)', () => {
  it("drops empty, 'no error' and 'error1' entries and keeps the rest in order", () => {
    const errors = [
      { Time: '1', MachineProblem: 'Door open' },
      { Time: '2', MachineProblem: '' },
      { Time: '3', MachineProblem: 'no error' },
      { Time: '4', MachineProblem: 'error1' },
      { Time: '5', MachineProblem: 'PANIC: pump' },
      { Time: '6', MachineProblem: null },
      { Time: '7' },
    ];
    expect(filterDeviceErrors(errors).map((error) => error.Time)).toEqual(['1', '5']);
  });

  it('compares after trimming and ignoring letter case', () => {
    expect(isReportableMachineProblem(' No Error ')).toBe(false);
    expect(isReportableMachineProblem('ERROR1')).toBe(false);
    expect(isReportableMachineProblem('   ')).toBe(false);
  });

  it('keeps texts that only resemble the dropped ones', () => {
    expect(isReportableMachineProblem('error10')).toBe(true);
    expect(isReportableMachineProblem('no error found in pump, heater failed')).toBe(true);
  });
});

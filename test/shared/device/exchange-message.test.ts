import { deviceExchangeSchema, deviceUpExamples, type DeviceExchange } from '@shared/device';

const valid = deviceUpExamples.exchange;
const issues = (value: unknown) => {
  const result = deviceExchangeSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};
const without = (field: keyof DeviceExchange) => {
  const copy: Record<string, unknown> = { ...valid };
  delete copy[field];
  return copy;
};

describe('deviceExchangeSchema', () => {
  it('accepts the example and a minimal exchange without the optional measures', () => {
    expect(deviceExchangeSchema.parse(valid)).toEqual(valid);
    const minimal = {
      _id: 'x1',
      DeviceLocalDate: '2025-03-10T08:04:12Z',
      ExchangeFluid: 'EXTRAneal',
      DrainVolume: 0,
      DrainDuration: 0,
      DrainTemp: 98.6,
      FillVolume: 2000,
      FillDuration: 10,
      FillTemp: 98.6,
      TempUnit: 'F',
      WeightUnit: 'LB',
    };
    expect(issues(minimal)).toEqual([]);
  });

  it('rejects a missing required field with a readable reason naming it', () => {
    expect(issues(without('DrainVolume'))).toEqual(['DrainVolume: Required']);
    expect(issues(without('_id'))).toEqual(['_id: Required']);
  });

  it('rejects unknown fields, so a misspelt field is not silently lost', () => {
    expect(issues({ ...valid, DrainVolumeMl: 2000 })).toEqual([": Unrecognized key(s) in object: 'DrainVolumeMl'"]);
  });

  it('rejects an unknown fluid, unit or an id with characters that need escaping', () => {
    expect(issues({ ...valid, ExchangeFluid: 'DIAneal 5%' })[0]).toMatch(/^ExchangeFluid: Invalid enum value/);
    expect(issues({ ...valid, TempUnit: 'K' })[0]).toMatch(/^TempUnit: Invalid enum value/);
    expect(issues({ ...valid, WeightUnit: 'kg' })[0]).toMatch(/^WeightUnit: Invalid enum value/);
    expect(issues({ ...valid, _id: 'a/b' })).toEqual(["_id: Id must be 1 to 64 letters, digits, '.', '_', ':' or '-'"]);
  });

  it('rejects a date without an offset or not a date', () => {
    expect(issues({ ...valid, DeviceLocalDate: '2025-03-10T08:04:12' })).toEqual(['DeviceLocalDate: Invalid datetime']);
    expect(issues({ ...valid, DeviceLocalDate: 'yesterday' })).toContain('DeviceLocalDate: Invalid datetime');
  });

  it('rejects volumes and durations outside what a device can measure', () => {
    expect(issues({ ...valid, FillVolume: 5001 })).toEqual(['FillVolume: Number must be less than or equal to 5000']);
    expect(issues({ ...valid, DrainVolume: -1 })).toEqual(['DrainVolume: Number must be greater than or equal to 0']);
    expect(issues({ ...valid, DrainDuration: 241 })).toEqual(['DrainDuration: Number must be less than or equal to 240']);
    expect(issues({ ...valid, FillVolume: '2000' })).toEqual(['FillVolume: Expected number, received string']);
  });

  it('checks temperatures in °C after converting from the message unit', () => {
    expect(issues({ ...valid, DrainTemp: 61 })).toEqual(['DrainTemp: DrainTemp must lie between 0 °C and 60 °C']);
    expect(issues({ ...valid, TempUnit: 'F', DrainTemp: 98.6, FillTemp: 99 })).toEqual([]);
    // °F figures sent as °C
    expect(issues({ ...valid, DrainTemp: 98.6, FillTemp: 99 })).toEqual([
      'DrainTemp: DrainTemp must lie between 0 °C and 60 °C',
      'FillTemp: FillTemp must lie between 0 °C and 60 °C',
    ]);
  });

  it('checks the weight in kg after converting from the message unit', () => {
    const weight = (Value: number, WeightUnit: 'KG' | 'LB') => ({ ...valid, WeightUnit, WeightMeasure: { Value, Time: valid.DeviceLocalDate } });
    expect(issues(weight(800, 'LB'))).toEqual([]); // 363 kg
    expect(issues(weight(900, 'LB'))).toEqual(['WeightMeasure.Value: Weight must lie between 1 kg and 400 kg']);
    expect(issues(weight(401, 'KG'))).toEqual(['WeightMeasure.Value: Weight must lie between 1 kg and 400 kg']);
  });

  it('rejects a blood pressure with systolic not above diastolic, or out of range, and a fractional pulse', () => {
    const bp = (Systolic: number, Diastolic: number) => ({
      ...valid,
      BloodPressureMeasure: { Value: { Systolic, Diastolic }, Time: valid.DeviceLocalDate },
    });
    expect(issues(bp(80, 90))).toEqual(['BloodPressureMeasure.Value.Systolic: Systolic must be above diastolic']);
    expect(issues(bp(301, 90))).toEqual(['BloodPressureMeasure.Value.Systolic: Number must be less than or equal to 300']);
    expect(issues({ ...valid, PulseMeasure: { Value: 72.5, Time: valid.DeviceLocalDate } })).toEqual(['PulseMeasure.Value: Expected integer, received float']);
  });

  it('bounds the turbidity series and texts', () => {
    expect(issues({ ...valid, DrainTurbidity: new Array(2001).fill(1) })).toEqual(['DrainTurbidity: Array must contain at most 2000 element(s)']);
    expect(issues({ ...valid, DrainTurbidity: [1, -0.1] })).toEqual(['DrainTurbidity.1: Number must be greater than or equal to 0']);
    expect(issues({ ...valid, Note: 'x'.repeat(1001) })).toEqual(['Note: String must contain at most 1000 character(s)']);
    expect(issues({ ...valid, MachineProblem: 'x'.repeat(501) })).toEqual(['MachineProblem: String must contain at most 500 character(s)']);
  });

  it('rejects non-finite numbers and non-objects', () => {
    expect(issues({ ...valid, DrainTemp: Number.NaN })[0]).toMatch(/^DrainTemp: /);
    expect(issues(null)).toEqual([': Expected object, received null']);
  });
});

import {
  deviceDownExamples,
  deviceErrorSchema,
  devicePrescriptionSchema,
  deviceSettingsMessageSchema,
  deviceUpExamples,
  prescriptionAckSchema,
  toDeviceSettingsMessage,
} from '@shared/device';
import { defaultSettings } from '@shared/settings';

const issues = (
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('deviceErrorSchema', () => {
  it('accepts the example, also with a not-an-error text (the filter drops it later)', () => {
    expect(issues(deviceErrorSchema, deviceUpExamples.error)).toEqual([]);
    expect(issues(deviceErrorSchema, { ...deviceUpExamples.error, MachineProblem: 'no error' })).toEqual([]);
  });

  it('rejects a missing time, a bad date and extra fields', () => {
    expect(issues(deviceErrorSchema, { _id: 'e1', MachineProblem: 'x' })).toEqual(['Time: Required']);
    expect(issues(deviceErrorSchema, { ...deviceUpExamples.error, Time: '10/03/2025' })).toContain('Time: Invalid datetime');
    expect(issues(deviceErrorSchema, { ...deviceUpExamples.error, Severity: 3 })).toEqual([": Unrecognized key(s) in object: 'Severity'"]);
  });
});

describe('prescriptionAckSchema', () => {
  it('accepts the example and rejects an ack without the prescription id', () => {
    expect(issues(prescriptionAckSchema, deviceUpExamples['prescription-ack'])).toEqual([]);
    expect(issues(prescriptionAckSchema, { Time: '2025-03-10T09:15:02Z' })).toEqual(['PrescriptionId: Required']);
  });
});

describe('devicePrescriptionSchema', () => {
  const valid = deviceDownExamples.prescription;
  it('accepts the example', () => {
    expect(devicePrescriptionSchema.parse(valid)).toEqual(valid);
  });

  it("rejects the spec's invalid prescriptions with a readable reason", () => {
    expect(issues(devicePrescriptionSchema, { ...valid, Exchanges: [] })).toEqual(['Exchanges: Array must contain at least 1 element(s)']);
    expect(issues(devicePrescriptionSchema, { ...valid, SerialNumber: '100-0004' })).toEqual(['SerialNumber: SN length must be 9 characters']);
    const exchange = valid.Exchanges[0]!;
    const withExchange = (changes: object) => ({ ...valid, Exchanges: [{ ...exchange, ...changes }] });
    expect(issues(devicePrescriptionSchema, withExchange({ ExchangeLiter: 3.1 }))).toEqual([
      'Exchanges.0.ExchangeLiter: Number must be less than or equal to 3',
    ]);
    expect(issues(devicePrescriptionSchema, withExchange({ ExchangeLiter: 1.25 }))).toEqual(['Exchanges.0.ExchangeLiter: ExchangeLiter has one decimal']);
    expect(issues(devicePrescriptionSchema, withExchange({ ExchangeTime: ['08:00', '08:00'] }))).toEqual(['Exchanges.0.ExchangeTime: Time already selected']);
    expect(issues(devicePrescriptionSchema, withExchange({ ExchangeTime: ['8:00'] }))).toEqual(['Exchanges.0.ExchangeTime.0: Time must be HH:mm']);
    expect(issues(devicePrescriptionSchema, withExchange({ ExchangeDaysFrequency: ['XX'] }))[0]).toMatch(
      /^Exchanges.0.ExchangeDaysFrequency.0: Invalid enum value/,
    );
    expect(issues(devicePrescriptionSchema, withExchange({ ExchangeTime: ['01:00', '05:00', '09:00', '13:00', '17:00', '21:00'] }))).toEqual([
      'Exchanges.0.ExchangeTime: Array must contain at most 5 element(s)',
    ]);
  });

  it('rejects the same day and time in two entries, an inverted fill temperature range and an unknown time zone', () => {
    const twice = { ...valid, Exchanges: [valid.Exchanges[0]!, { ...valid.Exchanges[1]!, ExchangeTime: ['13:00'] }] };
    expect(issues(devicePrescriptionSchema, twice)).toEqual(['Exchanges.1.ExchangeTime: Time already selected: 13:00 on SU, MO, TU, WE, TH, FR, SA']);
    const otherDays = { ...twice, Exchanges: [twice.Exchanges[0]!, { ...twice.Exchanges[1]!, ExchangeDaysFrequency: ['SA'] }] };
    expect(issues(devicePrescriptionSchema, otherDays)).toEqual(['Exchanges.1.ExchangeTime: Time already selected: 13:00 on SA']);
    expect(issues(devicePrescriptionSchema, { ...valid, MinFillTemp: 39, MaxFillTemp: 37 })).toEqual(['MinFillTemp: MinFillTemp is above MaxFillTemp']);
    expect(issues(devicePrescriptionSchema, { ...valid, MaxFillTemp: 99 })).toEqual(['MaxFillTemp: Number must be less than or equal to 45']);
    expect(issues(devicePrescriptionSchema, { ...valid, patientTimeZone: 'Mars/Olympus' })).toEqual(['patientTimeZone: Unknown time zone']);
  });
});

describe('deviceSettingsMessageSchema', () => {
  it('accepts the example and rejects a bad MAC address', () => {
    expect(issues(deviceSettingsMessageSchema, deviceDownExamples.settings)).toEqual([]);
    expect(issues(deviceSettingsMessageSchema, { ...deviceDownExamples.settings, BloodMAC: '00:1A:7D' })).toEqual(['BloodMAC: MAC address is not valid']);
  });

  it('is built from the effective settings, an empty MAC sent as null', () => {
    const message = toDeviceSettingsMessage({ BloodMAC: '', ScaleMAC: 'AA:BB:CC:DD:EE:FF', settings: defaultSettings, time: new Date('2025-03-10T08:13:01Z') });
    expect(message).toEqual({
      BloodMAC: null,
      ScaleMAC: 'AA:BB:CC:DD:EE:FF',
      Settings: {
        DefaultFillTime: 10,
        MinFillTime: 5,
        MaxFillTime: 20,
        DefaultDrainTime: 20,
        MinDrainTime: 10,
        MaxDrainTime: 30,
        MinFillTemp: 35,
        MaxFillTemp: 39,
        FillTempUnit: 'C',
        MinDrainTemp: 34,
        MaxDrainTemp: 38,
        DrainTempUnit: 'C',
      },
      Time: '2025-03-10T08:13:01.000Z',
    });
  });
});

import type { DeviceError } from './error-message';
import type { DeviceExchange } from './exchange-message';
import type { DevicePrescription, PrescriptionAck } from './prescription-message';
import type { DeviceSettingsMessage } from './settings-message';
import type { DeviceDownKind, DeviceUpKind } from './topics';

/**
 * One complete message per topic. docs/device-protocol.md shows the same messages, and
 * test/shared/device/protocol-doc.test.ts checks that the two are equal and that each parses,
 * so the documentation cannot drift from the schemas. The device simulator can publish them.
 */
export const exampleSerialNumber = '100-00042';

const exchange: DeviceExchange = {
  _id: '100-00042-20250310-0804',
  DeviceLocalDate: '2025-03-10T08:04:12+01:00',
  ExchangeFluid: 'DIAneal 1.36%',
  DrainVolume: 2180,
  DrainDuration: 17.5,
  DrainTemp: 36.9,
  FillVolume: 2000,
  FillDuration: 10.5,
  FillTemp: 37.1,
  TempUnit: 'C',
  WeightUnit: 'KG',
  WeightMeasure: { Value: 72.4, Time: '2025-03-10T07:58:40+01:00' },
  BloodPressureMeasure: { Value: { Systolic: 128, Diastolic: 79 }, Time: '2025-03-10T08:00:05+01:00' },
  PulseMeasure: { Value: 74, Time: '2025-03-10T08:00:05+01:00' },
  PValue: 0.41873,
  BubblesTurbidityCalc: { meanCleanDrain: 1.12, stdevCleanDrain: 0.09, meanCleanFill: 0.41, stdevCleanFill: 0.05 },
  DrainTurbidity: [1.05, 1.18, 1.09, 7.9, 1.21, 1.02, 1.14],
  FillTurbidity: [0.38, 0.44, 0.4, 0.46, 0.36, 6.2, 0.42],
  BubblesDrainTurbidity: [7.9],
  BubblesFillTurbidity: [6.2],
  MachineProblem: 'no error',
  Note: 'Felt fine',
};

const error: DeviceError = {
  _id: '100-00042-err-20250310-1412',
  Time: '2025-03-10T14:12:30+01:00',
  MachineProblem: 'PANIC: heater over-temperature, fill stopped',
};

const prescriptionAck: PrescriptionAck = {
  PrescriptionId: 'rx-01HPZ6Q5J4K8M2',
  Time: '2025-03-10T09:15:02+01:00',
};

const prescription: DevicePrescription = {
  PrescriptionId: 'rx-01HPZ6Q5J4K8M2',
  SerialNumber: '100-00042',
  Exchanges: [
    {
      ExchangeFluid: 'DIAneal 1.36%',
      ExchangeLiter: 2,
      ExchangeDaysFrequency: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'],
      ExchangeTime: ['08:00', '13:00', '18:00'],
    },
    {
      ExchangeFluid: 'EXTRAneal',
      ExchangeLiter: 2,
      ExchangeDaysFrequency: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'],
      ExchangeTime: ['22:30'],
    },
  ],
  FillTime: 10,
  DrainTime: 20,
  MinFillTemp: 36,
  MaxFillTemp: 38,
  WeighDays: ['MO', 'TH'],
  BloodPulseDays: ['MO', 'WE', 'FR'],
  AdditionalMedication: 'Furosemide 40 mg mornings',
  patientTimeZone: 'Europe/Berlin',
  Created_UTC: '2025-03-10T08:12:44Z',
};

const settings: DeviceSettingsMessage = {
  BloodMAC: '00:1A:7D:DA:71:13',
  ScaleMAC: null,
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
  Time: '2025-03-10T08:13:01Z',
};

export const deviceUpExamples = {
  exchange,
  error,
  'prescription-ack': prescriptionAck,
} as const satisfies Record<DeviceUpKind, unknown>;

export const deviceDownExamples = {
  prescription,
  settings,
} as const satisfies Record<DeviceDownKind, unknown>;

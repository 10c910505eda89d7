import type { GetPrescriptionResult, Prescription, Visit } from '@shared/api/prescriptions';
import { defaultSettings, toSettingsList } from '@shared/settings';
import type { fakeServer } from './portal';
import { PATIENT_ID } from './patient';
import { HOUR_MS } from '@shared/time';

/** Prescriptions and visits for the patient screen's Prescription and Visits tabs on the fake server. */
export function prescription(overrides: Partial<Prescription> = {}): Prescription {
  return {
    PrescriptionId: 'rx1',
    SerialNumber: '100-00001',
    Exchanges: [
      { ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'], ExchangeTime: ['08:00', '14:00'] },
    ],
    FillTime: 10,
    DrainTime: 20,
    MinFillTemp: 35,
    MaxFillTemp: 39,
    WeighDays: ['MO'],
    BloodPulseDays: [],
    AdditionalMedication: null,
    patientTimeZone: 'Europe/Berlin',
    Created_UTC: new Date(Date.now() - HOUR_MS).toISOString(),
    Approved: false,
    CreatedBy: 'user-Doctor',
    ...overrides,
  };
}

export function prescriptionAnswer(current: Prescription | null, serialNumber: string | null = '100-00001'): GetPrescriptionResult {
  return { prescription: current, previous: 0, device: serialNumber ? { SerialNumber: serialNumber } : null };
}

export function visit(overrides: Partial<Visit> = {}): Visit {
  return {
    OpenDate: '2026-11-01T08:00:00.000Z',
    Visited: false,
    ExchangeCount: 12,
    AlertCount: 3,
    highlights: { weight: 1, exchangeSkip: 2, highDrainTemp: 0, noDrain: 0, turbidityIncreased: 0, machineProblem: 0, uf: 0, bpAndPulse: 0 },
    turbidity: 1.26,
    measurements: [
      {
        ExchangeID: 'x1',
        Time: '2026-11-02T07:00:00.000Z',
        WeightKg: 71.2,
        BloodPressure: { Systolic: 128, Diastolic: 82 },
        Pulse: 74,
        Uf: 150,
        DrainTempC: 36.5,
      },
    ],
    CurrentPatientProtocol: [prescription()],
    ...overrides,
  };
}

export const under = (tail: string) => new RegExp(`^/(clinicsDirector|doctors|nurses)/[^/]+/patients/${PATIENT_ID}/${tail}`);

/** The global settings staff read (DwellTime 03:00 by default). */
export function serveSettings(server: ReturnType<typeof fakeServer>, overrides: Partial<typeof defaultSettings> = {}) {
  return server.on('GET', /^\/(clinicsDirector|doctors|nurses)\/[^/]+\/getClinicSettings$/, {
    status: 200,
    body: toSettingsList({ ...defaultSettings, ...overrides }),
  });
}

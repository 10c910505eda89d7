import type { PatientListItem, PatientProfileResult } from '@shared/api/patients';
import type { AdherenceResult, ExchangeRow } from '@shared/api/exchanges';
import type { fakeServer } from './portal';

/** A patient's data for the patient screen's tests on the fake server. */
export const PATIENT_ID = 'p1';

export function exchange(overrides: Partial<ExchangeRow> = {}): ExchangeRow {
  return {
    _id: 'x1',
    DeviceLocalDate: '2026-11-20T07:04:00+01:00',
    ExchangeTimeUtc: '2026-11-20T06:04:00.000Z',
    SerialNumber: '100-00001',
    ExchangeFluid: 'DIAneal 2.27%',
    StatusAlerts: { statusValue: 1, alerts: [] },
    DrainDuration: 20,
    DrainVolume: 2150,
    DrainTemp: 36.5,
    FillVolume: 2000,
    FillDuration: 10,
    FillTemp: 37,
    WeightMeasure: { Value: 71.2, Time: '2026-11-20T07:00:00+01:00' },
    TargetWeightSnapshot: 70,
    BloodPressureMeasure: { Value: { Systolic: 128, Diastolic: 82 }, Time: '2026-11-20T07:00:00+01:00' },
    PulseMeasure: { Value: 74, Time: '2026-11-20T07:00:00+01:00' },
    PValue: 0.123456789,
    Uf: 150,
    HasTurbidity: true,
    ...overrides,
  };
}

export function profileAnswer(overrides: Partial<PatientProfileResult['Profile']> = {}): PatientProfileResult {
  return {
    Profile: {
      UserID: PATIENT_ID,
      ClinicID_ref: 'c1',
      ServiceProviderID: 'sp1',
      DoctorID_ref: 'user-Doctor',
      PatientAlertStatus: { statusValue: 1, unresolved: 0 },
      ExchangeCount: 2,
      CreatedAt: '2026-01-01T00:00:00.000Z',
      ...overrides,
    },
    PIIProfile: [
      {
        UserID: PATIENT_ID,
        FirstName: 'Ada',
        LastName: 'Patient',
        DOB: '1960-01-01',
        Gender: 'Female',
        Hispanic: false,
        SocialId: '123',
        Address: { Country: 'US', City: 'Boston', Street: 'Main 1' },
        Phone: '555',
        Cellphone: '555',
        Email: 'ada@test.example',
      },
    ],
    device: { DeviceID: 'd1', SerialNumber: '100-00001', IsEnabled: true },
  };
}

export function adherenceAnswer(month = '2026-11'): AdherenceResult {
  return {
    month,
    timeZone: 'Europe/Berlin',
    days: [
      { date: `${month}-01`, prescribed: 4, done: 4, state: 'done' },
      { date: `${month}-02`, prescribed: 4, done: 2, state: 'partial' },
      { date: `${month}-03`, prescribed: 4, done: 0, state: 'missed' },
      { date: `${month}-04`, prescribed: 0, done: 0, state: 'none' },
      { date: `${month}-05`, prescribed: 4, done: 0, state: 'future' },
    ],
    adherencePercent: 50,
  };
}

const under = (tail: string) => new RegExp(`^/(clinicsDirector|doctors|nurses)/[^/]+/patients/${PATIENT_ID}/${tail}`);

/** Answers the patient screen's reads: the profile, the exchanges (one page), the adherence, no visits, no prescription and no settings. */
export function servePatient(server: ReturnType<typeof fakeServer>, exchanges: ExchangeRow[] = [exchange()]) {
  return server
    .on('GET', under('profile$'), { status: 200, body: profileAnswer({ ExchangeCount: exchanges.length }) })
    .on('GET', under('getExchanges'), { status: 200, body: { exchanges, count: exchanges.length } })
    .on('GET', under('adherence'), { status: 200, body: adherenceAnswer() })
    .on('GET', under('getVisits'), { status: 200, body: { visits: [] } })
    .on('GET', under('getPrescription'), { status: 200, body: { prescription: null, previous: 0, device: null } })
    .on('GET', /^\/(clinicsDirector|doctors|nurses)\/[^/]+\/getClinicSettings$/, { status: 200, body: [] });
}

/** A row of a patient list (…/getAllClinicPatients/, …/getallpatients/). */
export const listedPatient = (index: number, overrides: Partial<PatientListItem> = {}): PatientListItem => ({
  UserID: `p${index}`,
  ClinicID: 'clinic-1',
  patientName: `Patient ${index}`,
  socialId: `10${index}`,
  status: { UserID: `p${index}`, alerts: [] },
  statusValue: 1,
  unresolved: 0,
  gender: index % 2 ? 'Male' : 'Female',
  DOB: '1960-01-01',
  age: 60 + index,
  Protocol: '4 x 2 L',
  assignedPhysician: 'Dr Adams',
  assignedPhysicianId: 'doc-1',
  LastExchangeTime: '2026-01-10T08:00:00.000Z',
  disabled: false,
  ...overrides,
});

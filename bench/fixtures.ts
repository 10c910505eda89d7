/**
 * The benchmark's data, made as infra/local/seed.ts makes demo data: through the product's own
 * services (providers, clinics, users, devices, patients). Exchanges go in through MQTT or the
 * ingest handler, never written around it.
 */
import { handler as ingest } from '../functions/devices/ingest';
import { settingsRepository } from '../functions/data/settings-repository';
import { assignDevice, registerDevice } from '../functions/services/devices';
import { createClinic, createServiceProvider } from '../functions/services/organizations';
import { createPatient } from '../functions/services/patients';
import { createUser } from '../functions/services/users';
import { deviceTopics, deviceUpExamples, type DeviceExchange } from '../shared/device';
import type { Role } from '../shared/roles';
import { defaultSettings } from '../shared/settings';

export const BENCH_PASSWORD = 'Bench!pass1';

export interface BenchClinic {
  clinicId: string;
  clinicName: string;
  serviceProviderId: string;
  serviceProviderName: string;
}

export interface BenchPatient {
  patientId: string;
  clinicId: string;
  serviceProviderId: string;
  serialNumber?: string;
  deviceId?: string;
}

let serialSequence = 0;
/** A serial number no other bench device has: `8dd-ddddd`. */
export function nextSerialNumber(): string {
  serialSequence += 1;
  return `${800 + Math.floor(serialSequence / 100_000)}-${String(serialSequence % 100_000).padStart(5, '0')}`;
}

export async function initGlobalSettings(): Promise<void> {
  await settingsRepository.putGlobal(defaultSettings, 'bench');
}

export async function createProviderWithClinics(name: string, clinics: number): Promise<BenchClinic[]> {
  const provider = await createServiceProvider({
    ServiceProviderName: name,
    ServiceProviderAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Bench St' },
    Email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@bench.example`,
    Phone: '+972 4 555 0101',
    FirstName: 'Bench',
    LastName: 'Provider',
  });
  const made: BenchClinic[] = [];
  for (let i = 0; i < clinics; i += 1) {
    const clinic = await createClinic({
      ClinicName: `${name} clinic ${i + 1}`,
      ClinicPhone: '+972 4 555 0102',
      ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: `${i + 2} Bench St` },
      ServiceProviderID: provider.ServiceProviderID,
    });
    made.push({
      clinicId: clinic.ClinicID,
      clinicName: clinic.ClinicName,
      serviceProviderId: provider.ServiceProviderID,
      serviceProviderName: provider.ServiceProviderName,
    });
  }
  return made;
}

/** A staff user of the clinic with a permanent password; returns its id and e-mail. */
export async function createStaff(clinic: BenchClinic, role: Role, email: string): Promise<{ userId: string; email: string }> {
  const user = await createUser(
    {
      FirstName: 'Bench',
      LastName: role,
      Email: email,
      Role: role,
      ClinicID: clinic.clinicId,
      ClinicName: clinic.clinicName,
      ServiceProviderID: clinic.serviceProviderId,
      ServiceProviderName: clinic.serviceProviderName,
    },
    { password: BENCH_PASSWORD },
  );
  return { userId: user.UserID, email: user.Email };
}

let patientSequence = 0;

/** A patient of the clinic, under `doctorId`, with a device of the clinic assigned when `withDevice`. */
export async function createBenchPatient(clinic: BenchClinic, doctorId: string, withDevice: boolean): Promise<BenchPatient> {
  patientSequence += 1;
  const { patient } = await createPatient({
    FirstName: 'Bench',
    LastName: `Patient ${patientSequence}`,
    DOB: '1960-01-01',
    Gender: patientSequence % 2 ? 'Female' : 'Male',
    Hispanic: false,
    SocialId: String(200_000_000 + patientSequence),
    Address: { Country: 'Israel', City: 'Haifa', Street: '3 Bench St' },
    Phone: '+972 4 555 0103',
    Cellphone: '+972 54 555 0104',
    Email: `patient-${patientSequence}@bench.example`,
    ClinicID_ref: clinic.clinicId,
    DoctorID_ref: doctorId,
    TargetWeight: 70,
  });
  const made = { patientId: patient.UserID, clinicId: clinic.clinicId, serviceProviderId: clinic.serviceProviderId };
  if (!withDevice) return made;
  const device = await registerDevice({ SerialNumber: nextSerialNumber(), ClinicID: clinic.clinicId });
  await assignDevice(patient.UserID, device.SerialNumber);
  return { ...made, serialNumber: device.SerialNumber, deviceId: device.DeviceID };
}

let exchangeSequence = 0;

/**
 * An ordinary exchange report at `at`: the protocol's example with values that raise no alert
 * (UF 20 % of the fill, weight at target), so a long history does not pile up alerts.
 */
export function exchangeReport(serialNumber: string, at: Date): DeviceExchange {
  exchangeSequence += 1;
  const time = at.toISOString();
  return {
    ...deviceUpExamples.exchange,
    _id: `${serialNumber}-${at.getTime()}-${exchangeSequence}`,
    DeviceLocalDate: time,
    DrainVolume: 2400,
    FillVolume: 2000,
    WeightMeasure: { Value: 70.2, Time: time },
    BloodPressureMeasure: { Value: { Systolic: 124, Diastolic: 79 }, Time: time },
    PulseMeasure: { Value: 72, Time: time },
    MachineProblem: 'no error',
    Note: '',
  };
}

/** Hands an exchange to the ingest handler as the IoT rule does (what seed.ts does for history). */
export async function ingestDirectly(serialNumber: string, exchange: DeviceExchange): Promise<void> {
  await ingest({
    payload: Buffer.from(JSON.stringify(exchange)).toString('base64'),
    topic: deviceTopics.exchange(serialNumber),
    clientId: serialNumber,
    receivedAt: new Date(exchange.DeviceLocalDate).getTime() + 60_000,
  });
}

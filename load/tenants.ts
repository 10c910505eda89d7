/**
 * The load run's own tenants, made as bench/fixtures.ts makes the benchmark's: through the
 * portal's services. Each device is in a patient's home with an approved prescription; the staff
 * are of several roles and clinics, each with a permanent password (administrators with TOTP on).
 */
import { randomBytes } from 'node:crypto';
import { settingsRepository } from '@functions/data/settings-repository';
import { savePrescription } from '@functions/services/prescriptions';
import { createUser } from '@functions/services/users';
import { deviceCredentials, deviceCredentialsFile } from '@infra/local/device-credentials';
import { turnOnTotp } from '@infra/local/seed';
import type { Role } from '@shared/roles';
import { BENCH_PASSWORD, createBenchPatient, createProviderWithClinics, createStaff, initGlobalSettings, type BenchClinic } from '../bench/fixtures';
import { inParallel } from '../bench/measure';
import { dailyPrescription, SLOT_CLINIC_SETTINGS } from './slots';

export const LOAD_PASSWORD = BENCH_PASSWORD;

export interface LoadDeviceHome {
  serialNumber: string;
  deviceId: string;
  secret: string;
  patientId: string;
  clinicId: string;
}

export interface LoadStaff {
  role: Role;
  userId: string;
  email: string;
  clinic: BenchClinic;
  /** The base32 TOTP secret of an administrator who must sign in with a code. */
  totpSecret?: string;
}

export interface LoadTenants {
  clinics: BenchClinic[];
  devices: LoadDeviceHome[];
  staff: LoadStaff[];
  /** Each clinic's patients, by clinic id (the devices' patients). */
  patientsByClinic: Map<string, string[]>;
  /**
   * The slot patients' devices (load/slots.ts), in a clinic of their own whose grace time is short,
   * prescribed a minute apart once the run starts. No staff works there: the fleet's clinics keep
   * the default grace, so the fleet, reporting every few seconds, never skips a slot.
   */
  slotDevices: LoadDeviceHome[];
  /** Each clinic's doctor of its patients. */
  doctorByClinic: Map<string, string>;
}

/** The roles of the staff, in turn: the clinic's people first, then the administrators who list users and devices. */
const STAFF_ROLES: Role[] = ['Doctor', 'Nurse', 'ClinicDirector', 'ClinicAdmin', 'LiberDiAdmin', 'Doctor', 'Nurse', 'ServiceProviderAdmin'];
const TWO_FACTOR: Role[] = ['LiberDiAdmin', 'ServiceProviderAdmin'];

export async function seedLoadTenants(options: {
  dataDir: string;
  devices: number;
  clinicians: number;
  slotPatients: number;
  runId: string;
}): Promise<LoadTenants> {
  await initGlobalSettings();
  const clinics = [
    ...(await createProviderWithClinics(`Load North ${options.runId}`, 2)),
    ...(await createProviderWithClinics(`Load South ${options.runId}`, 1)),
  ];
  const staff: LoadStaff[] = [];
  for (let i = 0; i < options.clinicians; i += 1) {
    const role = STAFF_ROLES[i % STAFF_ROLES.length]!;
    const clinic = clinics[i % clinics.length]!;
    const email = `load-${role.toLowerCase()}-${i}-${options.runId}@load.example`;
    const made =
      role === 'LiberDiAdmin'
        ? await createUser({ FirstName: 'Load', LastName: role, Email: email, Role: role }, { password: LOAD_PASSWORD }).then((user) => ({
            userId: user.UserID,
            email,
          }))
        : await createStaff(clinic, role, email);
    const totpSecret = TWO_FACTOR.includes(role) ? await turnOnTotp(email, made.userId, LOAD_PASSWORD) : undefined;
    staff.push({ role, ...made, clinic, totpSecret });
  }

  const doctorByClinic = new Map<string, string>();
  for (const clinic of clinics) {
    const doctor = staff.find((person) => person.role === 'Doctor' && person.clinic.clinicId === clinic.clinicId);
    doctorByClinic.set(
      clinic.clinicId,
      doctor?.userId ?? (await createStaff(clinic, 'Doctor', `load-doctor-${clinic.clinicId.slice(0, 8)}-${options.runId}@load.example`)).userId,
    );
  }

  const credentials = deviceCredentials(deviceCredentialsFile(options.dataDir));
  const devices: LoadDeviceHome[] = [];
  const patientsByClinic = new Map<string, string[]>();
  await inParallel(
    Array.from({ length: options.devices }, (_, i) => clinics[i % clinics.length]!),
    4,
    async (clinic) => {
      const patient = await createBenchPatient(clinic, doctorByClinic.get(clinic.clinicId)!, true);
      const serialNumber = patient.serialNumber!;
      await savePrescription(
        patient.patientId,
        dailyPrescription(['07:00', '12:00', '17:00', '22:00'], { WeighDays: ['MO', 'TH'], BloodPulseDays: ['MO', 'WE', 'FR'] }),
        doctorByClinic.get(clinic.clinicId)!,
      );
      devices.push({
        serialNumber,
        deviceId: patient.deviceId!,
        secret: credentials.issue(serialNumber),
        patientId: patient.patientId,
        clinicId: clinic.clinicId,
      });
      patientsByClinic.set(clinic.clinicId, [...(patientsByClinic.get(clinic.clinicId) ?? []), patient.patientId]);
    },
  );
  const slotDevices: LoadDeviceHome[] = [];
  const [slotClinic] = options.slotPatients ? await createProviderWithClinics(`Load Slots ${options.runId}`, 1) : [];
  if (slotClinic) {
    // Written before any of its devices reports: the ingest keeps a clinic's settings a while once read.
    await settingsRepository.putForClinic(slotClinic.clinicId, SLOT_CLINIC_SETTINGS, 'load');
    const doctor = await createStaff(slotClinic, 'Doctor', `load-slots-doctor-${options.runId}@load.example`);
    doctorByClinic.set(slotClinic.clinicId, doctor.userId);
  }
  for (let i = 0; slotClinic && i < options.slotPatients; i += 1) {
    const patient = await createBenchPatient(slotClinic, doctorByClinic.get(slotClinic.clinicId)!, true);
    slotDevices.push({
      serialNumber: patient.serialNumber!,
      deviceId: patient.deviceId!,
      secret: credentials.issue(patient.serialNumber!),
      patientId: patient.patientId,
      clinicId: slotClinic.clinicId,
    });
  }
  return { clinics, devices, staff, patientsByClinic, doctorByClinic, slotDevices };
}

/** A run id short enough for e-mails and names: the tenants of two runs on one data folder never meet. */
export const newRunId = () => randomBytes(3).toString('hex');

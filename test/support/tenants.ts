import { randomInt } from 'node:crypto';
import type { UserRecord } from '@functions/data/users-repository';
import { registerDevice } from '@functions/services/devices';
import { createClinic, createServiceProvider } from '@functions/services/organizations';
import { createPatient } from '@functions/services/patients';
import { ROLES, type Role } from '@shared/roles';
import { signedInUser } from './api';
import { randomSerialNumber } from './devices';

/** One tenant: a provider with a clinic, a user of every role in it, a patient and a device. */
export interface Tenant {
  serviceProviderId: string;
  clinicId: string;
  patientId: string;
  deviceId: string;
  serialNumber: string;
  users: Record<Role, UserRecord>;
}

/** The id a route's tenant parameter takes for each kind of target, in this tenant. */
export function tenantIds(tenant: Tenant): Record<'provider' | 'clinic' | 'user' | 'patient' | 'device', string> {
  return {
    provider: tenant.serviceProviderId,
    clinic: tenant.clinicId,
    user: tenant.users.Nurse.UserID,
    patient: tenant.patientId,
    device: tenant.deviceId,
  };
}

/** Every id of the tenant, to check that none of them leaks into another tenant's answers. */
export function allIds(tenant: Tenant): string[] {
  return [
    tenant.serviceProviderId,
    tenant.clinicId,
    tenant.patientId,
    tenant.deviceId,
    tenant.serialNumber,
    ...Object.values(tenant.users).map((user) => user.UserID),
  ];
}

/**
 * Makes a tenant through the product's own services: its provider, clinic, users of every role
 * (each with the tenant keys its role carries), a patient of the clinic's doctor and a device of the clinic.
 */
export async function createTenant(name: string): Promise<Tenant> {
  const provider = await createServiceProvider({
    ServiceProviderName: `${name} Renal ${randomInt(1e6)}`,
    ServiceProviderAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Main St' },
    Email: `sp-${randomInt(1e9)}@test.example`,
    Phone: '+972 4 555 0101',
    FirstName: 'Dana',
    LastName: name,
  });
  const clinic = await createClinic({
    ClinicName: `${name} Clinic ${randomInt(1e6)}`,
    ClinicPhone: '+972 4 555 0102',
    ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '2 Main St' },
    ServiceProviderID: provider.ServiceProviderID,
  });
  const users = {} as Record<Role, UserRecord>;
  for (const role of ROLES) {
    const tenantKeys =
      role === 'LiberDiAdmin'
        ? {}
        : role === 'ServiceProviderAdmin'
          ? { ServiceProviderID: provider.ServiceProviderID, ServiceProviderName: provider.ServiceProviderName }
          : { ServiceProviderID: provider.ServiceProviderID, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName };
    users[role] = (await signedInUser(role, tenantKeys)).user;
  }
  const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinic.ClinicID });
  const { patient } = await createPatient({
    FirstName: 'Noa',
    LastName: name,
    DOB: '1961-04-02',
    Gender: 'Female',
    Hispanic: false,
    SocialId: String(randomInt(1e8, 1e9)),
    Address: { Country: 'Israel', City: 'Haifa', Street: '3 Main St' },
    Phone: '+972 4 555 0103',
    Cellphone: '+972 54 555 0104',
    Email: `patient-${randomInt(1e9)}@test.example`,
    ClinicID_ref: clinic.ClinicID,
    DoctorID_ref: users.Doctor.UserID,
    TargetWeight: 70,
  });
  return {
    serviceProviderId: provider.ServiceProviderID,
    clinicId: clinic.ClinicID,
    patientId: patient.UserID,
    deviceId: device.DeviceID,
    serialNumber: device.SerialNumber,
    users,
  };
}

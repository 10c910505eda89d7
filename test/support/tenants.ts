import { randomInt } from 'node:crypto';
import type { UserRecord } from '@functions/data/users-repository';
import { takeExchange } from '@functions/devices/take-exchange';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { ROLES, type Role } from '@shared/roles';
import { signedInUser } from './api';
import { createTestClinic, createTestPatient, createTestProvider, exchangeReport, randomSerialNumber } from './devices';
import { HOUR_MS } from '@shared/time';

/** One tenant: a provider with a clinic, a user of every role in it, a patient and a device. */
export interface Tenant {
  serviceProviderId: string;
  clinicId: string;
  patientId: string;
  deviceId: string;
  serialNumber: string;
  /** An exchange the patient's device reported (the device is the patient's). */
  exchangeId: string;
  users: Record<Role, UserRecord>;
}

/**
 * The id a route's tenant parameter takes for each kind of target, in this tenant. The user is one
 * the caller's role may manage (spec section 6's overlap rule): the clinic admin for a provider's
 * admin, the nurse for everyone else.
 */
export function tenantIds(tenant: Tenant, callerRole?: Role): Record<'provider' | 'clinic' | 'user' | 'patient' | 'device', string> {
  return {
    provider: tenant.serviceProviderId,
    clinic: tenant.clinicId,
    user: (callerRole === 'ServiceProviderAdmin' ? tenant.users.ClinicAdmin : tenant.users.Nurse).UserID,
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
    tenant.exchangeId,
    ...Object.values(tenant.users).map((user) => user.UserID),
  ];
}

/**
 * Makes a tenant through the product's own services: its provider, clinic, users of every role
 * (each with the tenant keys its role carries), a patient of the clinic's doctor using a device of
 * the clinic, and an exchange the device reported (through the ingest engine).
 */
export async function createTenant(name: string): Promise<Tenant> {
  const provider = await createTestProvider(`${name} Renal ${randomInt(1e6)}`);
  const clinic = await createTestClinic(provider.ServiceProviderID, `${name} Clinic ${randomInt(1e6)}`);
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
  const { patient } = await createTestPatient({ ClinicID_ref: clinic.ClinicID, DoctorID_ref: users.Doctor.UserID, LastName: name });
  await assignDevice(patient.UserID, device.SerialNumber);
  const exchange = exchangeReport(new Date(Date.now() - HOUR_MS));
  await takeExchange(device.SerialNumber, exchange, new Date());
  return {
    serviceProviderId: provider.ServiceProviderID,
    clinicId: clinic.ClinicID,
    patientId: patient.UserID,
    deviceId: device.DeviceID,
    serialNumber: device.SerialNumber,
    exchangeId: exchange._id,
    users,
  };
}

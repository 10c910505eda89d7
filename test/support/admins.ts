import { randomUUID } from 'node:crypto';
import { createUser } from '@functions/services/users';
import type { Role } from '@shared/roles';
import { TEST_PASSWORD } from './api';
import { createTestClinic, createTestProvider } from './devices';

const testEmail = (role: Role) => `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@test.example`;

/**
 * A provider with one clinic and the three administrators above it (platform, provider, clinic),
 * each with the permanent password TEST_PASSWORD and no two-factor set up: a browser test signs
 * the platform and provider admins in with `signInFirstTimeWithTotp`, a clinic admin with `fillSignIn`.
 */
export async function providerWithAdmins() {
  const provider = await createTestProvider();
  const clinic = await createTestClinic(provider.ServiceProviderID);
  const providerTenant = { ServiceProviderID: provider.ServiceProviderID, ServiceProviderName: provider.ServiceProviderName };
  const user = (Role: Role, FirstName: string, tenant: object = {}, adminOf?: { ClinicID: string }) =>
    createUser({ FirstName, LastName: Role, Email: testEmail(Role), Role, ...tenant }, { password: TEST_PASSWORD, adminOf });
  return {
    provider,
    clinic,
    platformAdmin: await user('LiberDiAdmin', 'Ada'),
    providerAdmin: await user('ServiceProviderAdmin', 'Pia', providerTenant),
    // Made the clinic's ClinicAdmin as addClinicAdmin makes it (the same transaction), so the clinic counts as having an admin.
    clinicAdmin: await user(
      'ClinicAdmin',
      'Cleo',
      { ...providerTenant, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName },
      { ClinicID: clinic.ClinicID },
    ),
  };
}
export type ProviderWithAdmins = Awaited<ReturnType<typeof providerWithAdmins>>;

/**
 * A clinic of a new provider and its three staff, for a browser test's seed: director Dalia,
 * doctor Dov and nurse Nili, at `<role>@<emailDomain>` with TEST_PASSWORD.
 */
export async function clinicAndStaff(emailDomain: string) {
  const provider = await createTestProvider();
  const clinic = await createTestClinic(provider.ServiceProviderID);
  const tenant = { ServiceProviderID: provider.ServiceProviderID, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName };
  const person = (FirstName: string, Role: 'ClinicDirector' | 'Doctor' | 'Nurse') =>
    createUser({ FirstName, LastName: 'Tester', Email: `${Role.toLowerCase()}@${emailDomain}`, Role, ...tenant }, { password: TEST_PASSWORD });
  return { provider, clinic, director: await person('Dalia', 'ClinicDirector'), doctor: await person('Dov', 'Doctor'), nurse: await person('Nili', 'Nurse') };
}

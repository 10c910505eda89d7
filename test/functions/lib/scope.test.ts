import type { Caller } from '@functions/lib/caller';
import { inScope, mayTouch } from '@functions/lib/scope';

/** The tenant rules of spec section 6, decided in one place (functions/lib/scope.ts). */
const clinicA = { ClinicID: 'clinic-a', ServiceProviderID: 'sp-1' };
const clinicB = { ClinicID: 'clinic-b', ServiceProviderID: 'sp-1' };
const clinicC = { ClinicID: 'clinic-c', ServiceProviderID: 'sp-2' };
const patientOf = (clinic: typeof clinicA) => ({ ClinicID_ref: clinic.ClinicID, ServiceProviderID: clinic.ServiceProviderID, DoctorID_ref: 'doctor-x' });

const callers: Record<string, Caller> = {
  platform: { userId: 'u0', role: 'LiberDiAdmin' },
  provider: { userId: 'u1', role: 'ServiceProviderAdmin', serviceProviderId: 'sp-1' },
  clinicAdmin: { userId: 'u2', role: 'ClinicAdmin', serviceProviderId: 'sp-1', clinicId: 'clinic-a' },
  nurse: { userId: 'u3', role: 'Nurse', serviceProviderId: 'sp-1', clinicId: 'clinic-a' },
  doctor: { userId: 'u4', role: 'Doctor', serviceProviderId: 'sp-1', clinicId: 'clinic-a' },
  orphan: { userId: 'u5', role: 'Nurse' },
};

it('lets the platform admin reach every tenant', () => {
  for (const clinic of [clinicA, clinicB, clinicC]) {
    expect(mayTouch(callers.platform!, { kind: 'clinic', keys: clinic })).toBe(true);
    expect(mayTouch(callers.platform!, { kind: 'patient', keys: patientOf(clinic) })).toBe(true);
  }
});

it("keeps a provider's admin inside its own provider", () => {
  expect(mayTouch(callers.provider!, { kind: 'clinic', keys: clinicB })).toBe(true);
  expect(mayTouch(callers.provider!, { kind: 'clinic', keys: clinicC })).toBe(false);
  expect(mayTouch(callers.provider!, { kind: 'provider', keys: { ServiceProviderID: 'sp-2' } })).toBe(false);
  expect(mayTouch(callers.provider!, { kind: 'user', keys: { UserID: 'x', ServiceProviderID: 'sp-2', ClinicID: 'clinic-c' } })).toBe(false);
});

it("keeps a clinic admin to its clinic's users and devices, away from patients", () => {
  expect(mayTouch(callers.clinicAdmin!, { kind: 'clinic', keys: clinicA })).toBe(true);
  expect(mayTouch(callers.clinicAdmin!, { kind: 'clinic', keys: clinicB })).toBe(false);
  expect(mayTouch(callers.clinicAdmin!, { kind: 'user', keys: { UserID: 'x', ServiceProviderID: 'sp-1', ClinicID: 'clinic-a' } })).toBe(true);
  expect(mayTouch(callers.clinicAdmin!, { kind: 'user', keys: { UserID: 'x', ServiceProviderID: 'sp-1', ClinicID: 'clinic-b' } })).toBe(false);
  expect(mayTouch(callers.clinicAdmin!, { kind: 'patient', keys: patientOf(clinicA) })).toBe(false);
  expect(mayTouch(callers.clinicAdmin!, { kind: 'device', keys: { ServiceProviderID: 'sp-1', ClinicID: 'clinic-b' } })).toBe(false);
});

it("keeps clinical staff to their clinic's patients, whoever the assigned doctor is", () => {
  expect(mayTouch(callers.nurse!, { kind: 'patient', keys: patientOf(clinicA) })).toBe(true);
  expect(mayTouch(callers.doctor!, { kind: 'patient', keys: patientOf(clinicA) })).toBe(true);
  expect(mayTouch(callers.nurse!, { kind: 'patient', keys: patientOf(clinicB) })).toBe(false);
  expect(mayTouch(callers.doctor!, { kind: 'patient', keys: patientOf(clinicC) })).toBe(false);
});

it("lets a nurse reach her provider's devices (to link one), not another provider's", () => {
  expect(mayTouch(callers.nurse!, { kind: 'device', keys: { ServiceProviderID: 'sp-1' } })).toBe(true);
  expect(mayTouch(callers.nurse!, { kind: 'device', keys: { ServiceProviderID: 'sp-2' } })).toBe(false);
});

it('reaches nothing for a caller whose record carries no tenant', () => {
  expect(mayTouch(callers.orphan!, { kind: 'patient', keys: { ClinicID_ref: 'undefined', ServiceProviderID: 'undefined', DoctorID_ref: 'x' } })).toBe(false);
  expect(mayTouch(callers.orphan!, { kind: 'clinic', keys: { ClinicID: '', ServiceProviderID: '' } })).toBe(false);
});

it('answers 404 for an absent or out-of-scope target, the item itself otherwise', () => {
  const patient = patientOf(clinicA);
  expect(inScope(callers.nurse!, 'patient', patient)).toBe(patient);
  expect(() => inScope(callers.nurse!, 'patient', patientOf(clinicB))).toThrow(expect.objectContaining({ statusCode: 404 }));
  expect(() => inScope(callers.nurse!, 'patient', undefined)).toThrow(expect.objectContaining({ statusCode: 404 }));
});

import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { issueLocalToken } from '@functions/lib/human-verification';
import { clinicSignupSchema, clinicUpdateSchema, logoUploadSchema, myClinicUpdateSchema } from '@shared/api/clinics';
import { patientUpdateSchema } from '@shared/api/patients';
import { clearAlertsSchema, exchangeNoteSchema, manualExchangeSchema } from '@shared/api/exchanges';
import { addDeviceSchema, closeVisitSchema, prescriptionBodySchema } from '@shared/api/prescriptions';
import type { RouteDefinition } from '@shared/api/route-definition';
import { clinicAdminSignupSchema, clinicDirectorSignupSchema, doctorSignupSchema, nurseSignupSchema, userUpdateSchema } from '@shared/api/users';
import { deviceClinicMoveSchema, deviceProfileUpdateSchema, deviceRegistrationSchema } from '@shared/api/devices';
import { exchangeReport, randomSerialNumber } from './devices';
import { prescriptionBody } from './prescriptions';
import type { Tenant } from './tenants';

/**
 * What a table-walking test sends so a route's handler gets past validation to its tenant check:
 * a valid body for each request schema that needs one, and the values of path parameters that
 * name something inside a tenant (an exchange of its patient), taken from the tenant called.
 * A route of a new schema without an entry here is sent `{}` (refused with the schema's messages).
 */
const human = () => issueLocalToken(process.env.LOCAL_VERIFIER_SECRET!);
const clinicAddress = { Country: 'Israel', City: 'Haifa', Street: '4 Walk St' };

/** A new user of the role, with an e-mail no walk used before. */
const newUser = (Role: string) => () => ({
  FirstName: 'Walk',
  LastName: Role,
  Email: `walk-${Role.toLowerCase()}-${randomUUID().slice(0, 8)}@test.example`,
  Phone: '+972 4 555 0700',
  Role,
});

const bodies = new Map<z.ZodTypeAny, (tenant: Tenant) => unknown>([
  [clinicAdminSignupSchema, newUser('ClinicAdmin')],
  [doctorSignupSchema, newUser('Doctor')],
  [nurseSignupSchema, newUser('Nurse')],
  [clinicDirectorSignupSchema, newUser('ClinicDirector')],
  // Only the phone: the walks keep signing the target in, so its e-mail, flag and role stay.
  [userUpdateSchema, () => ({ Phone: '+972 4 555 0701' })],
  [clinicSignupSchema, () => ({ ClinicName: 'Walk Clinic', ClinicPhone: '+972 4 555 0500', ClinicAddress: clinicAddress, reCaptchaToken: human() })],
  [logoUploadSchema, () => ({ files: [{ name: 'logo.png', size: 2048 }] })],
  [clinicUpdateSchema, () => ({ ClinicPhone: '+972 4 555 0501', reCaptchaToken: human() })],
  [myClinicUpdateSchema, () => ({ Email: 'walk@clinic.example', Phone: '+972 4 555 0502', ClinicAddress: clinicAddress, reCaptchaToken: human() })],
  [exchangeNoteSchema, (tenant) => ({ Exchange_id: tenant.exchangeId, Note: 'Checked with the patient' })],
  [clearAlertsSchema, (tenant) => ({ _id: tenant.patientId })],
  [patientUpdateSchema, () => ({ Pulse: 72 })],
  // Not the patient's device: the handler refuses it after its tenant check, before publishing (the walk has no broker).
  [
    prescriptionBodySchema,
    () => prescriptionBody('000-00000', [{ ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: ['MO'], ExchangeTime: ['08:00'] }]),
  ],
  [addDeviceSchema, (tenant) => ({ SerialNumber: tenant.serialNumber })],
  [closeVisitSchema, () => ({ Findings: 'Stable', Recommendation: 'No change', UrineOutput: 2 })],
  // The note: the MACs would publish to the device, and the walks have no broker.
  [deviceProfileUpdateSchema, () => ({ Note: 'Checked on the walk' })],
  // The device's own clinic: the walks keep their device where it is (answered 400).
  [deviceClinicMoveSchema, (tenant) => ({ ClinicID: tenant.clinicId })],
  [deviceRegistrationSchema, (tenant) => ({ SerialNumber: randomSerialNumber(), ServiceProviderID: tenant.serviceProviderId, ClinicID: tenant.clinicId })],
  [
    manualExchangeSchema,
    () => {
      const { _id, FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity, ...manual } = exchangeReport(
        new Date(Date.now() - 30 * 60 * 1000),
      );
      return manual;
    },
  ],
]);

const pathValues: Record<string, (tenant: Tenant) => string> = {
  exchangeId: (tenant) => tenant.exchangeId,
};

/** A body the route's schema accepts, about the tenant's data; `{}` for a route without an example. */
export function validBody(route: RouteDefinition, tenant: Tenant): unknown {
  return route.body ? (bodies.get(route.body)?.(tenant) ?? {}) : {};
}

/** The value of a path parameter that names something inside the tenant, if it is one. */
export function tenantPathValue(param: string, tenant: Tenant): string | undefined {
  return pathValues[param]?.(tenant);
}

import type { HistoryPage, HistoryQuery } from '@shared/api/history';
import { auditRepository } from '../data/audit-repository';
import { patientsRepository } from '../data/patients-repository';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { forbidden } from '../lib/errors';
import { inScope } from '../lib/scope';

/**
 * The 'History' view of the audit trail, for the people responsible (DESIGN.md section 5):
 * LiberDiAdmin the platform, a ServiceProviderAdmin its own provider, a ClinicDirector its own
 * clinic and each of its patients. Each is one Query on the caller's own tenant's partition.
 */
const currentMonth = () => new Date().toISOString().slice(0, 7);

/** What a read of the trail looked at, for its own audit record: the month and the filters. */
const historyRead = (query: HistoryQuery) =>
  [`month=${query.month ?? currentMonth()}`, query.userId && `userId=${query.userId}`, query.patientId && `patientId=${query.patientId}`]
    .filter(Boolean)
    .join(' ');

export async function platformHistory(audit: AuditTrail, query: HistoryQuery): Promise<HistoryPage> {
  audit.read({ entity: 'History', id: historyRead(query), PatientID: query.patientId });
  if (query.patientId) return auditRepository.listByPatient(query.patientId, query);
  return auditRepository.listPlatform(query.month ?? currentMonth(), query);
}

export async function providerHistory(caller: Caller, audit: AuditTrail, query: HistoryQuery): Promise<HistoryPage> {
  if (!caller.serviceProviderId) throw forbidden();
  audit.read({ entity: 'History', id: historyRead(query), ServiceProviderID: caller.serviceProviderId });
  const page = await auditRepository.listByProvider(caller.serviceProviderId, query.month ?? currentMonth(), query);
  return query.patientId ? { ...page, items: page.items.filter((item) => item.PatientID === query.patientId) } : page;
}

export async function clinicHistory(caller: Caller, audit: AuditTrail, query: HistoryQuery): Promise<HistoryPage> {
  if (!caller.clinicId) throw forbidden();
  audit.read({ entity: 'History', id: historyRead(query), ServiceProviderID: caller.serviceProviderId, ClinicID: caller.clinicId });
  const page = await auditRepository.listByClinic(caller.clinicId, query.month ?? currentMonth(), query);
  return query.patientId ? { ...page, items: page.items.filter((item) => item.PatientID === query.patientId) } : page;
}

/** One patient's trail (a read of the patient's data itself, so it is recorded too). */
export async function patientHistory(
  caller: Caller,
  audit: AuditTrail,
  patientId: string,
  query: Omit<HistoryQuery, 'patientId' | 'month'>,
): Promise<HistoryPage> {
  const patient = inScope(caller, 'patient', await patientsRepository.get(patientId));
  audit.read({ entity: 'PatientHistory', id: patientId, PatientID: patientId, ClinicID: patient.ClinicID_ref, ServiceProviderID: patient.ServiceProviderID });
  return auditRepository.listByPatient(patientId, query);
}

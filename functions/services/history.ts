import type { HistoryPage, HistoryQuery } from '@shared/api/history';
import { auditRepository } from '../data/audit-repository';
import { patientsRepository } from '../data/patients-repository';
import type { AuditTrail } from '../lib/audit';
import type { Caller } from '../lib/caller';
import { forbidden } from '../lib/errors';
import { inScope } from '../lib/scope';

/**
 * The 'History' view of the audit trail, for the people responsible (DESIGN.md section 5):
 * LiberDiAdmin the platform, a ServiceProviderAdmin its own provider, a ClinicDirector its own
 * clinic and each of its patients. Each is one Query on the caller's own tenant's partition.
 */
const currentMonth = () => new Date().toISOString().slice(0, 7);

export async function platformHistory(query: HistoryQuery): Promise<HistoryPage> {
  if (query.patientId) return auditRepository.listByPatient(query.patientId, query);
  return auditRepository.listPlatform(query.month ?? currentMonth(), query);
}

export async function providerHistory(caller: Caller, query: HistoryQuery): Promise<HistoryPage> {
  if (!caller.serviceProviderId) throw forbidden();
  const page = await auditRepository.listByProvider(caller.serviceProviderId, query.month ?? currentMonth(), query);
  return query.patientId ? { ...page, items: page.items.filter((item) => item.PatientID === query.patientId) } : page;
}

export async function clinicHistory(caller: Caller, query: HistoryQuery): Promise<HistoryPage> {
  if (!caller.clinicId) throw forbidden();
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

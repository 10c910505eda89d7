import { auditRepository } from '../data/audit-repository';
import { escalationsRepository } from '../data/escalations-repository';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { reachablePatientWith } from './reachable-patient';

/** A transaction holds 100 items: each acknowledgement is two. */
const ACKNOWLEDGE_BATCH = 50;

/**
 * A clinician opened the patient through an escalation notice's link: every alert of the patient
 * a notice went out for and no one acknowledged yet is acknowledged by them, which stops its
 * escalation; each with its audit record. Opening it when a colleague already had is recorded too.
 */
export async function acknowledgeNotice(caller: Caller, audit: AuditTrail, patientId: string, now = new Date()): Promise<{ acknowledged: number }> {
  const [patient, awaiting] = await reachablePatientWith(caller, patientId, () => escalationsRepository.listAwaitingAcknowledgement(patientId));
  const tenant = { PatientID: patientId, ClinicID: patient.ClinicID_ref, ServiceProviderID: patient.ServiceProviderID };
  const at = now.toISOString();
  for (let start = 0; start < awaiting.length; start += ACKNOWLEDGE_BATCH) {
    const batch = awaiting.slice(start, start + ACKNOWLEDGE_BATCH).map((escalation) => ({
      escalation,
      audit: audit.write({
        entity: 'AlertEscalation',
        id: `${escalation.Time}#${escalation.AlertID}`,
        before: { AcknowledgedAt: undefined },
        after: { AcknowledgedAt: at, AcknowledgedBy: caller.userId },
        ...tenant,
      }),
    }));
    await escalationsRepository.acknowledge(batch, caller.userId, at);
  }
  if (awaiting.length === 0) {
    await auditRepository.record([audit.write({ entity: 'AlertEscalation', id: patientId, after: { OpenedFromNotice: at }, ...tenant })]);
  }
  return { acknowledged: awaiting.length };
}

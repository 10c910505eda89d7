import { AuditTrail } from '../functions/audit/audit-trail';
import { handler as checkEscalations } from '../functions/devices/check-escalations';
import { raisePatientAlert } from '../functions/devices/patient-alerts';
import { addOnCallShift } from '../functions/services/on-call';
import { makeAlert } from '../shared/alerts';
import { DAY_MS, MINUTE_MS } from '../shared/time';
import type { DynamoRequestCounter } from './dynamo-requests';
import { createStaff, type BenchClinic, type BenchPatient } from './fixtures';
import { limitRow, shownRow, type BenchRow } from './report';

/**
 * Requests a notice may cost: the patient, the alert's state and its step, who is on call, the
 * transaction, and its share of the minute's shards.
 */
const REQUESTS_PER_NOTICE = 6;
/** An idle minute: the cursor, one Query per shard of the minute, the cursor written. */
const IDLE_REQUESTS = 6;

/**
 * The escalation check at scale (docs/escalation.md): every patient given has a High alert raised
 * in the same minute, each clinic has a nurse on call, and the check runs 16 minutes later, as
 * its schedule would. Judged on counts, which hold on a noisy machine: DynamoDB requests per
 * notice, no Scan, and what an idle minute costs; the time is shown.
 */
export async function measureEscalations(
  clinics: BenchClinic[],
  patients: BenchPatient[],
  counter: DynamoRequestCounter,
): Promise<{ rows: BenchRow[]; note: string }> {
  const raisedAt = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();
  for (const [i, clinic] of clinics.entries()) {
    const director = await createStaff(clinic, 'ClinicDirector', `escalation-director-${i}@bench.example`);
    const nurse = await createStaff(clinic, 'Nurse', `escalation-nurse-${i}@bench.example`);
    const caller = { userId: director.userId, role: 'ClinicDirector' as const, clinicId: clinic.clinicId, serviceProviderId: clinic.serviceProviderId };
    const audit = new AuditTrail({ caller, route: 'bench', sourceIp: '127.0.0.1', declared: 'write' });
    const shift = { UserID: nurse.userId, From: at(raisedAt - MINUTE_MS), To: at(raisedAt + DAY_MS), Email: nurse.email, Phone: '+972 4 555 0150' };
    await addOnCallShift(caller, audit, shift, new Date(raisedAt));
  }
  const ours = patients.filter((patient) => clinics.some((clinic) => clinic.clinicId === patient.clinicId));
  for (const patient of ours)
    await raisePatientAlert(
      patient.patientId,
      makeAlert('HighDrainTempAlert', 'Drain temperature 39.2 C'),
      at(raisedAt),
      `bench-escalation-${patient.patientId}`,
    );

  // The schedule runs every minute: up to the minute the steps fall due, each run finds nothing.
  for (let minute = 1; minute < 16; minute += 1) {
    counter.reset();
    await checkEscalations({ now: at(raisedAt + minute * MINUTE_MS) });
  }
  const idle = counter.total;
  counter.reset();
  const started = performance.now();
  const { due, notices } = await checkEscalations({ now: at(raisedAt + 16 * MINUTE_MS) });
  const ms = performance.now() - started;
  const requests = counter.total;
  const scans = counter.of('Scan');
  const breakdown = counter.breakdown(Math.max(1, notices));

  const label = `Escalation check, ${ours.length} patients' High alerts due in one minute`;
  return {
    rows: [
      { name: `${label}: notices sent (one per patient)`, value: notices, floor: null, ratio: null, goal: `= ${ours.length}`, pass: notices === ours.length },
      shownRow(`${label}: ms per notice (16 at once; mail and SMS to the outboxes)`, ms / Math.max(1, notices)),
      limitRow(`${label}: DynamoDB requests per notice`, requests / Math.max(1, notices), REQUESTS_PER_NOTICE),
      limitRow(`${label}: Scan requests`, scans, 0),
      limitRow('Escalation check, an idle minute: DynamoDB requests', idle, IDLE_REQUESTS),
    ],
    note: `${label}: ${due} steps due, ${notices} notices in ${Math.round(ms)} ms; requests per notice: ${breakdown}.`,
  };
}

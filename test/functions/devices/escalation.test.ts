import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { auditRepository } from '@functions/data/audit-repository';
import { settingsRepository } from '@functions/data/settings-repository';
import { handler as checkEscalations } from '@functions/devices/check-escalations';
import { raisePatientAlert } from '@functions/devices/patient-alerts';
import type { UserRecord } from '@functions/data/users-repository';
import { makeAlert } from '@shared/alerts';
import { buildPath } from '@shared/api/paths';
import { routes } from '@shared/api/routes';
import { noticeLink } from '@shared/escalation';
import { onCall as hebrewOnCall } from '@shared/messages/he/on-call';
import { onCall } from '@shared/messages/on-call';
import { HOUR_MS, MINUTE_MS } from '@shared/time';
import { signedInUser, useApi } from '@test/support/api';
import { createPatientWithDevice, createTestPatient, useDeviceBroker } from '@test/support/devices';
import { countDynamoRequests } from '@test/support/dynamo-requests';
import { useTestTable, useTestUserPool } from '@test/support/local-services';

useTestTable();
useTestUserPool();
useDeviceBroker();
const api = useApi();
const requests = countDynamoRequests();

/**
 * The escalation of unresolved alerts, end to end against DynamoDB Local and cognito-local: an
 * alert raised records its due time, the scheduled check sends the on-call notice (the outboxes
 * of mail and SMS), then the director's, once each; clearing the alert or opening the patient
 * through the notice's link stops it; every notice and acknowledgement is in the audit trail.
 */
type Clinic = Awaited<ReturnType<typeof createPatientWithDevice>>;
type Staff = { user: UserRecord; token: string };

let clinic: Clinic;
let director: Staff;
let nurse: Staff;
const start = Date.now();
const ON_CALL = { Email: 'oncall-pager@clinic.example', Phone: '+972 4 555 0150' };

const tenantOf = (of: Clinic) => ({ ServiceProviderID: of.provider.ServiceProviderID, ClinicID: of.clinic.ClinicID, ClinicName: of.clinic.ClinicName });
const at = (ms: number) => new Date(ms).toISOString();

/** The mails the outbox holds for an address, as a recipient would read them. */
function mailsTo(address: string): Array<{ subject: string; text: string }> {
  const dir = process.env.MAIL_OUTBOX_DIR!;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(`-${address}.json`))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { subject: string; text: string });
}

function smsTo(phone: string): Array<{ to: string; text: string }> {
  const dir = process.env.SMS_OUTBOX_DIR!;
  if (!existsSync(dir)) return [];
  const number = phone.replace(/[^\d+]/g, '');
  return readdirSync(dir)
    .filter((name) => name.endsWith(`-${number}.json`))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { to: string; text: string });
}

async function escalationTrail(patientId: string) {
  return (await auditRepository.listByPatient(patientId, { limit: 100 })).items.filter((record) => record.Entity === 'AlertEscalation');
}

beforeAll(async () => {
  clinic = await createPatientWithDevice();
  director = await signedInUser('ClinicDirector', { ...tenantOf(clinic), Phone: '+972 4 555 0160' });
  nurse = await signedInUser('Nurse', tenantOf(clinic));
  const shift = { UserID: nurse.user.UserID, From: at(start - HOUR_MS), To: at(start + 5 * 24 * HOUR_MS), ...ON_CALL };
  const added = await api.call('POST', buildPath(routes.addOnCallShiftAsDirector.path, { id: director.user.UserID }), { token: director.token, body: shift });
  expect(added.status).toBe(200);
}, 60_000);

describe('the escalation of an unresolved alert', () => {
  it('goes to the clinician on call after 15 minutes, then to the ClinicDirector 30 minutes later, once each, with no patient data', async () => {
    const { patient } = clinic;
    await raisePatientAlert(patient.UserID, makeAlert('HighDrainTempAlert', 'Drain temperature 39.2 C'), at(start), 'high-1', new Date(start));
    await raisePatientAlert(patient.UserID, makeAlert('LowUfAlert', 'UF 5 %'), at(start), 'medium-1', new Date(start));

    expect(await checkEscalations({ now: at(start + 10 * MINUTE_MS) })).toMatchObject({ notices: 0 });
    expect(mailsTo(ON_CALL.Email)).toEqual([]);

    expect(await checkEscalations({ now: at(start + 16 * MINUTE_MS) })).toEqual({ due: 1, notices: 1 });
    const [mail, ...moreMails] = mailsTo(ON_CALL.Email);
    expect(moreMails).toEqual([]);
    expect(mail!.subject).toBe(onCall.noticeSubject);
    expect(mail!.text).toContain(noticeLink(process.env.PORTAL_URL!, patient.UserID));
    expect(mail!.text).toContain(patient.UserID);
    // A patient reference and a link: no name, no clinical finding.
    for (const secret of ['Noa', 'Cohen', 'Drain temperature', 'HighDrainTemp', '39.2']) expect(mail!.text).not.toContain(secret);
    const [sms] = smsTo(ON_CALL.Phone);
    expect(sms).toMatchObject({ to: '+97245550150', text: onCall.noticeSms(patient.UserID, noticeLink(process.env.PORTAL_URL!, patient.UserID)) });
    const [noticed] = await escalationTrail(patient.UserID);
    expect(noticed).toMatchObject({ UserID: 'system:escalation-check', Role: 'System', Action: 'write', ClinicID: clinic.clinic.ClinicID });
    expect(noticed!.Changes).toContainEqual({ field: 'Recipients', after: [nurse.user.UserID] });
    expect(noticed!.Changes).toContainEqual({ field: 'Step', after: 'OnCall' });

    // Runs later send nothing again: the step is done. An idle minute costs the cursor and one Query per shard.
    requests.reset();
    expect(await checkEscalations({ now: at(start + 17 * MINUTE_MS) })).toEqual({ due: 0, notices: 0 });
    expect(requests.total).toBeLessThanOrEqual(1 + 4 + 1);
    expect(await checkEscalations({ now: at(start + 30 * MINUTE_MS) })).toEqual({ due: 0, notices: 0 });
    expect(mailsTo(ON_CALL.Email)).toHaveLength(1);

    expect(await checkEscalations({ now: at(start + 47 * MINUTE_MS) })).toEqual({ due: 1, notices: 1 });
    expect(mailsTo(director.user.Email)).toHaveLength(1);
    expect(smsTo('+972 4 555 0160')).toHaveLength(1);
    expect(mailsTo(ON_CALL.Email)).toHaveLength(1);
    expect((await escalationTrail(patient.UserID)).map((record) => record.Changes?.find((change) => change.field === 'Step')?.after)).toEqual([
      'Director',
      'OnCall',
    ]);
    // The Medium alert's on-call step is four hours away.
    expect(await checkEscalations({ now: at(start + 2 * HOUR_MS) })).toEqual({ due: 0, notices: 0 });
  }, 120_000);

  it('stops when the patient is opened through the link: acknowledged by who opened it, in the trail', async () => {
    const { patient } = await createTestPatient({ ClinicID_ref: clinic.clinic.ClinicID, DoctorID_ref: 'doctor-1' });
    const t0 = start + 3 * HOUR_MS;
    await raisePatientAlert(patient.UserID, makeAlert('NoDrainAlert', 'No drain'), at(t0), 'high-2', new Date(t0));
    expect((await checkEscalations({ now: at(t0 + 16 * MINUTE_MS) })).notices).toBe(1);
    const ack = await api.call('POST', buildPath(routes.acknowledgeNoticeAsNurse.path, { id: nurse.user.UserID, patientId: patient.UserID }), {
      token: nurse.token,
    });
    expect(ack).toEqual({ status: 200, body: { acknowledged: 1 } });
    const before = mailsTo(director.user.Email).length;
    expect(await checkEscalations({ now: at(t0 + 60 * MINUTE_MS) })).toMatchObject({ notices: 0 });
    expect(mailsTo(director.user.Email)).toHaveLength(before);
    const trail = await escalationTrail(patient.UserID);
    expect(trail.find((record) => record.UserID === nurse.user.UserID)?.Changes).toContainEqual({ field: 'AcknowledgedBy', after: nurse.user.UserID });
    // Another clinic's nurse cannot acknowledge it: the patient is out of reach.
    const stranger = await signedInUser('Nurse', tenantOf(await createPatientWithDevice()));
    const refused = await api.call('POST', buildPath(routes.acknowledgeNoticeAsNurse.path, { id: stranger.user.UserID, patientId: patient.UserID }), {
      token: stranger.token,
    });
    expect(refused.status).toBe(404);
  }, 60_000);

  it('stops when the alert is cleared before it is due', async () => {
    const { patient } = await createTestPatient({ ClinicID_ref: clinic.clinic.ClinicID, DoctorID_ref: 'doctor-1' });
    const t0 = start + 5 * HOUR_MS;
    await raisePatientAlert(patient.UserID, makeAlert('TurbidityIncreasedAlert', 'Turbid'), at(t0), 'high-3', new Date(t0));
    const cleared = await api.call('POST', buildPath(routes.clearAlertsAsDirector.path, { id: director.user.UserID, patientId: patient.UserID }), {
      token: director.token,
      body: { _id: patient.UserID },
    });
    expect(cleared.status).toBe(200);
    await checkEscalations({ now: at(t0 + 20 * MINUTE_MS) });
    expect(mailsTo(ON_CALL.Email).filter((mail) => mail.text.includes(patient.UserID))).toEqual([]);
    expect(await escalationTrail(patient.UserID)).toEqual([]);
  });

  it('counts a notice for each patient whose alerts fall due in the same run', async () => {
    const t0 = start + 6 * HOUR_MS;
    const patients = await Promise.all(
      [1, 2, 3].map(async () => (await createTestPatient({ ClinicID_ref: clinic.clinic.ClinicID, DoctorID_ref: 'doctor-1' })).patient),
    );
    for (const [i, patient] of patients.entries())
      await raisePatientAlert(patient.UserID, makeAlert('NoDrainAlert', 'No drain'), at(t0), `high-many-${i}`, new Date(t0));
    expect(await checkEscalations({ now: at(t0 + 16 * MINUTE_MS) })).toEqual({ due: 3, notices: 3 });
    for (const patient of patients) expect(mailsTo(ON_CALL.Email).filter((mail) => mail.text.includes(patient.UserID))).toHaveLength(1);
  });

  it("is written in each recipient's language: their own choice, else the clinic's DefaultLanguage, else English", async () => {
    const other = await createPatientWithDevice();
    const patientId = other.patient.UserID;
    const link = noticeLink(process.env.PORTAL_URL!, patientId);
    const chooses = async (staff: Staff, Language: 'en' | 'he') => {
      const chosen = await api.call('POST', buildPath(routes.chooseLanguage.path, { userId: staff.user.UserID }), { token: staff.token, body: { Language } });
      expect(chosen.status).toBe(200);
    };
    const hebrewDirector = await signedInUser('ClinicDirector', { ...tenantOf(other), Phone: '+972 4 555 0181' });
    const englishDirector = await signedInUser('ClinicDirector', { ...tenantOf(other), Phone: '+972 4 555 0182' });
    const hebrewNurse = await signedInUser('Nurse', tenantOf(other));
    await chooses(hebrewDirector, 'he');
    await chooses(hebrewNurse, 'he');
    const pager = { Email: 'pager-he@clinic.example', Phone: '+972 4 555 0183' };
    const t0 = start + 7 * HOUR_MS;
    const shift = { UserID: hebrewNurse.user.UserID, From: at(t0 - HOUR_MS), To: at(t0 + 24 * HOUR_MS), ...pager };
    const added = await api.call('POST', buildPath(routes.addOnCallShiftAsDirector.path, { id: hebrewDirector.user.UserID }), {
      token: hebrewDirector.token,
      body: shift,
    });
    expect(added.status).toBe(200);
    await raisePatientAlert(patientId, makeAlert('NoDrainAlert', 'No drain'), at(t0), 'high-language', new Date(t0));

    // The nurse on call chose Hebrew: the shift's pager gets the notice in Hebrew.
    await checkEscalations({ now: at(t0 + 16 * MINUTE_MS) });
    expect(mailsTo(pager.Email)).toEqual([
      expect.objectContaining({ subject: hebrewOnCall.noticeSubject, text: hebrewOnCall.noticeText(patientId, 1, 16, link) }),
    ]);
    expect(smsTo(pager.Phone)).toEqual([expect.objectContaining({ text: hebrewOnCall.noticeSms(patientId, link) })]);

    // The ClinicDirectors: one chose Hebrew, the other nothing, and the clinic's default is English.
    await checkEscalations({ now: at(t0 + 47 * MINUTE_MS) });
    expect(mailsTo(hebrewDirector.user.Email)).toEqual([expect.objectContaining({ subject: hebrewOnCall.noticeSubject })]);
    expect(smsTo('+972 4 555 0181')).toEqual([expect.objectContaining({ text: hebrewOnCall.noticeSms(patientId, link) })]);
    expect(mailsTo(englishDirector.user.Email)).toEqual([
      expect.objectContaining({ subject: onCall.noticeSubject, text: onCall.noticeText(patientId, 1, 47, link) }),
    ]);
    expect(smsTo('+972 4 555 0182')).toEqual([expect.objectContaining({ text: onCall.noticeSms(patientId, link) })]);
  }, 120_000);

  it("follows the clinic's DefaultLanguage for a recipient who chose none, and their own choice over it", async () => {
    const other = await createPatientWithDevice();
    await settingsRepository.putForClinic(other.clinic.ClinicID, { DefaultLanguage: 'he' });
    const patientId = other.patient.UserID;
    const unchosen = await signedInUser('ClinicDirector', tenantOf(other));
    const english = await signedInUser('ClinicDirector', tenantOf(other));
    const chosen = await api.call('POST', buildPath(routes.chooseLanguage.path, { userId: english.user.UserID }), {
      token: english.token,
      body: { Language: 'en' },
    });
    expect(chosen.status).toBe(200);
    const t0 = start + 8 * HOUR_MS;
    await raisePatientAlert(patientId, makeAlert('NoDrainAlert', 'No drain'), at(t0), 'high-default-language', new Date(t0));

    // No one is on call in this clinic: the on-call step goes to the ClinicDirectors.
    await checkEscalations({ now: at(t0 + 16 * MINUTE_MS) });
    expect(mailsTo(unchosen.user.Email)).toEqual([expect.objectContaining({ subject: hebrewOnCall.noticeSubject })]);
    expect(mailsTo(english.user.Email)).toEqual([expect.objectContaining({ subject: onCall.noticeSubject })]);
  }, 120_000);
});

import { auditRepository } from '@functions/data/audit-repository';
import type { UserRecord } from '@functions/data/users-repository';
import type { OnCallRota, OnCallShiftRow } from '@shared/api/on-call';
import { buildPath } from '@shared/api/paths';
import { routes } from '@shared/api/routes';
import * as messages from '@shared/messages';
import { HOUR_MS } from '@shared/time';
import { signedInUser, useApi } from '@test/support/api';
import { createPatientWithDevice } from '@test/support/devices';
import { useTestTable, useTestUserPool } from '@test/support/local-services';

useTestTable();
useTestUserPool();
const api = useApi();

/**
 * The ClinicDirector's on-call rota through the local API gateway, DynamoDB Local and
 * cognito-local: who may read and change it, the shifts' validation and overlaps, and the audit.
 */
type Clinic = Awaited<ReturnType<typeof createPatientWithDevice>>;
type Staff = { user: UserRecord; token: string };

let own: Clinic;
let other: Clinic;
let director: Staff;
let otherDirector: Staff;
let nurse: Staff;
let doctor: Staff;
let foreignDoctor: Staff;

const tenantOf = (clinic: Clinic) => ({
  ServiceProviderID: clinic.provider.ServiceProviderID,
  ClinicID: clinic.clinic.ClinicID,
  ClinicName: clinic.clinic.ClinicName,
});
const at = (hoursFromNow: number) => new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + hoursFromNow * HOUR_MS).toISOString();

beforeAll(async () => {
  own = await createPatientWithDevice();
  other = await createPatientWithDevice();
  director = await signedInUser('ClinicDirector', tenantOf(own));
  otherDirector = await signedInUser('ClinicDirector', tenantOf(other));
  nurse = await signedInUser('Nurse', { ...tenantOf(own), FirstName: 'Grace', LastName: 'Hopper' });
  doctor = await signedInUser('Doctor', { ...tenantOf(own), FirstName: 'Ada', LastName: 'Lovelace' });
  foreignDoctor = await signedInUser('Doctor', tenantOf(other));
}, 60_000);

const rotaPath = (caller: Staff) => buildPath(routes.getOnCallRotaAsDirector.path, { id: caller.user.UserID });
const addPath = (caller: Staff) => buildPath(routes.addOnCallShiftAsDirector.path, { id: caller.user.UserID });
const removePath = (caller: Staff, shiftId: string) => buildPath(routes.removeOnCallShiftAsDirector.path, { id: caller.user.UserID, shiftId });

const shiftOf = (who: Staff, from: number, to: number) => ({
  UserID: who.user.UserID,
  From: at(from),
  To: at(to),
  Email: 'oncall@clinic.example',
  Phone: '+972 4 555 0101',
});

async function rota(caller: Staff): Promise<OnCallShiftRow[]> {
  const answer = await api.call('GET', rotaPath(caller), { token: caller.token });
  expect(answer.status).toBe(200);
  return (answer.body as OnCallRota).items;
}

describe('the on-call rota', () => {
  it('takes a shift of a clinician of the clinic and lists it, named, with the audit record', async () => {
    const added = await api.call('POST', addPath(director), { token: director.token, body: shiftOf(nurse, 1, 9) });
    expect(added.status).toBe(200);
    const shift = added.body as OnCallShiftRow;
    expect(shift).toMatchObject({
      UserID: nurse.user.UserID,
      Name: 'Grace Hopper',
      From: at(1),
      To: at(9),
      Email: 'oncall@clinic.example',
      Phone: '+972 4 555 0101',
    });
    expect(await rota(director)).toContainEqual(shift);

    const trail = await auditRepository.listByClinic(own.clinic.ClinicID, new Date().toISOString().slice(0, 7));
    const record = trail.items.find((item) => item.EntityID === shift.ShiftID);
    expect(record).toMatchObject({ UserID: director.user.UserID, Role: 'ClinicDirector', Entity: 'OnCallShift', Action: 'write' });
    expect(record?.Changes).toContainEqual({ field: 'UserID', after: nurse.user.UserID });
  });

  it('refuses a shift that overlaps another, naming it', async () => {
    const answer = await api.call('POST', addPath(director), { token: director.token, body: shiftOf(doctor, 8, 12) });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: [messages.onCall.overlaps('Grace Hopper', at(1), at(9))] });
    // Touching ends do not overlap: the next shift starts when the last one ends.
    const next = await api.call('POST', addPath(director), { token: director.token, body: shiftOf(doctor, 9, 12) });
    expect(next.status).toBe(200);
  });

  it('refuses From at or after To, a shift that has ended, and one longer than a week, with clear messages', async () => {
    const same = await api.call('POST', addPath(director), { token: director.token, body: shiftOf(doctor, 30, 30) });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ fields: { To: messages.onCall.fromBeforeTo } });
    const backwards = await api.call('POST', addPath(director), { token: director.token, body: shiftOf(doctor, 40, 35) });
    expect(backwards.body).toMatchObject({ fields: { To: messages.onCall.fromBeforeTo } });
    const ended = await api.call('POST', addPath(director), { token: director.token, body: shiftOf(doctor, -10, -5) });
    expect(ended.status).toBe(400);
    expect(ended.body).toMatchObject({ message: [messages.onCall.endsInThePast] });
    const long = await api.call('POST', addPath(director), { token: director.token, body: shiftOf(doctor, 100, 100 + 8 * 24) });
    expect(long.body).toMatchObject({ fields: { To: messages.onCall.tooLong(7) } });
    const badContact = await api.call('POST', addPath(director), {
      token: director.token,
      body: { ...shiftOf(doctor, 50, 51), Email: 'not-mail', Phone: 'call me', From: 'tomorrow' },
    });
    expect(badContact.body).toMatchObject({
      fields: { Email: messages.onCall.emailNotValid, Phone: messages.onCall.phoneNotValid, From: messages.onCall.timeNotValid('From') },
    });
  });

  it('takes only clinicians of the own clinic', async () => {
    const answer = await api.call('POST', addPath(director), { token: director.token, body: shiftOf(foreignDoctor, 60, 61) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: [messages.onCall.clinicianNotInClinic] });
  });

  it('is the ClinicDirector’s own clinic’s: another clinic’s director sees none of it and cannot remove a shift', async () => {
    const [shift] = await rota(director);
    expect(await rota(otherDirector)).toEqual([]);
    const removed = await api.call('POST', removePath(otherDirector, shift!.ShiftID), { token: otherDirector.token });
    expect(removed.status).toBe(404);
    expect(await rota(director)).toContainEqual(shift);
  });

  it('refuses a doctor or a nurse', async () => {
    for (const caller of [doctor, nurse]) {
      const path = `/doctors/${caller.user.UserID}/onCall`;
      const answer = await api.call('GET', path, { token: caller.token });
      expect([403, 404]).toContain(answer.status);
      const add = await api.call('POST', addPath(caller), { token: caller.token, body: shiftOf(caller, 70, 71) });
      expect(add.status).toBe(403);
    }
  });

  it('removes a shift, with the audit record of what it was', async () => {
    const [shift] = await rota(director);
    const removed = await api.call('POST', removePath(director, shift!.ShiftID), { token: director.token });
    expect(removed).toEqual({ status: 200, body: { removed: true } });
    expect((await rota(director)).map((row) => row.ShiftID)).not.toContain(shift!.ShiftID);
    const trail = await auditRepository.listByClinic(own.clinic.ClinicID, new Date().toISOString().slice(0, 7));
    const record = trail.items.find((item) => item.EntityID === shift!.ShiftID && item.Changes?.some((change) => change.before !== undefined));
    expect(record?.Changes).toContainEqual({ field: 'UserID', before: shift!.UserID });
    const again = await api.call('POST', removePath(director, shift!.ShiftID), { token: director.token });
    expect(again.status).toBe(404);
  });
});

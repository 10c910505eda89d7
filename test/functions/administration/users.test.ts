import { adminCalls, type CallOptions, type Caller } from '@test/support/admin-calls';
import { randomUUID } from 'node:crypto';
import { auditRepository } from '@functions/data/audit-repository';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { usersRepository } from '@functions/data/users-repository';
import { routes, type RouteId } from '@shared/api/routes';
import type { ClinicListItem } from '@shared/api/clinics';
import type { SignInResult } from '@shared/api/session';
import type { UserAnswer } from '@shared/api/users';
import * as messages from '@shared/messages';
import { ROLES, type Role } from '@shared/roles';
import { TEST_PASSWORD, signedInUser, useApi } from '@test/support/api';
import { createTestClinic } from '@test/support/devices';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { createTenant, type Tenant } from '@test/support/tenants';
import { human, isAlive, mailCount, mailedPassword, messageOf, readOutbox, signedIn, signInCall } from '../auth/helpers';

useTestTable();
useTestUserPool();
const api = useApi();

/**
 * The users calls of spec section 7 against DynamoDB Local and cognito-local: every
 * route × every role × the own and another tenant, the creation chain of spec section 6 refused out
 * of order, the overlap rule on updates, and what a change does to the user's sign-in and sessions.
 */
let own: Tenant;
let other: Tenant;

beforeAll(async () => {
  [own, other] = [await createTenant('Own'), await createTenant('Other')];
}, 120_000);

type UserRoute =
  | 'getAllUsers'
  | 'getUserProfile'
  | 'getAllUsersForSP'
  | 'getUserOfProvider'
  | 'addClinicAdmin'
  | 'updateUserOfProvider'
  | 'getAllUsersForMyClinic'
  | 'getUserOfClinic'
  | 'updateUserOfClinic'
  | 'signupDoctor'
  | 'signupNurse'
  | 'signupClinicDirector';

const calls = adminCalls(api, { id: () => 'none' });
const call = (name: UserRoute, user: Caller, options: CallOptions & { clinicId?: string } = {}) =>
  calls.call(name, user, { ...options, params: { clinicId: options.clinicId ?? 'none' } });

const person = (Role: Role | Role[], overrides: Record<string, unknown> = {}) => ({
  FirstName: 'Rina',
  LastName: `New ${Array.isArray(Role) ? Role.join(' ') : Role}`,
  Email: `new-${randomUUID().slice(0, 8)}@test.example`,
  Phone: '+972 4 555 0800',
  Role,
  ...overrides,
});

const ids = (body: { items: UserAnswer[] }) => body.items.map((item) => item.UserID);
const tenantUserIds = (tenant: Tenant) => Object.values(tenant.users).map((user) => user.UserID);

describe('every route × every role × the own and another tenant', () => {
  const userRoutes: UserRoute[] = [
    'getAllUsers',
    'getUserProfile',
    'getAllUsersForSP',
    'getUserOfProvider',
    'addClinicAdmin',
    'updateUserOfProvider',
    'getAllUsersForMyClinic',
    'getUserOfClinic',
    'updateUserOfClinic',
    'signupDoctor',
    'signupNurse',
    'signupClinicDirector',
  ];

  it.each(userRoutes)('%s refuses every role it does not name with the spec words', async (name) => {
    const route = routes[name as RouteId] as { roles: readonly Role[]; thing: string };
    for (const role of ROLES.filter((candidate) => !route.roles.includes(candidate))) {
      const response = await call(name, own.users[role], { id: own.users.Nurse.UserID, clinicId: own.clinicId, body: person('Doctor') });
      expect({ role, status: response.status, message: messageOf(response.body) }).toEqual({
        role,
        status: 403,
        message: [messages.errors.noAccess(route.thing)],
      });
    }
  });

  it('LiberDiAdmin reads every tenant’s users, read-only', async () => {
    const admin = own.users.LiberDiAdmin;
    for (const tenant of [own, other]) {
      const profile = await call('getUserProfile', admin, { id: tenant.users.Nurse.UserID });
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ UserID: tenant.users.Nurse.UserID, Role: 'Nurse', Roles: ['Nurse'], ClinicID: tenant.clinicId });
      const byProvider = await call('getAllUsers', admin, { query: `spId=${tenant.serviceProviderId}&limit=100` });
      expect(ids(byProvider.body).sort()).toEqual(
        tenantUserIds(tenant)
          .filter((id) => id !== tenant.users.LiberDiAdmin.UserID)
          .sort(),
      );
    }
    const byClinic = await call('getAllUsers', admin, { query: `clinicId=${other.clinicId}&limit=100` });
    expect(new Set(byClinic.body.items.map((item: UserAnswer) => item.ClinicID))).toEqual(new Set([other.clinicId]));
    // A clinic named with another provider's spId lists nobody.
    expect((await call('getAllUsers', admin, { query: `clinicId=${other.clinicId}&spId=${own.serviceProviderId}` })).body.items).toEqual([]);
  });

  it('ServiceProviderAdmin reaches the own provider’s users only; another tenant’s are 404', async () => {
    const sp = own.users.ServiceProviderAdmin;
    const listed = await call('getAllUsersForSP', sp, { query: 'limit=100' });
    expect(listed.status).toBe(200);
    expect(ids(listed.body)).toEqual(expect.arrayContaining(tenantUserIds(own).filter((id) => id !== own.users.LiberDiAdmin.UserID)));
    for (const id of tenantUserIds(other)) expect(ids(listed.body)).not.toContain(id);
    expect((await call('getAllUsersForSP', sp, { query: `clinicId=${own.clinicId}` })).status).toBe(200);
    expect((await call('getAllUsersForSP', sp, { query: `clinicId=${other.clinicId}` })).status).toBe(404);

    expect((await call('getUserOfProvider', sp, { id: own.users.Nurse.UserID })).body).toMatchObject({ UserID: own.users.Nurse.UserID });
    expect((await call('getUserOfProvider', sp, { id: other.users.Nurse.UserID })).status).toBe(404);
    expect((await call('getUserOfProvider', sp, { id: own.users.LiberDiAdmin.UserID })).status).toBe(404);

    const phone = { Phone: '+972 4 555 0811' };
    const updated = await call('updateUserOfProvider', sp, { id: own.users.ClinicAdmin.UserID, body: phone });
    expect(updated).toMatchObject({ status: 200, body: { Phone: phone.Phone, changed: ['Phone'] } });
    const foreign = await call('updateUserOfProvider', sp, { id: other.users.ClinicAdmin.UserID, body: phone });
    expect(foreign).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
    expect((await usersRepository.get(other.users.ClinicAdmin.UserID))?.Phone).not.toBe(phone.Phone);

    const clinic = await createTestClinic(own.serviceProviderId);
    expect((await call('addClinicAdmin', sp, { clinicId: clinic.ClinicID, body: person('ClinicAdmin') })).status).toBe(200);
    const otherClinic = await createTestClinic(other.serviceProviderId);
    const refused = await call('addClinicAdmin', sp, { clinicId: otherClinic.ClinicID, body: person('ClinicAdmin') });
    expect(refused.status).toBe(404);
    expect((await clinicsRepository.get(otherClinic.ClinicID))?.ClinicAdmin).toBeUndefined();
  });

  it('ClinicAdmin reaches the own clinic’s users only; another tenant’s are 404', async () => {
    const clinicAdmin = own.users.ClinicAdmin;
    const listed = await call('getAllUsersForMyClinic', clinicAdmin, { query: 'limit=100' });
    expect(listed.status).toBe(200);
    expect(new Set(listed.body.items.map((item: UserAnswer) => item.ClinicID))).toEqual(new Set([own.clinicId]));
    expect(ids(listed.body)).toEqual(expect.arrayContaining([own.users.Nurse.UserID, own.users.Doctor.UserID, own.users.ClinicDirector.UserID]));

    expect((await call('getUserOfClinic', clinicAdmin, { id: own.users.Doctor.UserID })).status).toBe(200);
    expect((await call('getUserOfClinic', clinicAdmin, { id: other.users.Doctor.UserID })).status).toBe(404);
    expect((await call('getUserOfClinic', clinicAdmin, { id: own.users.ServiceProviderAdmin.UserID })).status).toBe(404);

    const phone = { Phone: '+972 4 555 0812' };
    expect((await call('updateUserOfClinic', clinicAdmin, { id: own.users.Doctor.UserID, body: phone })).status).toBe(200);
    expect((await call('updateUserOfClinic', clinicAdmin, { id: other.users.Doctor.UserID, body: phone })).status).toBe(404);
    expect((await usersRepository.get(other.users.Doctor.UserID))?.Phone).not.toBe(phone.Phone);

    for (const [name, role] of [
      ['signupDoctor', 'Doctor'],
      ['signupNurse', 'Nurse'],
      ['signupClinicDirector', 'ClinicDirector'],
    ] as const) {
      const created = await call(name, clinicAdmin, { body: person(role) });
      expect(created).toMatchObject({
        status: 200,
        body: { Role: role, Roles: [role], ClinicID: own.clinicId, ServiceProviderID: own.serviceProviderId, IsEnabled: true },
      });
    }
  });
});

describe('lists', () => {
  it('page with a limit and a cursor, every user once, by name', async () => {
    const sp = own.users.ServiceProviderAdmin;
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call('getAllUsersForSP', sp, { query: `limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page.body));
      cursor = page.body.cursor;
    } while (cursor);
    const all = await call('getAllUsersForSP', sp, { query: 'limit=100' });
    expect(seen).toEqual(ids(all.body));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('LiberDiAdmin’s list of everyone holds both tenants', async () => {
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await call('getAllUsers', own.users.LiberDiAdmin, { query: `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` });
      page.body.items.forEach((item: UserAnswer) => seen.add(item.UserID));
      cursor = page.body.cursor;
    } while (cursor);
    for (const id of [...tenantUserIds(own), ...tenantUserIds(other)]) expect(seen).toContain(id);
  });
});

describe('the creation chain (spec section 6)', () => {
  it('a clinic admin creates a nurse of its clinic, who gets the mail and reaches /create-password; the creation is audited', async () => {
    const body = person('Nurse');
    const created = await call('signupNurse', own.users.ClinicAdmin, { body });
    expect(created.status).toBe(200);
    const first = (await signInCall(api, body.Email, mailedPassword(body.Email))).body as SignInResult;
    expect(first).toMatchObject({ status: 'pass', updatePassword: true, profile: { UserID: created.body.UserID } });
    const audits = await auditRepository.listByClinic(own.clinicId, new Date().toISOString().slice(0, 7));
    expect(audits.items).toContainEqual(
      expect.objectContaining({ Entity: 'User', EntityID: created.body.UserID, Action: 'write', UserID: own.users.ClinicAdmin.UserID, Role: 'ClinicAdmin' }),
    );
  });

  it('a clinic admin can never create a provider admin or a clinic admin', async () => {
    const clinicAdmin = own.users.ClinicAdmin;
    for (const Role of ['ServiceProviderAdmin', 'ClinicAdmin', 'LiberDiAdmin', ['Doctor', 'ServiceProviderAdmin']] as const) {
      const body = person(Role as Role | Role[]);
      const response = await call('signupDoctor', clinicAdmin, { body });
      expect(response).toMatchObject({ status: 400, body: { fields: { Role: messages.users.roleNotValid } } });
      expect(await usersRepository.getByEmail(body.Email)).toBeUndefined();
    }
    // The nurses' path makes nurses only.
    expect((await call('signupNurse', clinicAdmin, { body: person('Doctor') })).status).toBe(400);
    // The provider admin's call is not the clinic admin's.
    const addAdmin = await call('addClinicAdmin', clinicAdmin, { clinicId: own.clinicId, body: person('ClinicAdmin') });
    expect(addAdmin).toMatchObject({ status: 403, body: { message: [messages.errors.noAccess('Clinic Admins')] } });
  });

  it('a provider admin adds an admin only to a clinic without one: a second is refused and nothing is created', async () => {
    const sp = own.users.ServiceProviderAdmin;
    const clinic = await createTestClinic(own.serviceProviderId);
    // The clinics list tells which clinics have an admin (the create-user form offers only the others).
    const listed = async () => {
      const answer = await calls.call('getAllClinicsOfProvider', sp, { query: 'limit=100' });
      return (answer.body as { items: ClinicListItem[] }).items.find((item) => item.ClinicID === clinic.ClinicID);
    };
    expect((await listed())?.ClinicAdminFullName).toBeUndefined();
    const firstBody = person('ClinicAdmin');
    const first = await call('addClinicAdmin', sp, { clinicId: clinic.ClinicID, body: firstBody });
    expect(first).toMatchObject({ status: 200, body: { Role: 'ClinicAdmin', ClinicID: clinic.ClinicID, ServiceProviderID: own.serviceProviderId } });
    expect((await clinicsRepository.get(clinic.ClinicID))?.ClinicAdmin).toMatchObject({ UserID: first.body.UserID, Email: firstBody.Email });
    expect((await listed())?.ClinicAdminFullName).toBe(`${firstBody.FirstName} ${firstBody.LastName}`);
    expect(mailedPassword(firstBody.Email)).toBeTruthy();

    const second = person('ClinicAdmin');
    const refused = await call('addClinicAdmin', sp, { clinicId: clinic.ClinicID, body: second });
    expect(refused).toMatchObject({ status: 409, body: { message: [messages.users.clinicHasAdmin] } });
    expect(await usersRepository.getByEmail(second.Email)).toBeUndefined();
    expect((await signInCall(api, second.Email, TEST_PASSWORD)).status).toBe(401);

    // Two at once: one wins, the other is refused and leaves no Cognito user behind.
    const race = await createTestClinic(own.serviceProviderId);
    const bodies = [person('ClinicAdmin'), person('ClinicAdmin')];
    const answers = await Promise.all(bodies.map((body) => call('addClinicAdmin', sp, { clinicId: race.ClinicID, body })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = bodies[answers.findIndex((answer) => answer.status === 409)]!;
    expect(await usersRepository.getByEmail(loser.Email)).toBeUndefined();
  });

  it('a provider admin makes clinic admins only', async () => {
    const clinic = await createTestClinic(own.serviceProviderId);
    const response = await call('addClinicAdmin', own.users.ServiceProviderAdmin, { clinicId: clinic.ClinicID, body: person('Doctor') });
    expect(response).toMatchObject({ status: 400, body: { fields: { Role: messages.users.roleNotValid } } });
    expect((await clinicsRepository.get(clinic.ClinicID))?.ClinicAdmin).toBeUndefined();
  });

  it('answers bad input with the spec’s messages and creates nothing', async () => {
    const empty = await call('signupDoctor', own.users.ClinicAdmin, { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({
      FirstName: 'First name is required',
      LastName: 'Last name is required',
      Email: 'Email is required',
      Phone: 'Phone is required',
      Role: 'Role is required',
    });
    const body = person('Doctor', { Email: 'not-an-email', Phone: 'call me' });
    const bad = await call('signupDoctor', own.users.ClinicAdmin, { body });
    expect(bad.body.fields).toEqual({ Email: 'Email is not valid', Phone: 'Phone number is not valid' });
    const taken = await call('signupDoctor', own.users.ClinicAdmin, { body: person('Doctor', { Email: other.users.Nurse.Email }) });
    expect(taken).toMatchObject({ status: 409, body: { message: ['Email is already registered.'] } });
  });

  it('a user added to a disabled clinic is marked as its other users are', async () => {
    const clinic = await createTestClinic(own.serviceProviderId);
    await clinicsRepository.update(
      clinic,
      { ClinicIsEnabled: false },
      {
        AuditID: randomUUID(),
        At: new Date().toISOString(),
        UserID: 'test',
        Role: 'ServiceProviderAdmin',
        Route: 'test',
        Action: 'write',
        Entity: 'Clinic',
        EntityID: clinic.ClinicID,
        SourceIp: '127.0.0.1',
      },
    );
    const created = await call('addClinicAdmin', own.users.ServiceProviderAdmin, { clinicId: clinic.ClinicID, body: person('ClinicAdmin') });
    expect(created.status).toBe(200);
    expect((await usersRepository.get(created.body.UserID))?.ClinicDisabled).toBe(true);
  });
});

describe('updating a user (the overlap rule)', () => {
  async function freshUser(role: Role) {
    const tenant = { ServiceProviderID: own.serviceProviderId, ServiceProviderName: 'Own', ClinicID: own.clinicId, ClinicName: 'Own Clinic' };
    return signedInUser(role, tenant);
  }

  it('refuses a user whose roles do not overlap the signer’s, and roles the signer may not give; nothing changes', async () => {
    const clinicAdmin = own.users.ClinicAdmin;
    const peer = await freshUser('ClinicAdmin');
    const onPeer = await call('updateUserOfClinic', clinicAdmin, { id: peer.user.UserID, body: { IsEnabled: false } });
    expect(onPeer).toMatchObject({ status: 403, body: { message: [messages.errors.noAccess('update user')] } });
    const onSelf = await call('updateUserOfClinic', clinicAdmin, { id: clinicAdmin.UserID, body: { Phone: '+972 4 555 0813' } });
    expect(onSelf.status).toBe(403);

    const nurse = await freshUser('Nurse');
    for (const Role of ['ServiceProviderAdmin', 'ClinicAdmin', ['Doctor', 'LiberDiAdmin']]) {
      const escalate = await call('updateUserOfClinic', clinicAdmin, { id: nurse.user.UserID, body: { Role } });
      expect(escalate).toMatchObject({ status: 403, body: { message: [messages.errors.noAccess('update user')] } });
    }
    const onNurse = await call('updateUserOfProvider', own.users.ServiceProviderAdmin, { id: nurse.user.UserID, body: { IsEnabled: false } });
    expect(onNurse.status).toBe(403);
    expect(await usersRepository.get(nurse.user.UserID)).toMatchObject({ Role: 'Nurse', IsEnabled: true });
    expect(await isAlive(api, nurse.user.UserID, nurse.token)).toBe(true);
  });

  it('answers bad input with the spec’s messages and changes nothing', async () => {
    const nurse = await freshUser('Nurse');
    const bad = await call('updateUserOfClinic', own.users.ClinicAdmin, { id: nurse.user.UserID, body: { Email: '', Phone: 'x', Role: [] } });
    expect(bad).toMatchObject({ status: 400, body: { fields: { Email: 'Email is required', Phone: 'Phone number is not valid', Role: 'Role is required' } } });
    expect((await call('updateUserOfClinic', own.users.ClinicAdmin, { id: nurse.user.UserID, body: { FirstName: 'X' } })).status).toBe(400);
    expect(await usersRepository.get(nurse.user.UserID)).toMatchObject({ Email: nurse.user.Email, Role: 'Nurse' });
  });

  it('a role change moves the Cognito group and ends the user’s sessions: the old token is refused, a new one carries the new role', async () => {
    const nurse = await freshUser('Nurse');
    const session = await signedIn(api, nurse.user.Email);
    expect(await isAlive(api, nurse.user.UserID, session.token)).toBe(true);
    const changed = await call('updateUserOfClinic', own.users.ClinicAdmin, { id: nurse.user.UserID, body: { Role: ['Doctor'] } });
    expect(changed).toMatchObject({ status: 200, body: { Role: 'Doctor', Roles: ['Doctor'], changed: ['Role'] } });
    expect(await isAlive(api, nurse.user.UserID, session.token)).toBe(false);
    expect(await isAlive(api, nurse.user.UserID, nurse.token)).toBe(false);

    const again = await signedIn(api, nurse.user.Email);
    expect(again.profile.Role).toBe('Doctor');
    const doctorsList = await api.call('GET', `/doctors/${nurse.user.UserID}/getallpatients/`, { token: again.token });
    expect(doctorsList.status).toBe(200);
    const audits = await auditRepository.listByClinic(own.clinicId, new Date().toISOString().slice(0, 7));
    expect(audits.items).toContainEqual(
      expect.objectContaining({
        Entity: 'User',
        EntityID: nurse.user.UserID,
        Changes: expect.arrayContaining([{ field: 'Role', before: 'Nurse', after: 'Doctor' }]),
      }),
    );
  }, 30_000);

  it('disabling ends the user’s sessions and refuses sign-in; enabling lets the user sign in again', async () => {
    const doctor = await freshUser('Doctor');
    const session = await signedIn(api, doctor.user.Email);
    const off = await call('updateUserOfClinic', own.users.ClinicAdmin, { id: doctor.user.UserID, body: { IsEnabled: false } });
    expect(off).toMatchObject({ status: 200, body: { IsEnabled: false, changed: ['IsEnabled'] } });
    const whileDisabled = await api.call('GET', `/users/${doctor.user.UserID}/session`, { token: session.token });
    expect(whileDisabled).toMatchObject({ status: 403, body: { message: [messages.session.userDisabled] } });
    const refused = await signInCall(api, doctor.user.Email, TEST_PASSWORD);
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toEqual([messages.session.userDisabled]);

    expect((await call('updateUserOfClinic', own.users.ClinicAdmin, { id: doctor.user.UserID, body: { IsEnabled: true } })).status).toBe(200);
    // Enabling again does not bring the old sessions back.
    expect(await isAlive(api, doctor.user.UserID, session.token)).toBe(false);
    const back = await signedIn(api, doctor.user.Email);
    expect(await isAlive(api, doctor.user.UserID, back.token)).toBe(true);
  }, 30_000);

  it('a provider admin disables its clinic admin', async () => {
    const clinicAdmin = await freshUser('ClinicAdmin');
    const off = await call('updateUserOfProvider', own.users.ServiceProviderAdmin, { id: clinicAdmin.user.UserID, body: { IsEnabled: false } });
    expect(off.status).toBe(200);
    expect((await api.call('GET', `/users/${clinicAdmin.user.UserID}/session`, { token: clinicAdmin.token })).status).toBe(403);
    expect((await signInCall(api, clinicAdmin.user.Email, TEST_PASSWORD)).status).toBe(403);
    expect((await call('updateUserOfProvider', own.users.ServiceProviderAdmin, { id: clinicAdmin.user.UserID, body: { IsEnabled: true } })).status).toBe(200);
    expect(await isAlive(api, clinicAdmin.user.UserID, clinicAdmin.token)).toBe(false);
  });

  it('a changed e-mail is the new sign-in name at once; the old one no longer signs in; a taken one is refused', async () => {
    const director = await freshUser('ClinicDirector');
    const newEmail = `moved-${randomUUID().slice(0, 8)}@test.example`;
    const changed = await call('updateUserOfClinic', own.users.ClinicAdmin, { id: director.user.UserID, body: { Email: newEmail.toUpperCase() } });
    expect(changed).toMatchObject({ status: 200, body: { Email: newEmail, changed: ['Email'] } });

    const session = await signedIn(api, newEmail);
    expect(session.profile.UserID).toBe(director.user.UserID);
    expect((await signInCall(api, director.user.Email, TEST_PASSWORD)).status).toBe(401);
    expect((await usersRepository.getByEmail(newEmail))?.UserID).toBe(director.user.UserID);
    expect(await usersRepository.getByEmail(director.user.Email)).toBeUndefined();

    const taken = await call('updateUserOfClinic', own.users.ClinicAdmin, { id: director.user.UserID, body: { Email: own.users.Nurse.Email } });
    expect(taken).toMatchObject({ status: 409, body: { message: ['Email is already registered.'] } });
    expect((await signedIn(api, newEmail)).profile.UserID).toBe(director.user.UserID);
  }, 30_000);

  it('an e-mail change cannot take the account: the old address is told, every session ends, and recovery to the new address waits for the owner’s own sign-in', async () => {
    // The attack: a clinic admin moves a doctor's sign-in address to a mailbox the admin reads, then asks for recovery there.
    const doctor = await freshUser('Doctor');
    const doctorSession = await signedIn(api, doctor.user.Email);
    const attackerMailbox = `attacker-${randomUUID().slice(0, 8)}@test.example`;
    const changed = await call('updateUserOfClinic', own.users.ClinicAdmin, { id: doctor.user.UserID, body: { Email: attackerMailbox } });
    expect(changed).toMatchObject({ status: 200, body: { Email: attackerMailbox, changed: ['Email'] } });

    const recovery = await api.call('POST', '/forgetPass', { body: { Email: attackerMailbox, reCaptchaToken: human() } });
    const unknown = await api.call('POST', '/forgetPass', { body: { Email: `nobody-${randomUUID().slice(0, 8)}@test.example`, reCaptchaToken: human() } });
    expect(recovery).toEqual(unknown);
    expect(recovery.status).toBe(404);
    expect(mailCount(attackerMailbox)).toBe(0);

    // The owner learns of it at the old address, and the session from before the change is over.
    expect(readOutbox(doctor.user.Email).text).toContain(`changed the e-mail address you sign in with to ${attackerMailbox}`);
    expect(readOutbox(doctor.user.Email).text).toContain('ClinicAdmin');
    expect(await isAlive(api, doctor.user.UserID, doctorSession.token)).toBe(false);

    // Once the owner has signed in with the new address and their own password, recovery may go there.
    await signedIn(api, attackerMailbox);
    expect((await api.call('POST', '/forgetPass', { body: { Email: attackerMailbox, reCaptchaToken: human() } })).status).toBe(200);
    expect(mailCount(attackerMailbox)).toBe(1);
  }, 30_000);

  it('a clinic admin’s new e-mail is the one its clinic shows', async () => {
    const clinic = await createTestClinic(own.serviceProviderId);
    const added = await call('addClinicAdmin', own.users.ServiceProviderAdmin, { clinicId: clinic.ClinicID, body: person('ClinicAdmin') });
    const newEmail = `admin-${randomUUID().slice(0, 8)}@test.example`;
    expect((await call('updateUserOfProvider', own.users.ServiceProviderAdmin, { id: added.body.UserID, body: { Email: newEmail } })).status).toBe(200);
    expect((await clinicsRepository.get(clinic.ClinicID))?.ClinicAdmin?.Email).toBe(newEmail);
  });
});

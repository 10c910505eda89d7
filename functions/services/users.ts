import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { allowedRoles, mainRole, rolesAfter, rolesOverlap, type NewUserBody, type PlatformAdmin, type UserAnswer, type UserUpdate } from '@shared/api/users';
import * as messages from '@shared/messages';
import type { Role } from '@shared/roles';
import { auditRepository, type AuditRecord } from '../data/audit-repository';
import { clinicsRepository, type ClinicRecord } from '../data/clinics-repository';
import type { Page, PageRequest } from '../data/page';
import { rolesOf, usersRepository, type AdminOf, type UserChanges, type UserRecord } from '../data/users-repository';
import { isConditionFailure } from '../data/table';
import { operatorWrite, type AuditTrail, type OperatorCommand } from '../audit/audit-trail';
import { cognito } from '../lib/cognito-client';
import type { Caller } from '../lib/caller';
import { config } from '../lib/config';
import { conflict, forbidden, notFound } from '../lib/errors';
import { mailer } from '../lib/mailer';
import { logger } from '../lib/powertools';
import { inScope } from '../lib/scope';
import { endAllSessions } from './end-sessions';
import { temporaryPassword } from './sessions';
import { mailsFor } from './user-language';

export interface NewUser {
  FirstName: string;
  LastName: string;
  Email: string;
  Phone?: string;
  Role: Role;
  /** Every role when more than one (Cognito gets each group); the main role is `Role`. */
  Roles?: Role[];
  ClinicID?: string;
  ClinicName?: string;
  ServiceProviderID?: string;
  ServiceProviderName?: string;
  /** Made in a disabled clinic: marked as its other users are (functions/identity/may-sign-in.ts). */
  ClinicDisabled?: boolean;
}

export interface CreateUserOptions {
  /** A permanent password (demo data, tests) instead of a mailed temporary one. */
  password?: string;
  /** The audit record of the creation, written in the record's own transaction. */
  audit?: (user: UserRecord) => AuditRecord;
  /** The clinic whose admin the user becomes; it must have none ('The clinic already has an admin', 409). */
  adminOf?: AdminOf;
  /**
   * Hands the temporary password over instead of the portal's mail, once the user exists (the
   * operator's command prints it: it needs no mail set up, and the first admin's address may not
   * be one SES mails to yet).
   */
  handOver?: (temporaryPassword: string) => void;
}

/**
 * Creates a portal user: the Cognito identity (e-mail as user name, the role's group) and the
 * record with its tenant; if either fails, the Cognito user is removed again. Without `password`
 * (demo data) a temporary one is mailed, or given to `handOver`, to change at first sign-in. The
 * mail goes last: if it fails, the user exists and password recovery mails a new one.
 */
export async function createUser(input: NewUser, options: CreateUserOptions = {}): Promise<UserRecord> {
  const email = input.Email.trim().toLowerCase();
  const userPoolId = config.userPoolId;
  const temporary = options.password ? undefined : temporaryPassword();
  let created;
  try {
    created = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: input.FirstName },
          { Name: 'family_name', Value: input.LastName },
        ],
        // Our own mail carries the temporary password (Cognito's would not reach the local outbox).
        MessageAction: 'SUPPRESS',
        TemporaryPassword: temporary,
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'UsernameExistsException') throw conflict(messages.errors.alreadyRegistered('Email'));
    throw error;
  }
  const username = created.User?.Username ?? email;
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('Cognito returned a user without sub');

  const user: UserRecord = {
    UserID: sub,
    Role: input.Role,
    ...(input.Roles ? { Roles: input.Roles } : {}),
    IsEnabled: true,
    FirstName: input.FirstName,
    LastName: input.LastName,
    Email: email,
    Phone: input.Phone,
    ClinicID: input.ClinicID,
    ClinicName: input.ClinicName,
    ServiceProviderID: input.ServiceProviderID,
    ServiceProviderName: input.ServiceProviderName,
    ...(input.ClinicDisabled ? { ClinicDisabled: true } : {}),
    CreatedAt: new Date().toISOString(),
  };
  try {
    for (const group of input.Roles ?? [input.Role]) {
      await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
    }
    if (options.password) {
      await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: username, Password: options.password, Permanent: true }));
    }
    await usersRepository.create(user, { audit: options.audit?.(user), adminOf: options.adminOf });
  } catch (error) {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
    if ((error as Error).name === 'ClinicHasAdmin') throw conflict(messages.users.clinicHasAdmin);
    if (isConditionFailure(error)) throw conflict(messages.errors.alreadyRegistered('Email'));
    throw error;
  }
  if (temporary && options.handOver) {
    options.handOver(temporary);
  } else if (temporary) {
    const mail = await mailsFor(user);
    await mailer().send({ to: email, subject: mail.accountSubject, text: mail.accountText(input.FirstName, input.Role, temporary) });
  }
  return user;
}

/**
 * Turns a user's access off or on: Cognito refuses a disabled user's sign-in (and the portal's
 * own record is checked at sign-in and on every call, so a disabled user's live token stops too).
 * Disabling also ends every session, so enabling again does not bring the old ones back.
 */
export async function setUserEnabled(userId: string, enabled: boolean): Promise<void> {
  const user = await usersRepository.get(userId);
  if (!user) throw notFound();
  const command = enabled ? AdminEnableUserCommand : AdminDisableUserCommand;
  await cognito().send(new command({ UserPoolId: config.userPoolId, Username: user.Email }));
  await usersRepository.setEnabled(userId, enabled);
  if (!enabled) await endAllSessions(userId);
}

// ---------------------------------------------------------------------------------------------
// The administrators' user calls (spec section 7)

const toAnswer = (user: UserRecord): UserAnswer => ({
  UserID: user.UserID,
  Role: user.Role,
  Roles: rolesOf(user),
  IsEnabled: user.IsEnabled,
  FirstName: user.FirstName,
  LastName: user.LastName,
  Email: user.Email,
  Phone: user.Phone,
  ClinicID: user.ClinicID,
  ClinicName: user.ClinicName,
  ServiceProviderID: user.ServiceProviderID,
  ServiceProviderName: user.ServiceProviderName,
  CreatedAt: user.CreatedAt,
});

const toList = (page: Page<UserRecord>) => ({ items: page.items.map(toAnswer), cursor: page.cursor ?? undefined });

/** What an audit record of a user keeps: the profile and tenant, not the sign-in bookkeeping. */
const audited = (user: UserRecord) => ({
  Role: user.Role,
  Roles: rolesOf(user),
  IsEnabled: user.IsEnabled,
  FirstName: user.FirstName,
  LastName: user.LastName,
  Email: user.Email,
  Phone: user.Phone,
  ClinicID: user.ClinicID,
  ServiceProviderID: user.ServiceProviderID,
});

/**
 * A platform admin (LiberDiAdmin), made by an operator's command: no route creates one. Refused
 * when the e-mail is taken, in the table or at Cognito ('Email is already registered.', 409),
 * before anything is made. The audit record names the operator; the temporary password goes to
 * `handOver` and nowhere else.
 */
export async function createPlatformAdmin(
  person: PlatformAdmin,
  operator: OperatorCommand,
  handOver: (temporaryPassword: string) => void,
): Promise<UserRecord> {
  if (await usersRepository.getByEmail(person.Email)) throw conflict(messages.errors.alreadyRegistered('Email'));
  return createUser(
    { ...person, Role: 'LiberDiAdmin' },
    { handOver, audit: (user) => operatorWrite(operator, { entity: 'User', id: user.UserID, after: audited(user) }) },
  );
}

/**
 * /users (LiberDiAdmin, read-only): every user, or one provider's (`spId`, its index), or one
 * clinic's (`clinicId`, its index; with `spId` too, only when the clinic is that provider's).
 */
export async function listAllUsers(query: PageRequest & { spId?: string; clinicId?: string }) {
  const { spId, clinicId, ...page } = query;
  if (clinicId) {
    if (spId && (await clinicsRepository.get(clinicId))?.ServiceProviderID !== spId) return { items: [] };
    return toList(await usersRepository.listByClinic(clinicId, page));
  }
  return toList(await (spId ? usersRepository.listByServiceProvider(spId, page) : usersRepository.listAll(page)));
}

/** /users (ServiceProviderAdmin): the own provider's users, or those of one of its clinics (another's is a 404). */
export async function listProviderUsers(caller: Caller, query: PageRequest & { clinicId?: string }) {
  const { clinicId, ...page } = query;
  if (!caller.serviceProviderId) throw forbidden();
  if (clinicId) {
    const clinic = inScope(caller, 'clinic', await clinicsRepository.get(clinicId));
    return toList(await usersRepository.listByClinic(clinic.ClinicID, page));
  }
  return toList(await usersRepository.listByServiceProvider(caller.serviceProviderId, page));
}

/** /users (ClinicAdmin): the own clinic's users. */
export async function listClinicUsers(caller: Caller, page: PageRequest) {
  if (!caller.clinicId) throw forbidden();
  return toList(await usersRepository.listByClinic(caller.clinicId, page));
}

/** …/users/{id}/profile (LiberDiAdmin) and …/getUser/{id} (a provider's admin: its provider's users; a clinic admin: its clinic's). */
export async function userProfile(caller: Caller, userId: string): Promise<UserAnswer> {
  return toAnswer(inScope(caller, 'user', await usersRepository.get(userId)));
}

/** Refuses roles outside the creation chain (spec section 6) with the route's refusal. */
function requireAllowed(caller: Caller, roles: readonly Role[], thing: string): void {
  const allowed = allowedRoles(caller.role);
  if (!roles.every((role) => allowed.includes(role))) throw forbidden(messages.errors.noAccess(thing));
}

/** Creates a user of a clinic with its audit record in the same transaction. */
async function createClinicUser(audit: AuditTrail, clinic: ClinicRecord, body: NewUserBody, adminOf?: AdminOf): Promise<UserAnswer> {
  const created = await createUser(
    {
      FirstName: body.FirstName,
      LastName: body.LastName,
      Email: body.Email,
      Phone: body.Phone,
      Role: mainRole(body.Role),
      Roles: body.Role,
      ClinicID: clinic.ClinicID,
      ClinicName: clinic.ClinicName,
      ServiceProviderID: clinic.ServiceProviderID,
      ServiceProviderName: clinic.ServiceProviderName,
      ClinicDisabled: !clinic.ClinicIsEnabled,
    },
    {
      adminOf,
      audit: (user) =>
        audit.write({ entity: 'User', id: user.UserID, after: audited(user), ServiceProviderID: clinic.ServiceProviderID, ClinicID: clinic.ClinicID }),
    },
  );
  return toAnswer(created);
}

/**
 * …/clinics/{clinicId}/addAdmin (ServiceProviderAdmin): the admin of a clinic of the own provider
 * that has none (spec section 6); a second admin is refused (409), also when two arrive at once
 * (the clinic's admin is set in the user's own transaction, on the condition that it has none).
 */
export async function addClinicAdmin(caller: Caller, audit: AuditTrail, clinicId: string, body: NewUserBody): Promise<UserAnswer> {
  requireAllowed(caller, body.Role, 'Clinic Admins');
  const clinic = inScope(caller, 'clinic', await clinicsRepository.get(clinicId));
  if (clinic.ClinicAdmin) throw conflict(messages.users.clinicHasAdmin);
  return createClinicUser(audit, clinic, body, { ClinicID: clinic.ClinicID });
}

/** …/{doctors|nurses|ClinicDirector}/signup (ClinicAdmin): a doctor, nurse or director of the own clinic (the route decides which). */
export async function signupClinicUser(caller: Caller, audit: AuditTrail, body: NewUserBody): Promise<UserAnswer> {
  requireAllowed(caller, body.Role, 'create new user');
  if (!caller.clinicId) throw forbidden();
  const clinic = inScope(caller, 'clinic', await clinicsRepository.get(caller.clinicId));
  return createClinicUser(audit, clinic, body);
}

const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * …/updateUser/{id} (ServiceProviderAdmin, ClinicAdmin): Email, Phone, the enabled flag and the
 * roles of a user in reach, under the overlap rule of spec section 6. Cognito first, then the record
 * and its audit in one transaction, Cognito put back if that fails. Disabling or a role change ends
 * every session (the token carries the groups); a changed e-mail is the sign-in name at once.
 */
export async function updateUser(caller: Caller, audit: AuditTrail, userId: string, body: UserUpdate) {
  const thing = 'update user';
  const before = inScope(caller, 'user', await usersRepository.get(userId));
  const rolesBefore = rolesOf(before);
  if (!rolesOverlap(caller.role, rolesBefore)) throw forbidden(messages.errors.noAccess(thing));
  if (body.Role) requireAllowed(caller, body.Role, thing);
  const roles = body.Role ? rolesAfter(caller.role, rolesBefore, body.Role) : rolesBefore;

  const changes: UserChanges = {};
  const email = body.Email?.toLowerCase();
  if (email !== undefined && email !== before.Email) changes.Email = email;
  if (body.Phone !== undefined && body.Phone !== before.Phone) changes.Phone = body.Phone;
  if (body.IsEnabled !== undefined && body.IsEnabled !== before.IsEnabled) changes.IsEnabled = body.IsEnabled;
  if (!same(roles, rolesBefore)) Object.assign(changes, { Roles: roles, Role: mainRole(roles) });
  // The new address receives no recovery until the user signs in with it (docs/security.md).
  if (changes.Email) changes.EmailUnconfirmed = true;
  const after: UserRecord = { ...before, ...changes };
  const tenant = { ServiceProviderID: before.ServiceProviderID, ClinicID: before.ClinicID };

  if (Object.keys(changes).length === 0) {
    // Nothing changed: the attempt is still recorded (the route writes, so it leaves its record).
    await auditRepository.record([audit.write({ entity: 'User', id: userId, before: audited(before), after: audited(after), ...tenant })]);
    return { ...toAnswer(before), changed: [] };
  }
  if (changes.Email && (await usersRepository.getByEmail(changes.Email))) throw conflict(messages.errors.alreadyRegistered('Email'));

  const undo = await applyInCognito(before, changes);
  let clinicAdminOf: string | undefined;
  if (changes.Email && rolesBefore.includes('ClinicAdmin') && before.ClinicID) {
    const clinic = await clinicsRepository.get(before.ClinicID);
    if (clinic?.ClinicAdmin?.UserID === userId) clinicAdminOf = clinic.ClinicID;
  }
  let outcome: Awaited<ReturnType<typeof usersRepository.update>>;
  try {
    outcome = await usersRepository.update(before, changes, {
      audit: audit.write({ entity: 'User', id: userId, before: audited(before), after: audited(after), ...tenant }),
      clinicAdminOf,
    });
  } catch (error) {
    await undo();
    throw error;
  }
  if (outcome !== 'updated') {
    await undo();
    throw conflict(outcome === 'emailTaken' ? messages.errors.alreadyRegistered('Email') : messages.patients.tryAgain);
  }
  if (changes.IsEnabled === false || changes.Roles || changes.Email) await endAllSessions(userId);
  if (changes.Email) await noticeOfNewEmail(before, changes.Email, caller.role);
  return { ...toAnswer(after), changed: Object.keys(changes).filter((field) => field !== 'Roles' && field !== 'EmailUnconfirmed') };
}

/**
 * Tells the old address that the sign-in address changed: the user who did not ask for it learns
 * of it there, where an attacker who changed it cannot hide the mail. A failed mail is logged, not
 * undone: the change stands, and its audit record says who made it.
 */
async function noticeOfNewEmail(user: UserRecord, newEmail: string, changedBy: Role): Promise<void> {
  try {
    const mail = await mailsFor(user);
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    await mailer().send({ to: user.Email, subject: mail.emailChangedSubject, text: mail.emailChangedText(user.FirstName, when, changedBy, newEmail) });
  } catch (error) {
    logger.error('The notice of a changed e-mail could not be mailed', { error: (error as Error).name });
  }
}

/**
 * Makes the user's Cognito identity match the changes (e-mail and sign-in name, groups, flag) and
 * returns what puts it back. The e-mail is marked verified: the administrator vouches for it, and
 * Cognito signs in only by a verified address.
 */
async function applyInCognito(before: UserRecord, changes: UserChanges): Promise<() => Promise<void>> {
  const UserPoolId = config.userPoolId;
  const undo: Array<() => Promise<unknown>> = [];
  let username = before.Email;
  const run = async (apply: () => Promise<unknown>, revert: () => Promise<unknown>) => {
    await apply();
    undo.unshift(revert);
  };
  const setEmail = (from: string, to: string) => () =>
    cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId,
        Username: from,
        UserAttributes: [
          { Name: 'email', Value: to },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  const group = (command: typeof AdminAddUserToGroupCommand | typeof AdminRemoveUserFromGroupCommand, GroupName: Role) => () =>
    cognito().send(new command({ UserPoolId, Username: username, GroupName }));
  const enabled = (on: boolean) => () => cognito().send(new (on ? AdminEnableUserCommand : AdminDisableUserCommand)({ UserPoolId, Username: username }));
  try {
    if (changes.Email) {
      try {
        await run(setEmail(before.Email, changes.Email), () => setEmail(changes.Email!, before.Email)());
      } catch (error) {
        if ((error as Error).name === 'AliasExistsException') throw conflict(messages.errors.alreadyRegistered('Email'));
        throw error;
      }
      username = changes.Email;
    }
    if (changes.Roles) {
      const rolesBefore = rolesOf(before);
      for (const role of changes.Roles.filter((role) => !rolesBefore.includes(role))) {
        await run(group(AdminAddUserToGroupCommand, role), group(AdminRemoveUserFromGroupCommand, role));
      }
      for (const role of rolesBefore.filter((role) => !changes.Roles!.includes(role))) {
        await run(group(AdminRemoveUserFromGroupCommand, role), group(AdminAddUserToGroupCommand, role));
      }
    }
    if (changes.IsEnabled !== undefined) await run(enabled(changes.IsEnabled), enabled(before.IsEnabled));
  } catch (error) {
    await putBack(undo);
    throw error;
  }
  return () => putBack(undo);
}

async function putBack(undo: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  for (const step of undo) {
    try {
      await step();
    } catch (error) {
      logger.error('A Cognito change could not be put back', { error: (error as Error).name });
    }
  }
}

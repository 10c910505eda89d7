import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { messages } from '@shared/messages';
import type { Role } from '@shared/roles';
import { usersRepository, type UserRecord } from '../data/users-repository';
import { isConditionFailure } from '../data/table';
import { cognito } from '../lib/aws-clients';
import { config } from '../lib/config';
import { conflict, notFound } from '../lib/errors';
import { mailer } from '../lib/mailer';
import { endAllSessions, temporaryPassword } from './sessions';

export interface NewUser {
  FirstName: string;
  LastName: string;
  Email: string;
  Phone?: string;
  Role: Role;
  ClinicID?: string;
  ClinicName?: string;
  ServiceProviderID?: string;
  ServiceProviderName?: string;
}

/**
 * Creates a portal user: the Cognito identity (e-mail as user name, the role's group) and the
 * user record with its tenant. With `password` the password is set as permanent (demo data);
 * otherwise a temporary one is mailed through the portal's mailer (SES on AWS, the outbox
 * locally) and must be changed at first sign-in (/create-password). If the identity or the record
 * cannot be made, the Cognito user is removed again, so a failed creation leaves nothing behind.
 * The mail goes last: if it fails, the user exists and password recovery mails a new password.
 */
export async function createUser(input: NewUser, options: { password?: string } = {}): Promise<UserRecord> {
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
    IsEnabled: true,
    FirstName: input.FirstName,
    LastName: input.LastName,
    Email: email,
    Phone: input.Phone,
    ClinicID: input.ClinicID,
    ClinicName: input.ClinicName,
    ServiceProviderID: input.ServiceProviderID,
    ServiceProviderName: input.ServiceProviderName,
    CreatedAt: new Date().toISOString(),
  };
  try {
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: input.Role }));
    if (options.password) {
      await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: username, Password: options.password, Permanent: true }));
    }
    await usersRepository.create(user);
  } catch (error) {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
    if (isConditionFailure(error)) throw conflict(messages.errors.alreadyRegistered('Email'));
    throw error;
  }
  if (temporary) {
    await mailer().send({
      to: email,
      subject: 'PD Clinic Portal: your account',
      text:
        `Hello ${input.FirstName},\n\nAn account of the PD Clinic Portal was made for you (${input.Role}).\n` +
        `Your temporary password is: ${temporary}\n\n` +
        'Sign in with your e-mail and this password; you will be asked to choose your own password.\n',
    });
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

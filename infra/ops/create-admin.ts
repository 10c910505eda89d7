import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { isHttpError } from 'http-errors';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { usersRepository } from '@functions/data/users-repository';
import { cognito } from '@functions/lib/cognito-client';
import { createPlatformAdmin } from '@functions/services/users';
import { STACK_OUTPUTS } from '@infra/aws/outputs';
import { platformAdminSchema } from '@shared/api/users';

/**
 * `npm run create-admin -- --email … --first-name … --last-name …`: makes a platform admin
 * (LiberDiAdmin) on a deployed portal, or on the local twins when the AWS_ENDPOINT_URL_* variables
 * point there: the Cognito user in the LiberDiAdmin group, the user record, and an audit record
 * naming the operator, through the portal's own createUser. The temporary password is printed once
 * and kept nowhere else; the user changes it and sets up TOTP at the first sign-in.
 */

const usage = `usage: npm run create-admin -- --email <address> --first-name <name> --last-name <name> [--phone <number>]
                            [--stack-outputs <file written by cdk deploy --outputs-file>]
Without --stack-outputs the portal is TABLE_NAME and USER_POOL_ID of the environment (and AWS_REGION,
unless the pool id names its region). AWS credentials come from the environment as for the AWS CLI.`;

interface Portal {
  tableName: string;
  userPoolId: string;
}

class UsageError extends Error {}

/** The portal's table and user pool: from the outputs of `cdk deploy`, or from the environment. */
function portalOf(outputsFile: string | undefined): Portal {
  if (!outputsFile) {
    const { TABLE_NAME: tableName, USER_POOL_ID: userPoolId } = process.env;
    if (!tableName || !userPoolId) throw new UsageError('Which portal? Give --stack-outputs, or set TABLE_NAME and USER_POOL_ID.');
    return { tableName, userPoolId };
  }
  let stacks: Record<string, Record<string, unknown>>;
  try {
    stacks = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, unknown>>;
  } catch (error) {
    throw new UsageError(`${outputsFile} is not a readable outputs file of cdk deploy (${(error as Error).message})`);
  }
  // Looked up by output name in every stack of the file, so a renamed stack still reads.
  const output = (name: string) => {
    const values = [...new Set(Object.values(stacks).map((outputs) => outputs?.[name]))].filter((value) => typeof value === 'string' && value);
    if (values.length !== 1)
      throw new UsageError(`${outputsFile} has ${values.length === 0 ? 'no' : 'more than one'} output ${name}: deploy the portal's stacks with --outputs-file`);
    return values[0] as string;
  };
  return { tableName: output(STACK_OUTPUTS.tableName), userPoolId: output(STACK_OUTPUTS.userPoolId) };
}

/** A pool id on AWS begins with its region (`eu-west-1_AbC…`); the table is in the same region. */
const regionOf = (userPoolId: string) => /^([a-z]{2}(?:-[a-z]+)+-\d+)_/.exec(userPoolId)?.[1];

/** After a failure: what exists of the user now, since nothing existed before (the creation refuses a taken e-mail). */
async function leftBehind(email: string, portal: Portal): Promise<string[]> {
  const left: string[] = [];
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: portal.userPoolId, Username: email }));
    left.push(
      `the Cognito user ${email} in ${portal.userPoolId}: remove it with aws cognito-idp admin-delete-user --user-pool-id ${portal.userPoolId} --username ${email}`,
    );
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException')
      left.push(`perhaps the Cognito user ${email} in ${portal.userPoolId} (${(error as Error).name} on reading it)`);
  }
  try {
    const user = await usersRepository.getByEmail(email);
    if (user) left.push(`the user record USER#${user.UserID} and its EMAIL#${email} marker in ${portal.tableName}`);
  } catch (error) {
    left.push(`perhaps a user record for ${email} in ${portal.tableName} (${(error as Error).name} on reading it)`);
  }
  return left.length === 0 ? ['Nothing was left behind.'] : ['Left behind:', ...left.map((what) => `  ${what}`)];
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        phone: { type: 'string' },
        'stack-outputs': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 1;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (values.email === undefined) {
    console.error(usage);
    return 1;
  }
  const person = platformAdminSchema.safeParse({ Email: values.email, FirstName: values['first-name'], LastName: values['last-name'], Phone: values.phone });
  if (!person.success) {
    console.error(person.error.issues.map((issue) => issue.message).join('\n'));
    return 1;
  }
  const email = person.data.Email.toLowerCase();

  let portal: Portal;
  try {
    portal = portalOf(values['stack-outputs']);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${usage}`);
    return 1;
  }
  const region = regionOf(portal.userPoolId) ?? process.env.AWS_REGION;
  if (!region) {
    console.error(`Which region? Set AWS_REGION (the pool id ${portal.userPoolId} does not name one).`);
    return 1;
  }
  // The portal's code reads these, and the SDK's clients (made on first use) the region.
  Object.assign(process.env, { TABLE_NAME: portal.tableName, USER_POOL_ID: portal.userPoolId, AWS_REGION: region });

  const operator = { command: 'npm run create-admin', operator: os.userInfo().username, host: os.hostname() };
  let temporaryPassword = '';
  try {
    const admin = await createPlatformAdmin(person.data, operator, (password) => {
      temporaryPassword = password;
    });
    console.log(
      `Created the LiberDiAdmin ${admin.FirstName} ${admin.LastName} <${admin.Email}>, user id ${admin.UserID} (user pool ${portal.userPoolId}, table ${portal.tableName}).`,
    );
    console.log(`Temporary password: ${temporaryPassword}`);
    console.log('It must be changed at the first sign-in, and two-factor sign-in (TOTP) set up then, before anything else.');
    console.log(
      "It is shown this once and kept nowhere: hand it over by a channel of its own. Unused, it expires with the pool's temporary-password validity.",
    );
    return 0;
  } catch (error) {
    if (isHttpError(error) && error.status === 409) {
      console.error(`${email}: ${error.message} Nothing was changed.`);
      return 1;
    }
    console.error(`The admin ${email} could not be created: ${(error as Error).name}: ${(error as Error).message}`);
    console.error((await leftBehind(email, portal)).join('\n'));
    return 1;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);

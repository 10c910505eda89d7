import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { MOTO_ACCOUNT } from './moto-aws';

/** One request the code under test made of AWS: sent, or signed into a link (which carries the signer's rights). */
export interface AwsCall {
  /** The client's service id (`IoT`, `IoT Data Plane`, `SESv2`, `Secrets Manager`, `S3`, `DynamoDB`). */
  service: string;
  /** The operation (`CreateThing`). */
  operation: string;
  input: Record<string, unknown>;
}

interface WatchedCommand {
  resolveMiddlewareWithContext(stack: unknown, configuration: { serviceId?: string }, options: unknown, context: { commandName: string }): unknown;
}

/** The object in a command's prototype chain that holds `resolveMiddlewareWithContext`: the SDK's one Command class. */
export function commandBase(command: object): WatchedCommand {
  let prototype: object | null = command;
  while (prototype && !Object.hasOwn(prototype, 'resolveMiddlewareWithContext')) prototype = Object.getPrototypeOf(prototype) as object | null;
  if (!prototype) throw new Error('not an AWS SDK command');
  return prototype as WatchedCommand;
}

/**
 * Records every AWS SDK request made from now on, whichever client makes it: every command of every
 * v3 client resolves its middleware through the one Command class of `@smithy/core`, both when a
 * client sends it and when the S3 presigner signs it into a link, so a pass-through spy there sees
 * both, with the client's configuration and the command's input.
 */
export function recordAwsCalls() {
  const spy = jest.spyOn(commandBase(GetSecretValueCommand.prototype), 'resolveMiddlewareWithContext');
  let from = 0;
  return {
    /** The calls since the last `take`, and forgets them. */
    take(): AwsCall[] {
      const calls = spy.mock.calls.slice(from).map(([, configuration, , context], i) => ({
        service: configuration.serviceId ?? 'unknown',
        operation: context.commandName.replace(/Command$/, ''),
        input: (spy.mock.contexts[from + i] as { input: Record<string, unknown> }).input,
      }));
      from = spy.mock.calls.length;
      return calls;
    },
    restore: () => spy.mockRestore(),
  };
}

/** The IAM prefix of each service id whose calls are checked against the roles. */
const IAM_PREFIX: Record<string, string> = {
  IoT: 'iot',
  'IoT Data Plane': 'iot',
  SESv2: 'ses',
  'Secrets Manager': 'secretsmanager',
  S3: 's3',
  DynamoDB: 'dynamodb',
};

const iotArn = (kind: string, name: string) => `arn:aws:iot:${process.env.AWS_REGION}:${MOTO_ACCOUNT}:${kind}/${name}`;
const certificateArn = (input: Record<string, unknown>) => iotArn('cert', String(input.certificateId));
const s3Object = (input: Record<string, unknown>) => `arn:aws:s3:::${String(input.Bucket)}/${String(input.Key)}`;

/**
 * The resources IAM authorizes each operation on (the service authorization reference), from the
 * call's input. An operation missing here fails the check: a new call needs its resources named.
 */
const RESOURCES: Record<string, (input: Record<string, unknown>) => string[]> = {
  'iot:CreateThing': (input) => [iotArn('thing', String(input.thingName))],
  'iot:DeleteThing': (input) => [iotArn('thing', String(input.thingName))],
  'iot:CreateKeysAndCertificate': () => ['*'],
  'iot:AttachPolicy': (input) => [iotArn('policy', String(input.policyName)), String(input.target)],
  'iot:DetachPolicy': (input) => [iotArn('policy', String(input.policyName)), String(input.target)],
  'iot:AttachThingPrincipal': (input) => [iotArn('thing', String(input.thingName)), String(input.principal)],
  'iot:UpdateCertificate': (input) => [certificateArn(input)],
  'iot:DeleteCertificate': (input) => [certificateArn(input)],
  'iot:Publish': (input) => [iotArn('topic', String(input.topic))],
  'ses:SendEmail': (input) => [`arn:aws:ses:${process.env.AWS_REGION}:${MOTO_ACCOUNT}:identity/${String(input.FromEmailAddress)}`],
  'secretsmanager:GetSecretValue': (input) => [String(input.SecretId)],
  's3:PutObject': (input) => [s3Object(input)],
  's3:GetObject': (input) => [s3Object(input)],
  's3:DeleteObject': (input) => [s3Object(input)],
};

/** What IAM is asked for a call: its action and the resources it touches. */
export function iamRequest(call: AwsCall): { action: string; resources: string[] } {
  const prefix = IAM_PREFIX[call.service];
  if (!prefix) throw new Error(`no IAM prefix for the service ${call.service}`);
  const action = `${prefix}:${call.operation}`;
  const resources = RESOURCES[action];
  if (!resources) throw new Error(`no resources named for ${action}`);
  return { action, resources: resources(call.input) };
}

export interface PolicyStatement {
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: unknown;
  Resource?: unknown;
  NotResource?: unknown;
  Condition?: unknown;
}

/**
 * A template's value as a resource pattern: literal text stays, what is only known at deploy time
 * (a Ref, an attribute, an import, the region or account) is `*`, so a grant's literal parts (a
 * topic, a prefix, a policy name) are held to and its references are not guessed.
 */
function pattern(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'Fn::Join' in value) {
    const [separator, parts] = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    return parts.map(pattern).join(separator);
  }
  return '*';
}

/** IAM's wildcards: `*` any run of characters, `?` one; actions case-insensitive. */
const matches = (glob: string, text: string, ignoreCase = false) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    ignoreCase ? 'i' : '',
  ).test(text);

function covers(statement: PolicyStatement, action: string, resource: string): boolean {
  if (statement.NotAction !== undefined || statement.NotResource !== undefined) throw new Error('NotAction and NotResource are not read by this check');
  const actions = [statement.Action ?? []].flat();
  const resources = [statement.Resource ?? []].flat().map(pattern);
  return actions.some((glob) => matches(glob, action, true)) && resources.some((glob) => matches(glob, resource));
}

/**
 * Whether a role's statements let the call through: each resource allowed by a statement without
 * a condition, and none denied (a Deny counts whatever its condition). Conditions are not
 * evaluated: an Allow that needs one does not count.
 */
export function deniedParts(statements: readonly PolicyStatement[], call: AwsCall): string[] {
  const { action, resources } = iamRequest(call);
  return resources
    .filter(
      (resource) =>
        !statements.some((s) => s.Effect === 'Allow' && s.Condition === undefined && covers(s, action, resource)) ||
        statements.some((s) => s.Effect === 'Deny' && covers(s, action, resource)),
    )
    .map((resource) => `${action} on ${resource}`);
}

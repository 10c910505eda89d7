import { Stack, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks, NIST80053R5Checks } from 'cdk-nag';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { AwsCustomResource } from 'aws-cdk-lib/custom-resources';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag's AWS Solutions, HIPAA Security and NIST 800-53 rev 5 packs check every synth. A finding
 * fails the synth unless it is fixed in the stacks or acknowledged, with its reason, on the
 * construct it concerns: the acknowledgements shared by many constructs are here, the others next
 * to their construct. The validation report (cdk.out/validation-report.json) lists each one with
 * where it was applied; test/infra/stacks.test.ts reads it.
 */
export function checkWithCdkNag(app: App): void {
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app, { verbose: true }),
    new HIPAASecurityChecks(app, { verbose: true }),
    new NIST80053R5Checks(app, { verbose: true }),
  );
}

export interface Acknowledgement {
  readonly id: string;
  readonly reason: string;
}
export type Acknowledgements = readonly Acknowledgement[];

export const awsSolutions = (rule: string, reason: string): Acknowledgements => [{ id: `AwsSolutions::AwsSolutions-${rule}`, reason }];

/** HIPAA Security and NIST 800-53 rev 5 share these rules: the same name and check in both packs. */
export const hipaaAndNist = (rule: string, reason: string): Acknowledgements => [
  { id: `HIPAA.Security::HIPAA.Security-${rule}`, reason },
  { id: `NIST.800.53.R5::NIST.800.53.R5-${rule}`, reason },
];

/**
 * Acknowledges findings on the given constructs and what they contain. Never on a stack: the same
 * rule broken by any other construct must still be reported.
 */
export function acknowledge(scopes: IConstruct | readonly IConstruct[], ...acknowledgements: Acknowledgements[]): void {
  for (const scope of [scopes].flat()) {
    if (Stack.isStack(scope) || !scope.node.scope)
      throw new Error(`Acknowledge cdk-nag findings on the construct they concern, not on ${scope.node.path || 'the app'}`);
    Validations.of(scope).acknowledge(...acknowledgements.flat());
  }
}

/** Every Lambda of the portal (PortalFunction acknowledges them on itself). */
export const portalFunction: Acknowledgements = [
  ...awsSolutions(
    'L1',
    "This function runs Node 22, an LTS release in its support window: the runtime the design card sets and the code is bundled and tested for (esbuild's target node22). PortalFunction moves every function to the next LTS at once.",
  ),
  ...awsSolutions(
    'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "AWSLambdaBasicExecutionRole on this function's role: logs:CreateLogGroup, CreateLogStream and PutLogEvents, so the function writes its own CloudWatch logs (its log group is encrypted with the portal's log key). AWS keeps the policy to what Lambda needs.",
  ),
  ...hipaaAndNist(
    'LambdaInsideVPC',
    'This function reaches only regional AWS endpoints (DynamoDB, Cognito, IoT Core, SES, S3, Secrets Manager, KMS) over TLS with IAM-signed requests; there is no private resource to reach, and a VPC would add NAT cost and cold starts without narrowing what the function can reach.',
  ),
  ...hipaaAndNist(
    'IAMNoInlinePolicy',
    "This function's role carries only its own grants (its partition keys by dynamodb:LeadingKeys; its Cognito, SES, IoT, S3 or secret access) and its X-Ray tracing: an inline policy belongs to that one role, where a managed policy would invite sharing it.",
  ),
];

/**
 * X-Ray's actions, in an inline policy of the function's role resource itself (PortalFunction): the
 * role's grants are in other policies, where a '*' is still a finding.
 */
export const tracing: Acknowledgements = awsSolutions(
  'IAM5[Resource::*]',
  "The role's Tracing policy, its only inline policy on the role resource: xray:PutTraceSegments and xray:PutTelemetryRecords, which have no resource-level permissions (AWS requires '*').",
);

/** The API's route Lambdas, the origin-verify authorizer and Cognito's triggers. */
export const invokedSynchronously: Acknowledgements = hipaaAndNist(
  'LambdaDLQ',
  'Invoked synchronously (by API Gateway for a route or an authorizer, by Cognito for a trigger): the caller receives the error and the request is not lost; a dead-letter queue, which only asynchronous invocations use, would never receive anything.',
);

/**
 * CDK's own Lambdas that run only while CloudFormation deploys: the provider of AwsCustomResource
 * and the handler of BucketDeployment (acknowledged on each function, its role included).
 */
export const cdkDeployFunction: Acknowledgements = [
  ...awsSolutions('L1', 'A Lambda of CDK itself, run only during a deploy: its runtime is the one the aws-cdk-lib version pins, updated with it.'),
  ...awsSolutions(
    'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "AWSLambdaBasicExecutionRole on the role of CDK's deploy-time Lambda: it writes its own CloudWatch logs.",
  ),
  ...hipaaAndNist(
    'LambdaInsideVPC',
    "CDK's deploy-time Lambda calls only AWS APIs (S3, CloudFront, IoT, SSM) over TLS with IAM; there is no private resource to reach.",
  ),
  ...hipaaAndNist(
    'LambdaConcurrency',
    "CDK's deploy-time Lambda runs only when CloudFormation creates, updates or deletes its custom resource, once per resource and deploy.",
  ),
  ...hipaaAndNist(
    'LambdaDLQ',
    "CloudFormation invokes CDK's deploy-time Lambda and waits for its answer: a failure fails the deployment, which CloudFormation rolls back; a dead-letter queue would hold nothing to act on.",
  ),
  ...hipaaAndNist('IAMNoInlinePolicy', "The role of CDK's deploy-time Lambda, with the grants CDK gives it for its one job; used by nothing else."),
];

/**
 * An AwsCustomResource: the policy CDK writes for its one SDK call (`call`), and the provider
 * Lambda CDK shares between the custom resources of a stack.
 */
export function acknowledgeCustomResource(resource: AwsCustomResource, call: string, ...more: Acknowledgements[]): void {
  acknowledge(
    resource.node.findChild('CustomResourcePolicy'),
    hipaaAndNist('IAMNoInlinePolicy', `The policy CDK writes for this custom resource's one SDK call (${call}), used by nothing else.`),
    ...more,
  );
  acknowledge(Stack.of(resource).node.findChild(`AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`), cdkDeployFunction);
}

/** A secret no rotation Lambda can renew: `reason` says why and how it is rotated instead. */
export const notRotatedByLambda = (reason: string): Acknowledgements => [
  ...awsSolutions('SMG4', reason),
  ...hipaaAndNist('SecretsManagerRotationEnabled', reason),
];

/**
 * The live screens (docs/live-screens.md): the ingest and the hand-entered exchange routes publish
 * a change notice (ids only) on the topic of the clinic or provider a record belongs to.
 */
export const liveNoticeTopics: Acknowledgements = awsSolutions(
  'IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:topic/portal/notices/*]',
  "This function publishes the live screens' change notices (ids only, no clinical content) of what it stored, on the topic of the clinic or provider the record belongs to, which it knows only per message (docs/live-screens.md); it may publish under portal/notices/ and nowhere else.",
);

/** The live grant route and the end of live grants attach and detach the tenants' live IoT policies. */
export const liveIotPolicies: Acknowledgements = awsSolutions(
  'IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:policy/portal-live-*]',
  "The live grant makes one IoT policy per tenant (portal-live-<hash of its topic filter>) when its first user connects and attaches it to the caller's own identity-pool identity; the end of a user's sessions detaches them. This function may touch those policies and no other IoT policy (never the device policy).",
);

/** Why iot:ListAttachedPolicies is granted on '*' (PortalFunction.grantOnAnyResource). */
export const LIST_ATTACHED_POLICIES =
  "it reads which live policies an identity-pool identity holds; the target (the identity) is named in the request, not in a resource IAM can narrow to (AWS requires '*'), and the action only reads.";

/**
 * A function the table stream invokes (DynamoEventSource): CDK grants it dynamodb:ListStreams on
 * '*' in its role's default policy, where this is acknowledged.
 */
export function acknowledgeTableStreamMapping(role: IRole): void {
  acknowledge(
    role.node.findChild('DefaultPolicy'),
    awsSolutions(
      'IAM5[Resource::*]',
      "dynamodb:ListStreams, which CDK grants in this role's default policy with the function's table stream mapping: the action has no resource-level permissions (AWS requires '*') and only lists stream ARNs. The stream itself is read by its ARN.",
    ),
  );
}

/**
 * The portal's secrets guard the way in, not patient data (`what` names the secret), and keep
 * Secrets Manager's own key.
 */
export const secretOfTheWayIn = (what: string): Acknowledgements =>
  hipaaAndNist(
    'SecretsManagerUsingKMSKey',
    `This secret is ${what}: it guards the way in, not patient data. Secrets Manager's AWS-managed key serves only Secrets Manager in this account, so reading the value takes secretsmanager:GetSecretValue on this secret, which only the named readers' roles have. A customer key would have to list each reader in its key policy (CDK grants a secret's readers there), over a hundred route roles for the origin-verify value, beyond the key policy's size limit, without narrowing who can read.`,
  );

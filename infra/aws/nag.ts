import { Validations, type Stack } from 'aws-cdk-lib';

interface Acknowledgement {
  id: string;
  reason: string;
}

/**
 * cdk-nag findings we accept, each with its reason. Everything else is fixed in the stacks; a new
 * finding fails the synth and the test in test/infra/stacks.test.ts.
 */
const SECRETS_ROTATION =
  'None of the secrets can rotate by a Lambda alone: the reCAPTCHA key is issued by Google and pasted in by hand; the origin-verify value must reach CloudFront, which reads it at deploy time, so it is rotated by putting a new value and redeploying with its version (context originVerifyVersion), while the authorizer accepts the current and the previous value (docs/deploy.md); the pending-token key signs tokens that live 5 minutes and is rotated by hand, which only voids sign-in steps in progress (docs/security.md).';

const acknowledged: Acknowledgement[] = [
  // Lambda
  {
    id: 'AwsSolutions::AwsSolutions-L1',
    reason:
      'The portal Lambdas run Node 22 (LTS), the runtime the design card sets and the code targets; CDK-managed singletons (bucket deployment, custom resource) use the runtime CDK pins.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason: 'AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch logs.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
    reason:
      'X-Ray tracing (xray:PutTraceSegments, PutTelemetryRecords), iot:DescribeEndpoint, iot:ListAttachedPolicies (the live grant reads which policies a Cognito identity holds) and dynamodb:ListStreams (the stream mapping of the audit archiver) have no resource-level permissions; AWS requires "*".',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-LambdaInsideVPC',
    reason:
      'The functions reach only regional AWS endpoints (DynamoDB, Cognito, IoT, SES, S3, Secrets Manager) over TLS with IAM; there is no private resource to reach, and a VPC would add NAT cost and cold starts without reducing exposure.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-LambdaConcurrency',
    reason:
      'Reserved where it bounds something: each public sign-in route (10), the device ingest (20, a flood waits in the async queue), the skipped-exchange check and the global settings fan-out (1 each, never overlapping). The signed-in API routes share the account pool instead: reserving for each of some fifty route Lambdas would cut the regional 1000 into slices that throttle a busy route while others idle; their load is bounded by the stage throttling (100 rps, burst 200), the WAF rate rules and the JWT authorizer. CDK deploy-time singletons (custom resources, bucket deployment) run only during a deploy.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-LambdaDLQ',
    reason:
      'API functions are invoked synchronously (the caller sees the error; a DLQ never receives). The ingest function, invoked asynchronously, sends failures to the FailedDeviceMessages queue as an on-failure destination; the scheduler retries the skipped-exchange check and it reruns every 5 minutes; the global settings fan-out keeps its job in the table and reruns every minute from where it stopped.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-IAMNoInlinePolicy',
    reason:
      'Each function role carries only the grants of its own route (its partition keys by dynamodb:LeadingKeys, its Cognito, SES, IoT or secret access); an inline policy belongs to exactly that one role, where a managed policy would invite sharing.',
  },
  // Grants CDK writes
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::PdPortalData:ExportsOutputFnGetAttTableCD117FA1ArnE2C8C204/index/*]',
    reason:
      'Reads on the GSIs (gsi1-3) of the one portal table, whose list queries are keyed by tenant; every such statement is limited by dynamodb:LeadingKeys to the partitions the route or device function names (the GSI partition key for an index query).',
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::PdPortalData:ExportsOutputFnGetAttImages2D38C313Arn6C6DDC6E/clinics/*]',
    reason:
      'The clinic routes sign links for the logos: s3:PutObject (the upload routes) or s3:GetObject (the clinic answers) only, on the clinics/ prefix of the images bucket; an upload link names one new key of one clinic, its type and its size, and the API reads a clinic before it signs a link to its logo. The two update routes may also s3:DeleteObject there, to remove the logo an update replaced.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::PdPortalData:ExportsOutputFnGetAttImages2D38C313Arn6C6DDC6E/providers/*]',
    reason:
      'The provider routes do for the providers’ logos what the clinic routes do for theirs, on the providers/ prefix only: s3:PutObject (the upload routes), s3:GetObject (the provider answers), s3:DeleteObject (the two update routes, for the replaced logo).',
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Action::kms:ReEncrypt*]',
    reason: "Needed to write items encrypted with the table's customer key; granted on that key only, to the functions that write.",
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
    reason: "Needed to write items encrypted with the table's customer key; granted on that key only, to the functions that write.",
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::<SkippedExchangeCheck874A349A.Arn>:*]',
    reason: 'The scheduler may invoke any version of the one skipped-exchange function.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::<GlobalSettingsFanoutDC47CE82.Arn>:*]',
    reason: 'The scheduler may invoke any version of the one global settings fan-out function.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:topic/pd/devices/*/down/settings]',
    reason:
      'The global settings fan-out sends the retained settings message to every device that follows a changed global value, whichever device that is; the grant names only the settings down topic of the devices, never an up topic or the prescription topic.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
    reason: "CDK's bucket deployment reads the web build from the bootstrap assets bucket.",
  },
  { id: 'AwsSolutions::AwsSolutions-IAM5[Resource::<SiteE53D7754.Arn>/*]', reason: "CDK's bucket deployment replaces the objects of the site bucket." },
  { id: 'AwsSolutions::AwsSolutions-IAM5[Action::s3:List*]', reason: "CDK's bucket deployment, scoped to the site and assets buckets." },
  { id: 'AwsSolutions::AwsSolutions-IAM5[Action::s3:GetObject*]', reason: "CDK's bucket deployment, scoped to the site and assets buckets." },
  { id: 'AwsSolutions::AwsSolutions-IAM5[Action::s3:GetBucket*]', reason: "CDK's bucket deployment, scoped to the site and assets buckets." },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Action::s3:DeleteObject*]',
    reason: "CDK's bucket deployment removes files of an older web build from the site bucket.",
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:topic/pd/devices/*/down/*]',
    reason:
      "The routes that send a device its prescription (addPrescription, addDevice) publish on that device's down topics; which device is known only per request, from the patient's record after the tenant check, so the grant names the down topics of every device and no up topic: a route can never speak as a device.",
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:topic/portal/notices/*]',
    reason:
      "Live screens (docs/live-screens.md): the ingest and the hand-entered exchange publish a change notice (ids only) on the topic of whichever clinic the device belongs to, known only per message; the browsers' identity-pool role may receive the same topics, and the IoT policy the live grant attaches to each identity narrows that to the caller's own clinic or provider.",
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:topicfilter/portal/notices/*]',
    reason:
      "Live screens: the browsers' identity-pool role may subscribe only under the portal's notice topics; which tenant's filter is decided per identity by the IoT policy the live grant attaches (IoT Core allows a Cognito identity only what both its role and its IoT policy allow).",
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:policy/portal-live-*]',
    reason:
      "Live screens: the live grant makes one IoT policy per tenant (named portal-live-<hash of its topic filter>) when its first user connects, and attaches it to the caller's own identity; it may touch no other IoT policy (never the device policy).",
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:thing/*]',
    reason:
      'Only registerDevice has it: it creates the thing of a serial number the platform admin types (its name is known only per request) and deletes that thing again when a later step of the registration fails.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:cert/*]',
    reason:
      'Only registerDevice has it: IoT Core names a new certificate when it creates it, so the grant to attach the device policy and the thing to it (and to deactivate and delete it when the registration fails) cannot name the certificate in advance.',
  },
  { id: 'AwsSolutions::AwsSolutions-IAM5[Action::s3:Abort*]', reason: "CDK's bucket deployment, scoped to the site bucket." },
  // API
  {
    id: 'AwsSolutions::AwsSolutions-COG2',
    reason:
      'MFA is OPTIONAL at the pool because Cognito sets it per pool, not per group, and the spec lets the clinical and clinic-admin roles choose TOTP themselves. The two roles that must have it, LiberDiAdmin and ServiceProviderAdmin, are held to it by the portal: the endpoint chain refuses them every call but TOTP set-up until TOTP is on (TWO_FACTOR_REQUIRED_ROLES). Threat protection runs in full-function mode for every sign-in.',
  },
  // Storage
  {
    id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
    reason: 'The AWS Backup service role for the backup plan of the table; AWS maintains its permissions for the resource types Backup supports.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-S3DefaultEncryptionKMS',
    reason:
      'The buckets hold the web build, clinic logos and access logs, no patient data, and use SSE-S3; the access-log bucket cannot use SSE-KMS as a server access log target.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-S3BucketReplicationEnabled',
    reason:
      'The buckets hold rebuildable content (web build), logos and logs, versioned and retained; patient data is in DynamoDB with point-in-time recovery and a backup plan.',
  },
  { id: 'AwsSolutions::AwsSolutions-SQS3', reason: 'FailedDeviceMessages is itself the dead-letter queue of the device ingest.' },
  { id: 'AwsSolutions::AwsSolutions-SMG4', reason: SECRETS_ROTATION },
  { id: 'HIPAA.Security::HIPAA.Security-SecretsManagerRotationEnabled', reason: SECRETS_ROTATION },
  {
    id: 'HIPAA.Security::HIPAA.Security-SecretsManagerUsingKMSKey',
    reason:
      'The three secrets guard the way in, not patient data: the reCAPTCHA key (a bot check), the origin-verify value (which CloudFront itself holds in its distribution config) and the pending-token key (5-minute sign-in steps); the AWS-managed Secrets Manager key suffices.',
  },
  // CloudFront
  { id: 'AwsSolutions::AwsSolutions-CFR1', reason: 'Clinics and their patients may be in any country; no geo restriction.' },
];

/**
 * Only without a custom domain: CloudFront's default certificate (*.cloudfront.net) is served with
 * CloudFront's own fixed security policy, which still admits TLSv1; a distribution can set a
 * minimum protocol version only with its own certificate.
 */
const withoutCustomDomain: Acknowledgement = {
  id: 'AwsSolutions::AwsSolutions-CFR4',
  reason:
    'No custom domain is configured (context domainName, certificateArn): the default *.cloudfront.net certificate comes with a security policy CloudFront fixes (TLSv1 allowed). With a domain the distribution requires TLSv1.2_2021, which production deployments set (docs/deploy.md).',
};

export function acknowledgeFindings(stack: Stack, options: { customDomain: boolean }): void {
  for (const acknowledgement of acknowledged) Validations.of(stack).acknowledge(acknowledgement);
  if (!options.customDomain) Validations.of(stack).acknowledge(withoutCustomDomain);
}

import { z } from 'zod';

/**
 * The environment every Lambda and the local server run with, named and typed once. The CDK
 * constructs type the variables they set with `EnvironmentVariables`, the local stack and the
 * tests too, so a name cannot drift between the places that set it and the code that reads it.
 * Endpoints of local twins come from the AWS SDK's own AWS_ENDPOINT_URL_<SERVICE> variables, so
 * nothing here knows where it runs.
 */
export const environmentSchema = z.object({
  /** The one DynamoDB table. */
  TABLE_NAME: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  BACKEND_VERSION: z.string().min(1).default('1.1.5'),
  /** reCAPTCHA on AWS, the local verifier locally; never skipped. */
  HUMAN_VERIFICATION: z.enum(['recaptcha', 'local']),
  RECAPTCHA_SECRET_ARN: z.string().min(1),
  LOCAL_VERIFIER_SECRET: z.string().min(1),
  /** The key signing the pending sign-in steps' tokens: a Secrets Manager secret on AWS, a key file locally (functions/lib/signing-key.ts). */
  PENDING_TOKEN_KEY_ARN: z.string().min(1),
  PENDING_TOKEN_KEY_FILE: z.string().min(1),
  /** SES on AWS, an outbox folder locally. */
  MAIL_TRANSPORT: z.enum(['ses', 'outbox']),
  MAIL_FROM: z.string().email(),
  MAIL_OUTBOX_DIR: z.string().min(1),
  /** SMS through SNS on AWS, an SMS outbox folder locally (the escalation's notices). */
  SMS_TRANSPORT: z.enum(['sns', 'outbox']),
  SMS_OUTBOX_DIR: z.string().min(1),
  /** The portal's address, for the links a notice carries (the CloudFront domain on AWS, the local server locally). */
  PORTAL_URL: z.string().url(),
  /** The images bucket (logos); locally served by the object-store twin. */
  IMAGES_BUCKET: z.string().min(1),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** The audit trail's write-once copy (S3 Object Lock, compliance mode): the audit archive Lambda's only bucket. */
  AUDIT_ARCHIVE_BUCKET: z.string().min(1),
  /** IoT Core's data endpoint for the backend's publishes (the SDK reads it itself). */
  AWS_ENDPOINT_URL_IOT_DATA_PLANE: z.string().url(),
  /** Where registered devices get their credentials: IoT Core (certificates) on AWS, the local broker's secrets locally. */
  DEVICE_REGISTRY: z.enum(['iot', 'local']),
  /** On AWS: the IoT policy every device certificate gets (infra/aws/devices-stack.ts). */
  DEVICE_POLICY_NAME: z.string().min(1),
  /** Locally: the broker's store of device secrets (hashes only; infra/local/device-credentials.ts). */
  DEVICE_CREDENTIALS_FILE: z.string().min(1),
  /**
   * On AWS: the secret whose value CloudFront sends in its origin-verify header. When set, the
   * endpoint chain refuses every request that did not come through CloudFront (and its WAF).
   */
  ORIGIN_VERIFY_SECRET_ARN: z.string().min(1),
  /** On AWS: the Cognito identity pool whose credentials let a browser receive its tenant's live notices (docs/live-screens.md); absent locally. */
  LIVE_IDENTITY_POOL_ID: z.string().min(1),
  /** On AWS: the account the live IoT policies name in their resources. */
  LIVE_POLICY_ACCOUNT: z.string().min(1),
  /** Powertools' own variables: the service name on every log line and metric. */
  POWERTOOLS_SERVICE_NAME: z.string().min(1),
  POWERTOOLS_METRICS_NAMESPACE: z.string().min(1).default('PdPortal'),
  POWERTOOLS_LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT']).default('INFO'),
  /** Locally and in tests: no metrics on stdout (there is no CloudWatch to read them). */
  POWERTOOLS_METRICS_DISABLED: z.enum(['true', 'false']).default('false'),
});

/** The AWS SDK's own variables the local stack and the tests set (credentials and endpoints of the local twins). */
export type AwsSdkVariables = Partial<
  Record<
    | 'AWS_REGION'
    | 'AWS_ACCESS_KEY_ID'
    | 'AWS_SECRET_ACCESS_KEY'
    | 'AWS_ENDPOINT_URL_DYNAMODB'
    | 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'
    | 'AWS_ENDPOINT_URL_S3'
    | 'AWS_ENDPOINT_URL_SNS'
    | 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
    string
  >
>;

export type Environment = z.infer<typeof environmentSchema>;
export type EnvironmentName = keyof Environment;
/** What a deployment or the local stack sets: the variables as strings. */
export type EnvironmentVariables = Partial<Record<EnvironmentName, string>>;

/**
 * One variable, validated when it is read (not at import), because each test file and each local
 * stack sets its own environment before the first request.
 */
export function env<K extends EnvironmentName>(name: K): Environment[K] {
  const parsed = environmentSchema.shape[name].safeParse(process.env[name] === '' ? undefined : process.env[name]);
  if (!parsed.success) throw new Error(`Missing or invalid environment variable ${name}`);
  return parsed.data as Environment[K];
}

/** The variable when it is set and valid, else undefined (for optional configuration). */
export function optionalEnv<K extends EnvironmentName>(name: K): Environment[K] | undefined {
  return process.env[name] ? env(name) : undefined;
}

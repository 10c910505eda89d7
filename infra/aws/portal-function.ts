import { Duration } from 'aws-cdk-lib';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing, type CfnFunction, type FunctionProps } from 'aws-cdk-lib/aws-lambda';
import { Policy, PolicyDocument, PolicyStatement, type CfnRole, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acknowledge, awsSolutions, portalFunction, tracing } from './nag';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface PortalFunctionProps extends Pick<FunctionProps, 'environment' | 'timeout' | 'memorySize' | 'description' | 'reservedConcurrentExecutions'> {
  /** The module under functions/ that exports `handler`, without extension; or an absolute path to a .ts file. */
  entry: string;
  /** The customer key its log group is encrypted with. */
  logKey: IKey;
}

/**
 * Bundles a function's entry with esbuild's API, in this process: CJS for Node 22, minified, with
 * a source map, the AWS SDK left to the runtime. NodejsFunction would start `npx esbuild` once a
 * function, which at fifty routes was most of `cdk synth` (docs/deploy.md).
 */
function bundle(entry: string): string {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-function-'));
  buildSync({
    entryPoints: [path.isAbsolute(entry) ? entry : path.join(REPO_ROOT, 'functions', `${entry}.ts`)],
    outfile: path.join(outdir, 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    minify: true,
    sourcemap: true,
    external: ['@aws-sdk/*'],
    logLevel: 'error',
  });
  return outdir;
}

/**
 * A Lambda of the portal with its defaults baked in once: Node 22 on ARM, esbuild-bundled with
 * source maps (the AWS SDK comes from the runtime), X-Ray tracing, a log group kept for a year and
 * encrypted with the portal's log key, and the cdk-nag findings every portal Lambda shares
 * acknowledged on itself (infra/aws/nag.ts).
 */
export class PortalFunction extends LambdaFunction {
  declare readonly role: IRole;

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_YEAR, encryptionKey: props.logKey });
    const bundleDir = bundle(props.entry);
    super(scope, id, {
      code: Code.fromAsset(bundleDir),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      logGroup,
      description: props.description,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ...props.environment,
      },
    });
    // The asset is staged (copied into the cloud assembly) by now.
    rmSync(bundleDir, { recursive: true, force: true });

    // X-Ray's actions take no resource. They go in an inline policy of the role resource itself,
    // apart from the grants (the role's default policy), so the acknowledged '*' covers X-Ray alone.
    (this.node.defaultChild as CfnFunction).tracingConfig = { mode: Tracing.ACTIVE };
    const role = this.role.node.defaultChild as CfnRole;
    const xray = new PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] });
    role.policies = [{ policyName: 'Tracing', policyDocument: new PolicyDocument({ statements: [xray] }) }];
    acknowledge(this, portalFunction);
    acknowledge(role, tracing);
  }

  /**
   * Grants actions that have no resource-level permissions (IAM takes only '*' for them), in a
   * policy of their own acknowledged with `reason`: a '*' granted to this function any other way is
   * still a cdk-nag finding.
   */
  grantOnAnyResource(id: string, actions: string[], reason: string): void {
    const policy = new Policy(this, id, { statements: [new PolicyStatement({ actions, resources: ['*'] })] });
    this.role.attachInlinePolicy(policy);
    acknowledge(policy, awsSolutions('IAM5[Resource::*]', `${actions.join(', ')}: ${reason}`));
  }
}

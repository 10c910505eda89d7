import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface PortalFunctionProps extends Pick<NodejsFunctionProps, 'environment' | 'timeout' | 'memorySize' | 'description' | 'reservedConcurrentExecutions'> {
  /** The module under functions/ that exports `handler`, without extension. */
  entry: string;
  /** The customer key its log group is encrypted with. */
  logKey: IKey;
}

/**
 * A Lambda of the portal with its defaults baked in once: Node 22 on ARM, esbuild-bundled with
 * source maps (the AWS SDK comes from the runtime), X-Ray tracing, a log group kept for a year and
 * encrypted with the portal's log key.
 */
export class PortalFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_YEAR, encryptionKey: props.logKey });
    super(scope, id, {
      entry: path.join(REPO_ROOT, 'functions', `${props.entry}.ts`),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      tracing: Tracing.ACTIVE,
      logGroup,
      description: props.description,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        format: OutputFormat.CJS,
        minify: true,
        sourceMap: true,
        target: 'node22',
        externalModules: ['@aws-sdk/*'],
      },
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ...props.environment,
      },
    });
  }
}

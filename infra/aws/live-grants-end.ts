import { Duration, Stack } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { LIVE_POLICY_PREFIX } from '@functions/identity/live-identity';
import type { EnvironmentVariables } from '@functions/lib/environment';
import { tableDefinition } from '@shared/table';
import { addOpsAlarms } from './alarms';
import { acknowledge, acknowledgeTableStreamMapping, awsSolutions, hipaaAndNist, LIST_ATTACHED_POLICIES, liveIotPolicies } from './nag';
import { PortalFunction } from './portal-function';
import { grantTableAccess } from './table-access';

export interface LiveGrantsEndProps {
  /** The portal table, with its stream (shared/table.ts). */
  table: ITable;
  alarmTopic: ITopic;
  logKey: IKey;
}

/**
 * The end of a user's sessions ends their live notices on AWS (docs/live-screens.md): each session
 * cut-off written to the table (`SESSION#<user>` / `CUTOFF`) reaches, through the table stream, a
 * function that detaches the live IoT policies from the user's identity-pool identities
 * (functions/live/end-live-grants.ts). It alone, with the live grant route, may attach and detach
 * those policies; it may read and delete only the user's session records.
 */
export class LiveGrantsEnd extends Construct {
  readonly fn: PortalFunction;

  constructor(scope: Construct, id: string, props: LiveGrantsEndProps) {
    super(scope, id);
    const { region, account } = Stack.of(this);
    this.fn = new PortalFunction(this, 'Function', {
      entry: 'live/end-live-grants',
      logKey: props.logKey,
      description: "Takes away a user's live notices (their identities' IoT policies) when the user's sessions end",
      timeout: Duration.minutes(1),
      environment: { TABLE_NAME: props.table.tableName, POWERTOOLS_SERVICE_NAME: 'pd-portal-live-grants-end' } satisfies EnvironmentVariables,
    });
    grantTableAccess(this.fn, props.table, { read: ['SESSION#*'], write: ['SESSION#*'] });
    this.fn.addToRolePolicy(
      new PolicyStatement({ actions: ['iot:AttachPolicy', 'iot:DetachPolicy'], resources: [`arn:aws:iot:${region}:${account}:policy/${LIVE_POLICY_PREFIX}*`] }),
    );
    this.fn.grantOnAnyResource('ListAttachedPolicies', ['iot:ListAttachedPolicies'], LIST_ATTACHED_POLICIES);
    acknowledge(this.fn.role, liveIotPolicies);

    const failed = new Queue(this, 'FailedBatches', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    acknowledge(
      failed,
      awsSolutions(
        'SQS3',
        "FailedBatches is itself the on-failure destination of the live grants' stream mapping: it holds where in the stream a batch failed.",
      ),
    );
    acknowledge(
      this.fn,
      hipaaAndNist(
        'LambdaDLQ',
        'Invoked by its stream mapping, never asynchronously: the mapping retries a failed record and then sends the failed batch to FailedBatches (its on-failure destination), which a function DLQ would never receive.',
      ),
      hipaaAndNist('LambdaConcurrency', 'The stream mapping runs one function per stream shard, which bounds it; a throttled batch waits in the stream.'),
    );
    this.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: 20,
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(failed),
        // Session cut-offs only, as written or moved forward.
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: { Keys: { [tableDefinition.partitionKey]: { S: FilterRule.beginsWith('SESSION#') }, [tableDefinition.sortKey]: { S: ['CUTOFF'] } } },
          }),
        ],
      }),
    );
    acknowledgeTableStreamMapping(this.fn.role);

    addOpsAlarms(this, new SnsAction(props.alarmTopic), [
      [
        'Errors',
        this.fn.metricErrors({ period: Duration.minutes(5) }),
        1,
        "Live notices were not taken away at a session's end (the stream gives the records again)",
      ],
      [
        'LiveGrantsNotEnded',
        failed.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        1,
        "Session ends whose live notices were not taken away: signed-out browsers may still receive their tenant's notices (docs/live-screens.md)",
      ],
    ]);
  }
}

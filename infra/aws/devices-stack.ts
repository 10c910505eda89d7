import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Metric, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { addOpsAlarms } from './alarms';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Stream, StreamEncryption, StreamMode } from 'aws-cdk-lib/aws-kinesis';
import { StartingPosition, type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { KinesisEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { CfnPolicy, CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { LIVE_TOPIC_ROOT } from '@shared/live';
import { DEVICE_TOPIC_ROOT } from '@shared/device/topics';
import type { KeyPrefix } from '@shared/api/routes';
import { acknowledge, acknowledgeCustomResource, awsSolutions, hipaaAndNist, liveNoticeTopics } from './nag';
import { PortalFunction } from './portal-function';
import { leadingKeyPattern } from './route-table';
import { grantTableAccess } from './table-access';
import { DEAD_LETTER_ALARM } from '@functions/devices/dead-letter-alarm';
import type { EnvironmentVariables } from '@functions/lib/environment';
import { metricNames } from '@functions/lib/powertools';

/** The ingest's service name: its log lines and metrics carry it, and the DeadLetters alarm watches its count. */
export const INGEST_SERVICE = 'pd-portal-ingest';

/** The IoT policy every device certificate gets; registration (the registerDevice route) attaches it. */
export const DEVICE_POLICY_NAME = 'pd-portal-device';

/**
 * The device policy's document: a device connects as its thing name (its serial number) and
 * publishes and subscribes only on its own topics. The stack passes its region and account
 * (tokens); a test makes the same policy in moto with literal ones.
 */
export function devicePolicyDocument(region: string, account: string) {
  const thing = '${iot:Connection.Thing.ThingName}';
  const arn = (kind: string, name: string) => `arn:aws:iot:${region}:${account}:${kind}/${name}`;
  return {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: 'iot:Connect', Resource: arn('client', thing) },
      { Effect: 'Allow', Action: 'iot:Publish', Resource: arn('topic', `${DEVICE_TOPIC_ROOT}/${thing}/up/*`) },
      { Effect: 'Allow', Action: 'iot:Subscribe', Resource: arn('topicfilter', `${DEVICE_TOPIC_ROOT}/${thing}/down/*`) },
      { Effect: 'Allow', Action: 'iot:Receive', Resource: arn('topic', `${DEVICE_TOPIC_ROOT}/${thing}/down/*`) },
    ],
  };
}

/**
 * The ingest's concurrency: Lambda takes each shard of the device stream with this many batches at
 * once (one device's records always in the same one, in order). The on-demand stream starts with 4
 * shards; the ingest's reserved concurrency is 4 × this, so a flood of device messages waits in the
 * stream instead of taking the API's share.
 */
export const INGEST_PARALLEL_PER_SHARD = 5;
export const INGEST_CONCURRENCY = 4 * INGEST_PARALLEL_PER_SHARD;

/** The partitions a device-side function reads and writes, as the route table names a route's (`keys`, `writeKeys`). */
export interface DeviceFunctionKeys {
  read: readonly KeyPrefix[];
  write: readonly KeyPrefix[];
}

/**
 * The partitions the ingest may touch: it reads the serial route, the patient's items and the
 * settings chain, and writes markers, errors, exchanges, alerts, visits, weeks, counters, due checks
 * and dead letters. Never `AUDIT`: no device writes the audit trail.
 * test/infra/device-leading-keys.test.ts fails on a partition outside these, or one never touched.
 */
export const INGEST_KEYS: DeviceFunctionKeys = {
  read: ['SERIAL', 'PATIENT', 'GLOBAL', 'SP', 'CLINIC'],
  write: ['DEVICE', 'PATIENT', 'COUNTER', 'DUE', 'DEADLETTER'],
};

/**
 * The skipped-exchange check: its cursor, the due checks of each minute, every patient on a sweep
 * (the `PATIENTS` index), each one's prescription, exchanges and settings; it raises alerts and
 * schedules the next check. Never `AUDIT`, checked the same way.
 */
export const SKIPPED_CHECK_KEYS: DeviceFunctionKeys = {
  read: ['PATIENTS', 'GLOBAL', 'SP', 'CLINIC'],
  write: ['DUECURSOR', 'DUE', 'PATIENT'],
};

/**
 * The escalation check: its cursor, the escalation steps due each minute (under `DUE#`), each
 * patient's alert, escalation and settings chain, the clinic's on-call rota (`CLINIC#`) and its
 * users (the ClinicDirectors); it records notices with their audit records (`AUDIT`).
 */
export const ESCALATION_CHECK_KEYS: DeviceFunctionKeys = {
  read: ['GLOBAL', 'SP', 'CLINIC', 'USER'],
  write: ['DUECURSOR', 'DUE', 'PATIENT', 'AUDIT'],
};

/** The `dynamodb:LeadingKeys` patterns of a device-side function's partitions (what it writes it may read). */
export const deviceKeyPatterns = (keys: DeviceFunctionKeys) => ({
  read: [...new Set([...keys.read, ...keys.write])].map(leadingKeyPattern),
  write: keys.write.map(leadingKeyPattern),
});

export interface DevicesStackProps extends StackProps {
  table: ITable;
  /** The verified SES identity the escalation's notices are mailed from. */
  mailFrom: string;
  /** The portal's address, for the notices' links. */
  portalUrl: string;
  alarmTopic: ITopic;
  logKey: IKey;
}

/**
 * The device side: the IoT policy every device certificate gets (a device connects as its thing
 * name, its serial number, and publishes and subscribes only on its own topics), the topic rule
 * that puts each up message on a stream keyed by device, taken by the ingest Lambda in each
 * device's order, with an error action into a queue (a failed message is kept, not lost), the scheduled skipped-exchange check and the global settings fan-out.
 */
export class DevicesStack extends Stack {
  /** https://<account>-ats.iot.<region>.amazonaws.com, for the backend's IoT data-plane client. */
  readonly iotDataEndpoint: string;

  constructor(scope: Construct, id: string, props: DevicesStackProps) {
    super(scope, id, props);
    const endpoint = new AwsCustomResource(this, 'IotDataEndpoint', {
      onUpdate: {
        service: 'Iot',
        action: 'describeEndpoint',
        parameters: { endpointType: 'iot:Data-ATS' },
        physicalResourceId: PhysicalResourceId.of('iot-data-ats-endpoint'),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: AwsCustomResourcePolicy.ANY_RESOURCE }),
      installLatestAwsSdk: false,
    });
    acknowledgeCustomResource(
      endpoint,
      'iot:DescribeEndpoint',
      awsSolutions(
        'IAM5[Resource::*]',
        "iot:DescribeEndpoint, to look up the account's IoT data endpoint at deploy time: the action has no resource-level permissions (AWS requires '*') and only reads.",
      ),
    );
    this.iotDataEndpoint = `https://${endpoint.getResponseField('endpointAddress')}`;

    const arn = (kind: string, name: string) => `arn:aws:iot:${this.region}:${this.account}:${kind}/${name}`;
    new CfnPolicy(this, 'DevicePolicy', { policyName: DEVICE_POLICY_NAME, policyDocument: devicePolicyDocument(this.region, this.account) });

    const ingest = new PortalFunction(this, 'Ingest', {
      entry: 'devices/ingest-stream',
      logKey: props.logKey,
      description: 'Takes device messages from the device stream, each device in order',
      environment: {
        TABLE_NAME: props.table.tableName,
        // The live screens' change notices (functions/devices/change-notice.ts).
        AWS_ENDPOINT_URL_IOT_DATA_PLANE: this.iotDataEndpoint,
        POWERTOOLS_SERVICE_NAME: INGEST_SERVICE,
      } satisfies EnvironmentVariables,
      reservedConcurrentExecutions: INGEST_CONCURRENCY,
    });
    grantTableAccess(ingest, props.table, deviceKeyPatterns(INGEST_KEYS));
    ingest.addToRolePolicy(new PolicyStatement({ actions: ['iot:Publish'], resources: [arn('topic', `${LIVE_TOPIC_ROOT}/*`)] }));
    acknowledge(
      ingest,
      hipaaAndNist(
        'LambdaDLQ',
        'The ingest is invoked by its Kinesis stream mapping, never asynchronously: the mapping retries a failed record and then sends the batch to FailedDeviceMessages (its on-failure destination), which a function DLQ would never receive.',
      ),
    );
    acknowledge(ingest.role, liveNoticeTopics);

    const failed = new Queue(this, 'FailedDeviceMessages', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      failed,
      awsSolutions(
        'SQS3',
        "FailedDeviceMessages is itself where failed device messages go: the topic rule's error action and the ingest stream mapping's on-failure destination.",
      ),
    );
    // Device messages keyed by device: Lambda keeps each key's records in order (ingest-stream.ts).
    // A week's retention leaves time to replay what failed (docs/deploy.md).
    const stream = new Stream(this, 'DeviceMessageStream', {
      streamMode: StreamMode.ON_DEMAND,
      // Kinesis's own key (cdk-nag KDS3): a customer key would add a charge per producer and consumer call.
      encryption: StreamEncryption.MANAGED,
      retentionPeriod: Duration.days(7),
    });
    const ruleRole = new Role(this, 'TopicRuleRole', { assumedBy: new ServicePrincipal('iot.amazonaws.com') });
    failed.grantSendMessages(ruleRole);
    stream.grantWrite(ruleRole);
    acknowledge(
      ruleRole,
      hipaaAndNist(
        'IAMNoInlinePolicy',
        "The device topic rule's role: its inline policy (write to the device stream, send to FailedDeviceMessages) belongs to it alone.",
      ),
    );
    new CfnTopicRule(this, 'DeviceMessages', {
      topicRulePayload: {
        sql: `SELECT encode(*, 'base64') AS payload, topic() AS topic, clientid() AS clientId, timestamp() AS receivedAt FROM '${DEVICE_TOPIC_ROOT}/+/up/+'`,
        awsIotSqlVersion: '2016-03-23',
        ruleDisabled: false,
        actions: [{ kinesis: { streamName: stream.streamName, partitionKey: '${clientid()}', roleArn: ruleRole.roleArn } }],
        errorAction: { sqs: { queueUrl: failed.queueUrl, roleArn: ruleRole.roleArn, useBase64: false } },
      },
    });
    // A record whose ingest keeps failing is given again from where it failed (the device's order
    // holds) for a day; then the batch's place in the stream goes to the queue, to be replayed.
    ingest.addEventSource(
      new KinesisEventSource(stream, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        parallelizationFactor: INGEST_PARALLEL_PER_SHARD,
        reportBatchItemFailures: true,
        retryAttempts: 1000,
        maxRecordAge: Duration.days(1),
        onFailure: new SqsDlq(failed),
      }),
    );

    const skipped = new PortalFunction(this, 'SkippedExchangeCheck', {
      entry: 'devices/check-skipped-exchanges',
      logKey: props.logKey,
      description: 'Raises SkippedAlert for prescribed exchanges that did not arrive in time',
      timeout: Duration.minutes(5),
      environment: { TABLE_NAME: props.table.tableName, POWERTOOLS_SERVICE_NAME: 'pd-portal-skipped-exchanges' } satisfies EnvironmentVariables,
      // One run at a time: a slow run is never overlapped by the next one.
      reservedConcurrentExecutions: 1,
    });
    grantTableAccess(skipped, props.table, deviceKeyPatterns(SKIPPED_CHECK_KEYS));
    new Schedule(this, 'EveryFiveMinutes', {
      schedule: ScheduleExpression.rate(Duration.minutes(5)),
      target: new LambdaInvoke(skipped, { retryAttempts: 2, role: this.schedulerRole('SkippedExchangeCheckSchedulerRole', skipped) }),
      description: 'The skipped-exchange check',
    });
    acknowledge(
      skipped,
      hipaaAndNist(
        'LambdaDLQ',
        "EventBridge Scheduler invokes the check every 5 minutes and retries a failed run twice; the check keeps its cursor and each patient's next due check in the table, so the next run takes up what a failed one left, and a dead-letter queue would hold only a schedule tick.",
      ),
    );

    // Unresolved alerts go to the clinician on call, then the ClinicDirector (docs/escalation.md).
    const escalation = new PortalFunction(this, 'EscalationCheck', {
      entry: 'devices/check-escalations',
      logKey: props.logKey,
      description: 'Sends notices of unresolved alerts to the clinician on call, then the ClinicDirector',
      timeout: Duration.minutes(5),
      environment: {
        TABLE_NAME: props.table.tableName,
        MAIL_TRANSPORT: 'ses',
        MAIL_FROM: props.mailFrom,
        SMS_TRANSPORT: 'sns',
        PORTAL_URL: props.portalUrl,
        POWERTOOLS_SERVICE_NAME: 'pd-portal-escalations',
      } satisfies EnvironmentVariables,
      // One run at a time: two runs would take the same minutes.
      reservedConcurrentExecutions: 1,
    });
    grantTableAccess(escalation, props.table, deviceKeyPatterns(ESCALATION_CHECK_KEYS));
    escalation.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [props.mailFrom, props.mailFrom.split('@')[1]!].map((identity) => `arn:aws:ses:${this.region}:${this.account}:identity/${identity}`),
      }),
    );
    // An SMS to a phone number has no topic to name: every topic of the account is denied, so the grant serves SMS only.
    escalation.grantOnAnyResource(
      'SendSms',
      ['sns:Publish'],
      "an SMS to a phone number has no resource ARN (AWS requires '*'); every topic of the account is denied in the same role, so the grant is SMS only.",
    );
    escalation.addToRolePolicy(new PolicyStatement({ effect: Effect.DENY, actions: ['sns:Publish'], resources: [`arn:aws:sns:*:${this.account}:*`] }));
    new Schedule(this, 'EscalationEveryMinute', {
      schedule: ScheduleExpression.rate(Duration.minutes(1)),
      target: new LambdaInvoke(escalation, { retryAttempts: 2, role: this.schedulerRole('EscalationCheckSchedulerRole', escalation) }),
      description: 'The escalation check of unresolved alerts (an idle run is a few Queries)',
    });
    acknowledge(
      escalation,
      hipaaAndNist(
        'LambdaDLQ',
        'EventBridge Scheduler invokes the check every minute and retries a failed run twice; the check keeps its cursor and each alert step due in the table, so the next run takes up what a failed one left, and a dead-letter queue would hold only a schedule tick.',
      ),
    );

    // A global settings change is stored with a fan-out job (functions/services/settings.ts); this
    // job sends it to the devices, resuming where the previous run stopped (docs/settings.md).
    const settingsFanout = new PortalFunction(this, 'GlobalSettingsFanout', {
      entry: 'devices/publish-global-settings',
      logKey: props.logKey,
      description: 'Sends a global settings change to the devices that follow the global value',
      timeout: Duration.minutes(5),
      environment: {
        TABLE_NAME: props.table.tableName,
        AWS_ENDPOINT_URL_IOT_DATA_PLANE: this.iotDataEndpoint,
        POWERTOOLS_SERVICE_NAME: 'pd-portal-settings-fanout',
      } satisfies EnvironmentVariables,
      // One run at a time: two runs would walk the same job twice.
      reservedConcurrentExecutions: 1,
    });
    grantTableAccess(settingsFanout, props.table, {
      // The jobs and the global settings (GLOBAL), the clinics' list (CLINICS#), each clinic and its
      // devices' index (CLINIC#), the providers' settings (SP#) and the devices (DEVICE#).
      read: ['GLOBAL', 'CLINICS#*', 'CLINIC#*', 'SP#*', 'DEVICE#*'],
      write: ['GLOBAL'],
    });
    settingsFanout.addToRolePolicy(new PolicyStatement({ actions: ['iot:Publish'], resources: [arn('topic', `${DEVICE_TOPIC_ROOT}/*/down/settings`)] }));
    new Schedule(this, 'EveryMinute', {
      schedule: ScheduleExpression.rate(Duration.minutes(1)),
      target: new LambdaInvoke(settingsFanout, { retryAttempts: 0, role: this.schedulerRole('GlobalSettingsFanoutSchedulerRole', settingsFanout) }),
      description: 'The global settings fan-out (an idle run is one Query)',
    });
    acknowledge(
      settingsFanout,
      hipaaAndNist(
        'LambdaDLQ',
        'EventBridge Scheduler invokes the fan-out every minute; its job stays in the table until done and the next run goes on from where a failed one stopped, so a dead-letter queue would hold only a schedule tick.',
      ),
    );
    acknowledge(
      settingsFanout.role,
      awsSolutions(
        'IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:topic/pd/devices/*/down/settings]',
        'The global settings fan-out sends the retained settings message to every device that follows a changed global value, whichever device that is; the grant names only the settings down topic of the devices, never an up topic or the prescription topic.',
      ),
    );

    const action = new SnsAction(props.alarmTopic);
    const alarms: Array<[string, IMetric, string]> = [
      [
        'FailedDeviceMessagesAlarm',
        failed.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        'Device messages wait in FailedDeviceMessages to be replayed (the topic rule or the ingest failed)',
      ],
      ['IngestErrors', ingest.metricErrors({ period: Duration.minutes(5) }), 'The device ingest failed'],
      ['IngestThrottles', ingest.metricThrottles({ period: Duration.minutes(5) }), 'The device ingest reached its reserved concurrency'],
      ['SkippedExchangeCheckErrors', skipped.metricErrors({ period: Duration.minutes(5) }), 'The skipped-exchange check failed'],
      ['EscalationCheckErrors', escalation.metricErrors({ period: Duration.minutes(5) }), 'The escalation check of unresolved alerts failed'],
      [
        'GlobalSettingsFanoutErrors',
        settingsFanout.metricErrors({ period: Duration.minutes(5) }),
        'The global settings fan-out failed (its job stays and is retried every minute)',
      ],
    ];
    addOpsAlarms(
      this,
      action,
      alarms.map(([alarmId, metric, description]) => [alarmId, metric, 1, description] as const),
    );
    // Alerts wait while device messages wait: a minute behind is an operator's matter.
    const behind = ingest.metric('IteratorAge', { period: Duration.minutes(1), statistic: 'Maximum' });
    addOpsAlarms(this, action, [['IngestBehind', behind, 60_000, 'The device ingest is more than a minute behind the device stream (alerts are late)']], 3);
    // A refused message is kept, not lost, so one is no operator's matter; many at once are a
    // firmware release, a device gone wrong or a stranger, which the device screens show one by one.
    const deadLetters = new Metric({
      namespace: 'PdPortal',
      metricName: metricNames.deviceMessageDeadLettered,
      dimensionsMap: { service: INGEST_SERVICE },
      statistic: 'Sum',
      period: Duration.minutes(DEAD_LETTER_ALARM.minutes),
    });
    addOpsAlarms(this, action, [
      [
        'DeadLetters',
        deadLetters,
        DEAD_LETTER_ALARM.letters,
        `${DEAD_LETTER_ALARM.letters} or more device messages were refused (kept as dead letters) in ${DEAD_LETTER_ALARM.minutes} minutes: see each device's refused messages on /device/errors`,
      ],
    ]);
  }

  /**
   * The role EventBridge Scheduler takes to invoke one function, for this account's schedules of the
   * default group (what CDK would make itself), made here so its findings are acknowledged on it.
   */
  private schedulerRole(id: string, fn: PortalFunction): Role {
    const role = new Role(this, id, {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: {
            'aws:SourceAccount': this.account,
            'aws:SourceArn': this.formatArn({ service: 'scheduler', resource: 'schedule-group', resourceName: 'default' }),
          },
        },
      }),
    });
    acknowledge(
      role,
      awsSolutions(
        `IAM5[Resource::<${this.getLogicalId(fn.node.defaultChild as CfnFunction)}.Arn>:*]`,
        `The scheduler may invoke ${fn.node.id} (lambda:InvokeFunction), any version of that one function, and nothing else.`,
      ),
      hipaaAndNist('IAMNoInlinePolicy', `The role EventBridge Scheduler takes to invoke ${fn.node.id}: its inline policy belongs to it alone.`),
    );
    return role;
  }
}

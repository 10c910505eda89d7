import { Alarm, ComparisonOperator, TreatMissingData, type IAlarmAction, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';

/** An operations alarm: its id, what it watches, the value that raises it, and what it tells the operator. */
export type OpsAlarm = readonly [id: string, metric: IMetric, threshold: number, description: string];

/**
 * The portal's operations alarms, one way everywhere: raised when the metric reaches the threshold
 * in one period (or `evaluationPeriods` in a row), quiet while there is no data, sent to `action`.
 */
export function addOpsAlarms(scope: Construct, action: IAlarmAction, alarms: readonly OpsAlarm[], evaluationPeriods = 1): void {
  for (const [id, metric, threshold, description] of alarms) {
    new Alarm(scope, id, {
      metric,
      threshold,
      evaluationPeriods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    }).addAlarmAction(action);
  }
}

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { changeNoticeTopic, type ChangeNotice } from '@shared/live';
import { publishNotice } from '../lib/device-publisher';
import { optionalEnv } from '../lib/environment';
import { logger, metricNames, metrics } from '../lib/powertools';

/**
 * Tells the open screens of the device's clinic and provider that something was stored (ids only:
 * shared/live.ts). Called after the write committed, so a screen that reads again sees it. A notice
 * that cannot be published is logged and counted, never thrown: the device's message is stored,
 * and failing it now would only make the device send it again. No DynamoDB request.
 */
export async function notifyChange(notice: ChangeNotice): Promise<void> {
  // IoT Core's data endpoint is the account's own: without one configured there is nowhere to tell (a test without a broker).
  if (!optionalEnv('AWS_ENDPOINT_URL_IOT_DATA_PLANE')) return;
  try {
    await publishNotice(changeNoticeTopic(notice), notice);
  } catch (error) {
    logger.warn('change notice not published', { notice, error: (error as Error).message });
    metrics().addMetric(metricNames.changeNoticeFailed, MetricUnit.Count, 1);
  }
}

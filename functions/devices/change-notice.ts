import { AsyncLocalStorage } from 'node:async_hooks';
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
  const holding = held.getStore();
  if (holding) holding.set(JSON.stringify(notice), notice);
  else await publish(notice);
}

async function publish(notice: ChangeNotice): Promise<void> {
  try {
    await publishNotice(changeNoticeTopic(notice), notice);
  } catch (error) {
    logger.warn('change notice not published', { notice, error: (error as Error).message });
    metrics().addMetric(metricNames.changeNoticeFailed, MetricUnit.Count, 1);
  }
}

const held = new AsyncLocalStorage<Map<string, ChangeNotice>>();

/**
 * Runs `work` holding the change notices it makes (equal ones once) and hands them back to publish
 * all at once when the caller chooses (after a stream batch, or once the local broker acknowledged
 * the device): a message waits for its writes only, a batch of one patient's exchanges makes one
 * notice, and each still follows its commit. If `work` fails, what it committed is published at once.
 */
export async function holdingNotices<T>(work: () => Promise<T>): Promise<{ result: T; publishHeld: () => Promise<void> }> {
  const notices = new Map<string, ChangeNotice>();
  const publishHeld = async () => {
    await Promise.all([...notices.values()].map(publish));
  };
  try {
    return { result: await held.run(notices, work), publishHeld };
  } catch (error) {
    void publishHeld();
    throw error;
  }
}

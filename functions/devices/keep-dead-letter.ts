import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { deadLettersRepository, type DeadLetter } from '../data/dead-letters-repository';
import { metricNames, metrics, publishMetrics } from '../lib/powertools';

/**
 * Keeps a device message the ingest cannot take, with the reason, and counts it for the DeadLetters
 * alarm. The count is added and published together, after the write: the stream takes devices in
 * parallel on one metrics emitter, and a message taken meanwhile adds its own dimensions, which a
 * count still waiting would be published under (and the alarm, which watches the service alone, miss).
 */
export async function keepDeadLetter(letter: Omit<DeadLetter, 'DeadLetterID'>): Promise<void> {
  await deadLettersRepository.add(letter);
  metrics().addMetric(metricNames.deviceMessageDeadLettered, MetricUnit.Count, 1);
  publishMetrics();
}

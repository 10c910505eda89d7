import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * The one logger and the one metrics emitter of every Lambda (API routes, ingest, scheduled jobs).
 * Each Lambda's POWERTOOLS_SERVICE_NAME names it on every line; handlers add the request's context
 * with powertools' middy middlewares (endpoint.ts for routes, the ingest's own wrapper).
 * Locally (and in tests) POWERTOOLS_METRICS_DISABLED keeps metrics off stdout.
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'pd-portal' });

export const metrics = new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'PdPortal', serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'pd-portal' });

/** The metrics the alarms of the CDK app watch (infra/aws): names typed once. */
export const metricNames = {
  exchangeStored: 'ExchangeStored',
  deviceMessageDuplicate: 'DeviceMessageDuplicate',
  deviceMessageDeadLettered: 'DeviceMessageDeadLettered',
  skippedExchangeAlertRaised: 'SkippedExchangeAlertRaised',
} as const;

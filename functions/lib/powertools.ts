import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * The one logger and the one metrics emitter of every Lambda (API routes, ingest, scheduled jobs).
 * Each Lambda's POWERTOOLS_SERVICE_NAME names it on every line; handlers add the request's context
 * with powertools' middy middlewares (endpoint.ts for routes, the ingest's own wrapper).
 * Locally (and in tests) POWERTOOLS_METRICS_DISABLED keeps metrics off stdout.
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'pd-portal' });

let emitter: Metrics | undefined;

/**
 * The metrics emitter (CloudWatch embedded metric format on stdout), made on first use so it reads
 * the environment of the process that runs it (locally and in tests POWERTOOLS_METRICS_DISABLED).
 */
export function metrics(): Metrics {
  emitter ??= new Metrics({
    namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'PdPortal',
    serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'pd-portal',
  });
  return emitter;
}

/** Publishes what was added (nothing when metrics are off, so no 'no metrics' warning either). */
export function publishMetrics(): void {
  if (metrics().hasStoredMetrics()) metrics().publishStoredMetrics();
}

/** The metrics the alarms of the CDK app watch (infra/aws): names typed once. */
export const metricNames = {
  /** A device message taken, by kind and outcome (exchange stored, duplicate, acknowledgement…). */
  deviceMessageTaken: 'DeviceMessageTaken',
  deviceMessageDeadLettered: 'DeviceMessageDeadLettered',
  skippedExchangeAlertRaised: 'SkippedExchangeAlertRaised',
  skippedExchangeCheckFailed: 'SkippedExchangeCheckFailed',
  /** Notices of unresolved alerts the escalation check sent, and patients whose check failed. */
  escalationNoticeSent: 'EscalationNoticeSent',
  escalationCheckFailed: 'EscalationCheckFailed',
  /** Retained settings messages the global settings fan-out sent. */
  globalSettingsPublished: 'GlobalSettingsPublished',
  /** A live screens' change notice that could not be published (the ingest went on: shared/live.ts). */
  changeNoticeFailed: 'ChangeNoticeFailed',
  /** A security event of an account that operations must look at (functions/services/security-events.ts). */
  securityEvent: 'SecurityEvent',
  /** An audit record was changed or deleted in the table (its stream said MODIFY or REMOVE): evidence of tampering, archived and alarmed. */
  auditRecordTampered: 'AuditRecordTampered',
  /** Audit records (and changes of them) the archive stored in write-once storage. */
  auditRecordArchived: 'AuditRecordArchived',
} as const;

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { randomUUID } from 'node:crypto';
import { auditRepository, type AuditChange } from '../data/audit-repository';
import type { UserRecord } from '../data/users-repository';
import { logger, metricNames, metrics, publishMetrics } from '../lib/powertools';

/** The security events the trail keeps of a user's account (routes with audit 'security'). */
export type SecurityEvent = 'SignedIn' | 'SignInFailed' | 'SignedOut' | 'PasswordChanged' | 'TwoFactorTurnedOn' | 'TwoFactorTurnedOffOutsidePortal';

/**
 * Writes a security event of a user's account to the audit trail, under the user's own tenant so
 * the people responsible for it see it in History. Kept like every audit record (no expiry).
 */
export async function recordSecurityEvent(
  event: SecurityEvent,
  user: Pick<UserRecord, 'UserID' | 'Role' | 'ServiceProviderID' | 'ClinicID'>,
  context: { route: string; source: string; changes?: AuditChange[] },
): Promise<void> {
  await auditRepository.record([
    {
      AuditID: randomUUID(),
      At: new Date().toISOString(),
      UserID: user.UserID,
      Role: user.Role,
      Route: context.route,
      Action: 'write',
      Entity: event,
      EntityID: user.UserID,
      Changes: context.changes,
      ServiceProviderID: user.ServiceProviderID,
      ClinicID: user.ClinicID,
      SourceIp: context.source,
    },
  ]);
}

/**
 * Raises the alarm of a security event: one log line at error level and the `SecurityEvent`
 * metric, on which the operations alarm is set (infra/aws; docs/deploy.md, 'Alarms').
 */
export function alarmSecurityEvent(event: SecurityEvent, userId: string): void {
  logger.error('security event', { event, userId });
  metrics().addMetric(metricNames.securityEvent, MetricUnit.Count, 1);
  publishMetrics();
}

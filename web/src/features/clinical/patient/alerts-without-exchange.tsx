import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { PatientAlert } from '@shared/api/exchanges';
import { ALERTS_WITHOUT_EXCHANGE } from '@shared/api/patients';
import { patients } from '@shared/messages/patients';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { useApiMutation } from '@web/src/lib/api-hooks';
import { formatDateTime } from '@web/src/lib/format';
import { alertText } from '@web/src/lib/language';
import { staffRoute, useStaffUser } from '@web/src/lib/staff';
import { patientListRead } from '../clinical-reads';
import { StatusText } from '@web/src/components/status-text';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients };

const a = messages.patients.alertsWithoutExchange;

/**
 * The patient's unresolved alerts that no exchange carries (a skipped exchange, a panic the device
 * reported on its own), newest first, each with the time it is of and a way to clear it. The
 * exchanges table shows every other alert on its exchange's row, so without this panel these were
 * seen only among a list row's oldest few, and never cleared but all at once.
 */
export function AlertsWithoutExchange({ patientId, alerts }: { patientId: string; alerts: readonly PatientAlert[] }) {
  const staff = useStaffUser();
  const [clearing, setClearing] = useState<PatientAlert>();
  const clear = useApiMutation(staffRoute('clearAlerts', staff.role), {
    invalidates: [staffRoute('getPatientProfile', staff.role), patientListRead(staff).id],
  });
  if (alerts.length === 0) return null;
  const accept = (alert: PatientAlert) =>
    clear.mutate(
      { params: { id: staff.userId, patientId }, body: { _id: alert.AlertID } },
      { onSuccess: () => setClearing(undefined), onError: () => setClearing(undefined) },
    );
  return (
    <>
      <Alert type={alerts.some((alert) => alert.severity === 3) ? 'error' : 'warning'} header={a.title}>
        <SpaceBetween size="xs">
          <Box variant="p">{a.description}</Box>
          <ul aria-label={a.title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {alerts.map((alert) => (
              <li key={alert.AlertID} data-alert-id={alert.AlertID}>
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <StatusText type={alert.severity === 3 ? 'error' : 'warning'} iconAriaLabel={messages.patients.exchanges.severity[alert.severity]}>
                    {formatDateTime(alert.Time)}: {alertText(alert)}
                  </StatusText>
                  <Button variant="inline-link" ariaLabel={a.clearFor(alertText(alert))} onClick={() => setClearing(alert)}>
                    {a.clear}
                  </Button>
                </SpaceBetween>
              </li>
            ))}
          </ul>
          {alerts.length >= ALERTS_WITHOUT_EXCHANGE && <Box color="text-body-secondary">{a.newest(alerts.length)}</Box>}
        </SpaceBetween>
      </Alert>
      <ConfirmationDialog
        visible={!!clearing}
        title={a.clearConfirmTitle}
        lines={a.clearConfirmLines}
        busy={clear.isPending}
        onCancel={() => setClearing(undefined)}
        onAccept={() => clearing && accept(clearing)}
      />
      <ErrorDialog {...clear.errorDialog} />
    </>
  );
}

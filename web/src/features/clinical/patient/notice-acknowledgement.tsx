import Alert from '@cloudscape-design/components/alert';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NOTICE_PARAM } from '@shared/escalation';
import { onCall } from '@shared/messages/on-call';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { useApiMutation } from '@web/src/lib/api-hooks';
import { staffRoute, useStaffUser } from '@web/src/lib/staff';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { onCall };

/**
 * The patient opened through an escalation notice's link (`?notice=1`): acknowledges the
 * patient's notified alerts once, which stops their escalation, then drops the parameter so a
 * reload does not acknowledge again, and says so.
 */
export function NoticeAcknowledgement({ patientId }: { patientId: string }) {
  const [search, setSearch] = useSearchParams();
  const { role, userId } = useStaffUser();
  const acknowledge = useApiMutation(staffRoute('acknowledgeNotice', role));
  const sent = useRef(false);
  const fromNotice = search.get(NOTICE_PARAM) === '1';
  useEffect(() => {
    if (!fromNotice || sent.current || !patientId || !userId) return;
    sent.current = true;
    acknowledge.mutate(
      { params: { id: userId, patientId } },
      {
        onSuccess: () =>
          setSearch(
            (current) => {
              const next = new URLSearchParams(current);
              next.delete(NOTICE_PARAM);
              return next;
            },
            { replace: true },
          ),
      },
    );
  }, [fromNotice, patientId, userId, acknowledge, setSearch]);
  return (
    <>
      {acknowledge.isSuccess ? (
        <Alert type="success" dismissible={false}>
          <span data-testid="notice-acknowledged">{messages.onCall.acknowledged}</span>
        </Alert>
      ) : null}
      <ErrorDialog {...acknowledge.errorDialog} />
    </>
  );
}

import { useRef, useState } from 'react';
import { session } from '@shared/messages/session';
import { getHumanVerificationToken } from '@web/src/lib/human-verification';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { session };

/**
 * Save behind the bot check (spec 4 "Clinic edit", 7: it gates saving a clinic and the clinic
 * admin profile): the check runs first; only with its token does the form validate, confirm and
 * send (`submit`), reading the token with `token()`. A refused check shows its spec message.
 */
export function useHumanCheckedSave(submit: () => void) {
  const token = useRef<string>();
  const [refusal, setRefusal] = useState<string[]>();
  const [checking, setChecking] = useState(false);
  const save = async () => {
    setChecking(true);
    try {
      token.current = await getHumanVerificationToken();
    } catch (error) {
      setRefusal([error instanceof Error ? error.message : messages.session.captchaError]);
      return;
    } finally {
      setChecking(false);
    }
    submit();
  };
  return {
    save: () => void save(),
    token: () => token.current ?? '',
    checking,
    errorDialog: { messages: refusal, onClose: () => setRefusal(undefined) },
  };
}

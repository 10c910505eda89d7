import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { stripSpaces, twoFactorSchema } from '@shared/api/session';
import { sessionScreens } from '@shared/messages/session-screens';
import { RouterLink } from '@web/src/components/router-link';
import { call } from '@web/src/lib/api-client';
import { paths } from '@web/src/lib/paths';
import { sessionStore } from '@web/src/lib/session-store';
import { SessionForm, useSessionSubmit } from './session-form';
import { firstMessages } from './session-layout';
import { applySignInResult, signInErrorMessages } from './sign-in-outcome';
import { useContinueSignIn } from './use-continue-sign-in';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { sessionScreens };

const t = messages.sessionScreens;

export function TwoFactorPage() {
  const continueSignIn = useContinueSignIn();
  // Decided once: completing the step clears the pending slot and then navigates on by itself.
  const [pendingOnArrival] = useState(() => !!sessionStore.get().pendingTwoFactor);
  const [code, setCode] = useState('');
  const validate = () => {
    const parsed = twoFactorSchema.safeParse({ TwoFaCode: stripSpaces(code) });
    return parsed.success ? undefined : firstMessages(parsed.error.issues).TwoFaCode;
  };
  const submission = useSessionSubmit({
    isValid: () => !validate(),
    send: async () => {
      const result = await call('signInTwoFactor', { body: { TwoFaCode: stripSpaces(code) } });
      continueSignIn(applySignInResult(result, 'twoFactor'));
    },
    errorMessages: (failure) => signInErrorMessages(failure, { preferFields: true }),
  });

  if (!pendingOnArrival) return <Navigate to={paths.home} replace />;
  const error = submission.submitted ? validate() : undefined;

  return (
    <SessionForm
      testId="two-factor-form"
      title={t.twoFactorTitle}
      description={t.twoFactorDescription}
      submitLabel={t.verify}
      secondaryActions={<RouterLink href={paths.login}>{t.backToLogin}</RouterLink>}
      form={submission}
    >
      <FormField label={t.authenticationCode} errorText={error} data-testid="code-field">
        <Input value={code} onChange={({ detail }) => setCode(detail.value)} inputMode="numeric" autoComplete="one-time-code" ariaRequired autoFocus />
      </FormField>
    </SessionForm>
  );
}

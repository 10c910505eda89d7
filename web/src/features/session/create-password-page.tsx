import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { createPasswordFormSchema, stripSpaces } from '@shared/api/session';
import { session } from '@shared/messages/session';
import { sessionScreens } from '@shared/messages/session-screens';
import { RouterLink } from '@web/src/components/router-link';
import { ApiError, call } from '@web/src/lib/api-client';
import { paths } from '@web/src/lib/paths';
import { sessionStore } from '@web/src/lib/session-store';
import { SessionForm, useSessionSubmit } from './session-form';
import { firstMessages } from './session-layout';
import { applySignInResult, signInErrorMessages } from './sign-in-outcome';
import { useContinueSignIn } from './use-continue-sign-in';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { session, sessionScreens };

const t = messages.sessionScreens;

interface PasswordForm {
  newPassword: string;
  confirmPassword: string;
}

export function CreatePasswordPage() {
  const continueSignIn = useContinueSignIn();
  // Decided once: the change signs the user in and clears the pending slot, then navigates on by itself.
  const [pending] = useState(() => sessionStore.get().pendingPasswordChange);
  const [form, setForm] = useState<PasswordForm>({ newPassword: '', confirmPassword: '' });
  const validate = () => {
    const parsed = createPasswordFormSchema.safeParse({
      newPassword: stripSpaces(form.newPassword),
      confirmPassword: stripSpaces(form.confirmPassword),
    });
    return parsed.success ? {} : firstMessages(parsed.error.issues);
  };
  const submission = useSessionSubmit({
    isValid: () => Object.keys(validate()).length === 0,
    send: async () => {
      if (!pending) return;
      const result = await call('changePassword', {
        params: { userId: pending.profile.UserID },
        body: { newPassword: stripSpaces(form.newPassword) },
      });
      // The spec's test of success: the answer reports one modified record.
      if (result?.nModified !== 1) throw new ApiError([messages.session.authenticationError]);
      if (result.status === '2fa') {
        // TOTP is on: the new password is set and the code is still asked for.
        const step = applySignInResult(result, 'signIn');
        sessionStore.clearPendingPasswordChange();
        continueSignIn(step);
        return;
      }
      sessionStore.signIn(result);
      continueSignIn('signedIn');
    },
    errorMessages: (failure) => signInErrorMessages(failure, { preferFields: true }),
  });

  if (!pending) return <Navigate to={paths.home} replace />;
  const errors = submission.submitted ? validate() : {};

  return (
    <SessionForm
      testId="create-password-form"
      title={t.createPasswordTitle}
      submitLabel={t.save}
      secondaryActions={<RouterLink href={paths.login}>{t.backToLogin}</RouterLink>}
      form={submission}
    >
      <FormField label={t.newPassword} errorText={errors.newPassword} data-testid="new-password-field">
        <Input
          type="password"
          value={form.newPassword}
          onChange={({ detail }) => setForm((current) => ({ ...current, newPassword: detail.value }))}
          autoComplete="new-password"
          ariaRequired
          autoFocus
        />
      </FormField>
      <FormField label={t.confirmPassword} errorText={errors.confirmPassword} data-testid="confirm-password-field">
        <Input
          type="password"
          value={form.confirmPassword}
          onChange={({ detail }) => setForm((current) => ({ ...current, confirmPassword: detail.value }))}
          autoComplete="new-password"
          ariaRequired
        />
      </FormField>
    </SessionForm>
  );
}

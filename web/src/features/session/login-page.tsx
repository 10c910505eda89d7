import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { signInSchema, stripSpaces } from '@shared/api/session';
import { session } from '@shared/messages/session';
import { sessionScreens } from '@shared/messages/session-screens';
import { RouterLink } from '@web/src/components/router-link';
import { call } from '@web/src/lib/api-client';
import { getHumanVerificationToken } from '@web/src/lib/human-verification';
import { paths } from '@web/src/lib/paths';
import { sessionStore } from '@web/src/lib/session-store';
import { SessionForm, useSessionSubmit } from './session-form';
import { firstMessages } from './session-layout';
import { applySignInResult, signInErrorMessages } from './sign-in-outcome';
import { useContinueSignIn } from './use-continue-sign-in';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { session, sessionScreens };

const t = messages.sessionScreens;
const credentialsSchema = signInSchema.omit({ reCaptchaToken: true });

interface LoginForm {
  userId: string;
  password: string;
  acceptTerms: boolean;
}

/** The login form's errors: the first message per field, in the spec's words (section 5 "Login"). */
export function validateLogin(form: LoginForm): Partial<Record<keyof LoginForm, string>> {
  const parsed = credentialsSchema.safeParse({ Email: stripSpaces(form.userId), Password: stripSpaces(form.password) });
  const fields = parsed.success ? {} : firstMessages(parsed.error.issues);
  const errors: Partial<Record<keyof LoginForm, string>> = {};
  if (fields.Email) errors.userId = fields.Email;
  if (fields.Password) errors.password = fields.Password;
  if (!form.acceptTerms) errors.acceptTerms = messages.session.acceptTermsRequired;
  return errors;
}

export function LoginPage() {
  const continueSignIn = useContinueSignIn();
  // Decided once: a sign-in on this page fills the slot and then navigates on by itself.
  const [signedInOnArrival] = useState(() => !!sessionStore.get().signedIn);
  const [form, setForm] = useState<LoginForm>({ userId: '', password: '', acceptTerms: false });
  const submission = useSessionSubmit({
    isValid: () => Object.keys(validateLogin(form)).length === 0,
    send: async () => {
      const reCaptchaToken = await getHumanVerificationToken();
      const result = await call('signIn', {
        body: { Email: stripSpaces(form.userId), Password: stripSpaces(form.password), reCaptchaToken },
      });
      continueSignIn(applySignInResult(result, 'signIn'));
    },
    errorMessages: (error) => signInErrorMessages(error),
  });

  if (signedInOnArrival) return <Navigate to={paths.home} replace />;

  const errors = submission.submitted ? validateLogin(form) : {};
  const update = (changes: Partial<LoginForm>) => setForm((current) => ({ ...current, ...changes }));

  return (
    <SessionForm
      testId="login-form"
      title={t.loginTitle}
      submitLabel={t.login}
      submitTestId="login-submit"
      secondaryActions={<RouterLink href={paths.passwordRecovery}>{t.forgotPassword}</RouterLink>}
      form={submission}
    >
      <FormField label={t.userId} errorText={errors.userId} data-testid="user-id-field">
        <Input
          value={form.userId}
          onChange={({ detail }) => update({ userId: detail.value })}
          autoComplete="username"
          inputMode="email"
          ariaRequired
          autoFocus
        />
      </FormField>
      <FormField label={t.password} errorText={errors.password} data-testid="password-field">
        <Input
          type="password"
          value={form.password}
          onChange={({ detail }) => update({ password: detail.value })}
          autoComplete="current-password"
          ariaRequired
        />
      </FormField>
      <FormField errorText={errors.acceptTerms} data-testid="accept-terms-field">
        <Checkbox checked={form.acceptTerms} onChange={({ detail }) => update({ acceptTerms: detail.checked })}>
          {t.acceptTerms}
        </Checkbox>
      </FormField>
    </SessionForm>
  );
}

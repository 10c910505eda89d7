import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { signInSchema, stripSpaces } from '../../../../shared/api/session';
import { messages } from '../../../../shared/messages';
import { RouterLink } from '../../components/router-link';
import { call } from '../../lib/api-client';
import { getHumanVerificationToken } from '../../lib/human-verification';
import { paths } from '../../lib/paths';
import { sessionStore } from '../../lib/session-store';
import { firstMessages, SessionLayout, StatusArea } from './session-layout';
import { applySignInResult, signInErrorMessages } from './sign-in-outcome';
import { useContinueSignIn } from './use-continue-sign-in';

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
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string[]>([]);

  if (signedInOnArrival) return <Navigate to={paths.home} replace />;

  const errors = submitted ? validateLogin(form) : {};
  const update = (changes: Partial<LoginForm>) => setForm((current) => ({ ...current, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || Object.keys(validateLogin(form)).length) return;
    setBusy(true);
    setStatus([]);
    try {
      const reCaptchaToken = await getHumanVerificationToken();
      const result = await call('signIn', {
        body: { Email: stripSpaces(form.userId), Password: stripSpaces(form.password), reCaptchaToken },
      });
      continueSignIn(applySignInResult(result, 'signIn'));
    } catch (error) {
      setStatus(signInErrorMessages(error));
      setBusy(false);
    }
  };

  return (
    <SessionLayout>
      <form onSubmit={submit} noValidate data-testid="login-form">
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={busy} data-testid="login-submit">
              {t.login}
            </Button>
          }
          secondaryActions={
            <RouterLink href={paths.passwordRecovery}>
              {t.forgotPassword}
            </RouterLink>
          }
        >
          <Container header={<Header variant="h2">{t.loginTitle}</Header>}>
            <SpaceBetween size="m">
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
              <StatusArea messages={status} />
            </SpaceBetween>
          </Container>
        </Form>
      </form>
    </SessionLayout>
  );
}

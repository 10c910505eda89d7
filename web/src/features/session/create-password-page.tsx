import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { createPasswordFormSchema, stripSpaces } from '../../../../shared/api/session';
import { messages } from '../../../../shared/messages';
import { RouterLink } from '../../components/router-link';
import { ApiError, call } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { sessionStore } from '../../lib/session-store';
import { firstMessages, SessionLayout, StatusArea } from './session-layout';
import { signInErrorMessages } from './sign-in-outcome';
import { useContinueSignIn } from './use-continue-sign-in';

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
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string[]>([]);

  if (!pending) return <Navigate to={paths.home} replace />;

  const validate = () => {
    const parsed = createPasswordFormSchema.safeParse({
      newPassword: stripSpaces(form.newPassword),
      confirmPassword: stripSpaces(form.confirmPassword),
    });
    return parsed.success ? {} : firstMessages(parsed.error.issues);
  };
  const errors = submitted ? validate() : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || Object.keys(validate()).length) return;
    setBusy(true);
    setStatus([]);
    try {
      const result = await call('changePassword', {
        params: { userId: pending.profile.UserID },
        body: { newPassword: stripSpaces(form.newPassword) },
      });
      // The spec's test of success: the answer reports one modified record.
      if (result?.nModified !== 1) throw new ApiError([messages.session.authenticationError]);
      sessionStore.signIn(result);
      continueSignIn('signedIn');
    } catch (failure) {
      setStatus(signInErrorMessages(failure, { preferFields: true }));
      setBusy(false);
    }
  };

  return (
    <SessionLayout>
      <form onSubmit={submit} noValidate data-testid="create-password-form">
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={busy}>
              {t.save}
            </Button>
          }
          secondaryActions={<RouterLink href={paths.login}>{t.backToLogin}</RouterLink>}
        >
          <Container header={<Header variant="h2">{t.createPasswordTitle}</Header>}>
            <SpaceBetween size="m">
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
              <StatusArea messages={status} />
            </SpaceBetween>
          </Container>
        </Form>
      </form>
    </SessionLayout>
  );
}

import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { stripSpaces, twoFactorSchema } from '../../../../shared/api/session';
import { messages } from '../../../../shared/messages';
import { RouterLink } from '../../components/router-link';
import { call } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { sessionStore } from '../../lib/session-store';
import { firstMessages, SessionLayout, StatusArea } from './session-layout';
import { applySignInResult, signInErrorMessages } from './sign-in-outcome';
import { useContinueSignIn } from './use-continue-sign-in';

const t = messages.sessionScreens;

export function TwoFactorPage() {
  const continueSignIn = useContinueSignIn();
  // Decided once: completing the step clears the pending slot and then navigates on by itself.
  const [pendingOnArrival] = useState(() => !!sessionStore.get().pendingTwoFactor);
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string[]>([]);

  if (!pendingOnArrival) return <Navigate to={paths.home} replace />;

  const validate = () => {
    const parsed = twoFactorSchema.safeParse({ TwoFaCode: stripSpaces(code) });
    return parsed.success ? undefined : firstMessages(parsed.error.issues).TwoFaCode;
  };
  const error = submitted ? validate() : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || validate()) return;
    setBusy(true);
    setStatus([]);
    try {
      const result = await call('signInTwoFactor', { body: { TwoFaCode: stripSpaces(code) } });
      continueSignIn(applySignInResult(result, 'twoFactor'));
    } catch (failure) {
      setStatus(signInErrorMessages(failure, { preferFields: true }));
      setBusy(false);
    }
  };

  return (
    <SessionLayout>
      <form onSubmit={submit} noValidate data-testid="two-factor-form">
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={busy}>
              {t.verify}
            </Button>
          }
          secondaryActions={<RouterLink href={paths.login}>{t.backToLogin}</RouterLink>}
        >
          <Container header={<Header variant="h2" description={t.twoFactorDescription}>{t.twoFactorTitle}</Header>}>
            <SpaceBetween size="m">
              <FormField label={t.authenticationCode} errorText={error} data-testid="code-field">
                <Input
                  value={code}
                  onChange={({ detail }) => setCode(detail.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  ariaRequired
                  autoFocus
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

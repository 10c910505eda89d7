import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { forgotPasswordSchema, stripSpaces } from '@shared/api/session';
import { session } from '@shared/messages/session';
import { sessionScreens } from '@shared/messages/session-screens';
import { RouterLink } from '@web/src/components/router-link';
import { ApiError, call } from '@web/src/lib/api-client';
import { getHumanVerificationToken } from '@web/src/lib/human-verification';
import { paths } from '@web/src/lib/paths';
import { firstMessages, SessionLayout } from './session-layout';
import { signInErrorMessages } from './sign-in-outcome';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { session, sessionScreens };

const t = messages.sessionScreens;
const m = messages.session;
const emailSchema = forgotPasswordSchema.pick({ Email: true });

type Outcome = { kind: 'form' } | { kind: 'succeeded' } | { kind: 'failed'; messages: string[] };

/** The failure text: the spec's for an unknown account, else what went wrong (e.g. the bot check). */
function failureMessages(error: unknown): string[] {
  if (error instanceof ApiError && error.status === 404) return [m.recoveryFailure];
  return signInErrorMessages(error);
}

export function PasswordRecoveryPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });

  const validate = () => {
    const parsed = emailSchema.safeParse({ Email: stripSpaces(email) });
    return parsed.success ? undefined : firstMessages(parsed.error.issues).Email;
  };
  const error = submitted ? validate() : undefined;

  const reset = () => {
    setEmail('');
    setSubmitted(false);
    setOutcome({ kind: 'form' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || validate()) return;
    setBusy(true);
    try {
      const reCaptchaToken = await getHumanVerificationToken();
      await call('forgotPassword', { body: { Email: stripSpaces(email), reCaptchaToken } });
      setOutcome({ kind: 'succeeded' });
    } catch (failure) {
      setOutcome({ kind: 'failed', messages: failureMessages(failure) });
    } finally {
      setBusy(false);
    }
  };

  const resetLink = (
    <Link
      href={paths.passwordRecovery}
      onFollow={(event) => {
        event.preventDefault();
        reset();
      }}
    >
      {t.didNotGetEmail}
    </Link>
  );

  if (outcome.kind === 'succeeded') {
    return (
      <SessionLayout>
        <Container header={<Header variant="h2">{m.recoverySucceededTitle}</Header>} data-testid="recovery-result">
          <SpaceBetween size="m">
            <Box>{m.recoverySuccess}</Box>
            <SpaceBetween direction="horizontal" size="l" alignItems="center">
              <Button variant="primary" onClick={() => navigate(paths.login)}>
                {t.backToLogin}
              </Button>
              {resetLink}
            </SpaceBetween>
          </SpaceBetween>
        </Container>
      </SessionLayout>
    );
  }

  const failed = outcome.kind === 'failed';
  return (
    <SessionLayout>
      <form onSubmit={submit} noValidate data-testid="recovery-form">
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={busy}>
              {t.send}
            </Button>
          }
          secondaryActions={failed ? resetLink : <RouterLink href={paths.login}>{t.backToLogin}</RouterLink>}
        >
          <Container
            header={
              <Header variant="h2" description={failed ? undefined : t.recoveryDescription}>
                {failed ? m.recoveryFailedTitle : t.recoveryTitle}
              </Header>
            }
            data-testid={failed ? 'recovery-result' : undefined}
          >
            <SpaceBetween size="m">
              {failed && (
                <div role="status" data-testid="status-area">
                  {outcome.messages.map((line, index) => (
                    <Box key={index}>{line}</Box>
                  ))}
                </div>
              )}
              <FormField label={t.email} errorText={error} data-testid="email-field">
                <Input type="email" value={email} onChange={({ detail }) => setEmail(detail.value)} autoComplete="email" ariaRequired autoFocus />
              </FormField>
            </SpaceBetween>
          </Container>
        </Form>
      </form>
    </SessionLayout>
  );
}

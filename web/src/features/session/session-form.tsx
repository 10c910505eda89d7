import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent, type ReactNode } from 'react';
import { SessionLayout, StatusArea } from './session-layout';

/**
 * The submit cycle of every session form: errors show once the form was submitted, an invalid
 * form sends nothing, one request runs at a time, and a failure's messages land in the status
 * area. On success the page moves on (or shows its result), so `busy` is left to it.
 */
export function useSessionSubmit(options: { isValid: () => boolean; send: () => Promise<void>; errorMessages: (error: unknown) => string[] }) {
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || !options.isValid()) return;
    setBusy(true);
    setStatus([]);
    try {
      await options.send();
    } catch (error) {
      setStatus(options.errorMessages(error));
      setBusy(false);
    }
  };

  return { submitted, busy, status, submit };
}

interface SessionFormProps {
  testId: string;
  title: string;
  description?: string;
  submitLabel: string;
  submitTestId?: string;
  secondaryActions: ReactNode;
  form: Pick<ReturnType<typeof useSessionSubmit>, 'busy' | 'status' | 'submit'>;
  children: ReactNode;
}

/** The frame of a session form: a card with its title, the fields, the status area and the submit button. */
export function SessionForm(props: SessionFormProps) {
  return (
    <SessionLayout>
      <form onSubmit={props.form.submit} noValidate data-testid={props.testId}>
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={props.form.busy} data-testid={props.submitTestId}>
              {props.submitLabel}
            </Button>
          }
          secondaryActions={props.secondaryActions}
        >
          <Container
            header={
              <Header variant="h2" description={props.description}>
                {props.title}
              </Header>
            }
          >
            <SpaceBetween size="m">
              {props.children}
              <StatusArea messages={props.form.status} />
            </SpaceBetween>
          </Container>
        </Form>
      </form>
    </SessionLayout>
  );
}

import { act, render, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { z } from 'zod';
import { fieldMessages } from '@shared/api/field-messages';
import { createPasswordFormSchema } from '@shared/api/session';
import * as messages from '@shared/messages';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { ApiError } from '@web/src/lib/api-client';
import { useZodForm } from '@web/src/lib/use-zod-form';

const schema = createPasswordFormSchema;
type Send = (values: z.output<typeof schema>) => Promise<void>;

function PasswordForm({ send, confirm = false, loading = false }: { send: Send; confirm?: boolean; loading?: boolean }) {
  const form = useZodForm({ schema, initialValues: { newPassword: '', confirmPassword: '' }, onSubmit: send, confirm, loading });
  const password = form.field('newPassword');
  const confirmation = form.field('confirmPassword');
  return (
    <form onSubmit={form.submit} noValidate>
      <FormField label="New password" errorText={password.errorText} data-testid="new">
        <Input value={password.value} onChange={({ detail }) => password.onChange(detail.value)} onBlur={password.onBlur} />
      </FormField>
      <FormField label="Confirm password" errorText={confirmation.errorText} data-testid="confirm">
        <Input value={confirmation.value} onChange={({ detail }) => confirmation.onChange(detail.value)} onBlur={confirmation.onBlur} />
      </FormField>
      <Button variant="primary" formAction="submit" disabled={!form.canSave} loading={form.busy} data-testid="save">
        Save
      </Button>
      <ConfirmationDialog title="Accept changes" lines={['It can not be undone']} {...form.confirmation} />
      <ErrorDialog {...form.errorDialog} />
    </form>
  );
}

const page = () => createWrapper(document.body);
const input = (testId: string) => page().findFormField(`[data-testid="${testId}"]`)!.findControl()!.findInput()!;
const error = (testId: string) => page().findFormField(`[data-testid="${testId}"]`)!.findError()?.getElement().textContent;
const save = () => page().findButton('[data-testid="save"]')!;
const GOOD = 'Good!pass1';

describe('the form hook', () => {
  it("shows a field's first message once it was left, not before", () => {
    render(<PasswordForm send={jest.fn()} />);
    act(() => input('new').setInputValue('short'));
    expect(error('new')).toBeUndefined();
    act(() => input('new').focus());
    act(() => input('new').blur());
    expect(error('new')).toBe(messages.session.passwordRule);
    expect(error('confirm')).toBeUndefined();
  });

  it('keeps Save disabled while errors exist or the data loads', () => {
    const { rerender } = render(<PasswordForm send={jest.fn()} />);
    expect(save().isDisabled()).toBe(true);
    act(() => input('new').setInputValue(GOOD));
    act(() => input('confirm').setInputValue(GOOD));
    expect(save().isDisabled()).toBe(false);
    rerender(<PasswordForm send={jest.fn()} loading />);
    expect(save().isDisabled()).toBe(true);
  });

  it('sends the parsed values once, asking confirmation first when told to', async () => {
    const send = jest.fn<Promise<void>, Parameters<Send>>(async () => undefined);
    render(<PasswordForm send={send} confirm />);
    act(() => input('new').setInputValue(GOOD));
    act(() => input('confirm').setInputValue(GOOD));
    act(() => save().click());
    const dialog = page().findModal()!;
    expect(dialog.isVisible()).toBe(true);
    expect(dialog.findHeader().getElement().textContent).toBe('Accept changes');
    expect(send).not.toHaveBeenCalled();
    const [cancel, accept] = dialog.findFooter()!.findAllButtons();
    expect([cancel!.getElement().textContent, accept!.getElement().textContent]).toEqual(['Cancel', 'Accept']);
    await act(async () => accept!.click());
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ newPassword: GOOD, confirmPassword: GOOD });
    await waitFor(() => expect(page().findModal()).toBeNull());
  });

  it("shows the server's refusal in the error dialog and its field message under the field, until the field changes", async () => {
    const refusal = new ApiError(['Password must be new'], 400, { newPassword: 'Password must be new' });
    render(<PasswordForm send={() => Promise.reject(refusal)} />);
    act(() => input('new').setInputValue(GOOD));
    act(() => input('confirm').setInputValue(GOOD));
    await act(async () => save().click());
    await waitFor(() => expect(screen.getByTestId('error-dialog-messages').textContent).toBe('Password must be new'));
    expect(error('new')).toBe('Password must be new');
    act(() => input('new').setInputValue(`${GOOD}x`));
    expect(error('new')).not.toBe('Password must be new');
  });
});

describe('fieldMessages (shared with the server)', () => {
  it('keeps the first message per field, by its dotted path', () => {
    const address = z.object({ Country: z.string().min(1, 'Country name is required'), City: z.string().min(1, 'City name is required').max(3, 'long') });
    const result = z.object({ Name: z.string().min(1, 'Name is required'), Address: address }).safeParse({ Name: '', Address: { Country: '', City: '' } });
    expect(result.success).toBe(false);
    expect(fieldMessages(result.error!)).toEqual({
      Name: 'Name is required',
      'Address.Country': 'Country name is required',
      'Address.City': 'City name is required',
    });
  });
});

import { act, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';

/** The patient form's fields as a person uses them, found by the field's name (its test id). */
const page = () => createWrapper(document.body);
export const formField = (name: string) => page().findFormField(`[data-testid="${name}"]`);
export const fieldError = (name: string) => formField(name)?.findError()?.getElement().textContent ?? '';

export function typeInto(name: string, value: string): void {
  const input = formField(name)!.findControl()!.findInput()!;
  act(() => input.focus());
  act(() => input.setInputValue(value));
  act(() => input.blur());
}

export function pickDate(name: string, value: string): void {
  const picker = formField(name)!.findControl()!.findDatePicker()!;
  act(() => picker.findNativeInput().focus());
  act(() => picker.setInputValue(value));
  act(() => picker.findNativeInput().blur());
}

export function choose(name: string, value: string): void {
  const select = formField(name)!.findControl()!.findSelect()!;
  act(() => select.openDropdown());
  act(() => select.selectOptionByValue(value));
}

/** `choose` for a select whose options come from the server: waits until the option is listed (a busy machine answers late). */
export async function chooseWhenListed(name: string, value: string): Promise<void> {
  const select = () => formField(name)!.findControl()!.findSelect()!;
  await waitFor(
    () => {
      if (!select().findDropdown().findOpenDropdown()) act(() => select().openDropdown());
      expect(select().findDropdown().findOptionByValue(value)).not.toBeNull();
    },
    { timeout: 5000 },
  );
  act(() => select().selectOptionByValue(value));
}

export async function enterAddress(address: { Country: string; City: string; Street: string }, fieldName = 'Address'): Promise<void> {
  act(() => formField(fieldName)!.findControl()!.findButton()!.click());
  const country = formField('address-country')!.findControl()!.findSelect()!;
  act(() => country.openDropdown());
  act(() => country.selectOptionByValue(address.Country));
  act(() => formField('address-city')!.findControl()!.findInput()!.setInputValue(address.City));
  act(() => formField('address-street')!.findControl()!.findInput()!.setInputValue(address.Street));
  await act(async () => page().findButton('[data-testid="address-accept"]')!.click());
}

/** The visible dialog's header and lines (the shell keeps its own dialogs mounted, hidden). */
export function visibleDialog(): { header: string; text: string } | undefined {
  const modal = page()
    .findAllModals()
    .find((candidate) => candidate.isVisible());
  return modal ? { header: modal.findHeader().getElement().textContent ?? '', text: modal.findContent().getElement().textContent ?? '' } : undefined;
}

export async function clickDialogButton(label: string): Promise<void> {
  const modal = page()
    .findAllModals()
    .find((candidate) => candidate.isVisible())!;
  const button = modal
    .findFooter()!
    .findAllButtons()
    .find((candidate) => candidate.getElement().textContent === label)!;
  await act(async () => button.click());
}

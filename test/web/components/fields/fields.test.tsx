import { act, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { useState } from 'react';
import { AddressField, type Address } from '@web/src/components/fields/address-dialog';
import { DropdownField } from '@web/src/components/fields/dropdown-field';
import { imageFileError } from '@web/src/components/fields/image-field';
import { clampStep, NumericStepper } from '@web/src/components/fields/numeric-stepper';
import { PhoneField } from '@web/src/components/fields/phone-field';
import { TextField } from '@web/src/components/fields/text-field';
import { ToggleField } from '@web/src/components/fields/toggle-field';

const page = () => createWrapper(document.body);

/** A field with its own state, as a form would hold it. */
function Held<V>({ initial, render: show }: { initial: V; render: (value: V, onChange: (value: V) => void) => React.ReactNode }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {show(value, setValue)}
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const held = () => JSON.parse(document.querySelector('[data-testid="value"]')!.textContent);

describe('address dialog', () => {
  function open(initial?: Address) {
    render(<Held initial={initial} render={(value, onChange) => <AddressField label="Address" value={value} onChange={onChange} testId="address" />} />);
    act(() => page().findFormField('[data-testid="address"]')!.findControl()!.findButton()!.click());
    return page().findModal()!;
  }
  const field = (id: string) => page().findFormField(`[data-testid="address-${id}"]`)!;

  it("asks Country, City and Street, with the spec's messages, and blocks Accept until none is left", () => {
    const dialog = open();
    expect(dialog.isVisible()).toBe(true);
    const accept = dialog.findFooter()!.findButton('[data-testid="address-accept"]')!;
    expect(accept.isDisabled()).toBe(true);
    act(() => field('city').findControl()!.findInput()!.focus());
    act(() => field('city').findControl()!.findInput()!.blur());
    expect(field('city').findError()!.getElement().textContent).toBe('City name is required');
    act(() => field('street').findControl()!.findInput()!.focus());
    act(() => field('street').findControl()!.findInput()!.blur());
    expect(field('street').findError()!.getElement().textContent).toBe('Street name is required');
    const country = field('country').findControl()!.findSelect()!;
    act(() => country.openDropdown());
    act(() => country.selectOptionByValue('Israel'));
    act(() => field('city').findControl()!.findInput()!.setInputValue('Haifa'));
    act(() => field('street').findControl()!.findInput()!.setInputValue('Herzl 1'));
    expect(accept.isDisabled()).toBe(false);
    expect(
      dialog
        .findFooter()!
        .findAllButtons()
        .map((button) => button.getElement().textContent),
    ).toEqual(['cancel', 'Accept']);
  });

  it('gives the form the accepted address and shows it as one line', async () => {
    const dialog = open({ Country: 'Israel', City: 'Haifa', Street: 'Herzl 1' });
    act(() => field('street').findControl()!.findInput()!.setInputValue('Herzl 2'));
    await act(async () => dialog.findFooter()!.findButton('[data-testid="address-accept"]')!.click());
    expect(held()).toEqual({ Country: 'Israel', City: 'Haifa', Street: 'Herzl 2' });
    expect(page().findFormField('[data-testid="address"]')!.findControl()!.findInput()!.getInputValue()).toBe('Herzl 2, Haifa, Israel');
  });

  it('keeps the address on cancel', () => {
    const dialog = open({ Country: 'Israel', City: 'Haifa', Street: 'Herzl 1' });
    act(() => field('street').findControl()!.findInput()!.setInputValue('elsewhere'));
    act(() => dialog.findFooter()!.findAllButtons()[0]!.click());
    expect(held()).toEqual({ Country: 'Israel', City: 'Haifa', Street: 'Herzl 1' });
  });
});

describe('profile field types', () => {
  it('phone: United States calling code by default, the whole number as the value', () => {
    render(<Held initial="" render={(value, onChange) => <PhoneField label="Phone" value={value} onChange={onChange} testId="phone" />} />);
    const control = page().findFormField('[data-testid="phone"]')!.findControl()!;
    expect(control.findSelect()!.findTrigger().getElement().textContent).toContain('+1');
    act(() => control.findInput()!.setInputValue('555 0100'));
    expect(held()).toBe('+1 555 0100');
    act(() => control.findSelect()!.openDropdown());
    act(() => control.findSelect()!.selectOptionByValue('IL'));
    expect(held()).toBe('+972 555 0100');
  });

  it('boolean: a toggle reading Activated or Deactivated', () => {
    render(<Held initial={true} render={(value, onChange) => <ToggleField label="Status" value={value} onChange={onChange} />} />);
    const toggle = page().findToggle()!;
    expect(toggle.findLabel().getElement().textContent).toBe('Activated');
    act(() => toggle.findNativeInput().click());
    expect(toggle.findLabel().getElement().textContent).toBe('Deactivated');
    expect(held()).toBe(false);
  });

  it('dropdown and text: a choice, and text cut at 100 characters', () => {
    render(
      <Held
        initial={{ role: '', name: '' }}
        render={(value, onChange) => (
          <>
            <DropdownField
              label="Role"
              value={value.role}
              onChange={(role) => onChange({ ...value, role })}
              options={[
                { value: 'Doctor', label: 'Doctor' },
                { value: 'Nurse', label: 'Nurse' },
              ]}
            />
            <TextField label="Name" value={value.name} onChange={(name) => onChange({ ...value, name })} />
          </>
        )}
      />,
    );
    act(() => page().findSelect()!.openDropdown());
    act(() => page().findSelect()!.selectOptionByValue('Nurse'));
    act(() => page().findInput()!.setInputValue('x'.repeat(120)));
    expect(held()).toEqual({ role: 'Nurse', name: 'x'.repeat(100) });
  });

  it('numeric stepper: steps by 1 within 0 to 100 by default, and clamps typed values', () => {
    render(<Held initial={99} render={(value, onChange) => <NumericStepper label="Count" value={value} onChange={onChange} />} />);
    const [decrease, increase] = page().findAllButtons();
    act(() => increase!.click());
    expect(held()).toBe(100);
    expect(increase!.isDisabled()).toBe(true);
    act(() => decrease!.click());
    expect(held()).toBe(99);
    act(() => page().findInput()!.setInputValue('-4'));
    expect(held()).toBe(0);
    expect(clampStep(2.04, 0.5, 3, 0.1)).toBe(2);
    expect(clampStep(7, 0.5, 3, 0.1)).toBe(3);
  });

  it("image: one png/jpg/jpeg/img file, its name at most 80 characters, in the spec's words", () => {
    const file = (name: string) => new File(['x'], name);
    expect(imageFileError([file('logo.png')])).toBeUndefined();
    expect(imageFileError([file('a.png'), file('b.png')])).toBe('not support multiple files');
    expect(imageFileError([])).toBe('no such files ');
    expect(imageFileError([file(`${'a'.repeat(77)}.png`)])).toBe('the length of the file name should be 80 symbols or less ');
    expect(imageFileError([file('notes.pdf')])).toBe('Accepted types: png, jpg, jpeg, img');
  });
});

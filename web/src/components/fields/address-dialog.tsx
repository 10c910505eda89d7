import { dialogs } from '@shared/messages/dialogs';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@web/src/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { countries, shownCountryName } from '@web/src/lib/countries';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { widgetMessages } from '@web/src/lib/widget-messages';
import { TEXT_MAX_LENGTH, type FieldProps } from './field-props';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { dialogs };

const t = widgetMessages.address;

/** An address as the records hold it (ClinicAddress and the like). */
export interface Address {
  Country: string;
  City: string;
  Street: string;
}

/** Spec 5 "Address dialog": each part required; City and Street at most 100 characters. */
export const addressDialogSchema = z.object({
  Country: z.string().trim().min(1, t.countryRequired),
  City: z.string().trim().min(1, t.cityRequired).max(TEXT_MAX_LENGTH, t.tooLong(t.city)),
  Street: z.string().trim().min(1, t.streetRequired).max(TEXT_MAX_LENGTH, t.tooLong(t.street)),
});

// The address stores the English name; the page shows the name in its language.
const countryOptions = () => countries.map((country) => ({ value: country.name, label: shownCountryName(country) }));
const EMPTY: Address = { Country: '', City: '', Street: '' };

/** The spec's address dialog: Country select, City, Street, buttons cancel and Accept; Accept is blocked until no errors. */
export function AddressDialog({
  visible,
  value,
  onAccept,
  onCancel,
}: {
  visible: boolean;
  value: Address | undefined;
  onAccept: (address: Address) => void;
  onCancel: () => void;
}) {
  const form = useZodForm({ schema: addressDialogSchema, initialValues: value ?? EMPTY, onSubmit: async (address) => onAccept(address) });
  const { reset } = form;
  // Each opening starts from the address as it is now.
  useEffect(() => {
    if (visible) reset(value ?? EMPTY);
  }, [visible]);
  const country = form.field('Country');
  const city = form.field('City');
  const street = form.field('Street');
  return (
    <Modal
      closeAriaLabel={messages.dialogs.close}
      visible={visible}
      onDismiss={onCancel}
      header={t.title}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel}>
              {t.cancel}
            </Button>
            <Button variant="primary" disabled={!form.canSave} onClick={() => form.submit()} data-testid="address-accept">
              {t.accept}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormField label={t.country} errorText={country.errorText} data-testid="address-country">
          <Select
            selectedOption={countryOptions().find((option) => option.value === country.value) ?? null}
            options={countryOptions()}
            placeholder={t.chooseCountry}
            filteringType="auto"
            onBlur={country.onBlur}
            onChange={({ detail }) => country.onChange(detail.selectedOption.value ?? '')}
          />
        </FormField>
        <FormField label={t.city} errorText={city.errorText} data-testid="address-city">
          <Input value={city.value} onBlur={city.onBlur} onChange={({ detail }) => city.onChange(detail.value.slice(0, TEXT_MAX_LENGTH))} />
        </FormField>
        <FormField label={t.street} errorText={street.errorText} data-testid="address-street">
          <Input value={street.value} onBlur={street.onBlur} onChange={({ detail }) => street.onChange(detail.value.slice(0, TEXT_MAX_LENGTH))} />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

/** An address as one line: Street, City, Country. */
export const addressLine = (address: Address | undefined) => (address ? [address.Street, address.City, address.Country].filter(Boolean).join(', ') : '');

/** The profile forms' address: a read-only line that opens the address dialog (spec 2 "Common widgets"). */
export function AddressField({ label, value, onChange, onBlur, errorText, readOnly, testId }: FieldProps<Address | undefined>) {
  const [open, setOpen] = useState(false);
  return (
    <FormField label={label} errorText={errorText} data-testid={testId}>
      <SpaceBetween direction="horizontal" size="xs">
        <Input value={addressLine(value)} readOnly ariaLabel={label} onFocus={() => !readOnly && setOpen(true)} />
        {!readOnly && (
          <Button iconName="edit" onClick={() => setOpen(true)}>
            {t.edit}
          </Button>
        )}
      </SpaceBetween>
      <AddressDialog
        visible={open}
        value={value}
        onCancel={() => {
          setOpen(false);
          onBlur?.();
        }}
        onAccept={(address) => {
          setOpen(false);
          onChange(address);
          onBlur?.();
        }}
      />
    </FormField>
  );
}

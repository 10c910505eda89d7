import ColumnLayout from '@cloudscape-design/components/column-layout';
import { z } from 'zod';
import { providerSignupSchema, type ProviderProfile } from '@shared/api/providers';
import { providers } from '@shared/messages/providers';
import { AddressField, type Address } from '@web/src/components/fields/address-dialog';
import { ImageField } from '@web/src/components/fields/image-field';
import { PhoneField } from '@web/src/components/fields/phone-field';
import { TextField } from '@web/src/components/fields/text-field';
import { ToggleField } from '@web/src/components/fields/toggle-field';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { providers };

const f = messages.providers.form;

/** /sp/createsp (spec 5 "Service provider", create): every field required, the e-mail and phone valid. */
export const providerCreateFormSchema = providerSignupSchema;

/**
 * A stored provider as its form edits it (spec 5 "Service provider", edit): Email, Phone and the
 * address parts required, and no field of the profile may be emptied. The form sends only what
 * changed; the Activated/Deactivated flag is the platform admin's alone (updateServiceProviderProfile).
 */
export const providerEditFormSchema = providerSignupSchema.omit({ Role: true }).extend({ ServiceProviderIsEnabled: z.boolean().optional() });

export interface ProviderFormValues {
  ServiceProviderName: string;
  FirstName: string;
  LastName: string;
  Email: string;
  Phone: string;
  ServiceProviderAddress: Address;
  ServiceProviderIsEnabled?: boolean;
}

export const emptyProvider: ProviderFormValues = {
  ServiceProviderName: '',
  FirstName: '',
  LastName: '',
  Email: '',
  Phone: '',
  // Empty parts, not none: the field then says which part is missing ('Country is required').
  ServiceProviderAddress: { Country: '', City: '', Street: '' },
};

/** The form's values of a stored provider; the enabled flag only when the form shows it. */
export function providerFormValues(profile: ProviderProfile, withEnabled: boolean): ProviderFormValues {
  return {
    ServiceProviderName: profile.ServiceProviderName,
    FirstName: profile.FirstName,
    LastName: profile.LastName,
    Email: profile.Email,
    Phone: profile.Phone,
    ServiceProviderAddress: profile.ServiceProviderAddress,
    ...(withEnabled ? { ServiceProviderIsEnabled: profile.ServiceProviderIsEnabled } : {}),
  };
}

/** The fields whose values differ from the stored ones: an edit sends only those ("or changed fields", spec 7). */
export function changedFields<V extends Partial<ProviderFormValues>>(values: V, stored: ProviderFormValues): Partial<V> {
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(stored[name as keyof ProviderFormValues])),
  ) as Partial<V>;
}

interface FieldState<V> {
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  errorText?: string;
}
type FieldBinder = <K extends keyof ProviderFormValues>(name: K) => FieldState<ProviderFormValues[K]>;

/** The `field` of either provider form: both schemas bind these names with these types. */
export const providerFieldsOf = (form: { field: unknown }) => form.field as FieldBinder;

/**
 * The provider's fields (spec 2 "Common widgets", 3 "Service provider"): the logo (image), the name,
 * the contact person, e-mail, phone (United States by default), the address (its dialog), and for
 * the platform admin the Activated/Deactivated toggle.
 */
export function ProviderFormFields({
  field,
  withEnabled = false,
  logo,
  onLogoChange,
  currentLogoUrl,
}: {
  field: FieldBinder;
  withEnabled?: boolean;
  logo: File | undefined;
  onLogoChange: (file: File | undefined) => void;
  currentLogoUrl?: string;
}) {
  const enabled = field('ServiceProviderIsEnabled');
  return (
    <ColumnLayout columns={2}>
      <ImageField label={f.image} testId="image" value={logo} onChange={onLogoChange} currentUrl={currentLogoUrl} />
      {withEnabled && <ToggleField label={f.enabled} testId="ServiceProviderIsEnabled" {...enabled} value={enabled.value ?? true} />}
      <TextField label={f.ServiceProviderName} testId="ServiceProviderName" {...field('ServiceProviderName')} />
      <TextField label={f.FirstName} testId="FirstName" {...field('FirstName')} />
      <TextField label={f.LastName} testId="LastName" {...field('LastName')} />
      <TextField label={f.Email} testId="Email" type="email" {...field('Email')} />
      <PhoneField label={f.Phone} testId="Phone" {...field('Phone')} />
      <AddressField
        label={f.ServiceProviderAddress}
        testId="ServiceProviderAddress"
        {...(field('ServiceProviderAddress') as FieldState<Address | undefined>)}
      />
    </ColumnLayout>
  );
}

import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import type { z } from 'zod';
import { clinicSignupSchema, logoUploadSchema, type SettingSource } from '@shared/api/clinics';
import { clinicScreens } from '@shared/messages/clinic-screens';
import { LANGUAGES } from '@shared/language';
import { settingNames, validateSettings, type SettingName } from '@shared/settings';
import { AddressField } from '@web/src/components/fields/address-dialog';
import { PhoneField } from '@web/src/components/fields/phone-field';
import { TextField } from '@web/src/components/fields/text-field';
import { ToggleField } from '@web/src/components/fields/toggle-field';
import type { useZodForm } from '@web/src/lib/use-zod-form';
import { translateText } from '@web/src/lib/language';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinicScreens };

const m = messages.clinicScreens;
const f = m.fields;
const s = m.settings;

/**
 * The clinic form (spec 5 "Clinic form"), the same shared schema the server checks a new clinic
 * with, less what is not typed: the bot check's token and the settings (their own inputs below).
 */
export const clinicFormSchema = clinicSignupSchema.omit({ reCaptchaToken: true, Settings: true });
export type ClinicFormValues = z.input<typeof clinicFormSchema>;
type ClinicForm = ReturnType<typeof useZodForm<typeof clinicFormSchema>>;

export const emptyClinic: ClinicFormValues = {
  ClinicName: '',
  ClinicPhone: '',
  ClinicAddress: { Country: '', City: '', Street: '' },
  ClinicIsEnabled: true,
  Email: undefined,
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose value differs from the saved clinic's: only these are sent. */
export function changedClinicFields(values: ClinicFormValues, saved: ClinicFormValues): Array<keyof ClinicFormValues> {
  return (Object.keys(emptyClinic) as Array<keyof ClinicFormValues>).filter((name) => !same(values[name] ?? '', saved[name] ?? ''));
}

/**
 * The clinic's inputs: name, phone (United States by default), address (the address dialog),
 * Activated/Deactivated, contact Email. The Email is optional: an empty one is left out, unless
 * the clinic had one (then 'Email is required').
 */
export function ClinicFormFields({ form, readOnly, emailRequired }: { form: ClinicForm; readOnly: boolean; emailRequired: boolean }) {
  const email = form.field('Email');
  const address = form.field('ClinicAddress');
  return (
    <>
      <TextField label={f.ClinicName} testId="ClinicName" readOnly={readOnly} {...form.field('ClinicName')} />
      <PhoneField label={f.ClinicPhone} testId="ClinicPhone" readOnly={readOnly} {...form.field('ClinicPhone')} />
      <AddressField
        label={f.ClinicAddress}
        testId="ClinicAddress"
        readOnly={readOnly}
        {...address}
        onChange={(value) => address.onChange(value ?? emptyClinic.ClinicAddress)}
      />
      <ToggleField
        label={f.ClinicIsEnabled}
        testId="ClinicIsEnabled"
        readOnly={readOnly}
        {...form.field('ClinicIsEnabled')}
        value={form.values.ClinicIsEnabled ?? true}
      />
      <TextField
        label={f.Email}
        testId="Email"
        type="email"
        readOnly={readOnly}
        {...email}
        value={email.value ?? ''}
        onChange={(value) => email.onChange(value === '' && !emailRequired ? undefined : value)}
      />
    </>
  );
}

/** Why the chosen logo cannot be uploaded (spec 5 "Image upload", and the upload link's size and types), if it cannot. */
export function logoError(file: File | undefined): string | undefined {
  if (!file) return undefined;
  const parsed = logoUploadSchema.safeParse({ files: [{ name: file.name, size: file.size }] });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A setting as the screens show it: its value in force and where that comes from. */
export interface ShownSetting {
  name: SettingName;
  value: number | string;
  from: SettingSource;
}

const unitChoices: Partial<Record<SettingName, readonly string[]>> = {
  FillTempUnit: ['C', 'F'],
  DrainTempUnit: ['C', 'F'],
  WeightFromDryUnit: ['KG', 'LB'],
  WeightRecentlyFromLastTimeUnit: ['DAY', 'MONTH', 'YEAR'],
  WeightRecentlyIncreaseValueUnit: ['KG', 'LB'],
  DefaultLanguage: LANGUAGES,
};
/** DwellTime is the platform's only (docs/settings.md): shown, never decided by a clinic. */
const GLOBAL_ONLY: readonly SettingName[] = ['DwellTime'];
/** Spec 5 "Settings (numeric)": inputs of 3 characters. */
const SETTING_INPUT_LENGTH = 3;

/** The settings in force, read-only, each with where it comes from (clinic, provider, global or default). */
export function SettingsView({ settings, description }: { settings: readonly ShownSetting[]; description: string }) {
  const ordered = settingNames.flatMap((name) => settings.filter((setting) => setting.name === name));
  return (
    <Container
      header={
        <Header variant="h2" description={description}>
          {s.title}
        </Header>
      }
      data-testid="clinic-settings"
    >
      <ColumnLayout columns={3} variant="text-grid">
        {ordered.map((setting) => (
          <div key={setting.name} data-setting={setting.name} data-source={setting.from}>
            <Box variant="awsui-key-label">{setting.name}</Box>
            <Box>{String(setting.value)}</Box>
            <Box color="text-body-secondary" fontSize="body-s">
              {s.source}: {s.sources[setting.from]}
            </Box>
          </div>
        ))}
      </ColumnLayout>
    </Container>
  );
}

/** The values a new clinic's settings hold: the provider's, with the inputs changed here. */
export type SettingEdits = Partial<Record<SettingName, string>>;

/** The settings the form would give the clinic: the provider's values with the edits over them. */
export function mergedSettings(start: readonly ShownSetting[], edits: SettingEdits): Partial<Record<SettingName, string | number>> {
  return Object.fromEntries(start.map((setting) => [setting.name, edits[setting.name] ?? setting.value]));
}

/** The edits that differ from the provider's values: the only settings a new clinic keeps (docs/settings.md). */
export function changedSettings(start: readonly ShownSetting[], edits: SettingEdits): Partial<Record<SettingName, string>> {
  return Object.fromEntries(
    start.flatMap((setting) => {
      const edit = edits[setting.name];
      return edit !== undefined && edit !== String(setting.value) ? [[setting.name, edit]] : [];
    }),
  );
}

/** The spec's settings checks on the values the clinic would have, as a provider admin makes them (time bounds skipped). */
export function settingsIssues(start: readonly ShownSetting[], edits: SettingEdits): Partial<Record<SettingName, string>> {
  const issues: Partial<Record<SettingName, string>> = {};
  for (const issue of validateSettings(mergedSettings(start, edits), { skipTimeBounds: true })) issues[issue.field] ??= issue.message;
  return issues;
}

/**
 * The settings a new clinic starts from (the provider's in force), each an input of 3 characters
 * or a unit's choices, with where it comes from; a changed one becomes the clinic's own.
 */
export function SettingsEditor({
  start,
  edits,
  onEdit,
  issues,
}: {
  start: readonly ShownSetting[];
  edits: SettingEdits;
  onEdit: (name: SettingName, value: string) => void;
  issues: Partial<Record<SettingName, string>>;
}) {
  const changed = changedSettings(start, edits);
  const ordered = settingNames.flatMap((name) => start.filter((setting) => setting.name === name));
  return (
    <Container
      header={
        <Header variant="h2" description={s.createDescription}>
          {s.title}
        </Header>
      }
      data-testid="clinic-settings"
    >
      <ColumnLayout columns={3}>
        {ordered.map((setting) => {
          const value = edits[setting.name] ?? String(setting.value);
          const source = changed[setting.name] !== undefined ? s.sources.changed : s.sources[setting.from];
          const description = `${s.source}: ${source}`;
          const choices = unitChoices[setting.name];
          const fixed = GLOBAL_ONLY.includes(setting.name);
          return (
            <div key={setting.name} data-setting={setting.name} data-source={changed[setting.name] !== undefined ? 'clinic' : setting.from}>
              <FormField label={setting.name} description={description} errorText={issues[setting.name] && translateText(issues[setting.name]!)}>
                {choices ? (
                  <Select
                    selectedOption={{ value, label: value }}
                    options={choices.map((choice) => ({ value: choice, label: choice }))}
                    onChange={({ detail }) => onEdit(setting.name, detail.selectedOption.value ?? '')}
                  />
                ) : (
                  <Input
                    value={value}
                    readOnly={fixed}
                    inputMode={fixed ? undefined : 'numeric'}
                    onChange={({ detail }) => onEdit(setting.name, detail.value.slice(0, SETTING_INPUT_LENGTH))}
                  />
                )}
              </FormField>
            </div>
          );
        })}
      </ColumnLayout>
    </Container>
  );
}

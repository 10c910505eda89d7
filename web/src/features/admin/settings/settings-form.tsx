import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import { useMemo, useState } from 'react';
import type { SettingSource } from '@shared/api/providers';
import { settingsScreen } from '@shared/messages/settings-screen';
import { widgets } from '@shared/messages/widgets';
import { parseSettings, settingNames, toSettingsObject, validateSettings, type SettingEntry, type SettingName } from '@shared/settings';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { ApiError, errorMessages } from '@web/src/lib/api-client';
import { translateText } from '@web/src/lib/language';
import { SETTING_INPUT_LENGTH, settingsGroups, type SettingInput } from './settings-groups';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { settingsScreen, widgets };

const t = messages.settingsScreen;

export type SettingsValues = Record<SettingName, string>;

/** The wire's name/value list as the inputs' texts. */
export function valuesOf(list: readonly SettingEntry[]): SettingsValues {
  const object = toSettingsObject(list);
  return Object.fromEntries(settingNames.map((name) => [name, object[name] === undefined ? '' : String(object[name])])) as SettingsValues;
}

/** The typed value of one input, as the wire carries it (an empty input stays empty). */
export function wireValue(values: SettingsValues, name: SettingName): number | string {
  return parseSettings({ [name]: values[name] })[name] ?? '';
}

export interface SettingsFormProps {
  /**
   * `global`: the LiberDiAdmin's global settings, every rule checked. `provider`: the provider
   * admin's own settings (the fill and drain time bounds unchecked, spec section 5), each value
   * showing whether it is the provider's or follows the global one. `read-only`: shown, not changed.
   */
  mode: 'global' | 'provider' | 'read-only';
  /** The settings in force, as loaded. */
  settings: readonly SettingEntry[];
  /** Where each loaded value comes from (a provider's settings). */
  sources?: Partial<Record<SettingName, SettingSource>>;
  /** The global settings, which a provider's value follows unless the provider decided it. */
  global?: readonly SettingEntry[];
  /** Sends the changed settings (`changed`: the names whose input differs from the loaded value). */
  onSave?: (values: SettingsValues, changed: SettingName[]) => Promise<void>;
}

/**
 * The settings in their groups (spec section 3), with every rule of spec section 5 from the shared
 * `validateSettings`, checked again at each keystroke: the first message of a field shows under
 * it, and Save stays disabled while any exists. Save asks for confirmation, then sends.
 */
export function SettingsForm({ mode, settings, sources = {}, global, onSave }: SettingsFormProps) {
  const loaded = useMemo(() => valuesOf(settings), [settings]);
  const globalValues = useMemo(() => (global ? valuesOf(global) : undefined), [global]);
  const [values, setValues] = useState<SettingsValues>(loaded);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[]>();
  const readOnly = mode === 'read-only';

  const firstMessages = useMemo(() => {
    const first: Partial<Record<SettingName, string>> = {};
    for (const issue of validateSettings(values, { skipTimeBounds: mode !== 'global' })) first[issue.field] ??= issue.message;
    return first;
  }, [values, mode]);
  const valid = Object.keys(firstMessages).length === 0;
  const changed = settingNames.filter((name) => values[name] !== loaded[name]);
  const canSave = !readOnly && valid && changed.length > 0 && !busy;

  const setValue = (name: SettingName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerFields((current) => {
      if (!(name in current)) return current;
      const { [name]: _dropped, ...rest } = current;
      return rest;
    });
  };

  /** A value follows the global level when the provider did not decide it; an edited one does when it equals the global one. */
  const sourceOf = (name: SettingName): SettingSource | undefined => {
    if (mode === 'global') return undefined;
    if (values[name] === loaded[name]) return sources[name];
    return globalValues && String(wireValue(values, name)) === String(wireValue(globalValues, name)) ? 'global' : 'provider';
  };

  const send = async () => {
    if (!onSave) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onSave(values, changed);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setServerFields(Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [key.replace(/^Settings\./, ''), message])));
      }
      setFailure(errorMessages(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const field = (input: SettingInput) => {
    const { name } = input;
    const label = t.labels[name];
    const source = sourceOf(name);
    const description = source === 'provider' ? t.fromProvider : source === 'global' && globalValues ? t.fromGlobal(globalValues[name]) : undefined;
    const useGlobal =
      mode === 'provider' && source === 'provider' && globalValues ? (
        <Button variant="inline-link" formAction="none" ariaLabel={`${t.useGlobal}: ${label}`} onClick={() => setValue(name, globalValues[name])}>
          {t.useGlobal}
        </Button>
      ) : undefined;
    return (
      <FormField
        key={name}
        label={label}
        description={description}
        errorText={translateText(serverFields[name] ?? firstMessages[name] ?? '') || undefined}
        secondaryControl={useGlobal}
        data-testid={name}
      >
        {input.kind === 'unit' ? (
          <Select
            selectedOption={{ value: values[name], label: input.labels?.[values[name]] ?? values[name] }}
            options={input.options.map((option) => ({ value: option, label: input.labels?.[option] ?? option }))}
            disabled={readOnly}
            onChange={({ detail }) => setValue(name, detail.selectedOption.value ?? '')}
          />
        ) : input.kind === 'time' ? (
          <TimeInput
            value={values[name]}
            format="hh:mm"
            use24Hour
            placeholder={messages.widgets.fields.timeFormat}
            readOnly={readOnly}
            onChange={({ detail }) => setValue(name, detail.value)}
          />
        ) : (
          <Input
            value={values[name]}
            readOnly={readOnly}
            nativeInputAttributes={{ maxLength: SETTING_INPUT_LENGTH }}
            onChange={({ detail }) => setValue(name, detail.value.slice(0, SETTING_INPUT_LENGTH))}
          />
        )}
      </FormField>
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) setConfirming(true);
      }}
    >
      <SpaceBetween size="l">
        {settingsGroups
          .filter((group) => mode === 'global' || !group.globalOnly)
          .map((group) => (
            <Container key={group.id} header={<Header variant="h2">{t.groups[group.id]}</Header>} data-testid={`group-${group.id}`}>
              <ColumnLayout columns={3}>{group.inputs.map(field)}</ColumnLayout>
            </Container>
          ))}
        {!readOnly && (
          <Box float="right">
            <Button variant="primary" formAction="submit" disabled={!canSave} loading={busy} data-testid="save-settings">
              {t.save}
            </Button>
          </Box>
        )}
      </SpaceBetween>
      <ConfirmationDialog
        title={t.confirmTitle}
        lines={t.confirmLines}
        visible={confirming}
        busy={busy}
        onAccept={() => void send()}
        onCancel={() => setConfirming(false)}
      />
      <ErrorDialog messages={failure} onClose={() => setFailure(undefined)} />
    </form>
  );
}

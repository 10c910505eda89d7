import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { keepSerialNumberCharacters, SERIAL_NUMBER_LENGTH, SERIAL_NUMBER_VERIFICATION_LENGTH } from '@shared/device';
import { prescriptions } from '@shared/messages/prescriptions';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { prescriptions };

const p = messages.prescriptions;
const s = p.screen;

/**
 * The IDA# entry of spec section 4 "Serial number entry": it starts verified when a value exists;
 * editing clears the stored value and asks for the last 4 characters of the 9-character serial
 * number, whose match stores it. `value` is the stored (verified) IDA#, '' while unverified.
 */
export function SerialNumberEntry({
  value,
  onChange,
  readOnly,
  showErrors,
}: {
  value: string;
  onChange: (serialNumber: string) => void;
  readOnly?: boolean;
  showErrors: boolean;
}) {
  const [verifying, setVerifying] = useState(false);
  const [draft, setDraft] = useState(value);
  const [check, setCheck] = useState('');

  const edit = (next: string) => {
    setDraft(keepSerialNumberCharacters(next));
    setCheck('');
    setVerifying(true);
    if (value) onChange('');
  };
  const verify = (next: string) => {
    const typed = next.slice(0, SERIAL_NUMBER_VERIFICATION_LENGTH);
    setCheck(typed);
    if (draft.length === SERIAL_NUMBER_LENGTH && typed.length === SERIAL_NUMBER_VERIFICATION_LENGTH && draft.endsWith(typed)) {
      setVerifying(false);
      onChange(draft);
    }
  };

  const lengthWrong = verifying && draft.length !== SERIAL_NUMBER_LENGTH;
  const entryError =
    lengthWrong && (showErrors || draft.length > 0)
      ? p.serialNumberLength
      : !value && (showErrors || verifying) && !lengthWrong
        ? p.serialNumberRequired
        : undefined;
  const mismatch = check.length === SERIAL_NUMBER_VERIFICATION_LENGTH && !draft.endsWith(check);
  return (
    <SpaceBetween size="xs">
      <FormField label={s.serialNumber} description={s.serialNumberHint} errorText={entryError}>
        <Input value={verifying ? draft : value} readOnly={readOnly} ariaRequired onChange={({ detail }) => edit(detail.value)} data-testid="serial-number" />
      </FormField>
      {verifying && !lengthWrong && (
        <FormField label={s.verifyLabel} errorText={mismatch ? s.verifyMismatch : undefined}>
          <Input value={check} onChange={({ detail }) => verify(detail.value)} data-testid="serial-number-verify" />
        </FormField>
      )}
      {!verifying && value && <StatusIndicator type="success">{s.verified}</StatusIndicator>}
    </SpaceBetween>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@web/src/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { deviceRegistrationSchema, type DeviceCredentials } from '@shared/api/devices';
import { keepSerialNumberCharacters, SERIAL_NUMBER_LENGTH } from '@shared/device/serial-number';
import { deviceScreens } from '@shared/messages/device-screens';
import { dialogs } from '@shared/messages/dialogs';
import { DropdownField } from '@web/src/components/fields/dropdown-field';
import { downloadText } from '@web/src/components/list/list-logic';
import { call } from '@web/src/lib/api-client';
import { useApiList } from '@web/src/lib/api-hooks';
import { useZodForm } from '@web/src/lib/use-zod-form';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { deviceScreens, dialogs };

const m = messages.deviceScreens;
const r = m.register;

/** The registration's form: the shared schema, the optional clinic's empty choice sent as none. */
const registrationFormSchema = deviceRegistrationSchema.extend({
  ClinicID: z
    .string()
    .max(128)
    .transform((id) => id || undefined),
});
const emptyRegistration = { SerialNumber: '', ServiceProviderID: '', ClinicID: '' };

/** What a device connects with, as files: the broker secret as JSON, or the certificate and its key as PEM files. */
export function credentialFiles(
  serialNumber: string,
  credentials: DeviceCredentials,
): Array<{ id: string; label: string; name: string; text: string; type: string }> {
  if (credentials.kind === 'secret') {
    const text = JSON.stringify({ clientId: serialNumber, username: credentials.username, secret: credentials.secret }, null, 2);
    return [{ id: 'secret', label: r.downloadSecret, name: `${serialNumber}-credentials.json`, text, type: 'application/json' }];
  }
  return [
    {
      id: 'certificate',
      label: r.downloadCertificate,
      name: `${serialNumber}-certificate.pem.crt`,
      text: credentials.certificatePem,
      type: 'application/x-pem-file',
    },
    { id: 'key', label: r.downloadKey, name: `${serialNumber}-private.pem.key`, text: credentials.privateKey, type: 'application/x-pem-file' },
  ];
}

/** The provider's clinics to place the device at, or none. */
function ClinicChoice({ adminId, spId, field }: { adminId: string; spId: string; field: ReturnType<ReturnType<typeof useRegistrationForm>['field']> }) {
  const clinics = useApiList('getAllClinicsAsAdmin', { params: { adminId }, query: { spId } }, { allPages: true });
  const options = [{ value: '', label: r.noClinic }, ...clinics.items.map((clinic) => ({ value: clinic.ClinicID, label: clinic.ClinicName }))];
  return <DropdownField label={r.clinic} testId="register-clinic" options={options} {...field} value={field.value ?? ''} />;
}

function useRegistrationForm(onSubmit: (values: z.output<typeof registrationFormSchema>) => Promise<void>) {
  return useZodForm({ schema: registrationFormSchema, initialValues: emptyRegistration, confirm: true, onSubmit });
}

/** What the registration answered: shown once, never kept. */
interface Registered {
  serialNumber: string;
  credentials: DeviceCredentials;
}

function RegistrationForm({ adminId, onRegistered, onCancel }: { adminId: string; onRegistered: (registered: Registered) => void; onCancel: () => void }) {
  const client = useQueryClient();
  const providers = useApiList('getAllServiceProviders', { params: { adminId } }, { allPages: true });
  const form = useRegistrationForm(async (body) => {
    const answer = await call('registerDevice', { params: { adminId }, body });
    await client.invalidateQueries({ queryKey: ['getAllDevices'] });
    onRegistered({ serialNumber: answer.device.SerialNumber, credentials: answer.credentials });
  });
  const confirming = form.confirmation.visible;
  const provider = form.field('ServiceProviderID');
  const serial = form.field('SerialNumber');
  return (
    <Modal
      visible
      onDismiss={onCancel}
      closeAriaLabel={messages.dialogs.close}
      header={r.title}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={confirming ? form.confirmation.onCancel : onCancel} disabled={form.busy}>
              {r.cancel}
            </Button>
            {confirming ? (
              <Button variant="primary" onClick={form.confirmation.onAccept} loading={form.busy} data-testid="register-accept">
                {r.accept}
              </Button>
            ) : (
              <Button variant="primary" onClick={() => form.submit()} disabled={!form.canSave} data-testid="register-submit">
                {r.submit}
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {form.errorDialog.messages && (
          <Alert type="error" header={messages.dialogs.errorTitle} dismissible onDismiss={form.errorDialog.onClose}>
            <div data-testid="register-error">
              {form.errorDialog.messages.map((line, index) => (
                <Box key={index}>{line}</Box>
              ))}
            </div>
          </Alert>
        )}
        {confirming ? (
          <div data-testid="register-confirmation">
            {r.confirmLines.map((line) => (
              <Box key={line}>{line}</Box>
            ))}
          </div>
        ) : (
          <SpaceBetween size="m">
            <FormField label={r.serialNumber} errorText={serial.errorText} data-testid="register-serial">
              <Input
                value={serial.value}
                onBlur={serial.onBlur}
                onChange={({ detail }) => serial.onChange(keepSerialNumberCharacters(detail.value).slice(0, SERIAL_NUMBER_LENGTH))}
              />
            </FormField>
            <DropdownField
              label={r.serviceProvider}
              testId="register-provider"
              placeholder={r.chooseProvider}
              options={providers.items.map((item) => ({ value: item.ServiceProviderID, label: item.ServiceProviderName }))}
              {...provider}
              onChange={(value) => {
                provider.onChange(value);
                form.setValue('ClinicID', '');
              }}
            />
            {provider.value ? <ClinicChoice key={provider.value} adminId={adminId} spId={provider.value} field={form.field('ClinicID')} /> : null}
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Modal>
  );
}

/** The credentials of the device just registered, with their download and the warning that they are not kept. */
function RegisteredCredentials({ registered, onDone }: { registered: Registered; onDone: () => void }) {
  const { serialNumber, credentials } = registered;
  const files = credentialFiles(serialNumber, credentials);
  return (
    <Modal
      visible
      onDismiss={onDone}
      closeAriaLabel={messages.dialogs.close}
      header={r.registeredTitle(serialNumber)}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDone} data-testid="register-done">
            {r.done}
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Alert type="warning">{r.onceWarning}</Alert>
        {credentials.kind === 'secret' ? (
          <SpaceBetween size="m">
            <FormField label={r.username}>
              <Input value={credentials.username} readOnly />
            </FormField>
            <FormField label={r.secret}>
              <Input value={credentials.secret} readOnly data-testid="register-secret" />
            </FormField>
          </SpaceBetween>
        ) : (
          <FormField label={r.certificateArn}>
            <Input value={credentials.certificateArn} readOnly />
          </FormField>
        )}
        <SpaceBetween direction="horizontal" size="xs">
          {files.map((file) => (
            <Button key={file.id} iconName="download" data-testid={`download-${file.id}`} onClick={() => downloadText(file.name, file.text, file.type)}>
              {file.label}
            </Button>
          ))}
        </SpaceBetween>
      </SpaceBetween>
    </Modal>
  );
}

/**
 * 'Register device' (LiberDiAdmin, beyond the spec): the serial number, its provider and
 * optionally one of the provider's clinics; confirmed, then the device's credentials shown once
 * with their download (made in the browser), and gone when the dialog closes.
 */
export function RegisterDevice({ adminId }: { adminId: string }) {
  const [step, setStep] = useState<'closed' | 'form' | Registered>('closed');
  return (
    <>
      <Button iconName="add-plus" data-testid="register-device" onClick={() => setStep('form')}>
        {r.open}
      </Button>
      {step === 'form' && <RegistrationForm adminId={adminId} onRegistered={setStep} onCancel={() => setStep('closed')} />}
      {typeof step === 'object' && <RegisteredCredentials registered={step} onDone={() => setStep('closed')} />}
    </>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ClinicAnswer, ClinicUpdateInput } from '@shared/api/clinics';
import { clinicScreens } from '@shared/messages/clinic-screens';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { ImageField } from '@web/src/components/fields/image-field';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { QueryState } from '@web/src/components/query-state';
import { call } from '@web/src/lib/api-client';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { changedClinicFields, ClinicFormFields, clinicFormSchema, logoError, SettingsView, type ClinicFormValues } from '../clinic-form/clinic-form';
import { useHumanCheckedSave } from '../clinic-form/human-checked-save';
import { uploadClinicLogo } from '../clinic-form/logo-upload';
import { clinicReads, useClinic, useClinicViewer } from '../clinic-form/use-clinic';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinicScreens };

const m = messages.clinicScreens;

const valuesOf = (clinic: ClinicAnswer): ClinicFormValues => ({
  ClinicName: clinic.ClinicName,
  ClinicPhone: clinic.ClinicPhone,
  ClinicAddress: clinic.ClinicAddress,
  ClinicIsEnabled: clinic.ClinicIsEnabled,
  Email: clinic.Email,
});

const labelOf = (name: string) => (m.fields as Record<string, string>)[name] ?? name;

function EditForm({ clinic: loaded, adminId, readOnly }: { clinic: ClinicAnswer; adminId: string; readOnly: boolean }) {
  const client = useQueryClient();
  const [clinic, setClinic] = useState(loaded);
  const [saved, setSaved] = useState(() => valuesOf(loaded));
  const [logo, setLogo] = useState<File>();
  const [logoField, setLogoField] = useState(0);
  const [notice, setNotice] = useState<string[]>();
  const form = useZodForm({
    schema: clinicFormSchema,
    initialValues: saved,
    confirm: true,
    onSubmit: async (values) => {
      // Only what changed is sent, with the bot check's token (spec 4 "Clinic edit").
      const changed = changedClinicFields(form.values, saved);
      const body: ClinicUpdateInput = { reCaptchaToken: human.token(), ...Object.fromEntries(changed.map((name) => [name, values[name]])) };
      if (logo) body.image = await uploadClinicLogo(adminId, clinic.ClinicID, logo);
      const answer = await call('updateClinicInfo', { params: { adminId, id: clinic.ClinicID }, body });
      const next = valuesOf(answer);
      setClinic(answer);
      setSaved(next);
      form.reset(next);
      setLogo(undefined);
      setLogoField((version) => version + 1);
      setNotice(answer.changed.length ? [m.changedFields(answer.changed.map(labelOf).join(', '))] : [m.nothingChanged]);
      await Promise.all(clinicReads.map((route) => client.invalidateQueries({ queryKey: [route] })));
    },
  });
  const human = useHumanCheckedSave(form.submit);
  const changed = useMemo(() => changedClinicFields(form.values, saved), [form.values, saved]);
  const refusedLogo = logoError(logo);

  return (
    <>
      <SpaceBetween size="l">
        <Container
          header={
            <Header
              variant="h2"
              actions={
                readOnly ? undefined : (
                  <Button
                    variant="primary"
                    data-testid="save-clinic"
                    disabled={!form.canSave || human.checking || !!refusedLogo || (changed.length === 0 && !logo)}
                    loading={form.busy || human.checking}
                    onClick={human.save}
                  >
                    {m.save}
                  </Button>
                )
              }
            >
              {clinic.ClinicName}
            </Header>
          }
        >
          <SpaceBetween size="m">
            {readOnly && (
              <Alert type="info" data-testid="clinic-read-only">
                {m.readOnly}
              </Alert>
            )}
            <ClinicFormFields form={form} readOnly={readOnly} emailRequired={!!saved.Email} />
            <ImageField
              key={logoField}
              label={m.fields.image}
              testId="image"
              readOnly={readOnly}
              currentUrl={clinic.image}
              value={logo}
              onChange={setLogo}
              errorText={refusedLogo}
            />
          </SpaceBetween>
        </Container>
        <SettingsView settings={clinic.Settings} description={m.settings.editDescription} />
      </SpaceBetween>
      <ConfirmationDialog title={m.confirmEditTitle} lines={m.confirmEditLines} {...form.confirmation} />
      <ErrorDialog {...form.errorDialog} />
      <ErrorDialog {...human.errorDialog} />
      <NoticeDialog title={notice ? m.updated : undefined} lines={notice} onOk={() => setNotice(undefined)} />
    </>
  );
}

/**
 * The clinic's edit form (spec 4 "Clinic edit", 5 "Clinic form"): Save, disabled while errors
 * exist or the clinic loads, runs the bot check, validates, asks 'Accept changes', then sends the
 * changed fields (and a new logo's key). The platform admin reads it without a Save. The settings
 * in force follow, read-only, each with where it comes from.
 */
export function ClinicEditor({ clinicId }: { clinicId: string }) {
  const { adminId, readOnly } = useClinicViewer();
  const query = useClinic(clinicId);
  return <QueryState query={query}>{(clinic) => <EditForm key={clinic.ClinicID} clinic={clinic} adminId={adminId} readOnly={readOnly} />}</QueryState>;
}

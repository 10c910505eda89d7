import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { myClinicUpdateSchema, type MyClinicUpdateInput } from '@shared/api/clinics';
import { clinicScreens } from '@shared/messages/clinic-screens';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { AddressField } from '@web/src/components/fields/address-dialog';
import { ImageField } from '@web/src/components/fields/image-field';
import { PhoneField } from '@web/src/components/fields/phone-field';
import { TextField } from '@web/src/components/fields/text-field';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { QueryState } from '@web/src/components/query-state';
import { call, type ResultOf } from '@web/src/lib/api-client';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { logoError, SettingsView } from '../clinic-form/clinic-form';
import { useHumanCheckedSave } from '../clinic-form/human-checked-save';
import { uploadMyClinicLogo } from '../clinic-form/logo-upload';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinicScreens };

const m = messages.clinicScreens;
const f = m.fields;

/** The clinic admin's profile form (spec 5 "Clinic admin"): the shared schema, less the bot check's token and the logo's key. */
const profileSchema = myClinicUpdateSchema.omit({ reCaptchaToken: true, image: true });
type ProfileValues = z.input<typeof profileSchema>;
type MyClinic = ResultOf<'getMyClinic'>;

const valuesOf = (clinic: MyClinic): ProfileValues => ({
  ClinicName: clinic.ClinicName,
  Email: clinic.Email ?? '',
  Phone: clinic.Phone,
  ClinicAddress: clinic.ClinicAddress,
  ContactPersonFullName: clinic.ContactPersonFullName,
});

const profileFields = ['ClinicName', 'Email', 'Phone', 'ClinicAddress', 'ContactPersonFullName'] as const;
const labels: Record<string, string> = {
  ClinicName: f.ClinicName,
  Email: f.Email,
  Phone: f.ClinicPhone,
  ClinicAddress: f.ClinicAddress,
  ContactPersonFullName: f.ContactPersonFullName,
  image: f.image,
};
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');
const changedOf = (values: ProfileValues, saved: ProfileValues) => profileFields.filter((name) => !same(values[name], saved[name]));
const labelOf = (name: string) => labels[name] ?? name;

function ProfileForm({ adminId, clinic: loaded }: { adminId: string; clinic: MyClinic }) {
  const client = useQueryClient();
  const [clinic, setClinic] = useState(loaded);
  const [saved, setSaved] = useState(() => valuesOf(loaded));
  const [notice, setNotice] = useState<string[]>();
  const [logo, setLogo] = useState<File>();
  const [logoField, setLogoField] = useState(0);
  const form = useZodForm({
    schema: profileSchema,
    initialValues: saved,
    confirm: true,
    onSubmit: async (values) => {
      // The changed fields with the bot check's token (spec 7); Email, Phone and the address always, as the call requires them.
      const changed = changedOf(form.values, saved);
      const body: MyClinicUpdateInput = {
        reCaptchaToken: human.token(),
        Email: values.Email,
        Phone: values.Phone,
        ClinicAddress: values.ClinicAddress,
        ...Object.fromEntries(changed.map((name) => [name, values[name]])),
      };
      if (logo) body.image = await uploadMyClinicLogo(adminId, logo);
      const answer = await call('updateMyClinic', { params: { adminId }, body });
      const next = valuesOf(answer);
      setClinic(answer);
      setSaved(next);
      form.reset(next);
      setLogo(undefined);
      setLogoField((version) => version + 1);
      setNotice(answer.changed.length ? [m.changedFields(answer.changed.map(labelOf).join(', '))] : [m.nothingChanged]);
      await client.invalidateQueries({ queryKey: ['getMyClinic'] });
    },
  });
  const human = useHumanCheckedSave(form.submit);
  const changed = useMemo(() => changedOf(form.values, saved), [form.values, saved]);
  const refusedLogo = logoError(logo);
  const address = form.field('ClinicAddress');
  const contact = form.field('ContactPersonFullName');

  return (
    <>
      <SpaceBetween size="l">
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <Button
                  variant="primary"
                  data-testid="save-my-clinic"
                  disabled={!form.canSave || human.checking || !!refusedLogo || (changed.length === 0 && !logo)}
                  loading={form.busy || human.checking}
                  onClick={human.save}
                >
                  {m.save}
                </Button>
              }
            >
              {clinic.ClinicName}
            </Header>
          }
        >
          <SpaceBetween size="m">
            <TextField label={f.ClinicName} testId="ClinicName" {...form.field('ClinicName')} value={form.values.ClinicName ?? ''} />
            <ImageField key={logoField} label={f.image} testId="image" currentUrl={clinic.image} value={logo} onChange={setLogo} errorText={refusedLogo} />
            <TextField label={f.Email} testId="Email" type="email" {...form.field('Email')} />
            <PhoneField label={f.ClinicPhone} testId="Phone" {...form.field('Phone')} />
            <AddressField label={f.ClinicAddress} testId="ClinicAddress" {...address} onChange={(value) => value && address.onChange(value)} />
            <FormField label={f.ServiceProviderName} data-testid="ServiceProviderName">
              <Input value={clinic.ServiceProviderName} readOnly />
            </FormField>
            <TextField
              label={f.ContactPersonFullName}
              testId="ContactPersonFullName"
              {...contact}
              value={contact.value ?? ''}
              onChange={(value) => contact.onChange(value === '' && !saved.ContactPersonFullName ? undefined : value)}
            />
          </SpaceBetween>
        </Container>
        <SettingsView settings={clinic.Settings} description={m.settings.editDescription} />
      </SpaceBetween>
      <ConfirmationDialog title={m.confirmEditTitle} lines={m.confirmProfileLines} {...form.confirmation} />
      <ErrorDialog {...form.errorDialog} />
      <ErrorDialog {...human.errorDialog} />
      <NoticeDialog title={notice ? m.updated : undefined} lines={notice} onOk={() => setNotice(undefined)} />
    </>
  );
}

/**
 * /myprofile for a ClinicAdmin (spec 2, 3 "Clinic admin profile", 5 "Clinic admin"): the own
 * clinic's name, logo, Email, Phone, address, the provider's name (read-only) and the contact
 * person; Save runs the bot check, validates, confirms and sends. The caId query defaults to the own id.
 */
export function MyClinicProfile() {
  const [search] = useSearchParams();
  const ownId = useSession().signedIn?.profile.UserID ?? '';
  const adminId = search.get('caId') || ownId;
  const query = useApiQuery('getMyClinic', { params: { adminId } }, { enabled: !!adminId });
  return (
    <ContentLayout header={<Header variant="h1">{m.profileTitle}</Header>}>
      <QueryState query={query}>{(clinic) => <ProfileForm key={clinic.ClinicID} adminId={adminId} clinic={clinic} />}</QueryState>
    </ContentLayout>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ProviderProfile } from '@shared/api/providers';
import { clinicScreens } from '@shared/messages/clinic-screens';
import { parseSettings, toSettingsList, type SettingName } from '@shared/settings';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { QueryState } from '@web/src/components/query-state';

import { call } from '@web/src/lib/api-client';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { HOME, paths } from '@web/src/config/routes';
import { originOf } from '@web/src/lib/navigation';
import { useZodForm } from '@web/src/lib/use-zod-form';
import {
  changedSettings,
  ClinicFormFields,
  clinicFormSchema,
  emptyClinic,
  SettingsEditor,
  settingsIssues,
  type SettingEdits,
  type ShownSetting,
} from '../clinic-form/clinic-form';
import { useHumanCheckedSave } from '../clinic-form/human-checked-save';
import { clinicReads } from '../clinic-form/use-clinic';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinicScreens };

const m = messages.clinicScreens;

/** The provider's settings in force, each with where it comes from: what a new clinic starts from. */
const startingSettings = (provider: ProviderProfile): ShownSetting[] =>
  provider.Settings.map((setting) => ({ name: setting.name, value: setting.value, from: provider.SettingsSource[setting.name] ?? 'global' }));

function CreateForm({ adminId, provider }: { adminId: string; provider: ProviderProfile }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const start = useMemo(() => startingSettings(provider), [provider]);
  const [edits, setEdits] = useState<SettingEdits>({});
  const [created, setCreated] = useState(false);
  const issues = useMemo(() => settingsIssues(start, edits), [start, edits]);
  const form = useZodForm({
    schema: clinicFormSchema,
    initialValues: emptyClinic,
    confirm: true,
    onSubmit: async (values) => {
      // The clinic keeps only the settings changed here; it follows its provider for the rest (docs/settings.md).
      const own = toSettingsList(parseSettings(changedSettings(start, edits)));
      await call('signupClinic', { params: { adminId }, body: { ...values, ...(own.length ? { Settings: own } : {}), reCaptchaToken: human.token() } });
      await Promise.all(clinicReads.map((route) => client.invalidateQueries({ queryKey: [route] })));
      setCreated(true);
    },
  });
  const human = useHumanCheckedSave(form.submit);
  const settingsValid = Object.keys(issues).length === 0;
  const origin = originOf(location.state);

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
                  data-testid="create-clinic"
                  disabled={!form.canSave || !settingsValid || human.checking}
                  loading={form.busy || human.checking}
                  onClick={human.save}
                >
                  {m.create}
                </Button>
              }
            >
              {m.details}
            </Header>
          }
        >
          <SpaceBetween size="m">
            <ClinicFormFields form={form} readOnly={false} emailRequired={false} />
            <Alert type="info" header={m.fields.image} data-testid="logo-after-create">
              {m.logoAfterCreate}
            </Alert>
          </SpaceBetween>
        </Container>
        <SettingsEditor
          start={start}
          edits={edits}
          issues={issues}
          onEdit={(name: SettingName, value) => setEdits((current) => ({ ...current, [name]: value }))}
        />
      </SpaceBetween>
      <ConfirmationDialog title={m.confirmCreateTitle} lines={m.confirmCreateLines} {...form.confirmation} />
      <ErrorDialog {...form.errorDialog} />
      <ErrorDialog {...human.errorDialog} />
      <NoticeDialog
        title={created ? m.created : undefined}
        lines={[m.logoAfterCreate]}
        onOk={() => {
          setCreated(false);
          navigate(origin === HOME ? paths.clinics() : origin);
        }}
      />
    </>
  );
}

/**
 * /clinics/createclinic (ServiceProviderAdmin; spec 2, 4 "Creation flows", 5 "Clinic form"): the
 * clinic form and the settings it starts from (the provider's in force, getMySP); Create runs the
 * bot check, validates, confirms, creates, says so and goes back.
 */
export function CreateClinicScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const adminId = useSession().signedIn?.profile.UserID ?? '';
  const provider = useApiQuery('getMySP', { params: { adminId } }, { enabled: !!adminId });
  const origin = originOf(location.state);
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <Box>
            <Button
              variant="icon"
              iconName="arrow-left"
              ariaLabel={m.back}
              data-testid="back"
              onClick={() => navigate(origin === HOME ? paths.clinics() : origin)}
            />
          </Box>
          <Header variant="h1">{m.createTitle}</Header>
        </SpaceBetween>
      }
    >
      <QueryState query={provider}>{(sp) => <CreateForm adminId={adminId} provider={sp} />}</QueryState>
    </ContentLayout>
  );
}

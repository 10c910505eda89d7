import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { providers } from '@shared/messages/providers';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { paths } from '@web/src/config/routes';
import { call, errorMessages } from '@web/src/lib/api-client';
import { useSession } from '@web/src/lib/auth';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { uploadLogo } from '../provider-form/logo-upload';
import { emptyProvider, ProviderFormFields, providerCreateFormSchema, providerFieldsOf } from '../provider-form/provider-form';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { providers };

const m = messages.providers;
const f = m.form;

/**
 * /sp/createsp (spec 4 "Creation flows", 5 "Service provider", 8; LiberDiAdmin): the provider and
 * its contact person, who becomes its admin. Only the first message shows under each field and
 * Save stays disabled while any exists; Save asks the confirmation (it cannot be undone), creates,
 * then says 'Service Provider Saved' and OK returns to /sp. A refusal shows 'Service Provider was
 * not created' with the server's reasons.
 */
export function CreateServiceProviderScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const adminId = useSession().signedIn?.profile.UserID ?? '';
  const [saved, setSaved] = useState(false);
  const [logo, setLogo] = useState<File>();
  const [logoFailure, setLogoFailure] = useState<string[]>();
  const form = useZodForm({
    schema: providerCreateFormSchema,
    initialValues: emptyProvider,
    confirm: true,
    onSubmit: async (body) => {
      const provider = await call('signupServiceProvider', { params: { adminId }, body });
      // The logo goes under the new provider once it exists; the provider stays created if the logo fails.
      if (logo) {
        const id = provider.ServiceProviderID;
        try {
          const image = await uploadLogo((linkBody) => call('getServiceProviderLogoUpload', { params: { adminId, id }, body: linkBody }), logo);
          await call('updateServiceProviderProfile', { params: { adminId, id }, body: { image } });
        } catch (error) {
          setLogoFailure(errorMessages(error));
        }
      }
      // /sp shows the new provider when it is opened again.
      await client.invalidateQueries({ queryKey: ['getAllServiceProviders'] });
      setSaved(true);
    },
  });
  const back = () => navigate(paths.serviceProviders(), { state: location.state });
  return (
    <>
      <form onSubmit={form.submit} noValidate>
        <SpaceBetween size="l">
          <Box>
            <Button variant="icon" iconName="arrow-left" ariaLabel={m.tabs.back} onClick={back} />
          </Box>
          <Header
            variant="h1"
            actions={
              <Button variant="primary" formAction="submit" disabled={!form.canSave} loading={form.busy} data-testid="save-provider">
                {f.save}
              </Button>
            }
          >
            {f.createTitle}
          </Header>
          <ProviderFormFields field={providerFieldsOf(form)} logo={logo} onLogoChange={setLogo} />
        </SpaceBetween>
      </form>
      <ConfirmationDialog title={f.confirmCreateTitle} lines={[f.confirmCreate, f.cannotUndo]} {...form.confirmation} />
      <ErrorDialog title={m.notCreated} {...form.errorDialog} />
      <NoticeDialog title={saved ? m.saved : undefined} lines={logoFailure} onOk={back} />
    </>
  );
}

import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState } from 'react';
import type { ProviderProfile } from '@shared/api/providers';
import { providers } from '@shared/messages/providers';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { changedFields, ProviderFormFields, providerEditFormSchema, providerFieldsOf, providerFormValues, type ProviderFormValues } from './provider-form';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { providers };

const m = messages.providers;
const f = m.form;

export interface ProviderProfileEditorProps {
  profile: ProviderProfile;
  /** The platform admin's form: the Activated/Deactivated toggle is shown and sent. */
  withEnabled: boolean;
  /** Sends the changed fields (and a new logo's key); answers the stored provider. */
  save: (changes: Partial<ProviderFormValues> & { image?: string }) => Promise<ProviderProfile>;
  /** Uploads a chosen logo through the caller's link route and answers its key. */
  uploadLogo: (file: File) => Promise<string>;
}

/**
 * A stored provider's profile form (spec 4 "Creation flows", 5 "Service provider", edit): Save is
 * disabled while errors exist or nothing changed; it asks the confirmation (it cannot be undone),
 * sends the changed fields, then says 'Service Provider Saved'.
 */
export function ProviderProfileEditor({ profile, withEnabled, save, uploadLogo }: ProviderProfileEditorProps) {
  const [stored, setStored] = useState(() => providerFormValues(profile, withEnabled));
  const [saved, setSaved] = useState(false);
  const [logo, setLogo] = useState<File>();
  // Each save starts the logo's file chooser afresh.
  const [saves, setSaves] = useState(0);
  const initialValues = useMemo(() => stored, []);
  const form = useZodForm({
    schema: providerEditFormSchema,
    initialValues,
    confirm: true,
    onSubmit: async (values) => {
      const image = logo ? await uploadLogo(logo) : undefined;
      const answer = await save({ ...changedFields(values, stored), ...(image ? { image } : {}) });
      const next = providerFormValues(answer, withEnabled);
      setStored(next);
      setLogo(undefined);
      setSaves((count) => count + 1);
      form.reset(next);
      setSaved(true);
    },
  });
  const changed = !!logo || Object.keys(changedFields(form.values, stored)).length > 0;
  return (
    <>
      <form onSubmit={form.submit} noValidate>
        <SpaceBetween size="l">
          <Header
            variant="h2"
            actions={
              <Button variant="primary" formAction="submit" disabled={!form.canSave || !changed} loading={form.busy} data-testid="save-provider">
                {f.save}
              </Button>
            }
          >
            {f.profileTitle}
          </Header>
          <ProviderFormFields
            key={saves}
            field={providerFieldsOf(form)}
            withEnabled={withEnabled}
            logo={logo}
            onLogoChange={setLogo}
            currentLogoUrl={profile.image}
          />
        </SpaceBetween>
      </form>
      <ConfirmationDialog title={f.confirmUpdateTitle} lines={[f.confirmUpdate, f.cannotUndo]} {...form.confirmation} />
      <ErrorDialog {...form.errorDialog} />
      <NoticeDialog title={saved ? m.saved : undefined} onOk={() => setSaved(false)} />
    </>
  );
}

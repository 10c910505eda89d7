import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { SessionProfile } from '@shared/api/session';
import { errors } from '@shared/messages/errors';
import { navigation } from '@shared/messages/navigation';
import { settingsScreen } from '@shared/messages/settings-screen';
import { parseSettings, toSettingsList, type SettingName } from '@shared/settings';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { QueryState } from '@web/src/components/query-state';
import { useApiMutation, useApiQuery } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { useKeptOrigin } from '@web/src/lib/navigation';
import { SettingsForm, wireValue, type SettingsValues } from './settings-form';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { errors, navigation, settingsScreen };

const t = messages.settingsScreen;

/**
 * System Settings (spec section 2): the global settings for LiberDiAdmin, a provider's settings
 * read-only for LiberDiAdmin with `?spId=`, the own provider's for ServiceProviderAdmin.
 */
export function SettingsScreen() {
  const profile = useSession().signedIn?.profile;
  const [search] = useSearchParams();
  const spId = search.get('spId') || undefined;
  const [saved, setSaved] = useState(false);
  const navigate = useNavigate();
  // Spec 2: the back path of settings is kept in local storage too.
  const back = useKeptOrigin('settings');
  if (!profile) return null;
  const onSaved = () => setSaved(true);
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <Box>
            <Button variant="icon" iconName="arrow-left" ariaLabel={t.back} data-testid="back" onClick={() => navigate(back)} />
          </Box>
          <Header variant="h1">{messages.navigation.settings}</Header>
        </SpaceBetween>
      }
    >
      {profile.Role === 'LiberDiAdmin' ? (
        spId ? (
          <ProviderSettingsOfAdmin adminId={profile.UserID} spId={spId} />
        ) : (
          <GlobalSettings adminId={profile.UserID} onSaved={onSaved} />
        )
      ) : (
        <OwnProviderSettings profile={profile} spId={spId} onSaved={onSaved} />
      )}
      <NoticeDialog title={saved ? t.savedTitle : undefined} onOk={() => setSaved(false)} />
    </ContentLayout>
  );
}

/** LiberDiAdmin: the global settings, replaced as a whole (POST …/general/d_update/init). */
function GlobalSettings({ adminId, onSaved }: { adminId: string; onSaved: () => void }) {
  const query = useApiQuery('getGlobalSettings', {});
  const save = useApiMutation('initGlobalSettings', { invalidates: ['getGlobalSettings'] });
  const submit = async (values: SettingsValues) => {
    await save.mutateAsync({ params: { adminId }, body: { Settings: toSettingsList(parseSettings(values)) } });
    onSaved();
  };
  return (
    <QueryState query={query}>
      {(settings) => (
        <SpaceBetween size="l">
          <Alert type="info">{t.globalDescription}</Alert>
          <SettingsForm key={query.dataUpdatedAt} mode="global" settings={settings} onSave={submit} />
        </SpaceBetween>
      )}
    </QueryState>
  );
}

/** LiberDiAdmin with `?spId=`: that provider's settings in force and where each comes from, not changed here. */
function ProviderSettingsOfAdmin({ adminId, spId }: { adminId: string; spId: string }) {
  const provider = useApiQuery('getServiceProviderProfile', { params: { adminId, id: spId } });
  const global = useApiQuery('getGlobalSettings', {});
  return (
    <QueryState query={provider}>
      {(profile) => (
        <QueryState query={global}>
          {(globalSettings) => (
            <SpaceBetween size="l">
              <Alert type="info">{t.providerDescription(profile.ServiceProviderName)}</Alert>
              <SettingsForm mode="read-only" settings={profile.Settings} sources={profile.SettingsSource} global={globalSettings} />
            </SpaceBetween>
          )}
        </QueryState>
      )}
    </QueryState>
  );
}

/**
 * ServiceProviderAdmin: the own provider's settings (`?spId=` defaults to the own provider; spec
 * section 2). Only the changed settings are sent; one set back to the global value is dropped by
 * the server, so the provider follows the global level for it again.
 */
function OwnProviderSettings({ profile, spId, onSaved }: { profile: SessionProfile; spId?: string; onSaved: () => void }) {
  const ownId = profile.ServiceProvider?.ServiceProviderID;
  const known = !!ownId && (spId === undefined || spId === ownId || spId === profile.UserID);
  const provider = useApiQuery('getMySP', { params: { adminId: profile.UserID } }, { enabled: known });
  const global = useApiQuery('getGlobalSettings', {}, { enabled: known });
  const save = useApiMutation('updateMySP', { invalidates: ['getMySP'] });
  if (!known) return <Alert type="error">{messages.errors.missingProviderId}</Alert>;
  const submit = async (values: SettingsValues, changed: SettingName[]) => {
    const Settings = changed.filter((name) => name !== 'DwellTime').map((name) => ({ name, value: wireValue(values, name) }));
    await save.mutateAsync({ params: { adminId: profile.UserID }, body: { Settings } });
    onSaved();
  };
  return (
    <QueryState query={provider}>
      {(own) => (
        <QueryState query={global}>
          {(globalSettings) => (
            <SpaceBetween size="l">
              <Alert type="info">{t.providerDescription(own.ServiceProviderName)}</Alert>
              <SettingsForm
                key={provider.dataUpdatedAt}
                mode="provider"
                settings={own.Settings}
                sources={own.SettingsSource}
                global={globalSettings}
                onSave={submit}
              />
            </SpaceBetween>
          )}
        </QueryState>
      )}
    </QueryState>
  );
}

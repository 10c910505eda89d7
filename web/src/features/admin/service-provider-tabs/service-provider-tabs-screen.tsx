import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { providers } from '@shared/messages/providers';
import { InnerScreen } from '@web/src/components/heading-level';
import { QueryState } from '@web/src/components/query-state';
import { paths } from '@web/src/config/routes';
import { call } from '@web/src/lib/api-client';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { originOf } from '@web/src/lib/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { ClinicsList } from '../clinics/clinics-list';
import { UsersList } from '../users/users-list';
import { uploadLogo } from '../provider-form/logo-upload';
import { ProviderProfileEditor } from '../provider-form/provider-profile-editor';
import { tabsStrings } from '@web/src/lib/tabs-strings';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { providers };

const t = messages.providers.tabs;

/** The tabs in the spec's order (section 2 "Administrative routes"), each its own path. */
const tabs = [
  { id: 'clinics', label: t.clinics, path: paths.serviceProviderTabs, route: '/sp/sptabs' },
  { id: 'users', label: t.users, path: paths.serviceProviderUsers, route: '/sp/sptabs/users' },
  { id: 'profile', label: t.admin, path: paths.serviceProviderProfile, route: '/sp/sptabs/profile' },
] as const;
type TabId = (typeof tabs)[number]['id'];

const tabOf = (pathname: string): TabId => tabs.find((tab) => tab.id !== 'clinics' && pathname.startsWith(tab.route))?.id ?? 'clinics';

/** The admin tab: the provider's profile, which the platform admin edits, its Activated/Deactivated flag included. */
function ProviderProfileTab({ spId, adminId }: { spId: string; adminId: string }) {
  const client = useQueryClient();
  const profile = useApiQuery('getServiceProviderProfile', { params: { adminId, id: spId } });
  return (
    <QueryState query={profile}>
      {(data) => (
        <ProviderProfileEditor
          key={data.ServiceProviderID}
          profile={data}
          withEnabled
          uploadLogo={(file) => uploadLogo((body) => call('getServiceProviderLogoUpload', { params: { adminId, id: spId }, body }), file)}
          save={async (changes) => {
            const answer = await call('updateServiceProviderProfile', { params: { adminId, id: spId }, body: changes });
            // The list and this profile show the change (a name, a greyed row) without a reload.
            await client.invalidateQueries({ queryKey: ['getAllServiceProviders'] });
            client.setQueryData(['getServiceProviderProfile', { params: { adminId, id: spId } }], answer);
            return answer;
          }}
        />
      )}
    </QueryState>
  );
}

/**
 * /sp/sptabs?spId= (spec 2 "Administrative routes"; LiberDiAdmin): the provider's name with the
 * back arrow to where it was opened from, and the tabs clinics (the base path), users
 * ({base}/users) and admin ({base}/profile). A tab click keeps ?spId and the origin.
 */
export function ServiceProviderTabsScreen() {
  const [search] = useSearchParams();
  const spId = search.get('spId') ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const adminId = useSession().signedIn?.profile.UserID ?? '';
  const active = tabOf(location.pathname);
  const name = useApiQuery('getServiceProviderProfile', { params: { adminId, id: spId } }).data?.ServiceProviderName;

  const content = (id: TabId) => {
    switch (id) {
      case 'clinics':
        return (
          <InnerScreen>
            <ClinicsList spId={spId} />
          </InnerScreen>
        );
      case 'users':
        return (
          <InnerScreen>
            <UsersList spId={spId} />
          </InnerScreen>
        );
      case 'profile':
        return <ProviderProfileTab spId={spId} adminId={adminId} />;
    }
  };

  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <Box>
            <Button variant="icon" iconName="arrow-left" ariaLabel={t.back} onClick={() => navigate(originOf(location.state))} />
          </Box>
          <Header variant="h1">{name ?? t.label}</Header>
        </SpaceBetween>
      }
    >
      <Tabs
        ariaLabel={t.label}
        i18nStrings={tabsStrings()}
        activeTabId={active}
        onChange={({ detail }) => {
          const tab = tabs.find((candidate) => candidate.id === detail.activeTabId)!;
          navigate(tab.path({ spId }), { state: location.state });
        }}
        tabs={tabs.map((tab) => ({ id: tab.id, label: tab.label, content: tab.id === active ? content(tab.id) : null }))}
      />
    </ContentLayout>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { clinicScreens } from '@shared/messages/clinic-screens';
import { navigation } from '@shared/messages/navigation';
import type { Role } from '@shared/roles';
import { paths } from '@web/src/config/routes';
import { useSession } from '@web/src/lib/auth';
import { useKeptOrigin } from '@web/src/lib/navigation';
import { useClinic } from '../clinic-form/use-clinic';
import { InnerScreen } from '@web/src/components/heading-level';
import { ClinicEditor } from '../edit-clinic/clinic-editor';
import { DevicesList } from '../devices/devices-list';
import { UsersList } from '../users/users-list';
import { tabsStrings } from '@web/src/lib/tabs-strings';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinicScreens, navigation };

const m = messages.clinicScreens;

/** The tabs in the spec's order (section 2 "Administrative routes"), each its own path and roles. */
const tabs = [
  { id: 'users', label: m.tabs.users, path: paths.clinicTabs, roles: ['ServiceProviderAdmin', 'LiberDiAdmin'] },
  { id: 'editclinic', label: m.tabs.edit, path: paths.clinicTabsEdit, roles: ['ServiceProviderAdmin', 'LiberDiAdmin'] },
  { id: 'devices', label: m.tabs.devices, path: paths.clinicTabsDevices, roles: ['LiberDiAdmin'] },
] as const satisfies ReadonlyArray<{ id: string; label: string; path: unknown; roles: readonly Role[] }>;
type TabId = (typeof tabs)[number]['id'];

const tabOf = (pathname: string): TabId => tabs.find((tab) => pathname.endsWith(`/${tab.id}`))?.id ?? 'users';

function TabContent({ id, clinicId }: { id: TabId; clinicId: string }) {
  switch (id) {
    case 'users':
      return (
        <InnerScreen>
          <UsersList clinicId={clinicId} />
        </InnerScreen>
      );
    case 'editclinic':
      return <ClinicEditor clinicId={clinicId} />;
    case 'devices':
      return (
        <InnerScreen>
          <DevicesList clinicId={clinicId} />
        </InnerScreen>
      );
  }
}

/**
 * A clinic's tabs (spec 2): users (the base path), admin/edit clinic, and devices for the platform
 * admin; hidden when only one would show. The back arrow returns where the clinic was opened from,
 * kept in local storage too; tab clicks keep it and ?clinicId.
 */
export function ClinicTabsScreen() {
  const [search] = useSearchParams();
  const clinicId = search.get('clinicId') ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const role = useSession().signedIn?.profile.Role;
  const back = useKeptOrigin('clinicTabs');
  const clinic = useClinic(clinicId);
  const shown = tabs.filter((tab) => !!role && (tab.roles as readonly Role[]).includes(role));
  const active = shown.find((tab) => tab.id === tabOf(location.pathname))?.id ?? shown[0]?.id ?? 'users';

  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <Box>
            <Button variant="icon" iconName="arrow-left" ariaLabel={m.back} data-testid="back" onClick={() => navigate(back)} />
          </Box>
          <Header variant="h1">{clinic.data?.ClinicName ?? messages.navigation.clinics}</Header>
        </SpaceBetween>
      }
    >
      {shown.length > 1 ? (
        <Tabs
          ariaLabel={m.tabsLabel}
          i18nStrings={tabsStrings()}
          activeTabId={active}
          onChange={({ detail }) => {
            const tab = shown.find((candidate) => candidate.id === detail.activeTabId)!;
            navigate(tab.path({ clinicId }), { state: { origin: back } });
          }}
          tabs={shown.map((tab) => ({ id: tab.id, label: tab.label, content: tab.id === active ? <TabContent id={tab.id} clinicId={clinicId} /> : null }))}
        />
      ) : (
        <TabContent id={active} clinicId={clinicId} />
      )}
    </ContentLayout>
  );
}

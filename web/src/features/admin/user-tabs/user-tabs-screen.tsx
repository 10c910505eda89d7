import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { UserAnswer } from '@shared/api/users';
import { userScreens } from '@shared/messages/user-screens';
import { QueryState } from '@web/src/components/query-state';
import { paths } from '@web/src/config/routes';
import { originOf, originState } from '@web/src/lib/navigation';
import { tabsStrings } from '@web/src/lib/tabs-strings';
import { widgetMessages } from '@web/src/lib/widget-messages';
import { fullName, useUser, useUserViewer } from '../user-form/use-user';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { userScreens };

const m = messages.userScreens;
const f = m.fields;

/** The user's profile (spec 3 "User"), read-only, with the Edit action to /users/edituser. */
function UserProfile({ user }: { user: UserAnswer }) {
  const navigate = useNavigate();
  const location = useLocation();
  const shown = (value: string | undefined) => value || m.notSet;
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <Button data-testid="edit-user" onClick={() => navigate(paths.editUser({ userId: user.UserID }), { state: originState(location) })}>
              {m.edit}
            </Button>
          }
        >
          {m.profileTitle}
        </Header>
      }
    >
      <KeyValuePairs
        columns={3}
        items={[
          { label: f.FirstName, value: <span data-testid="profile-FirstName">{user.FirstName}</span> },
          { label: f.LastName, value: <span data-testid="profile-LastName">{user.LastName}</span> },
          { label: f.Email, value: <span data-testid="profile-Email">{user.Email}</span> },
          { label: f.Phone, value: <span data-testid="profile-Phone">{shown(user.Phone)}</span> },
          { label: f.Role, value: <span data-testid="profile-Role">{user.Roles.join(', ')}</span> },
          {
            label: f.IsEnabled,
            value: <span data-testid="profile-IsEnabled">{user.IsEnabled ? widgetMessages.fields.activated : widgetMessages.fields.deactivated}</span>,
          },
          { label: f.ClinicName, value: <span data-testid="profile-ClinicName">{shown(user.ClinicName)}</span> },
          { label: f.ServiceProviderName, value: <span data-testid="profile-ServiceProviderName">{shown(user.ServiceProviderName)}</span> },
        ]}
      />
    </Container>
  );
}

/**
 * /users/usertabs?userId= (spec 2 "Administrative routes"): the user's name with the back arrow to
 * where it was opened from, and a single profile tab, shown to the provider and platform admins; a
 * clinic admin sees the profile without the tab strip.
 */
export function UserTabsScreen() {
  const [search] = useSearchParams();
  const userId = search.get('userId') ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const { role } = useUserViewer();
  const query = useUser(userId);
  const withTabs = role === 'ServiceProviderAdmin' || role === 'LiberDiAdmin';
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <Box>
            <Button variant="icon" iconName="arrow-left" ariaLabel={m.back} data-testid="back" onClick={() => navigate(originOf(location.state))} />
          </Box>
          <Header variant="h1">{query.data ? fullName(query.data) : m.profileTitle}</Header>
        </SpaceBetween>
      }
    >
      <QueryState query={query}>
        {(user) =>
          withTabs ? (
            <Tabs ariaLabel={m.tabsLabel} i18nStrings={tabsStrings()} tabs={[{ id: 'profile', label: m.profileTab, content: <UserProfile user={user} /> }]} />
          ) : (
            <UserProfile user={user} />
          )
        }
      </QueryState>
    </ContentLayout>
  );
}

import Button from '@cloudscape-design/components/button';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { UserAnswer } from '@shared/api/users';
import { navigation } from '@shared/messages/navigation';
import { userScreens } from '@shared/messages/user-screens';
import type { Role } from '@shared/roles';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DataList } from '@web/src/components/list/data-list';
import type { ListColumn } from '@web/src/components/list/list-logic';
import { paths } from '@web/src/config/routes';
import { errorMessages } from '@web/src/lib/api-client';
import { useApiList } from '@web/src/lib/api-hooks';
import { originState } from '@web/src/lib/navigation';
import { fullName, useUserViewer } from '../user-form/use-user';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { navigation, userScreens };

const m = messages.userScreens;
const c = m.columns;

const baseColumns: ListColumn<UserAnswer>[] = [
  { id: 'FullName', header: c.FullName, value: fullName },
  { id: 'Role', header: c.Role, value: (user) => user.Role },
  { id: 'Email', header: c.Email, value: (user) => user.Email },
];
const clinicColumn: ListColumn<UserAnswer> = { id: 'ClinicName', header: c.ClinicName, value: (user) => user.ClinicName ?? '' };
const providerColumn: ListColumn<UserAnswer> = { id: 'ServiceProviderName', header: c.ServiceProviderName, value: (user) => user.ServiceProviderName ?? '' };

/**
 * The spec's user list columns (section 2 "List screens"): Full Name, User role, Email Address;
 * Associated Clinic unless the list is one clinic's or the signer a ClinicAdmin; Associated SP for
 * LiberDiAdmin without filters.
 */
export function userColumns(role: Role, filters: { spId?: string; clinicId?: string }): ListColumn<UserAnswer>[] {
  const columns = [...baseColumns];
  if (!filters.clinicId && role !== 'ClinicAdmin') columns.push(clinicColumn);
  if (role === 'LiberDiAdmin' && !filters.clinicId && !filters.spId) columns.push(providerColumn);
  return columns;
}

type UserPages = ReturnType<typeof useApiList<'getAllUsersForSP'>>;

function UsersTable({ pages, columns, addHref }: { pages: UserPages; columns: ListColumn<UserAnswer>[]; addHref?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <DataList<UserAnswer>
        title={messages.navigation.users}
        items={pages.items}
        columns={columns}
        trackBy={(user) => user.UserID}
        // Every page is read before the list shows: it sorts, filters and exports them all.
        loading={pages.isPending || pages.hasNextPage}
        isDisabled={(user) => !user.IsEnabled}
        statusFilter={{ label: m.statusFilter, isActive: (user) => user.IsEnabled }}
        csvFileName={m.csvFileName}
        onRowClick={(user) => navigate(paths.userTabs({ userId: user.UserID }), { state: originState(location) })}
        actions={
          addHref ? (
            <Button iconName="add-plus" data-testid="add-user" onClick={() => navigate(addHref, { state: originState(location) })}>
              {m.addUser}
            </Button>
          ) : undefined
        }
      />
      {pages.error ? <ErrorDialog messages={errorMessages(pages.error)} onClose={() => void pages.refetch()} /> : null}
    </>
  );
}

/** The platform admin's view, read-only (spec 6: no add button): every user, or one provider's or clinic's. */
function AllUsers({ adminId, spId, clinicId }: { adminId: string; spId?: string; clinicId?: string }) {
  const query = { ...(spId ? { spId } : {}), ...(clinicId ? { clinicId } : {}) };
  const pages = useApiList('getAllUsers', { params: { adminId }, query }, { allPages: true });
  const columns = useMemo(() => userColumns('LiberDiAdmin', { spId, clinicId }), [spId, clinicId]);
  return <UsersTable pages={pages} columns={columns} />;
}

/** A provider admin's users (…/getAllUsersForSP), or one of its clinics'; Add makes a clinic admin (for that clinic when inside its tabs). */
function ProviderUsers({ adminId, clinicId }: { adminId: string; clinicId?: string }) {
  const pages = useApiList('getAllUsersForSP', { params: { adminId }, query: clinicId ? { clinicId } : {} }, { allPages: true });
  const columns = useMemo(() => userColumns('ServiceProviderAdmin', { clinicId }), [clinicId]);
  return <UsersTable pages={pages} columns={columns} addHref={paths.createUser({ clinicId })} />;
}

/** A clinic admin's own clinic's users (…/getAllUsersForMyClinic); Add makes a doctor, nurse or director. */
function ClinicUsers({ adminId }: { adminId: string }) {
  const pages = useApiList('getAllUsersForMyClinic', { params: { adminId } }, { allPages: true });
  const columns = useMemo(() => userColumns('ClinicAdmin', {}), []);
  return <UsersTable pages={pages} columns={columns} addHref={paths.createUser()} />;
}

/**
 * The users list (spec section 2, List screens), on /users and in a provider's or a clinic's tabs
 * (`spId` / `clinicId` narrow it): the list route of the signer's role, every page read, the
 * status filter, greyed deactivated users, users.csv; a row opens the user's tabs.
 */
export function UsersList({ spId, clinicId }: { spId?: string; clinicId?: string }) {
  const { adminId, role } = useUserViewer();
  if (!adminId || !role) return null;
  if (role === 'LiberDiAdmin') return <AllUsers adminId={adminId} spId={spId || undefined} clinicId={clinicId || undefined} />;
  if (role === 'ServiceProviderAdmin') return <ProviderUsers adminId={adminId} clinicId={clinicId || undefined} />;
  return <ClinicUsers adminId={adminId} />;
}

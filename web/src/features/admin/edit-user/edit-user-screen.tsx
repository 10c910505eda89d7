import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { allowedRoles, rolesOverlap, userUpdateSchema, type UserAnswer } from '@shared/api/users';
import { userScreens } from '@shared/messages/user-screens';
import { users } from '@shared/messages/users';
import type { Role } from '@shared/roles';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DropdownField } from '@web/src/components/fields/dropdown-field';
import { PhoneField } from '@web/src/components/fields/phone-field';
import { TextField } from '@web/src/components/fields/text-field';
import { ToggleField } from '@web/src/components/fields/toggle-field';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { QueryState } from '@web/src/components/query-state';
import { paths } from '@web/src/config/routes';
import { call } from '@web/src/lib/api-client';
import { originOf } from '@web/src/lib/navigation';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { roleOption } from '../user-form/user-form';
import { fullName, userReads, useUser, useUserViewer } from '../user-form/use-user';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { userScreens, users };

const m = messages.userScreens;
const f = m.fields;

interface EditValues {
  Email: string;
  /** Absent while the user has none: the form stays valid until a number is typed and emptied again. */
  Phone?: string;
  IsEnabled: boolean;
  Role: Role;
}
type EditField = keyof EditValues;

/** The role the form shows: the user's role among those the signer manages, else its main role. */
const shownRole = (signer: Role, user: UserAnswer): Role => user.Roles.find((role) => allowedRoles(signer).includes(role)) ?? user.Role;

const valuesOf = (signer: Role, user: UserAnswer): EditValues => ({
  Email: user.Email,
  ...(user.Phone ? { Phone: user.Phone } : {}),
  IsEnabled: user.IsEnabled,
  Role: shownRole(signer, user),
});

/** The fields whose values differ from the stored ones: only those are sent. */
const changedOf = (values: EditValues, saved: EditValues): EditField[] =>
  (['Email', 'Phone', 'IsEnabled', 'Role'] as const).filter((name) => (values[name] ?? '') !== (saved[name] ?? ''));

/** Where the back arrow and a save's OK go: the origin, else the user's tabs. */
function useBack(userId: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const origin = originOf(location.state);
  return () => navigate(origin === '/' ? paths.userTabs({ userId }) : origin);
}

function EditForm({ user: loaded, adminId, signer }: { user: UserAnswer; adminId: string; signer: Role }) {
  const client = useQueryClient();
  const [user, setUser] = useState(loaded);
  const [saved, setSaved] = useState(() => valuesOf(signer, loaded));
  const [notice, setNotice] = useState<string[]>();
  // Spec 6: the platform admin reads the form without saving; others change only users whose roles overlap their allowed roles.
  const readOnly = signer === 'LiberDiAdmin';
  const editable = !readOnly && rolesOverlap(signer, user.Roles);
  const form = useZodForm({
    schema: userUpdateSchema,
    initialValues: saved,
    confirm: true,
    onSubmit: async (values) => {
      const changed = changedOf(form.values as EditValues, saved);
      const body = Object.fromEntries(changed.map((name) => [name, values[name]]));
      const params = { adminId, id: user.UserID };
      const answer =
        signer === 'ServiceProviderAdmin' ? await call('updateUserOfProvider', { params, body }) : await call('updateUserOfClinic', { params, body });
      const next = valuesOf(signer, answer);
      setUser(answer);
      setSaved(next);
      form.reset(next);
      setNotice(
        answer.changed.length ? [m.changedFields(answer.changed.map((name) => (f as Record<string, string>)[name] ?? name).join(', '))] : [m.nothingChanged],
      );
      await Promise.all(userReads.map((route) => client.invalidateQueries({ queryKey: [route] })));
    },
  });
  const values = form.values as EditValues;
  const changed = useMemo(() => changedOf(values, saved), [values, saved]);
  const roleOptions = editable ? allowedRoles(signer).map(roleOption) : [roleOption(values.Role)];
  const back = useBack(user.UserID);
  const field = <K extends EditField>(name: K) => form.field(name);
  const phone = field('Phone');
  const enabled = field('IsEnabled');
  const role = field('Role');

  return (
    <>
      <form onSubmit={form.submit} noValidate>
        <SpaceBetween size="l">
          <Container
            header={
              <Header
                variant="h2"
                actions={
                  <Button
                    variant="primary"
                    formAction="submit"
                    data-testid="save-user"
                    disabled={!editable || !form.canSave || changed.length === 0}
                    loading={form.busy}
                  >
                    {m.save}
                  </Button>
                }
              >
                {fullName(user)}
              </Header>
            }
          >
            <SpaceBetween size="m">
              {readOnly && (
                <Alert type="info" data-testid="user-read-only">
                  {m.readOnly}
                </Alert>
              )}
              {!readOnly && !editable && (
                <Alert type="info" data-testid="user-restricted">
                  {m.restricted}
                </Alert>
              )}
              <ColumnLayout columns={2}>
                <TextField label={f.Email} testId="Email" type="email" readOnly={!editable} {...field('Email')} value={values.Email} />
                <PhoneField label={f.Phone} testId="Phone" readOnly={!editable} {...phone} value={values.Phone ?? ''} />
                <DropdownField
                  label={f.Role}
                  testId="Role"
                  readOnly={!editable}
                  options={roleOptions}
                  value={values.Role}
                  onChange={(value) => role.onChange(value as Role)}
                  onBlur={role.onBlur}
                  errorText={role.errorText}
                />
                <ToggleField label={f.IsEnabled} testId="IsEnabled" readOnly={!editable} {...enabled} value={values.IsEnabled} />
              </ColumnLayout>
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </form>
      <ConfirmationDialog title={m.confirmEditTitle} lines={m.confirmEditLines} {...form.confirmation} />
      <ErrorDialog {...form.errorDialog} />
      <NoticeDialog title={notice ? messages.users.saved : undefined} lines={notice} onOk={back} />
    </>
  );
}

/**
 * /users/edituser?userId= (spec 5 "User" edit, 6): Email and Phone (required and valid), the role
 * among the signer's allowed roles and the Activated/Deactivated toggle. The fields are disabled
 * when the user's roles do not overlap the signer's allowed roles, and the platform admin reads
 * the form with Save disabled. Save asks 'Accept changes', sends only the changed fields, then
 * says 'User Saved' and OK goes back.
 */
export function EditUserScreen() {
  const [search] = useSearchParams();
  const userId = search.get('userId') ?? '';
  const { adminId, role } = useUserViewer();
  const query = useUser(userId);
  const back = useBack(userId);
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <Box>
            <Button variant="icon" iconName="arrow-left" ariaLabel={m.back} data-testid="back" onClick={back} />
          </Box>
          <Header variant="h1">{m.editTitle}</Header>
        </SpaceBetween>
      }
    >
      {role ? <QueryState query={query}>{(user) => <EditForm key={user.UserID} user={user} adminId={adminId} signer={role} />}</QueryState> : null}
    </ContentLayout>
  );
}

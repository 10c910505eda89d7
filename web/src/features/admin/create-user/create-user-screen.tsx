import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { allowedRoles, userFormSchema, type UserFormInput } from '@shared/api/users';
import { userScreens } from '@shared/messages/user-screens';
import { users } from '@shared/messages/users';
import type { Role } from '@shared/roles';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DropdownField, type DropdownOption } from '@web/src/components/fields/dropdown-field';
import { PhoneField } from '@web/src/components/fields/phone-field';
import { TextField } from '@web/src/components/fields/text-field';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { paths } from '@web/src/config/routes';
import { call, errorMessages } from '@web/src/lib/api-client';
import { useApiList } from '@web/src/lib/api-hooks';
import { originOf } from '@web/src/lib/navigation';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { roleOption, signupRouteOf } from '../user-form/user-form';
import { userReads, useUserViewer } from '../user-form/use-user';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { userScreens, users };

const m = messages.userScreens;
const f = m.fields;

/**
 * A provider admin's clinics that can take a new clinic admin (spec 6: only clinics without an
 * admin), every page read.
 */
function useClinicsWithoutAdmin(adminId: string): ClinicChoice {
  const pages = useApiList('getAllClinicsOfProvider', { params: { adminId } }, { allPages: true });
  const loaded = !pages.isPending && !pages.hasNextPage;
  const options = useMemo(
    () => pages.items.filter((clinic) => !clinic.ClinicAdminFullName).map((clinic) => ({ value: clinic.ClinicID, label: clinic.ClinicName })),
    [pages.items],
  );
  return { options, loaded: loaded && !pages.error, error: pages.error };
}

interface ClinicChoice {
  options: DropdownOption[];
  loaded: boolean;
  /** The clinics could not be read (spec 8: the error dialog). */
  error?: Error | null;
}

/** A clinic admin's users join its own clinic: nothing to choose, nothing to read. */
const OWN_CLINIC: ClinicChoice = { options: [], loaded: true };

function CreateUserForm({ adminId, signer, clinicId, clinics }: { adminId: string; signer: Role; clinicId?: string; clinics: ClinicChoice }) {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [clinicErrorSeen, setClinicErrorSeen] = useState(false);
  const choosesClinic = signer !== 'ClinicAdmin';
  const roles = allowedRoles(signer);
  const schema = useMemo(() => userFormSchema(signer), [signer]);
  const initialValues: UserFormInput = {
    FirstName: '',
    LastName: '',
    Email: '',
    Phone: '',
    // One role to give (a provider admin's clinic admin) is given; a clinic admin chooses among its staff roles.
    Role: roles.length === 1 ? roles[0]! : '',
    ...(choosesClinic ? { ClinicID: clinicId ?? '' } : {}),
  } as UserFormInput;
  const form = useZodForm({
    schema,
    initialValues,
    confirm: true,
    loading: choosesClinic && !clinics.loaded,
    onSubmit: async (values) => {
      const body = { FirstName: values.FirstName, LastName: values.LastName, Email: values.Email, Phone: values.Phone, Role: values.Role };
      if (choosesClinic) await call('addClinicAdmin', { params: { adminId, clinicId: values.ClinicID! }, body });
      else await call(signupRouteOf(values.Role), { params: { adminId }, body });
      await Promise.all(userReads.map((route) => client.invalidateQueries({ queryKey: [route] })));
      setSaved(true);
    },
  });
  // A clinic given by the clinic tabs' Add that already has an admin cannot be chosen.
  const chosenClinic = form.values.ClinicID;
  const { setValue } = form;
  useEffect(() => {
    if (choosesClinic && clinics.loaded && chosenClinic && !clinics.options.some((option) => option.value === chosenClinic)) setValue('ClinicID', '');
  }, [choosesClinic, clinics.loaded, clinics.options, chosenClinic, setValue]);

  const back = () => navigate(originOf(location.state) === '/' ? paths.users() : originOf(location.state));
  const role = form.field('Role');
  return (
    <>
      <form onSubmit={form.submit} noValidate>
        <SpaceBetween size="l">
          <Box>
            <Button variant="icon" iconName="arrow-left" ariaLabel={m.back} data-testid="back" onClick={back} />
          </Box>
          <Container
            header={
              <Header
                variant="h1"
                actions={
                  <Button variant="primary" formAction="submit" disabled={!form.canSave} loading={form.busy} data-testid="save-user">
                    {m.save}
                  </Button>
                }
              >
                {m.createTitle}
              </Header>
            }
          >
            <SpaceBetween size="m">
              {choosesClinic && clinics.loaded && clinics.options.length === 0 && (
                <Alert type="info" data-testid="no-clinic-without-admin">
                  {m.noClinicWithoutAdmin}
                </Alert>
              )}
              <ColumnLayout columns={2}>
                <TextField label={f.FirstName} testId="FirstName" {...form.field('FirstName')} />
                <TextField label={f.LastName} testId="LastName" {...form.field('LastName')} />
                <TextField label={f.Email} testId="Email" type="email" {...form.field('Email')} />
                <PhoneField label={f.Phone} testId="Phone" {...form.field('Phone')} value={form.values.Phone ?? ''} />
                <DropdownField
                  label={f.Role}
                  testId="Role"
                  placeholder={m.chooseRole}
                  options={roles.map(roleOption)}
                  value={typeof role.value === 'string' ? role.value : (role.value?.[0] ?? '')}
                  onChange={(value) => role.onChange(value as Role)}
                  onBlur={role.onBlur}
                  errorText={role.errorText}
                />
                {choosesClinic ? (
                  <DropdownField
                    label={f.ClinicID}
                    testId="ClinicID"
                    placeholder={m.chooseClinic}
                    options={clinics.options}
                    {...form.field('ClinicID')}
                    value={form.values.ClinicID ?? ''}
                  />
                ) : (
                  <Box data-testid="joins-own-clinic" color="text-body-secondary">
                    {m.joinsOwnClinic}
                  </Box>
                )}
              </ColumnLayout>
              {choosesClinic && <Box color="text-body-secondary">{m.clinicsWithoutAdmin}</Box>}
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </form>
      <ConfirmationDialog title={m.confirmCreateTitle} lines={m.confirmCreateLines} {...form.confirmation} />
      <ErrorDialog title={messages.users.notCreated} {...form.errorDialog} />
      <ErrorDialog messages={clinics.error && !clinicErrorSeen ? errorMessages(clinics.error) : undefined} onClose={() => setClinicErrorSeen(true)} />
      <NoticeDialog title={saved ? messages.users.saved : undefined} onOk={back} />
    </>
  );
}

/**
 * /users/createuser (spec 4 "Creation flows", 5 "User", 6, 8): the person and a role among the
 * signer's allowed roles. A provider admin makes a clinic admin for a clinic without one (?clinicId
 * preselects it) through …/clinics/{clinicId}/addAdmin; a clinic admin makes a doctor, nurse or
 * director of its own clinic on the path of the role. Save validates, asks the confirmation, calls,
 * then says 'User Saved' and OK goes back; a refusal shows 'User was not created' with the server's words.
 */
export function CreateUserScreen() {
  const [search] = useSearchParams();
  const { adminId, role } = useUserViewer();
  if (!adminId || !role) return null;
  const clinicId = search.get('clinicId') || undefined;
  if (role === 'ClinicAdmin') return <CreateUserForm adminId={adminId} signer={role} clinics={OWN_CLINIC} />;
  return <ProviderCreateUser adminId={adminId} signer={role} clinicId={clinicId} />;
}

/** A provider admin's form, with the clinics that can take a new clinic admin. */
function ProviderCreateUser({ adminId, signer, clinicId }: { adminId: string; signer: Role; clinicId?: string }) {
  const clinics = useClinicsWithoutAdmin(adminId);
  return <CreateUserForm adminId={adminId} signer={signer} clinicId={clinicId} clinics={clinics} />;
}

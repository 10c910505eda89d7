import { act, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { ClinicAnswer, ClinicListItem } from '@shared/api/clinics';
import type { UserAnswer } from '@shared/api/users';
import { defaultSettings, toSettingsList } from '@shared/settings';
import { signupRouteOf } from '@web/src/features/admin/user-form/user-form';
import { clickDialogButton, fieldError, formField, typeInto, visibleDialog } from '../support/patient-form';
import { csvOfExport } from '../support/csv-export';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';

/** The user screens as the three administrators see them, on the fake server. */
beforeEach(() => {
  resetPortal();
  localStorage.clear();
});

const SP = '/spadmins/user-ServiceProviderAdmin';
const LIBERDI = '/liberdiAdmins/user-LiberDiAdmin';
const CA = '/clinicsAdmins/user-ClinicAdmin';
const wrapper = () => createWrapper(document.body);
const table = () => wrapper().findTable();
const rows = () => table()?.findRows() ?? [];
const headers = () =>
  table()!
    .findColumnHeaders()
    .map((header) => header.getElement().textContent);
const cellsOf = (row: ReturnType<typeof rows>[number]) => row.findAll('td').map((cell) => cell.getElement().textContent);
const cells = (index: number) => cellsOf(rows()[index]!);
const button = (testId: string) => wrapper().findButton(`[data-testid="${testId}"]`);
const readOnly = (name: string) => formField(name)!.findControl()!.findInput()!.findNativeInput().getElement().readOnly;
const selectDisabled = (name: string) => formField(name)!.findControl()!.findSelect()!.isDisabled();
const toggleDisabled = (name: string) => formField(name)!.findControl()!.findToggle()!.findNativeInput().getElement().disabled;
const phoneInput = () => formField('Phone')!.findControl()!.findInput()!;

function optionsOf(name: string): string[] {
  const select = formField(name)!.findControl()!.findSelect()!;
  act(() => select.openDropdown());
  const options = select
    .findDropdown()
    .findOptions()
    .map((option) => option.getElement().textContent ?? '');
  act(() => select.closeDropdown());
  return options;
}
function choose(name: string, value: string): void {
  const select = formField(name)!.findControl()!.findSelect()!;
  act(() => select.openDropdown());
  act(() => select.selectOptionByValue(value));
}
function leaveSelect(name: string): void {
  const trigger = formField(name)!.findControl()!.findSelect()!.findTrigger();
  act(() => trigger.focus());
  act(() => trigger.blur());
}
function typePhone(value: string): void {
  act(() => phoneInput().focus());
  act(() => phoneInput().setInputValue(value));
  act(() => phoneInput().blur());
}

const user = (index: number, overrides: Partial<UserAnswer> = {}): UserAnswer => ({
  UserID: `u${index}`,
  Role: 'Nurse',
  Roles: ['Nurse'],
  IsEnabled: true,
  FirstName: `Noa${index}`,
  LastName: 'Levi',
  Email: `noa${index}@clinic.example`,
  Phone: '+1 555 0100',
  ClinicID: 'c1',
  ClinicName: 'North Clinic',
  ServiceProviderID: 'sp-1',
  ServiceProviderName: 'Care, Inc',
  CreatedAt: '2026-01-10T08:00:00.000Z',
  ...overrides,
});

const clinicItem = (index: number, overrides: Partial<ClinicListItem> = {}): ClinicListItem => ({
  ClinicID: `c${index}`,
  ClinicName: `Clinic ${index}`,
  Location: 'Israel',
  ActivePatientLinkedDeviceCount: 0,
  ClinicExchangeCounter: 0,
  ServiceProviderID: 'sp-1',
  ServiceProviderName: 'Care',
  ClinicIsEnabled: true,
  ...overrides,
});

describe('/users', () => {
  it("shows a provider admin every page of its users in the spec's columns, greyed when deactivated, exported as users.csv; a row opens the user tabs", async () => {
    signInAs('ServiceProviderAdmin');
    const server = fakeServer().on('GET', new RegExp(`^${SP}/getAllUsersForSP`), (call) =>
      call.url.includes('cursor=next')
        ? { status: 200, body: { items: [user(2, { Role: 'ClinicAdmin', Roles: ['ClinicAdmin'], LastName: 'Shapiro, Jr', IsEnabled: false })] } }
        : { status: 200, body: { items: [user(1)], cursor: 'next' } },
    );
    renderPortal('/users');
    // The first screen of the file loads the admin chunk and Cloudscape's table: give it time.
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 15_000 });
    expect(server.calls.filter((call) => call.url.includes('/getAllUsersForSP'))).toHaveLength(2);
    expect(headers()).toEqual(['Full Name', 'User role', 'Email Address', 'Associated Clinic']);
    expect(cells(0)).toEqual(['Noa1 Levi', 'Nurse', 'noa1@clinic.example', 'North Clinic']);
    expect(rows()[1]!.find('[data-row-state="deactivated"]')).not.toBeNull();
    expect(rows()[0]!.find('[data-row-state="deactivated"]')).toBeNull();
    expect(wrapper().findFormField('[data-status-filter]')!.findLabel()!.getElement().textContent).toBe('Active or Inactive Users');

    const csv = await csvOfExport();
    expect(csv.name).toBe('users.csv');
    expect(csv.rows).toEqual([
      'Full Name,User role,Email Address,Associated Clinic',
      'Noa1 Levi,Nurse,noa1@clinic.example,North Clinic',
      'Noa2 Shapiro Jr,ClinicAdmin,noa2@clinic.example,North Clinic',
    ]);

    act(() => button('add-user')!.click());
    await waitFor(() => expect(currentPath()).toBe('/users/createuser'));
  });

  it('opens the user tabs from a row', async () => {
    signInAs('ServiceProviderAdmin');
    fakeServer().on('GET', new RegExp(`^${SP}/getAllUsersForSP`), { status: 200, body: { items: [user(1)] } });
    renderPortal('/users');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    act(() => rows()[0]!.findAll('td')[0]!.click());
    await waitFor(() => expect(currentPath()).toBe('/users/usertabs?userId=u1'));
  });

  it('shows the platform admin every user with clinic and provider and no add button; ?spId drops the provider, ?clinicId the clinic too', async () => {
    signInAs('LiberDiAdmin');
    const server = fakeServer().on('GET', new RegExp(`^${LIBERDI}/users/getAllUsers`), { status: 200, body: { items: [user(1)] } });
    const first = renderPortal('/users');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    expect(headers()).toEqual(['Full Name', 'User role', 'Email Address', 'Associated Clinic', 'Associated SP']);
    expect(cells(0)[4]).toBe('Care, Inc');
    expect(button('add-user')).toBeNull();
    first.unmount();

    const second = renderPortal('/users?spId=sp-1');
    await waitFor(() => expect(server.calls.some((call) => call.url.endsWith('/users/getAllUsers?spId=sp-1'))).toBe(true), { timeout: 5000 });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(headers()).toEqual(['Full Name', 'User role', 'Email Address', 'Associated Clinic']);
    second.unmount();

    renderPortal('/users?clinicId=c1');
    await waitFor(() => expect(server.calls.some((call) => call.url.endsWith('/users/getAllUsers?clinicId=c1'))).toBe(true), { timeout: 5000 });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(headers()).toEqual(['Full Name', 'User role', 'Email Address']);
  });

  it("shows a clinic admin its clinic's users without the clinic column, with the add button", async () => {
    signInAs('ClinicAdmin');
    const server = fakeServer().on('GET', new RegExp(`^${CA}/getAllUsersForMyClinic`), { status: 200, body: { items: [user(1), user(2)] } });
    renderPortal('/users');
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5000 });
    expect(server.calls.some((call) => call.url.includes(`${CA}/getAllUsersForMyClinic`))).toBe(true);
    expect(headers()).toEqual(['Full Name', 'User role', 'Email Address']);
    act(() => button('add-user')!.click());
    await waitFor(() => expect(currentPath()).toBe('/users/createuser'));
  });

  it("lists one clinic's users in the clinic tabs (no clinic column); Add keeps the clinic", async () => {
    signInAs('ServiceProviderAdmin');
    const clinic: ClinicAnswer = {
      ClinicID: 'c1',
      ClinicName: 'North Clinic',
      ClinicPhone: '+1 555 0100',
      ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Herzl St' },
      ClinicIsEnabled: true,
      serviceProvider: { ServiceProviderID: 'sp-1', ServiceProviderName: 'Care' },
      ActivePatientLinkedDeviceCount: 0,
      ClinicExchangeCounter: 0,
      Settings: toSettingsList(defaultSettings).map((entry) => ({ ...entry, from: 'global' as const })),
    };
    const server = fakeServer()
      .on('GET', `${SP}/getClinicInfo/c1`, { status: 200, body: clinic })
      .on('GET', new RegExp(`^${SP}/getAllUsersForSP`), { status: 200, body: { items: [user(1)] } });
    renderPortal('/clinics/clinictabs?clinicId=c1');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    expect(server.calls.some((call) => call.url.endsWith(`${SP}/getAllUsersForSP?clinicId=c1`))).toBe(true);
    expect(headers()).toEqual(['Full Name', 'User role', 'Email Address']);
    act(() => button('add-user')!.click());
    await waitFor(() => expect(currentPath()).toBe('/users/createuser?clinicId=c1'));
  });
});

describe('/users/usertabs', () => {
  it('shows the provider admin the single profile tab, with Edit opening /users/edituser', async () => {
    signInAs('ServiceProviderAdmin');
    fakeServer().on('GET', `${SP}/getUser/u2`, { status: 200, body: user(2, { Role: 'ClinicAdmin', Roles: ['ClinicAdmin'], Phone: undefined }) });
    renderPortal('/users/usertabs?userId=u2');
    await waitFor(() => expect(wrapper().find('[data-testid="profile-Email"]')).not.toBeNull(), { timeout: 5000 });
    expect(
      wrapper()
        .findTabs()!
        .findTabLinks()
        .map((tab) => tab.getElement().textContent),
    ).toEqual(['Profile']);
    const text = (name: string) => wrapper().find(`[data-testid="profile-${name}"]`)!.getElement().textContent;
    expect(text('Email')).toBe('noa2@clinic.example');
    expect(text('Role')).toBe('ClinicAdmin');
    expect(text('Phone')).toBe('-');
    expect(text('IsEnabled')).toBe('Activated');
    expect(text('ServiceProviderName')).toBe('Care, Inc');
    act(() => button('edit-user')!.click());
    await waitFor(() => expect(currentPath()).toBe('/users/edituser?userId=u2'));
  });

  it('shows a clinic admin the profile without the tab strip, and the platform admin reads through its own route', async () => {
    signInAs('ClinicAdmin');
    fakeServer().on('GET', `${CA}/getUser/u1`, { status: 200, body: user(1) });
    const view = renderPortal('/users/usertabs?userId=u1');
    await waitFor(() => expect(wrapper().find('[data-testid="profile-Email"]')).not.toBeNull(), { timeout: 5000 });
    expect(wrapper().findTabs()).toBeNull();
    view.unmount();

    resetPortal();
    signInAs('LiberDiAdmin');
    const server = fakeServer().on('GET', `${LIBERDI}/users/u1/profile`, { status: 200, body: user(1) });
    renderPortal('/users/usertabs?userId=u1');
    await waitFor(() => expect(wrapper().find('[data-testid="profile-Email"]')).not.toBeNull(), { timeout: 5000 });
    expect(server.callsTo('GET', `${LIBERDI}/users/u1/profile`)).toHaveLength(1);
    expect(wrapper().findTabs()).not.toBeNull();
  });
});

describe('/users/createuser', () => {
  it('lets a clinic admin create staff without a clinic: the role options, the messages, the nurses path, the confirmation and User Saved', async () => {
    signInAs('ClinicAdmin');
    const server = fakeServer()
      .on('POST', `${CA}/nurses/signup`, (call) => ({ status: 200, body: user(9, call.body as Partial<UserAnswer>) }))
      .on('GET', new RegExp(`^${CA}/getAllUsersForMyClinic`), { status: 200, body: { items: [] } });
    renderPortal('/users');
    await waitFor(() => expect(button('add-user')).not.toBeNull(), { timeout: 5000 });
    act(() => button('add-user')!.click());
    await waitFor(() => expect(formField('FirstName')).not.toBeNull(), { timeout: 5000 });

    expect(optionsOf('Role')).toEqual(['ClinicDirector', 'Doctor', 'Nurse']);
    expect(formField('ClinicID')).toBeNull();
    expect(button('save-user')!.isDisabled()).toBe(true);
    typeInto('FirstName', '');
    typeInto('LastName', '');
    typeInto('Email', '');
    typePhone('');
    leaveSelect('Role');
    expect(fieldError('FirstName')).toBe('First name is required');
    expect(fieldError('LastName')).toBe('Last name is required');
    expect(fieldError('Email')).toBe('Email is required');
    expect(fieldError('Phone')).toBe('Phone is required');
    expect(fieldError('Role')).toBe('Role is required');
    expect(document.body.textContent).not.toContain('Associated Clinic is required');

    typeInto('FirstName', 'Tamar');
    typeInto('LastName', 'Levi');
    typeInto('Email', 'not-an-email');
    expect(fieldError('Email')).toBe('Email is not valid');
    typeInto('Email', 'tamar@clinic.example');
    typePhone('abc');
    expect(fieldError('Phone')).toBe('Phone number is not valid');
    typePhone('555 0142');
    choose('Role', 'Nurse');
    expect(button('save-user')!.isDisabled()).toBe(false);

    await act(async () => button('save-user')!.click());
    await waitFor(() => expect(visibleDialog()?.header).toBe('Create user'));
    expect(visibleDialog()!.text).toContain('It can not be undone');
    expect(server.callsTo('POST', `${CA}/nurses/signup`)).toHaveLength(0);
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('User Saved'));
    expect(server.callsTo('POST', `${CA}/nurses/signup`)[0]!.body).toEqual({
      FirstName: 'Tamar',
      LastName: 'Levi',
      Email: 'tamar@clinic.example',
      Phone: '+1 555 0142',
      Role: ['Nurse'],
    });
    await clickDialogButton('OK');
    await waitFor(() => expect(currentPath()).toBe('/users'));
  });

  it("shows 'User was not created' with the server's words", async () => {
    signInAs('ClinicAdmin');
    const server = fakeServer().on('POST', `${CA}/ClinicDirector/signup`, { status: 409, body: { message: ['Email is already registered.'] } });
    renderPortal('/users/createuser');
    await waitFor(() => expect(formField('FirstName')).not.toBeNull(), { timeout: 5000 });
    typeInto('FirstName', 'Avi');
    typeInto('LastName', 'Mizrahi');
    typeInto('Email', 'avi@clinic.example');
    typePhone('555 0143');
    choose('Role', 'ClinicDirector');
    await act(async () => button('save-user')!.click());
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()).toEqual({ header: 'User was not created', text: 'Email is already registered.' }));
    expect(server.callsTo('POST', `${CA}/ClinicDirector/signup`)).toHaveLength(1);
  });

  it('creates on the path of the role: doctors by default, nurses, ClinicDirector', () => {
    expect(signupRouteOf(['Doctor'])).toBe('signupDoctor');
    expect(signupRouteOf(['Nurse'])).toBe('signupNurse');
    expect(signupRouteOf(['ClinicDirector'])).toBe('signupClinicDirector');
    expect(signupRouteOf([])).toBe('signupDoctor');
  });

  it('lets a provider admin create a clinic admin only for a clinic without one: Associated Clinic is required, ?clinicId preselects, addAdmin', async () => {
    signInAs('ServiceProviderAdmin');
    const server = fakeServer()
      .on('GET', new RegExp(`^${SP}/getAllClinics`), {
        status: 200,
        body: { items: [clinicItem(1, { ClinicAdminFullName: 'Rina Shapiro' }), clinicItem(2), clinicItem(3)] },
      })
      .on('POST', `${SP}/clinics/c3/addAdmin`, { status: 200, body: user(9, { Role: 'ClinicAdmin', Roles: ['ClinicAdmin'] }) });
    const view = renderPortal('/users/createuser?clinicId=c1');
    const chosenClinic = () => formField('ClinicID')!.findControl()!.findSelect()!.findTrigger().getElement().textContent;
    // Once the clinics are read (a Select opened with no options yet would spin jsdom): the preselected clinic has an admin, so it is not chosen.
    await waitFor(() => expect(server.calls.some((call) => call.url.includes(`${SP}/getAllClinics`))).toBe(true), { timeout: 5000 });
    await waitFor(() => expect(wrapper().findButton('[data-testid="save-user"]')).not.toBeNull());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(chosenClinic()).toBe('Choose a clinic');
    expect(optionsOf('ClinicID')).toEqual(['Clinic 2', 'Clinic 3']);
    expect(optionsOf('Role')).toEqual(['ClinicAdmin']);
    leaveSelect('ClinicID');
    expect(fieldError('ClinicID')).toBe('Associated Clinic is required');
    view.unmount();

    renderPortal('/users/createuser?clinicId=c3');
    await waitFor(() => expect(formField('ClinicID')!.findControl()!.findSelect()!.findTrigger().getElement().textContent).toBe('Clinic 3'), {
      timeout: 5000,
    });
    typeInto('FirstName', 'Rina');
    typeInto('LastName', 'Katz');
    typeInto('Email', 'rina@clinic.example');
    typePhone('555 0144');
    await act(async () => button('save-user')!.click());
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('User Saved'));
    expect(server.callsTo('POST', `${SP}/clinics/c3/addAdmin`)[0]!.body).toEqual({
      FirstName: 'Rina',
      LastName: 'Katz',
      Email: 'rina@clinic.example',
      Phone: '+1 555 0144',
      Role: ['ClinicAdmin'],
    });
  });
});

describe('/users/edituser', () => {
  it('lets a clinic admin change its staff: the edit messages, the role options, only the changed fields sent after Accept changes', async () => {
    signInAs('ClinicAdmin');
    const server = fakeServer()
      .on('GET', `${CA}/getUser/u1`, { status: 200, body: user(1) })
      .on('POST', `${CA}/updateUser/u1`, (call) => ({
        status: 200,
        body: { ...user(1, { Phone: '+1 555 0199', IsEnabled: false }), changed: Object.keys(call.body as object) },
      }));
    renderPortal('/users/edituser?userId=u1');
    await waitFor(() => expect(formField('Email')).not.toBeNull(), { timeout: 5000 });
    const save = () => button('save-user')!;
    expect(readOnly('Email')).toBe(false);
    expect(optionsOf('Role')).toEqual(['ClinicDirector', 'Doctor', 'Nurse']);
    // Nothing changed yet: nothing to save.
    expect(save().isDisabled()).toBe(true);

    typeInto('Email', '');
    expect(fieldError('Email')).toBe('Email is required');
    typeInto('Email', 'nope');
    expect(fieldError('Email')).toBe('Email is not valid');
    typeInto('Email', 'noa1@clinic.example');
    typePhone('');
    expect(fieldError('Phone')).toBe('Phone is required');
    expect(save().isDisabled()).toBe(true);
    typePhone('555 0199');
    act(() => formField('IsEnabled')!.findControl()!.findToggle()!.findNativeInput().click());
    expect(save().isDisabled()).toBe(false);

    await act(async () => save().click());
    await waitFor(() => expect(visibleDialog()?.header).toBe('Accept changes'));
    expect(visibleDialog()!.text).toContain('You are going to change the user.');
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('User Saved'));
    expect(server.callsTo('POST', `${CA}/updateUser/u1`)[0]!.body).toEqual({ Phone: '+1 555 0199', IsEnabled: false });
    expect(visibleDialog()!.text).toContain('Changed: Phone, Status');
  });

  it('disables the fields and Save when the user’s roles do not overlap the signer’s allowed roles', async () => {
    signInAs('ServiceProviderAdmin');
    const server = fakeServer().on('GET', `${SP}/getUser/u1`, { status: 200, body: user(1) });
    renderPortal('/users/edituser?userId=u1');
    await waitFor(() => expect(formField('Email')).not.toBeNull(), { timeout: 5000 });
    expect(wrapper().find('[data-testid="user-restricted"]')).not.toBeNull();
    expect(readOnly('Email')).toBe(true);
    expect(phoneInput().findNativeInput().getElement().readOnly).toBe(true);
    expect(selectDisabled('Role')).toBe(true);
    expect(toggleDisabled('IsEnabled')).toBe(true);
    expect(button('save-user')!.isDisabled()).toBe(true);
    expect(server.calls.filter((call) => call.method === 'POST' && call.url.includes('/updateUser/'))).toHaveLength(0);
  });

  it('lets a provider admin change its clinic admins (the role options are its allowed roles)', async () => {
    signInAs('ServiceProviderAdmin');
    fakeServer().on('GET', `${SP}/getUser/u2`, { status: 200, body: user(2, { Role: 'ClinicAdmin', Roles: ['ClinicAdmin'] }) });
    renderPortal('/users/edituser?userId=u2');
    await waitFor(() => expect(formField('Email')).not.toBeNull(), { timeout: 5000 });
    expect(wrapper().find('[data-testid="user-restricted"]')).toBeNull();
    expect(readOnly('Email')).toBe(false);
    expect(toggleDisabled('IsEnabled')).toBe(false);
    expect(optionsOf('Role')).toEqual(['ClinicAdmin']);
  });

  it('shows the platform admin the form read-only with Save disabled', async () => {
    signInAs('LiberDiAdmin');
    fakeServer().on('GET', `${LIBERDI}/users/u3/profile`, {
      status: 200,
      body: user(3, { Role: 'ServiceProviderAdmin', Roles: ['ServiceProviderAdmin'], ClinicID: undefined, ClinicName: undefined }),
    });
    renderPortal('/users/edituser?userId=u3');
    await waitFor(() => expect(formField('Email')).not.toBeNull(), { timeout: 5000 });
    expect(wrapper().find('[data-testid="user-read-only"]')).not.toBeNull();
    expect(button('save-user')!.isDisabled()).toBe(true);
    expect(readOnly('Email')).toBe(true);
    expect(toggleDisabled('IsEnabled')).toBe(true);
  });
});

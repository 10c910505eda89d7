import { act, fireEvent, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { ClinicAnswer, ClinicListItem } from '@shared/api/clinics';
import { defaultSettings, settingNames, toSettingsList } from '@shared/settings';
import { clickDialogButton, fieldError, formField, typeInto, visibleDialog } from '../support/patient-form';
import { csvOfExport } from '../support/csv-export';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';

/** The clinic screens as the three administrators see them, on the fake server. */
beforeEach(() => {
  resetPortal();
  localStorage.clear();
});

const SP = '/spadmins/user-ServiceProviderAdmin';
const LIBERDI = '/liberdiAdmins/user-LiberDiAdmin';
const wrapper = () => createWrapper(document.body);
const table = () => wrapper().findTable();
const rows = () => table()?.findRows() ?? [];
const headers = () =>
  table()!
    .findColumnHeaders()
    .map((header) => header.getElement().textContent);
const readOnly = (name: string) => formField(name)!.findControl()!.findInput()!.findNativeInput().getElement().readOnly;
const cellsOf = (row: ReturnType<typeof rows>[number]) => row.findAll('td').map((cell) => cell.getElement().textContent);
const cells = (index: number) => cellsOf(rows()[index]!);

const listItem = (index: number, overrides: Partial<ClinicListItem> = {}): ClinicListItem => ({
  ClinicID: `c${index}`,
  ClinicName: `Clinic ${index}`,
  Location: 'Israel',
  ActivePatientLinkedDeviceCount: index,
  ClinicExchangeCounter: 10 * index,
  ClinicLastExchangeTime: '2026-01-10T08:00:00.000Z',
  ServiceProviderID: 'sp-1',
  ServiceProviderName: 'Care, Inc',
  ClinicIsEnabled: true,
  ...overrides,
});

const sourced = (from: 'provider' | 'global') => toSettingsList(defaultSettings).map((entry) => ({ ...entry, from }));

const clinicAnswer = (overrides: Partial<ClinicAnswer> = {}): ClinicAnswer => ({
  ClinicID: 'c1',
  ClinicName: 'North Clinic',
  ClinicPhone: '+1 555 0100',
  ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Herzl St' },
  ClinicIsEnabled: true,
  Email: 'north@clinic.example',
  serviceProvider: { ServiceProviderID: 'sp-1', ServiceProviderName: 'Care' },
  ActivePatientLinkedDeviceCount: 1,
  ClinicExchangeCounter: 3,
  Settings: sourced('provider'),
  ...overrides,
});

describe('/clinics', () => {
  it("shows a provider admin every page of its clinics in the spec's columns, greyed when deactivated, exported as clinics.csv, a row opening the tabs", async () => {
    signInAs('ServiceProviderAdmin');
    const server = fakeServer().on('GET', new RegExp(`^${SP}/getAllClinics`), (call) =>
      call.url.includes('cursor=next')
        ? { status: 200, body: { items: [listItem(2, { ClinicName: 'South, Clinic', Location: 'FR', ClinicIsEnabled: false })] } }
        : { status: 200, body: { items: [listItem(1)], cursor: 'next' } },
    );
    renderPortal('/clinics');
    // The first screen of the file loads the admin chunk and Cloudscape's table: give it time.
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 15_000 });
    expect(server.calls.filter((call) => call.url.includes('/getAllClinics'))).toHaveLength(2);
    expect(headers()).toEqual(['Clinic Name', 'Location', 'Activated Devices', 'Total No. of exchanges', 'Last exchange time']);
    expect(cells(0)).toEqual(['Clinic 1', 'Israel', '1', '10', '10/01/26']);
    // A country code is shown by its name; a deactivated clinic is greyed.
    expect(cells(1)[1]).toBe('France');
    expect(rows()[1]!.find('[data-row-state="deactivated"]')).not.toBeNull();
    expect(rows()[0]!.find('[data-row-state="deactivated"]')).toBeNull();
    expect(wrapper().findButton('[data-testid="add-clinic"]')).not.toBeNull();
    expect(wrapper().findFormField('[data-status-filter]')!.findLabel()!.getElement().textContent).toBe('Active or Inactive Clinics');

    const csv = await csvOfExport();
    expect(csv.name).toBe('clinics.csv');
    expect(csv.rows).toEqual([
      'Clinic Name,Location,Activated Devices,Total No. of exchanges,Last exchange time',
      'Clinic 1,Israel,1,10,10/01/26',
      'South Clinic,France,2,20,10/01/26',
    ]);

    act(() => rows()[0]!.findAll('td')[0]!.click());
    await waitFor(() => expect(currentPath()).toBe('/clinics/clinictabs?clinicId=c1'));
  });

  it('shows the platform admin every clinic with its provider and no add button; ?spId narrows to one provider without the provider column', async () => {
    signInAs('LiberDiAdmin');
    const server = fakeServer().on('GET', new RegExp(`^${LIBERDI}/clinics/getAllClinics`), { status: 200, body: { items: [listItem(1)] } });
    const view = renderPortal('/clinics');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    expect(headers()).toEqual(['Clinic Name', 'Location', 'Activated Devices', 'Total No. of exchanges', 'Last exchange time', 'Service provider']);
    expect(cells(0)[5]).toBe('Care, Inc');
    expect(wrapper().findButton('[data-testid="add-clinic"]')).toBeNull();
    view.unmount();

    renderPortal('/clinics?spId=sp-1');
    await waitFor(() => expect(server.calls.some((call) => call.url.endsWith('/clinics/getAllClinics?spId=sp-1'))).toBe(true), { timeout: 5000 });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(headers()).not.toContain('Service provider');
  });
});

describe('the clinic tabs and edit form', () => {
  it("shows a provider admin the users and edit tabs; the edit form shows the spec's messages, runs the bot check, asks 'Accept changes' and sends only the changed fields", async () => {
    signInAs('ServiceProviderAdmin');
    const server = fakeServer()
      .on('GET', `${SP}/getClinicInfo/c1`, { status: 200, body: clinicAnswer() })
      .on('POST', `${SP}/updateClinicInfo/c1`, (call) => ({
        status: 200,
        body: { ...clinicAnswer({ ClinicName: (call.body as { ClinicName: string }).ClinicName }), changed: ['ClinicName'] },
      }));
    renderPortal('/clinics/clinictabs?clinicId=c1');
    const tabs = await waitFor(
      () => {
        expect(wrapper().findTabs()).not.toBeNull();
        return wrapper().findTabs()!;
      },
      { timeout: 5000 },
    );
    expect(tabs.findTabLinks().map((tab) => tab.getElement().textContent)).toEqual(['Users', 'Edit clinic']);
    expect(Array.from(document.querySelectorAll('h2')).some((heading) => heading.textContent?.startsWith('Users'))).toBe(true);

    act(() => tabs.findTabLinkById('editclinic')!.click());
    await waitFor(() => expect(currentPath()).toBe('/clinics/clinictabs/editclinic?clinicId=c1'));
    await waitFor(() => expect(formField('ClinicName')).not.toBeNull(), { timeout: 5000 });
    const save = () => wrapper().findButton('[data-testid="save-clinic"]')!;
    // Nothing changed yet: nothing to save.
    expect(save().isDisabled()).toBe(true);

    typeInto('ClinicName', '');
    expect(fieldError('ClinicName')).toBe('Clinic name is required');
    expect(save().isDisabled()).toBe(true);
    typeInto('ClinicPhone', 'abc');
    expect(fieldError('ClinicPhone')).toBe('Phone number is not valid');
    act(() => formField('ClinicPhone')!.findControl()!.findInput()!.setInputValue('555 0100'));
    typeInto('Email', 'not-an-email');
    expect(fieldError('Email')).toBe('Email is not valid');
    typeInto('Email', '');
    // The clinic had a contact Email: clearing it is refused.
    expect(fieldError('Email')).toBe('Email is required');
    typeInto('Email', 'north@clinic.example');
    typeInto('ClinicName', 'North Clinic Renamed');
    expect(save().isDisabled()).toBe(false);

    await act(async () => save().click());
    await waitFor(() => expect(visibleDialog()?.header).toBe('Accept changes'));
    // The bot check ran before the confirmation.
    expect(server.calls.filter((call) => call.url === '/local/human-verification/token')).toHaveLength(1);
    expect(visibleDialog()!.text).toContain('You are going to change the clinic.');
    expect(visibleDialog()!.text).toContain('It can not be undone, so make sure you still would like to change it.');
    expect(server.callsTo('POST', `${SP}/updateClinicInfo/c1`)).toHaveLength(0);

    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Clinic Saved'));
    const [sent] = server.callsTo('POST', `${SP}/updateClinicInfo/c1`);
    expect(sent!.body).toEqual({ reCaptchaToken: 'human-token', ClinicName: 'North Clinic Renamed' });
    expect(visibleDialog()!.text).toContain('Changed: Clinic name');
  });

  it('stops at a refused bot check with its message, sending nothing', async () => {
    signInAs('ServiceProviderAdmin');
    const server = fakeServer()
      .on('GET', `${SP}/getClinicInfo/c1`, { status: 200, body: clinicAnswer() })
      .on('POST', '/local/human-verification/token', { status: 200, body: {} });
    renderPortal('/clinics/editclinic?clinicId=c1');
    await waitFor(() => expect(formField('ClinicName')).not.toBeNull(), { timeout: 5000 });
    typeInto('ClinicName', 'Renamed');
    await act(async () => wrapper().findButton('[data-testid="save-clinic"]')!.click());
    await waitFor(() => expect(visibleDialog()).toEqual({ header: 'Error', text: 'Blocked By ReCAPTCHA' }));
    expect(server.callsTo('POST', `${SP}/updateClinicInfo/c1`)).toHaveLength(0);
  });

  it('returns with the back arrow to the origin kept in local storage (a reload keeps no navigation state)', async () => {
    signInAs('ServiceProviderAdmin');
    localStorage.setItem('backPath:clinicTabs', '/clinics?spId=sp-1');
    fakeServer().on('GET', `${SP}/getClinicInfo/c1`, { status: 200, body: clinicAnswer() });
    renderPortal('/clinics/clinictabs?clinicId=c1');
    const back = await waitFor(
      () => {
        expect(wrapper().findButton('[data-testid="back"]')).not.toBeNull();
        return wrapper().findButton('[data-testid="back"]')!;
      },
      { timeout: 5000 },
    );
    act(() => back.click());
    await waitFor(() => expect(currentPath()).toBe('/clinics?spId=sp-1'));
  });

  it('shows the settings in force read-only, each with where it comes from', async () => {
    signInAs('ServiceProviderAdmin');
    const settings = sourced('global').map((setting) => (setting.name === 'MaxFillTemp' ? { ...setting, value: 38, from: 'clinic' as const } : setting));
    fakeServer().on('GET', `${SP}/getClinicInfo/c1`, { status: 200, body: clinicAnswer({ Settings: settings }) });
    renderPortal('/clinics/editclinic?clinicId=c1');
    await waitFor(() => expect(document.querySelector('[data-setting="MaxFillTemp"]')).not.toBeNull(), { timeout: 5000 });
    const maxFill = document.querySelector('[data-setting="MaxFillTemp"]')!;
    expect(maxFill.textContent).toBe('MaxFillTemp38Comes from: clinic');
    expect(document.querySelector('[data-setting="MinFillTemp"]')!.textContent).toBe('MinFillTemp35Comes from: global');
    expect(document.querySelectorAll('[data-setting]')).toHaveLength(settingNames.length);
  });

  it('shows the platform admin the edit form read-only with no save button, and the devices tab', async () => {
    signInAs('LiberDiAdmin');
    fakeServer().on('GET', `${LIBERDI}/clinics/c1/profile`, { status: 200, body: clinicAnswer() });
    renderPortal('/clinics/clinictabs/editclinic?clinicId=c1');
    await waitFor(() => expect(formField('ClinicName')).not.toBeNull(), { timeout: 5000 });
    expect(
      wrapper()
        .findTabs()!
        .findTabLinks()
        .map((tab) => tab.getElement().textContent),
    ).toEqual(['Users', 'Edit clinic', 'Devices']);
    expect(wrapper().findButton('[data-testid="save-clinic"]')).toBeNull();
    expect(readOnly('ClinicName')).toBe(true);
    expect(readOnly('Email')).toBe(true);
    expect(formField('ClinicIsEnabled')!.findControl()!.findToggle()!.findNativeInput().getElement().disabled).toBe(true);
    expect(formField('ClinicAddress')!.findControl()!.findButton()).toBeNull();
    expect(wrapper().find('[data-testid="clinic-read-only"]')).not.toBeNull();
  });
});

describe('/clinics/createclinic', () => {
  it("starts from the provider's settings, checks them, and sends the clinic with only the settings changed", async () => {
    signInAs('ServiceProviderAdmin');
    const providerSettings = toSettingsList(defaultSettings);
    const server = fakeServer()
      .on('GET', `${SP}/getMySP`, {
        status: 200,
        body: { ServiceProviderID: 'sp-1', ServiceProviderName: 'Care', Settings: providerSettings, SettingsSource: { MaxFillTemp: 'provider' } },
      })
      .on('POST', `${SP}/clinics/signup`, { status: 200, body: clinicAnswer({ ClinicID: 'c9' }) });
    renderPortal('/clinics/createclinic');
    await waitFor(() => expect(formField('ClinicName')).not.toBeNull(), { timeout: 5000 });
    const create = () => wrapper().findButton('[data-testid="create-clinic"]')!;
    expect(create().isDisabled()).toBe(true);
    expect(wrapper().find('[data-testid="logo-after-create"]')).not.toBeNull();
    const setting = (name: string) => wrapper().findFormField(`[data-setting="${name}"] >*`)!;
    expect(setting('MaxFillTemp').findDescription()!.getElement().textContent).toBe('Comes from: provider');
    expect(setting('MinFillTemp').findDescription()!.getElement().textContent).toBe('Comes from: global');

    typeInto('ClinicName', '');
    expect(fieldError('ClinicName')).toBe('Clinic name is required');
    typeInto('ClinicName', 'East Clinic');
    act(() => formField('ClinicPhone')!.findControl()!.findInput()!.setInputValue('555 0199'));
    act(() => formField('ClinicAddress')!.findControl()!.findButton()!.click());
    const country = wrapper().findFormField('[data-testid="address-country"]')!.findControl()!.findSelect()!;
    act(() => country.openDropdown());
    act(() => country.selectOptionByValue('Israel'));
    act(() => wrapper().findFormField('[data-testid="address-city"]')!.findControl()!.findInput()!.setInputValue('Acre'));
    act(() => wrapper().findFormField('[data-testid="address-street"]')!.findControl()!.findInput()!.setInputValue('4 Sea Rd'));
    await act(async () => wrapper().findButton('[data-testid="address-accept"]')!.click());
    expect(create().isDisabled()).toBe(false);

    // A setting input holds 3 characters; a minimum above its maximum is refused with the spec's message.
    const minFill = setting('MinFillTemp').findControl()!.findInput()!;
    act(() => minFill.setInputValue('4000'));
    expect(minFill.getInputValue()).toBe('400');
    expect(setting('MinFillTemp').findError()!.getElement().textContent).toBe('MinFillTemp max value is 39');
    expect(create().isDisabled()).toBe(true);
    act(() => minFill.setInputValue('36'));
    expect(setting('MinFillTemp').findError()).toBeNull();
    expect(setting('MinFillTemp').findDescription()!.getElement().textContent).toBe('Comes from: clinic (changed here)');

    await act(async () => create().click());
    await waitFor(() => expect(visibleDialog()?.header).toBe('Create clinic'));
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Clinic Saved'));
    const [sent] = server.callsTo('POST', `${SP}/clinics/signup`);
    expect(sent!.body).toEqual({
      ClinicName: 'East Clinic',
      ClinicPhone: '+1 555 0199',
      ClinicAddress: { Country: 'Israel', City: 'Acre', Street: '4 Sea Rd' },
      ClinicIsEnabled: true,
      Settings: [{ name: 'MinFillTemp', value: 36 }],
      reCaptchaToken: 'human-token',
    });
    await clickDialogButton('OK');
    await waitFor(() => expect(currentPath()).toBe('/clinics'));
  });
});

/** Chooses a file in the form's image field, as a person picks one. */
function chooseLogo(file: File) {
  const input = formField('image')!.findControl()!.findFileUpload()!.findNativeInput().getElement();
  act(() => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

const logoLink = (key: string) => ({
  url: 'https://store.example/upload',
  key,
  headers: { 'content-type': 'image/png', 'content-length': '4' },
  expiresIn: 300,
});

describe('the logo', () => {
  it("is uploaded to the clinic's link with exactly its headers, then named by its key in the update", async () => {
    signInAs('ServiceProviderAdmin');
    const key = 'clinics/c1/logo-1.png';
    const server = fakeServer()
      .on('GET', `${SP}/getClinicInfo/c1`, { status: 200, body: clinicAnswer() })
      .on('POST', `${SP}/clinics/c1/logoUpload`, { status: 200, body: logoLink(key) })
      .on('PUT', 'https://store.example/upload', { status: 200 })
      .on('POST', `${SP}/updateClinicInfo/c1`, { status: 200, body: { ...clinicAnswer(), changed: ['image'] } });
    renderPortal('/clinics/editclinic?clinicId=c1');
    await waitFor(() => expect(formField('image')).not.toBeNull(), { timeout: 5000 });
    chooseLogo(new File(['logo'], 'logo.png', { type: 'image/png' }));
    await act(async () => wrapper().findButton('[data-testid="save-clinic"]')!.click());
    await waitFor(() => expect(visibleDialog()?.header).toBe('Accept changes'));
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Clinic Saved'));
    expect(server.callsTo('POST', `${SP}/clinics/c1/logoUpload`)[0]!.body).toEqual({ files: [{ name: 'logo.png', size: 4 }] });
    const put = server.calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('https://store.example/upload');
    expect(put.headers).toEqual({ 'content-type': 'image/png', 'content-length': '4' });
    expect(server.callsTo('POST', `${SP}/updateClinicInfo/c1`)[0]!.body).toEqual({ reCaptchaToken: 'human-token', image: key });
  });

  it("refuses a file of another type with the spec's message before anything is sent", async () => {
    signInAs('ClinicAdmin');
    fakeServer().on('GET', '/clinicsAdmins/user-ClinicAdmin/getMyClinic', {
      status: 200,
      body: {
        ClinicID: 'c1',
        ClinicName: 'North Clinic',
        Email: 'north@clinic.example',
        Phone: '+1 555 0100',
        ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Herzl St' },
        ServiceProviderName: 'Care',
        ClinicIsEnabled: true,
        Settings: sourced('global'),
      },
    });
    renderPortal('/myprofile');
    await waitFor(() => expect(formField('image')).not.toBeNull(), { timeout: 5000 });
    chooseLogo(new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(fieldError('image')).toBe('Accepted types: png, jpg, jpeg, img');
    expect(wrapper().findButton('[data-testid="save-my-clinic"]')!.isDisabled()).toBe(true);
  });

  it("is uploaded through the clinic admin's own link on /myprofile", async () => {
    signInAs('ClinicAdmin');
    const key = 'clinics/c1/logo-2.png';
    const profile = {
      ClinicID: 'c1',
      ClinicName: 'North Clinic',
      Email: 'north@clinic.example',
      Phone: '+1 555 0100',
      ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Herzl St' },
      ServiceProviderName: 'Care',
      ClinicIsEnabled: true,
      Settings: sourced('global'),
    };
    const server = fakeServer()
      .on('GET', '/clinicsAdmins/user-ClinicAdmin/getMyClinic', { status: 200, body: profile })
      .on('POST', '/clinicsAdmins/user-ClinicAdmin/logoUpload', { status: 200, body: logoLink(key) })
      .on('PUT', 'https://store.example/upload', { status: 200 })
      .on('POST', '/clinicsAdmins/user-ClinicAdmin/updateMyClinic', { status: 200, body: { ...profile, changed: ['image'] } });
    renderPortal('/myprofile');
    await waitFor(() => expect(formField('image')).not.toBeNull(), { timeout: 5000 });
    chooseLogo(new File(['logo'], 'logo.png', { type: 'image/png' }));
    await act(async () => wrapper().findButton('[data-testid="save-my-clinic"]')!.click());
    await waitFor(() => expect(visibleDialog()?.header).toBe('Accept changes'));
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Clinic Saved'));
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect((server.callsTo('POST', '/clinicsAdmins/user-ClinicAdmin/updateMyClinic')[0]!.body as { image?: string }).image).toBe(key);
  });
});

describe('/myprofile for a clinic admin', () => {
  it("shows the own clinic's profile, requires Email, and saves through the bot check and the confirmation", async () => {
    signInAs('ClinicAdmin');
    const profile = {
      ClinicID: 'c1',
      ClinicName: 'North Clinic',
      Email: 'north@clinic.example',
      Phone: '+1 555 0100',
      ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Herzl St' },
      ServiceProviderName: 'Care',
      ContactPersonFullName: 'Cleo Admin',
      ClinicIsEnabled: true,
      Settings: sourced('global'),
    };
    const server = fakeServer()
      .on('GET', '/clinicsAdmins/user-ClinicAdmin/getMyClinic', { status: 200, body: profile })
      .on('POST', '/clinicsAdmins/user-ClinicAdmin/updateMyClinic', { status: 200, body: { ...profile, Phone: '+1 555 0111', changed: ['Phone'] } });
    renderPortal('/myprofile');
    await waitFor(() => expect(formField('Email')).not.toBeNull(), { timeout: 5000 });
    expect(readOnly('ServiceProviderName')).toBe(true);
    const save = () => wrapper().findButton('[data-testid="save-my-clinic"]')!;
    typeInto('Email', '');
    expect(fieldError('Email')).toBe('Email is required');
    expect(save().isDisabled()).toBe(true);
    typeInto('Email', 'north@clinic.example');
    act(() => formField('Phone')!.findControl()!.findInput()!.setInputValue('555 0111'));
    expect(save().isDisabled()).toBe(false);
    await act(async () => save().click());
    await waitFor(() => expect(visibleDialog()?.header).toBe('Accept changes'));
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Clinic Saved'));
    const [sent] = server.callsTo('POST', '/clinicsAdmins/user-ClinicAdmin/updateMyClinic');
    expect(sent!.body).toEqual({
      reCaptchaToken: 'human-token',
      Email: 'north@clinic.example',
      Phone: '+1 555 0111',
      ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Herzl St' },
    });
  });
});

import { act, fireEvent, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { ProviderProfile } from '@shared/api/providers';
import { settingNames } from '@shared/settings';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { clickDialogButton, enterAddress, fieldError, formField, typeInto, visibleDialog } from '../support/patient-form';

/** The provider's form: /sp/createsp, the tabs' admin profile (LiberDiAdmin) and /myprofile (ServiceProviderAdmin). */
beforeEach(() => resetPortal());

const page = () => createWrapper(document.body);
const saveButton = () => page().findButton('[data-testid="save-provider"]')!;

const stored = (overrides: Partial<ProviderProfile> = {}): ProviderProfile => ({
  ServiceProviderID: 'sp-1',
  ServiceProviderName: 'Renal Care',
  Clinics: 2,
  ActivePatientLinkedDeviceCount: 5,
  SPExchangeCounter: 40,
  ServiceProviderIsEnabled: true,
  IsEnabled: true,
  ServiceProviderAddress: { Country: 'Israel', City: 'Haifa', Street: 'Herzl 1' },
  Email: 'pia@renal.example',
  Phone: '+1 555 0100',
  FirstName: 'Pia',
  LastName: 'Admin',
  CreatedAt: '2026-01-01T00:00:00.000Z',
  Role: 'ServiceProviderAdmin',
  Settings: [],
  SettingsSource: Object.fromEntries(settingNames.map((name) => [name, 'global'])),
  ...overrides,
});

describe('/sp/createsp', () => {
  const SIGNUP = '/liberdiAdmins/user-LiberDiAdmin/sp/signup';

  async function openCreate() {
    signInAs('LiberDiAdmin');
    const server = fakeServer().on('GET', /getAllServiceProviders/, { status: 200, body: { items: [] } });
    renderPortal('/sp/createsp');
    await waitFor(() => expect(formField('ServiceProviderName')).not.toBeNull(), { timeout: 5000 });
    return server;
  }

  async function fillEverything() {
    typeInto('ServiceProviderName', 'Renal Care');
    typeInto('FirstName', 'Pia');
    typeInto('LastName', 'Admin');
    typeInto('Email', 'pia@renal.example');
    typeInto('Phone', '555 0100');
    await enterAddress({ Country: 'Israel', City: 'Haifa', Street: 'Herzl 1' }, 'ServiceProviderAddress');
  }

  it("shows the spec's first message under each field and keeps Save disabled while any exists", async () => {
    await openCreate();
    expect(saveButton().isDisabled()).toBe(true);
    typeInto('ServiceProviderName', '');
    expect(fieldError('ServiceProviderName')).toBe('Service provider name is required');
    typeInto('FirstName', '');
    expect(fieldError('FirstName')).toBe('First name is required');
    typeInto('LastName', '');
    expect(fieldError('LastName')).toBe('Last name is required');
    typeInto('Email', '');
    expect(fieldError('Email')).toBe('Email is required');
    typeInto('Email', 'not-an-email');
    expect(fieldError('Email')).toBe('Email is not valid');
    typeInto('Phone', '');
    expect(fieldError('Phone')).toBe('Phone is required');
    typeInto('Phone', 'call me');
    expect(fieldError('Phone')).toBe('Phone number is not valid');
    // The address dialog keeps Accept blocked until each part is given.
    act(() => formField('ServiceProviderAddress')!.findControl()!.findButton()!.click());
    expect(page().findButton('[data-testid="address-accept"]')!.isDisabled()).toBe(true);
    await clickDialogButton('cancel');
    expect(fieldError('ServiceProviderAddress')).toBe('Country name is required');

    await fillEverything();
    expect(fieldError('Email')).toBe('');
    expect(fieldError('ServiceProviderAddress')).toBe('');
    expect(saveButton().isDisabled()).toBe(false);
    typeInto('LastName', '');
    expect(saveButton().isDisabled()).toBe(true);
  });

  it("confirms, creates the provider, says 'Service Provider Saved' and returns to /sp", async () => {
    const server = await openCreate();
    server.on('POST', SIGNUP, { status: 200, body: stored() });
    await fillEverything();
    await act(async () => saveButton().click());
    expect(visibleDialog()?.text).toContain('It can not be undone');
    expect(server.callsTo('POST', SIGNUP)).toHaveLength(0);
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Service Provider Saved'));
    expect(server.callsTo('POST', SIGNUP)[0]!.body).toEqual({
      ServiceProviderName: 'Renal Care',
      FirstName: 'Pia',
      LastName: 'Admin',
      Email: 'pia@renal.example',
      Phone: '+1 555 0100',
      ServiceProviderAddress: { Country: 'Israel', City: 'Haifa', Street: 'Herzl 1' },
    });
    await clickDialogButton('OK');
    await waitFor(() => expect(currentPath()).toBe('/sp'));
  });

  it("says 'Service Provider was not created' with the server's reason", async () => {
    const server = await openCreate();
    server.on('POST', SIGNUP, { status: 409, body: { message: 'E11000 duplicate key {Email}' } });
    await fillEverything();
    await act(async () => saveButton().click());
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Service Provider was not created'));
    expect(visibleDialog()?.text).toContain('Email is already registered.');
    expect(currentPath()).toBe('/sp/createsp');
  });
});

describe('/sp/sptabs', () => {
  const PROFILE = '/liberdiAdmins/user-LiberDiAdmin/sp/sp-1/profile';
  const UPDATE = '/liberdiAdmins/user-LiberDiAdmin/sp/sp-1/updateProfile';
  const tabs = () => page().findTabs()!;

  async function openTabs(path: string) {
    signInAs('LiberDiAdmin');
    const server = fakeServer()
      .on('GET', PROFILE, { status: 200, body: stored() })
      .on('GET', /getAllServiceProviders/, { status: 200, body: { items: [] } });
    renderPortal(path);
    await waitFor(() => expect(page().findTabs()).not.toBeNull(), { timeout: 5000 });
    return server;
  }

  it('shows the clinics, users and admin tabs, each on its path, keeping ?spId', async () => {
    await openTabs('/sp/sptabs?spId=sp-1');
    expect(
      tabs()
        .findTabLinks()
        .map((link) => link.getElement().textContent),
    ).toEqual(['Clinics', 'Users', 'Admin']);
    expect(tabs().findActiveTab()!.getElement().textContent).toBe('Clinics');
    await waitFor(() => expect(page().findHeader()!.findHeadingText().getElement().textContent).toBe('Renal Care'));
    // The clinics list inside the tab heads its part of the page: the provider's name stays the one h1.
    expect(Array.from(document.querySelectorAll('h1')).map((heading) => heading.textContent)).toEqual(['Renal Care']);
    expect(Array.from(document.querySelectorAll('h2')).some((heading) => heading.textContent?.startsWith('Clinics'))).toBe(true);

    act(() => tabs().findTabLinkById('users')!.click());
    await waitFor(() => expect(currentPath()).toBe('/sp/sptabs/users?spId=sp-1'));
    // The provider's users list heads its part of the page (an h2), narrowed to the provider.
    expect(Array.from(document.querySelectorAll('h2')).some((heading) => heading.textContent?.startsWith('Users'))).toBe(true);

    act(() => tabs().findTabLinkById('profile')!.click());
    await waitFor(() => expect(currentPath()).toBe('/sp/sptabs/profile?spId=sp-1'));
    await waitFor(() => expect(formField('ServiceProviderIsEnabled')).not.toBeNull());

    act(() => tabs().findTabLinkById('clinics')!.click());
    await waitFor(() => expect(currentPath()).toBe('/sp/sptabs?spId=sp-1'));
  });

  it('saves a changed profile and the Deactivated flag after confirmation, sending only what changed', async () => {
    const server = await openTabs('/sp/sptabs/profile?spId=sp-1');
    server.on('POST', UPDATE, (call) => ({ status: 200, body: stored(call.body as Partial<ProviderProfile>) }));
    await waitFor(() => expect(formField('Email')).not.toBeNull());
    const toggle = formField('ServiceProviderIsEnabled')!.findControl()!.findToggle()!;
    expect(toggle.findLabel().getElement().textContent).toBe('Activated');
    // Nothing changed yet: nothing to save.
    expect(saveButton().isDisabled()).toBe(true);
    typeInto('Email', '');
    expect(fieldError('Email')).toBe('Email is required');
    typeInto('Email', 'new@renal.example');
    act(() => toggle.findNativeInput().click());
    expect(toggle.findLabel().getElement().textContent).toBe('Deactivated');
    expect(saveButton().isDisabled()).toBe(false);
    await act(async () => saveButton().click());
    expect(visibleDialog()?.header).toBe('Accept changes');
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Service Provider Saved'));
    expect(server.callsTo('POST', UPDATE)[0]!.body).toEqual({ Email: 'new@renal.example', ServiceProviderIsEnabled: false });
    await clickDialogButton('OK');
    expect(saveButton().isDisabled()).toBe(true);
  });
});

/** Chooses files in the logo's file input as the browser's file dialog would. */
function chooseLogo(...files: File[]) {
  const input = formField('image')!.findControl()!.findFileUpload()!.findNativeInput().getElement();
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  act(() => {
    fireEvent.change(input);
  });
}

describe('the provider logo', () => {
  const PROFILE = '/liberdiAdmins/user-LiberDiAdmin/sp/sp-1/profile';
  const LINK = '/liberdiAdmins/user-LiberDiAdmin/sp/sp-1/logoUpload';
  const UPDATE = '/liberdiAdmins/user-LiberDiAdmin/sp/sp-1/updateProfile';
  const STORE = 'http://store.test/providers/sp-1/logo-1.png?signature=x';

  it('uploads a chosen logo through its link, then names its key in the update', async () => {
    signInAs('LiberDiAdmin');
    const server = fakeServer()
      .on('GET', PROFILE, { status: 200, body: stored() })
      .on('GET', /getAllServiceProviders/, { status: 200, body: { items: [] } })
      .on('POST', LINK, {
        status: 200,
        body: { url: STORE, key: 'providers/sp-1/logo-1.png', headers: { 'content-type': 'image/png', 'content-length': '4' }, expiresIn: 300 },
      })
      .on('PUT', STORE, { status: 200 })
      .on('POST', UPDATE, { status: 200, body: stored({ image: 'http://store.test/providers/sp-1/logo-1.png?read' }) });
    renderPortal('/sp/sptabs/profile?spId=sp-1');
    await waitFor(() => expect(formField('image')).not.toBeNull(), { timeout: 5000 });
    chooseLogo(new File(['logo'], 'logo.png', { type: 'image/png' }));
    expect(saveButton().isDisabled()).toBe(false);
    await act(async () => saveButton().click());
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Service Provider Saved'));
    expect(server.callsTo('POST', LINK)[0]!.body).toEqual({ files: [{ name: 'logo.png', size: 4 }] });
    const put = server.calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe(STORE);
    expect(put.headers).toEqual({ 'content-type': 'image/png' });
    expect(server.callsTo('POST', UPDATE)[0]!.body).toEqual({ image: 'providers/sp-1/logo-1.png' });
    await clickDialogButton('OK');
    await waitFor(() =>
      expect(formField('image')!.getElement().querySelector('img')?.getAttribute('src')).toBe('http://store.test/providers/sp-1/logo-1.png?read'),
    );
  });

  it("refuses a file of another type with the spec's words and sends nothing", async () => {
    signInAs('LiberDiAdmin');
    const server = fakeServer()
      .on('GET', PROFILE, { status: 200, body: stored() })
      .on('GET', /getAllServiceProviders/, { status: 200, body: { items: [] } });
    renderPortal('/sp/sptabs/profile?spId=sp-1');
    await waitFor(() => expect(formField('image')).not.toBeNull(), { timeout: 5000 });
    chooseLogo(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(fieldError('image')).toBe('Accepted types: png, jpg, jpeg, img');
    expect(saveButton().isDisabled()).toBe(true);
    expect(server.callsTo('POST', LINK)).toHaveLength(0);
  });
});

describe('/myprofile of a provider admin', () => {
  const MINE = '/spadmins/user-ServiceProviderAdmin/getMySP';
  const UPDATE = '/spadmins/user-ServiceProviderAdmin/updateSPprofile';

  it('edits the own provider without the enabled flag: Email, Phone and the address required', async () => {
    signInAs('ServiceProviderAdmin', { TwoFactorEnabled: true });
    const server = fakeServer()
      .on('GET', MINE, { status: 200, body: stored() })
      .on('POST', UPDATE, (call) => ({ status: 200, body: stored(call.body as Partial<ProviderProfile>) }));
    renderPortal('/myprofile');
    await waitFor(() => expect(formField('Phone')).not.toBeNull(), { timeout: 5000 });
    expect(formField('ServiceProviderIsEnabled')).toBeNull();
    typeInto('Phone', '');
    expect(fieldError('Phone')).toBe('Phone is required');
    expect(saveButton().isDisabled()).toBe(true);
    typeInto('Phone', '555 0199');
    await act(async () => saveButton().click());
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Service Provider Saved'));
    expect(server.callsTo('POST', UPDATE)[0]!.body).toEqual({ Phone: '+1 555 0199' });
  });
});

import { act, render, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { MemoryRouter } from 'react-router-dom';
import type { DeviceDeadLetter, DeviceProfile } from '@shared/api/devices';
import type { ExchangeRow } from '@shared/api/exchanges';
import { AppProvider } from '@web/src/app/provider';
import { DeviceSettingsForm } from '@web/src/features/admin/device-settings/device-settings-screen';
import { utilizationBand } from '@web/src/features/admin/devices/utilization';
import { clickDialogButton, fieldError, formField, typeInto, visibleDialog } from '../support/patient-form';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { catchDownloads, csvRows } from '../support/downloads';

/** The device screens as the platform admin sees them, on the fake server. */
beforeEach(() => {
  resetPortal();
  localStorage.clear();
  jest.restoreAllMocks();
});

const LIBERDI = '/liberdiAdmins/user-LiberDiAdmin';
const wrapper = () => createWrapper(document.body);
const table = () => wrapper().findTable();
const rows = () => table()?.findRows() ?? [];
const headers = () =>
  table()!
    .findColumnHeaders()
    .map((header) => header.getElement().textContent);
const cellsOf = (row: ReturnType<typeof rows>[number]) => row.findAll('td').map((cell) => cell.getElement().textContent);
const rowOf = (serial: string) => rows().find((row) => row.getElement().textContent?.includes(serial))!;

const device = (serial: string, overrides: Partial<DeviceProfile> = {}): DeviceProfile => ({
  DeviceID: `d-${serial}`,
  SerialNumber: serial,
  IsEnabled: true,
  Utilization: 10,
  Errors: [],
  ClinicID: 'c1',
  ClinicName: 'North Clinic',
  ServiceProviderID: 'sp-1',
  ServiceProviderName: 'Care, Inc',
  Note: null,
  BloodMAC: null,
  ScaleMAC: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  Linked: false,
  ExchangeCount: 0,
  ...overrides,
});

describe('utilization bands (spec 4)', () => {
  it('is green for 1-20, yellow above 20, red above 50, and none below 1', () => {
    expect([undefined, 0, 0.5, 1, 20, 20.5, 50, 51, 100].map(utilizationBand)).toEqual([
      undefined,
      undefined,
      undefined,
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });
});

describe('/devices', () => {
  it("reads every page and shows the spec's columns: a tick or cross, the band icons, the latest errors, clinic and provider; devices.csv without commas", async () => {
    signInAs('LiberDiAdmin');
    const server = fakeServer().on('GET', new RegExp(`^${LIBERDI}/devices/getAllDevices`), (call) =>
      call.url.includes('cursor=next')
        ? {
            status: 200,
            body: {
              items: [
                device('300-00003', { IsEnabled: false, Utilization: 51, ClinicName: undefined, ClinicID: undefined }),
                device('400-00004', { Utilization: undefined }),
              ],
            },
          }
        : {
            status: 200,
            body: {
              items: [
                device('100-00001', {
                  Utilization: 20,
                  Note: 'Filter, replaced',
                  Errors: [
                    { Time: '2026-02-02T10:00:00.000Z', MachineProblem: 'PANIC: heater' },
                    { Time: '2026-02-01T10:00:00.000Z', MachineProblem: 'Pump slow' },
                  ],
                }),
                device('200-00002', { Utilization: 21 }),
              ],
              cursor: 'next',
            },
          },
    );
    renderPortal('/devices');
    await waitFor(() => expect(rows()).toHaveLength(4), { timeout: 15_000 });
    expect(server.calls.filter((call) => call.url.includes('/devices/getAllDevices'))).toHaveLength(2);
    expect(headers()).toEqual(['Status', 'Serial No.', 'Utilization', 'Errors', 'Clinic name', 'Service provider name', 'Comment', 'Settings']);
    expect(cellsOf(rowOf('100-00001')).slice(1, 6)).toEqual(['100-00001', '20', 'PANIC: heater(+1 more)', 'North Clinic', 'Care, Inc']);

    // Status: a tick or a cross, each named.
    expect(rowOf('100-00001').find('[aria-label="Activated"]')).not.toBeNull();
    expect(rowOf('300-00003').find('[aria-label="Deactivated"]')).not.toBeNull();
    // The utilization icon's colour by band, named too.
    const band = (serial: string) => rowOf(serial).find('[data-utilization-band]')!.getElement().getAttribute('data-utilization-band');
    expect([band('100-00001'), band('200-00002'), band('300-00003'), band('400-00004')]).toEqual(['green', 'yellow', 'red', 'none']);
    expect(rowOf('200-00002').findStatusIndicator()!.getElement().textContent).toBe('21');
    expect(rowOf('200-00002').find('[aria-label="Yellow"]')).not.toBeNull();
    // Deactivated devices are greyed, the status filter is there.
    expect(rowOf('300-00003').find('[data-row-state="deactivated"]')).not.toBeNull();
    expect(rowOf('100-00001').find('[data-row-state="deactivated"]')).toBeNull();
    expect(wrapper().findFormField('[data-status-filter]')!.findLabel()!.getElement().textContent).toBe('Active or Inactive Devices');

    const downloads = catchDownloads();
    act(() => wrapper().findButton('[data-testid="export-csv"]')!.click());
    expect(downloads.names).toEqual(['devices.csv']);
    expect(csvRows(await downloads.text(0))).toEqual([
      'Status,Serial No.,Utilization,Errors,Clinic name,Service provider name,Comment',
      'Activated,100-00001,20,PANIC: heater; Pump slow,North Clinic,Care Inc,Filter replaced',
      'Activated,200-00002,21,,North Clinic,Care Inc,',
      'Deactivated,300-00003,51,,,Care Inc,',
      'Activated,400-00004,,,North Clinic,Care Inc,',
    ]);
  });

  it('opens the exchanges from the row, the errors from the info icon and the settings from the gear', async () => {
    signInAs('LiberDiAdmin');
    fakeServer().on('GET', new RegExp(`^${LIBERDI}/devices/getAllDevices`), { status: 200, body: { items: [device('100-00001')] } });
    const first = renderPortal('/devices');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    act(() => rows()[0]!.findAll('td')[2]!.click());
    await waitFor(() => expect(currentPath()).toBe('/device/exchanges?deviceId=d-100-00001'));
    first.unmount();

    const second = renderPortal('/devices');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    act(() => rows()[0]!.findButton('[aria-label="Show the errors of device 100-00001"]')!.click());
    await waitFor(() => expect(currentPath()).toBe('/device/errors?deviceId=d-100-00001'));
    second.unmount();

    renderPortal('/devices');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    act(() => rows()[0]!.findButton('[aria-label="Open the settings of device 100-00001"]')!.click());
    await waitFor(() => expect(currentPath()).toBe('/device/settings?deviceId=d-100-00001'));
  });

  it("narrows to a clinic in the clinic tabs, without the clinic and provider columns, and with ?spId without the provider's", async () => {
    signInAs('LiberDiAdmin');
    const server = fakeServer().on('GET', new RegExp(`^${LIBERDI}/devices/getAllDevices`), { status: 200, body: { items: [device('100-00001')] } });
    const tabs = renderPortal('/clinics/clinictabs/devices?clinicId=c1');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    expect(server.calls.some((call) => call.url.endsWith('/devices/getAllDevices?clinicId=c1'))).toBe(true);
    expect(headers()).toEqual(['Status', 'Serial No.', 'Utilization', 'Errors', 'Comment', 'Settings']);
    // No registration inside a clinic's tab.
    expect(wrapper().findButton('[data-testid="register-device"]')).toBeNull();
    tabs.unmount();

    renderPortal('/devices?spId=sp-1');
    await waitFor(() => expect(server.calls.some((call) => call.url.endsWith('/devices/getAllDevices?spId=sp-1'))).toBe(true));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(headers()).toEqual(['Status', 'Serial No.', 'Utilization', 'Errors', 'Clinic name', 'Comment', 'Settings']);
  });
});

describe('the device note (spec 4)', () => {
  const noteButton = () => rows()[0]!.findButton('[aria-label="Edit the note of device 100-00001"]')!;
  const saveNote = () =>
    rows()[0]!
      .findAllButtons()
      .find((button) => button.getElement().textContent === 'Save note')!;

  it('expands the row to the editor; an empty note is sent as null and the row updates from the answer', async () => {
    signInAs('LiberDiAdmin');
    const server = fakeServer()
      .on('GET', new RegExp(`^${LIBERDI}/devices/getAllDevices`), { status: 200, body: { items: [device('100-00001', { Note: 'Old note' })] } })
      .on('POST', `${LIBERDI}/devices/d-100-00001/profile`, { status: 200, body: device('100-00001', { Note: null }) });
    renderPortal('/devices');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    expect(rows()[0]!.find('[data-testid="note-text"]')!.getElement().textContent).toBe('Old note');
    expect(noteButton().getElement().getAttribute('aria-expanded')).toBe('false');
    act(() => noteButton().click());
    expect(noteButton().getElement().getAttribute('aria-expanded')).toBe('true');
    const textarea = rows()[0]!.findTextarea()!;
    expect(textarea.getTextareaValue()).toBe('Old note');
    expect(textarea.findNativeTextarea().getElement().rows).toBe(8);
    // The note stops at 1000 characters.
    act(() => textarea.setTextareaValue('x'.repeat(1200)));
    expect(rows()[0]!.findTextarea()!.getTextareaValue()).toHaveLength(1000);
    act(() => rows()[0]!.findTextarea()!.setTextareaValue('   '));
    // Clicking in the editor does not open the exchanges.
    expect(currentPath()).toBe('/devices');
    await act(async () => saveNote().click());
    await waitFor(() => expect(server.callsTo('POST', `${LIBERDI}/devices/d-100-00001/profile`)).toHaveLength(1));
    expect(server.callsTo('POST', `${LIBERDI}/devices/d-100-00001/profile`)[0]!.body).toEqual({ Note: null });
    await waitFor(() => expect(rows()[0]!.find('[data-testid="note-text"]')!.getElement().textContent).toBe(''));
    expect(wrapper().find('[role="status"]')!.getElement().textContent).toContain('The note is saved');
    expect(currentPath()).toBe('/devices');
  });

  it('shows the error dialog when the note is refused, and keeps the row', async () => {
    signInAs('LiberDiAdmin');
    fakeServer()
      .on('GET', new RegExp(`^${LIBERDI}/devices/getAllDevices`), { status: 200, body: { items: [device('100-00001', { Note: 'Old note' })] } })
      .on('POST', `${LIBERDI}/devices/d-100-00001/profile`, { status: 403, body: { message: ["Error: signed user don't have access to update Device."] } });
    renderPortal('/devices');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    act(() => noteButton().click());
    act(() => rows()[0]!.findTextarea()!.setTextareaValue('New words'));
    await act(async () => saveNote().click());
    await waitFor(() => expect(visibleDialog()).toEqual({ header: 'Error', text: "Error: signed user don't have access to update Device." }));
    expect(rows()[0]!.find('[data-testid="note-text"]')!.getElement().textContent).toBe('Old note');
  });
});

describe('Register device', () => {
  const providers = {
    items: [
      {
        ServiceProviderID: 'sp-1',
        ServiceProviderName: 'Care',
        Clinics: 1,
        ActivePatientLinkedDeviceCount: 0,
        SPExchangeCounter: 0,
        ServiceProviderIsEnabled: true,
        IsEnabled: true,
        ServiceProviderAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Main St' },
        Email: 'sp@care.example',
        Phone: '+972 4 555 0101',
        FirstName: 'Dana',
        LastName: 'Levi',
      },
    ],
  };
  const clinics = {
    items: [
      {
        ClinicID: 'c1',
        ClinicName: 'North Clinic',
        Location: 'Israel',
        ActivePatientLinkedDeviceCount: 0,
        ClinicExchangeCounter: 0,
        ServiceProviderID: 'sp-1',
        ServiceProviderName: 'Care',
        ClinicIsEnabled: true,
      },
    ],
  };
  const modal = () =>
    wrapper()
      .findAllModals()
      .find((candidate) => candidate.isVisible())!;

  async function fillRegistration(serial: string) {
    await waitFor(() => expect(wrapper().findButton('[data-testid="register-device"]')).not.toBeNull(), { timeout: 5000 });
    act(() => wrapper().findButton('[data-testid="register-device"]')!.click());
    await waitFor(() => expect(modal().findHeader().getElement().textContent).toBe('Register device'));
    const serialInput = formField('register-serial')!.findControl()!.findInput()!;
    // Only digits, '.' and '-' are kept; the shared schema's message shows for a short one.
    act(() => serialInput.focus());
    act(() => serialInput.setInputValue('12a3'));
    act(() => serialInput.blur());
    expect(serialInput.getInputValue()).toBe('123');
    expect(fieldError('register-serial')).toBe('SN length must be 9 characters');
    typeInto('register-serial', serial);
    await waitFor(() => expect(formField('register-provider')!.findControl()!.findSelect()!.findTrigger()).not.toBeNull());
    const provider = formField('register-provider')!.findControl()!.findSelect()!;
    act(() => provider.openDropdown());
    await waitFor(() => expect(provider.findDropdown().findOptions()).toHaveLength(1));
    act(() => provider.selectOptionByValue('sp-1'));
    await waitFor(() => expect(formField('register-clinic')).not.toBeNull());
    const clinic = formField('register-clinic')!.findControl()!.findSelect()!;
    act(() => clinic.openDropdown());
    await waitFor(() => expect(clinic.findDropdown().findOptions()).toHaveLength(2));
    act(() => clinic.selectOptionByValue('c1'));
    await act(async () => modal().findFooter()!.findButton('[data-testid="register-submit"]')!.click());
    await waitFor(() => expect(modal().findContent().getElement().textContent).toContain('You are going to register the device and issue its credentials.'));
  }

  it('registers a device for a provider and its clinic after confirmation, shows the secret once with its download, then forgets it', async () => {
    signInAs('LiberDiAdmin');
    const server = fakeServer()
      .on('GET', new RegExp(`^${LIBERDI}/devices/getAllDevices`), { status: 200, body: { items: [] } })
      .on('GET', new RegExp(`^${LIBERDI}/sp/getAllServiceProviders`), { status: 200, body: providers })
      .on('GET', new RegExp(`^${LIBERDI}/clinics/getAllClinics\\?spId=sp-1`), { status: 200, body: clinics })
      .on('POST', `${LIBERDI}/devices/register`, {
        status: 200,
        body: { device: device('123-45678'), credentials: { kind: 'secret', username: '123-45678', secret: 's3cr3t-once' } },
      });
    renderPortal('/devices');
    await fillRegistration('123-45678');
    expect(server.callsTo('POST', `${LIBERDI}/devices/register`)).toHaveLength(0);
    await act(async () => modal().findFooter()!.findButton('[data-testid="register-accept"]')!.click());

    await waitFor(() => expect(modal().findHeader().getElement().textContent).toBe('Device 123-45678 is registered'));
    expect(server.callsTo('POST', `${LIBERDI}/devices/register`)[0]!.body).toEqual({ SerialNumber: '123-45678', ServiceProviderID: 'sp-1', ClinicID: 'c1' });
    expect(modal().findContent().getElement().textContent).toContain('These credentials are shown only now: the portal does not keep them.');
    expect(modal().findContent().findInput('[data-testid="register-secret"]')!.getInputValue()).toBe('s3cr3t-once');
    // The list is read again to show the new device.
    await waitFor(() => expect(server.calls.filter((call) => call.url.includes('/devices/getAllDevices'))).toHaveLength(2));

    const downloads = catchDownloads();
    act(() => modal().findContent().findButton('[data-testid="download-secret"]')!.click());
    expect(downloads.names).toEqual(['123-45678-credentials.json']);
    expect(JSON.parse(await downloads.text(0))).toEqual({ clientId: '123-45678', username: '123-45678', secret: 's3cr3t-once' });

    act(() => modal().findFooter()!.findButton('[data-testid="register-done"]')!.click());
    await waitFor(() =>
      expect(
        wrapper()
          .findAllModals()
          .some((candidate) => candidate.isVisible()),
      ).toBe(false),
    );
    expect(document.body.textContent).not.toContain('s3cr3t-once');
    // Opening it again starts a new registration: the secret is gone.
    act(() => wrapper().findButton('[data-testid="register-device"]')!.click());
    await waitFor(() => expect(modal().findHeader().getElement().textContent).toBe('Register device'));
    expect(document.body.textContent).not.toContain('s3cr3t-once');
  });

  it('offers the certificate and the private key as PEM files on AWS', async () => {
    signInAs('LiberDiAdmin');
    fakeServer()
      .on('GET', new RegExp(`^${LIBERDI}/devices/getAllDevices`), { status: 200, body: { items: [] } })
      .on('GET', new RegExp(`^${LIBERDI}/sp/getAllServiceProviders`), { status: 200, body: providers })
      .on('GET', new RegExp(`^${LIBERDI}/clinics/getAllClinics\\?spId=sp-1`), { status: 200, body: clinics })
      .on('POST', `${LIBERDI}/devices/register`, {
        status: 200,
        body: {
          device: device('123-45678'),
          credentials: {
            kind: 'certificate',
            thingName: '123-45678',
            certificateArn: 'arn:aws:iot:eu-west-1:1:cert/abc',
            certificatePem: '-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----\n',
            privateKey: '-----BEGIN RSA PRIVATE KEY-----\nMII\n-----END RSA PRIVATE KEY-----\n',
          },
        },
      });
    renderPortal('/devices');
    await fillRegistration('123-45678');
    await act(async () => modal().findFooter()!.findButton('[data-testid="register-accept"]')!.click());
    await waitFor(() => expect(modal().findHeader().getElement().textContent).toBe('Device 123-45678 is registered'));
    const downloads = catchDownloads();
    act(() => modal().findContent().findButton('[data-testid="download-certificate"]')!.click());
    act(() => modal().findContent().findButton('[data-testid="download-key"]')!.click());
    expect(downloads.names).toEqual(['123-45678-certificate.pem.crt', '123-45678-private.pem.key']);
    expect(await downloads.text(1)).toContain('BEGIN RSA PRIVATE KEY');
  });

  it('shows the 409 message of a serial number registered already, and no credentials', async () => {
    signInAs('LiberDiAdmin');
    fakeServer()
      .on('GET', new RegExp(`^${LIBERDI}/devices/getAllDevices`), { status: 200, body: { items: [] } })
      .on('GET', new RegExp(`^${LIBERDI}/sp/getAllServiceProviders`), { status: 200, body: providers })
      .on('GET', new RegExp(`^${LIBERDI}/clinics/getAllClinics\\?spId=sp-1`), { status: 200, body: clinics })
      .on('POST', `${LIBERDI}/devices/register`, { status: 409, body: { message: ['SerialNumber is already registered.'] } });
    renderPortal('/devices');
    await fillRegistration('123-45678');
    await act(async () => modal().findFooter()!.findButton('[data-testid="register-accept"]')!.click());
    await waitFor(() => expect(modal().find('[data-testid="register-error"]')!.getElement().textContent).toBe('SerialNumber is already registered.'));
    expect(modal().findHeader().getElement().textContent).toBe('Register device');
  });
});

describe('/device/settings', () => {
  it("shows 'Device settings' with BloodMAC and ScaleMAC, the spec's messages, either may be empty; saves after confirmation and says so", async () => {
    signInAs('LiberDiAdmin');
    const server = fakeServer()
      .on('GET', `${LIBERDI}/devices/d1/profile`, { status: 200, body: device('100-00001', { DeviceID: 'd1', BloodMAC: '00:1A:7D:DA:71:13' }) })
      .on('POST', `${LIBERDI}/devices/d1/profile`, (call) => ({ status: 200, body: device('100-00001', { DeviceID: 'd1', ...(call.body as object) }) }));
    renderPortal('/device/settings?deviceId=d1');
    await waitFor(() => expect(formField('BloodMAC')).not.toBeNull(), { timeout: 5000 });
    expect(document.querySelector('h1')!.textContent).toBe('Device settings');
    expect(formField('BloodMAC')!.findControl()!.findInput()!.getInputValue()).toBe('00:1A:7D:DA:71:13');
    expect(formField('ScaleMAC')!.findControl()!.findInput()!.getInputValue()).toBe('');
    const save = () => wrapper().findButton('[data-testid="save-device-settings"]')!;

    typeInto('BloodMAC', '00:1A:7D:DA:71');
    expect(fieldError('BloodMAC')).toBe('BloodMAC is not valid');
    typeInto('ScaleMAC', 'zz:zz:zz:zz:zz:zz');
    expect(fieldError('ScaleMAC')).toBe('ScaleMAC is not valid');
    expect(save().isDisabled()).toBe(true);
    typeInto('BloodMAC', '');
    typeInto('ScaleMAC', 'a4:c1:38:0b:22:9f');
    expect(fieldError('BloodMAC')).toBe('');
    expect(fieldError('ScaleMAC')).toBe('');
    expect(save().isDisabled()).toBe(false);

    await act(async () => save().click());
    await waitFor(() => expect(visibleDialog()?.header).toBe('Accept changes'));
    expect(server.callsTo('POST', `${LIBERDI}/devices/d1/profile`)).toHaveLength(0);
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Device settings saved'));
    expect(server.callsTo('POST', `${LIBERDI}/devices/d1/profile`)[0]!.body).toEqual({ BloodMAC: null, ScaleMAC: 'a4:c1:38:0b:22:9f' });
  });

  it('moves the device to another clinic of its provider after a confirmation that says it cannot be undone', async () => {
    signInAs('LiberDiAdmin');
    const server = fakeServer()
      .on('GET', `${LIBERDI}/devices/d1/profile`, { status: 200, body: device('100-00001', { DeviceID: 'd1', Linked: true }) })
      .on('GET', /\/clinics\/getAllClinics\?spId=sp-1/, {
        status: 200,
        body: {
          items: [
            { ClinicID: 'c1', ClinicName: 'North Clinic' },
            { ClinicID: 'c2', ClinicName: 'South Clinic' },
          ],
        },
      })
      .on('POST', `${LIBERDI}/devices/d1/clinic`, { status: 200, body: device('100-00001', { DeviceID: 'd1', ClinicID: 'c2', ClinicName: 'South Clinic' }) });
    renderPortal('/device/settings?deviceId=d1');
    await waitFor(() => expect(formField('move-clinic')).not.toBeNull(), { timeout: 5000 });
    const select = formField('move-clinic')!.findControl()!.findSelect()!;
    act(() => select.openDropdown());
    // The clinic it is at is not offered.
    await waitFor(() =>
      expect(
        select
          .findDropdown()
          .findOptions()
          .map((option) => option.getElement().textContent),
      ).toEqual(['South Clinic']),
    );
    act(() => select.selectOptionByValue('c2'));

    await act(async () => wrapper().findButton('[data-testid="move-device"]')!.click());
    await waitFor(() => expect(visibleDialog()?.header).toBe('Move the device'));
    expect(visibleDialog()!.text).toContain('It can not be undone');
    expect(server.callsTo('POST', `${LIBERDI}/devices/d1/clinic`)).toHaveLength(0);
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe('Device moved'));
    expect(server.callsTo('POST', `${LIBERDI}/devices/d1/clinic`)[0]!.body).toEqual({ ClinicID: 'c2' });
  });

  it('shows no save button to anyone but the platform admin (spec 6), read-only', async () => {
    signInAs('ServiceProviderAdmin');
    fakeServer();
    render(
      <AppProvider>
        <MemoryRouter>
          <DeviceSettingsForm device={device('100-00001', { BloodMAC: '00:1A:7D:DA:71:13' })} />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(document.querySelector('h1')!.textContent).toBe('Device settings');
    expect(formField('BloodMAC')!.findControl()!.findInput()!.getInputValue()).toBe('00:1A:7D:DA:71:13');
    expect(formField('BloodMAC')!.findControl()!.findInput()!.findNativeInput().getElement().readOnly).toBe(true);
    expect(wrapper().findButton('[data-testid="save-device-settings"]')).toBeNull();
  });

  it('is the not-found page for a provider admin who types its address', async () => {
    signInAs('ServiceProviderAdmin');
    const server = fakeServer();
    renderPortal('/device/settings?deviceId=d1');
    await waitFor(() => expect(document.querySelector('[data-testid="not-found"]')).not.toBeNull(), { timeout: 5000 });
    expect(wrapper().findButton('[data-testid="save-device-settings"]')).toBeNull();
    expect(server.calls.some((call) => call.url.includes('/devices/'))).toBe(false);
  });
});

describe('/device/errors and /device/exchanges', () => {
  it('lists the errors in columns Error and Date, newest first, 8 rows a page, with a back link to the list', async () => {
    signInAs('LiberDiAdmin');
    const errors = Array.from({ length: 10 }, (_, index) => ({
      Time: new Date(Date.UTC(2026, 1, 1 + index, 9, 30)).toISOString(),
      MachineProblem: `Problem ${index + 1}`,
    }));
    fakeServer()
      .on('GET', new RegExp(`^${LIBERDI}/devices/getAllDevices`), { status: 200, body: { items: [device('100-00001', { DeviceID: 'd1' })] } })
      .on('GET', `${LIBERDI}/devices/d1/profile`, { status: 200, body: device('100-00001', { DeviceID: 'd1' }) })
      // Out of order on purpose: the screen shows them newest first.
      .on('GET', new RegExp(`^${LIBERDI}/devices/d1/errors`), { status: 200, body: { items: errors } })
      .on('GET', new RegExp(`^${LIBERDI}/devices/d1/refused`), { status: 200, body: { items: [] } });
    renderPortal('/devices');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
    act(() => rows()[0]!.findButton('[aria-label="Show the errors of device 100-00001"]')!.click());
    await waitFor(() => expect(rows()).toHaveLength(8), { timeout: 5000 });
    expect(currentPath()).toBe('/device/errors?deviceId=d1');
    expect(headers()).toEqual(['Error', 'Date']);
    expect(cellsOf(rows()[0]!)[0]).toBe('Problem 10');
    expect(cellsOf(rows()[7]!)[0]).toBe('Problem 3');
    expect(cellsOf(rows()[0]!)[1]).toMatch(/^10\/02\/26 \d\d:30$/);
    expect(table()!.findPagination()).not.toBeNull();
    await waitFor(() => expect(document.body.textContent).toContain('Device 100-00001'));
    // Under them, the device's refused messages: none.
    const refused = wrapper().findAllTables()[1]!;
    await waitFor(() => expect(refused.findEmptySlot()?.getElement().textContent).toBe('The portal refused no message of this device.'));
    expect(refused.findHeaderSlot()!.getElement().textContent).toContain('Refused messages');

    act(() => wrapper().findButton('[data-testid="back"]')!.click());
    await waitFor(() => expect(currentPath()).toBe('/devices'));
  });

  it("lists the device's refused messages under its errors: when, topic, reason and the payload as text, newest first, 8 rows a page, more on demand", async () => {
    signInAs('LiberDiAdmin');
    const letter = (day: number, overrides: Partial<DeviceDeadLetter> = {}): DeviceDeadLetter => ({
      DeadLetterID: `dl-${day}`,
      ReceivedAt: new Date(Date.UTC(2026, 2, day, 9, 30)).toISOString(),
      Topic: 'pd/devices/100-00001/up/exchange',
      Reason: `Invalid exchange message: DrainVolume: day ${day}`,
      Payload: `{"day":${day}}`,
      PayloadEncoding: 'text',
      PayloadBytes: 10,
      PayloadCut: false,
      ...overrides,
    });
    // A payload that is markup stays text; one that is not text comes as base64; a long one is cut.
    const markup = '<img src="x" data-injected="yes">';
    const firstPage = [
      letter(3),
      letter(9, { Payload: markup, PayloadBytes: markup.length }),
      letter(1),
      letter(8, { Payload: 'AAEC/w==', PayloadEncoding: 'base64', PayloadBytes: 4 }),
      letter(4),
      letter(7, { PayloadCut: true, PayloadBytes: 40_000 }),
      letter(2),
      letter(6),
      letter(5),
    ];
    const server = fakeServer()
      .on('GET', `${LIBERDI}/devices/d1/profile`, { status: 200, body: device('100-00001', { DeviceID: 'd1' }) })
      .on('GET', new RegExp(`^${LIBERDI}/devices/d1/errors`), { status: 200, body: { items: [] } })
      .on('GET', `${LIBERDI}/devices/d1/refused`, { status: 200, body: { items: firstPage, cursor: 'page-2' } })
      .on('GET', `${LIBERDI}/devices/d1/refused?cursor=page-2`, { status: 200, body: { items: [letter(0, { Topic: 'pd/devices/100-00001/up/error' })] } });
    renderPortal('/device/errors?deviceId=d1');
    const refused = () => wrapper().findAllTables()[1]!;
    await waitFor(() => expect(refused().findRows()).toHaveLength(8), { timeout: 5000 });
    expect(
      refused()
        .findColumnHeaders()
        .map((header) => header.getElement().textContent),
    ).toEqual(['Received', 'Topic', 'Reason', 'Payload']);
    expect(cellsOf(refused().findRows()[0]!).slice(0, 3)).toEqual([
      expect.stringMatching(/^09\/03\/26 \d\d:30$/),
      'pd/devices/100-00001/up/exchange',
      'Invalid exchange message: DrainVolume: day 9',
    ]);
    expect(refused().findPagination()).not.toBeNull();

    const payloadOf = (row: number) => {
      const popover = refused().findRows()[row]!.findPopover()!;
      act(() => popover.findTrigger().click());
      return popover.findContent()!;
    };
    const shown = payloadOf(0);
    expect(shown.find('[data-testid="refused-payload"]')!.getElement().textContent).toBe(markup);
    expect(document.querySelector('[data-injected]')).toBeNull();
    expect(payloadOf(1).getElement().textContent).toContain('Not printable text: its bytes in base64.');
    expect(payloadOf(2).getElement().textContent).toContain('Only its beginning is shown: the message had 40000 bytes.');

    // The server's next page, on demand: the oldest letter joins the list.
    act(() => refused().findFooterSlot()!.findButton('[data-testid="load-more"]')!.click());
    await waitFor(() => expect(refused().findHeaderSlot()!.getElement().textContent).toContain('(10)'));
    expect(server.calls.filter((call) => call.url.includes('/refused')).map((call) => call.url.split('?')[1])).toEqual([undefined, 'cursor=page-2']);
  });

  it("lists the device's exchanges with sortable columns, 8 rows a page", async () => {
    signInAs('LiberDiAdmin');
    const exchange = (index: number): ExchangeRow => ({
      _id: `x${index}`,
      DeviceLocalDate: `2026-03-${String(10 + index).padStart(2, '0')}T08:0${index % 10}:00+02:00`,
      ExchangeTimeUtc: `2026-03-${String(10 + index).padStart(2, '0')}T06:0${index % 10}:00.000Z`,
      SerialNumber: '100-00001',
      ExchangeFluid: 'DIAneal 1.36%',
      StatusAlerts: { statusValue: 1, alerts: [] },
      DrainDuration: 17.5,
      DrainVolume: 2000 + index * 10,
      DrainTemp: 36.9,
      FillVolume: 2000,
      FillDuration: 10,
      FillTemp: 37,
      Uf: 100 - index,
      HasTurbidity: false,
    });
    fakeServer()
      .on('GET', `${LIBERDI}/devices/d1/profile`, { status: 200, body: device('100-00001', { DeviceID: 'd1' }) })
      .on('GET', new RegExp(`^${LIBERDI}/devices/d1/getExchanges`), {
        status: 200,
        body: { items: Array.from({ length: 9 }, (_, index) => exchange(9 - index)) },
      });
    renderPortal('/device/exchanges?deviceId=d1');
    await waitFor(() => expect(rows()).toHaveLength(8), { timeout: 5000 });
    expect(headers().slice(0, 4)).toEqual(['Date', 'Fluid', 'Drain volume (ml)', 'Drain time (min)']);
    expect(cellsOf(rows()[0]!).slice(0, 3)).toEqual(['19/03/26 08:09', 'DIAneal 1.36%', '2090']);
    expect(table()!.findPagination()).not.toBeNull();

    act(() => table()!.findColumnSortingArea(3)!.click());
    await waitFor(() => expect(cellsOf(rows()[0]!)[2]).toBe('2010'));
    expect(document.querySelector('h1')!.textContent).toBe('Device exchanges');
  });
});

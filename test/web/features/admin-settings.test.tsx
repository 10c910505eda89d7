import { act, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import * as messages from '@shared/messages';
import { defaultSettings, toSettingsList, type SettingName } from '@shared/settings';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { providerProfile } from '../support/provider';
import { choose, clickDialogButton, fieldError, formField, visibleDialog } from '../support/patient-form';

/** /settings: the spec's numeric rules (section 5) under their fields as the user types, Save blocked while any holds. */
beforeEach(() => {
  resetPortal();
  localStorage.clear();
});

const page = () => createWrapper(document.body);
const saveButton = () => page().findButton('[data-testid="save-settings"]')!;
const inputOf = (name: SettingName) => formField(name)!.findControl()!.findInput()!;
const valueOf = (name: SettingName) => inputOf(name).getInputValue();
/** Types as a person does: focus, the new text, no blur (the rules run at each keystroke). */
const type = (name: SettingName, value: string) => act(() => inputOf(name).setInputValue(value));
const descriptionOf = (name: SettingName) => formField(name)!.findDescription()?.getElement().textContent ?? '';

const GLOBAL_PATH = '/liberdiAdmins/user-LiberDiAdmin/general/d_update/init';

async function openGlobal() {
  signInAs('LiberDiAdmin');
  const server = fakeServer().on('GET', '/general/d_update', { status: 200, body: toSettingsList(defaultSettings) });
  renderPortal('/settings');
  await waitFor(() => expect(formField('MinFillTime')).not.toBeNull(), { timeout: 5000 });
  return server;
}

const SP_BASE = '/spadmins/user-ServiceProviderAdmin';

async function openProvider(overrides: Partial<typeof defaultSettings> = {}) {
  signInAs('ServiceProviderAdmin', { ServiceProvider: { ServiceProviderID: 'sp-1' } });
  const server = fakeServer()
    .on('GET', '/general/d_update', { status: 200, body: toSettingsList(defaultSettings) })
    .on('GET', `${SP_BASE}/getMySP`, { status: 200, body: providerProfile(overrides) });
  renderPortal('/settings');
  await waitFor(() => expect(formField('MinFillTime')).not.toBeNull(), { timeout: 5000 });
  return server;
}

describe('the global settings (LiberDiAdmin)', () => {
  it('groups the settings as the spec does, with 3-character inputs and the units as dropdowns', async () => {
    await openGlobal();
    expect(page().findHeader()!.getElement().textContent).toContain('System Settings');
    const groups = page()
      .findAllContainers()
      .map((container) => container.findHeader()?.getElement().textContent);
    expect(groups).toEqual(Object.values(messages.settingsScreen.groups));
    expect(valueOf('MaxFillTime')).toBe('20');
    expect(inputOf('MaxFillTime').findNativeInput().getElement().getAttribute('maxlength')).toBe('3');
    type('MaxFillTime', '12345');
    expect(valueOf('MaxFillTime')).toBe('123');
    for (const unit of ['FillTempUnit', 'DrainTempUnit', 'WeightFromDryUnit', 'WeightRecentlyFromLastTimeUnit', 'WeightRecentlyIncreaseValueUnit'] as const) {
      expect(formField(unit)!.findControl()!.findSelect()).not.toBeNull();
    }
    expect(formField('DwellTime')).not.toBeNull();
  });

  it.each<[string, Partial<Record<SettingName, string>>, SettingName, string]>([
    ['an empty value', { PulseMaxRange: '' }, 'PulseMaxRange', 'PulseMaxRange is empty'],
    ['a negative value', { LowUFThreshold: '-5' }, 'LowUFThreshold', 'LowUFThreshold must be bigger than 0'],
    ['a min above its max (the min)', { MinFillTemp: '40' }, 'MinFillTemp', 'MinFillTemp max value is 39'],
    ['a min above its max (the max)', { MinFillTemp: '40' }, 'MaxFillTemp', 'MaxFillTemp min value is 40'],
    ['a max below its min', { BPmaxRangeHigh: '80' }, 'BPmaxRangeHigh', 'BPmaxRangeHigh min value is 90'],
    ['a max below its min (the min)', { BPmaxRangeHigh: '80' }, 'BPmaxRangeLow', 'BPmaxRangeLow max value is 80'],
    ['a fill time min above its max', { MinFillTime: '25' }, 'MinFillTime', 'MinFillTime max value is 20'],
    ['a drain time max below its min', { MaxDrainTime: '5' }, 'MaxDrainTime', 'MaxDrainTime min value is 10'],
    ['a pulse min above its max', { PulseMinRange: '120' }, 'PulseMinRange', 'PulseMinRange max value is 100'],
    ['a diastolic min above its max', { BPminRangeLow: '95' }, 'BPminRangeLow', 'BPminRangeLow max value is 90'],
    [
      'a default fill time outside its bounds',
      { DefaultFillTime: '30' },
      'DefaultFillTime',
      'DefaultFillTime DefaultFillTime must be between MinFillTime and MaxFillTime',
    ],
    [
      'a default drain time outside its bounds',
      { DefaultDrainTime: '5' },
      'DefaultDrainTime',
      'DefaultDrainTime DefaultDrainTime must be between MinDrainTime and MaxDrainTime',
    ],
    [
      'utilization not descending',
      { UtilizationStatusFair: '85' },
      'UtilizationStatusGood',
      'Utilization status values must be in descending order from GOOD to LOW',
    ],
  ])('%s shows the spec message under its field and disables Save', async (_case, typed, field, message) => {
    await openGlobal();
    for (const [name, value] of Object.entries(typed)) type(name as SettingName, value);
    expect(fieldError(field)).toBe(message);
    expect(saveButton().isDisabled()).toBe(true);
    // Put right, the message goes at once and Save is back.
    for (const name of Object.keys(typed)) type(name as SettingName, String(defaultSettings[name as SettingName]));
    expect(fieldError(field)).toBe('');
  });

  it('allows an empty UtilizationStatusLow and shows only the first message of a field', async () => {
    await openGlobal();
    type('UtilizationStatusLow', '');
    expect(fieldError('UtilizationStatusLow')).toBe('');
    // Empty and descending order both concern UtilizationStatusGood: only the first shows.
    type('UtilizationStatusGood', '');
    expect(fieldError('UtilizationStatusGood')).toBe('UtilizationStatusGood is empty');
  });

  it('saves every setting after the confirmation, then says so; a failure shows the error dialog', async () => {
    const server = await openGlobal();
    expect(saveButton().isDisabled()).toBe(true);
    type('MaxDrainTemp', '39');
    choose('FillTempUnit', 'F');
    expect(saveButton().isDisabled()).toBe(false);
    server.on('POST', GLOBAL_PATH, {
      status: 400,
      body: { message: ['MaxDrainTemp max value is 1'], fields: { 'Settings.MaxDrainTemp': 'MaxDrainTemp max value is 1' } },
    });
    await act(async () => saveButton().click());
    expect(visibleDialog()).toEqual({ header: 'Accept changes', text: messages.settingsScreen.confirmLines.join('') });
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()).toEqual({ header: 'Error', text: 'MaxDrainTemp max value is 1' }));
    expect(fieldError('MaxDrainTemp')).toBe('MaxDrainTemp max value is 1');
    await clickDialogButton('Close');

    server.on('POST', GLOBAL_PATH, (call) => ({ status: 200, body: (call.body as { Settings: unknown }).Settings }));
    server.on('GET', '/general/d_update', { status: 200, body: toSettingsList({ ...defaultSettings, MaxDrainTemp: 39, FillTempUnit: 'F' }) });
    type('MaxDrainTemp', '39');
    await act(async () => saveButton().click());
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe(messages.settingsScreen.savedTitle));
    const sent = server.callsTo('POST', GLOBAL_PATH).at(-1)!.body as { Settings: Array<{ name: string; value: unknown }> };
    expect(sent.Settings).toEqual(toSettingsList({ ...defaultSettings, MaxDrainTemp: 39, FillTempUnit: 'F' }));
  });

  it('returns with the back arrow to the origin kept in local storage (spec 2: settings keeps its back path)', async () => {
    localStorage.setItem('backPath:settings', '/sp?spId=sp-1');
    await openGlobal();
    act(() => page().findButton('[data-testid="back"]')!.click());
    await waitFor(() => expect(currentPath()).toBe('/sp?spId=sp-1'));
  });

  it("shows a provider's settings read-only with ?spId=", async () => {
    signInAs('LiberDiAdmin');
    fakeServer()
      .on('GET', '/general/d_update', { status: 200, body: toSettingsList(defaultSettings) })
      .on('GET', '/liberdiAdmins/user-LiberDiAdmin/sp/sp-1/profile', { status: 200, body: providerProfile({ PulseMaxRange: 110 }) });
    renderPortal('/settings?spId=sp-1');
    await waitFor(() => expect(valueOf('PulseMaxRange')).toBe('110'), { timeout: 5000 });
    expect(inputOf('PulseMaxRange').findNativeInput().getElement().readOnly).toBe(true);
    expect(descriptionOf('PulseMaxRange')).toBe(messages.settingsScreen.fromProvider);
    expect(descriptionOf('PulseMinRange')).toBe(messages.settingsScreen.fromGlobal('50'));
    expect(page().findButton('[data-testid="save-settings"]')).toBeNull();
    expect(formField('DwellTime')).toBeNull();
  });
});

describe("the provider's settings (ServiceProviderAdmin)", () => {
  it('skips the fill and drain time bounds but keeps the other rules', async () => {
    await openProvider();
    type('MinFillTime', '25');
    expect(fieldError('MinFillTime')).toBe('');
    type('DefaultDrainTime', '99');
    expect(fieldError('DefaultDrainTime')).toBe('');
    expect(saveButton().isDisabled()).toBe(false);
    type('PulseMinRange', '120');
    expect(fieldError('PulseMinRange')).toBe('PulseMinRange max value is 100');
    expect(saveButton().isDisabled()).toBe(true);
    type('PulseMinRange', '-1');
    expect(fieldError('PulseMinRange')).toBe('PulseMinRange must be bigger than 0');
    expect(formField('DwellTime')).toBeNull();
  });

  it('shows where each value comes from, sends only the changes, and returns a value to the global one', async () => {
    const server = await openProvider({ PulseMaxRange: 110 });
    expect(descriptionOf('PulseMaxRange')).toBe(messages.settingsScreen.fromProvider);
    expect(descriptionOf('LowUFThreshold')).toBe(messages.settingsScreen.fromGlobal('10'));
    type('LowUFThreshold', '12');
    expect(descriptionOf('LowUFThreshold')).toBe(messages.settingsScreen.fromProvider);
    // The provider's own PulseMaxRange goes back to the global value.
    act(() => formField('PulseMaxRange')!.findSecondaryControl()!.findButton()!.click());
    expect(valueOf('PulseMaxRange')).toBe('100');
    expect(descriptionOf('PulseMaxRange')).toBe(messages.settingsScreen.fromGlobal('100'));

    server.on('POST', `${SP_BASE}/updateSPprofile`, { status: 200, body: providerProfile({ LowUFThreshold: 12 }) });
    server.on('GET', `${SP_BASE}/getMySP`, { status: 200, body: providerProfile({ LowUFThreshold: 12 }) });
    await act(async () => saveButton().click());
    await clickDialogButton('Accept');
    await waitFor(() => expect(visibleDialog()?.header).toBe(messages.settingsScreen.savedTitle));
    expect(server.callsTo('POST', `${SP_BASE}/updateSPprofile`)[0]!.body).toEqual({
      Settings: [
        { name: 'PulseMaxRange', value: 100 },
        { name: 'LowUFThreshold', value: 12 },
      ],
    });
    await clickDialogButton('OK');
    await waitFor(() => expect(descriptionOf('PulseMaxRange')).toBe(messages.settingsScreen.fromGlobal('100')));
    expect(descriptionOf('LowUFThreshold')).toBe(messages.settingsScreen.fromProvider);
    expect(saveButton().isDisabled()).toBe(true);
  });

  it("says 'must have Service Provider id to get settings' without a provider id, and asks nothing", async () => {
    signInAs('ServiceProviderAdmin');
    const server = fakeServer();
    renderPortal('/settings');
    await waitFor(() => expect(page().findAlert()?.getElement().textContent).toBe('must have Service Provider id to get settings'), { timeout: 5000 });
    expect(server.calls.filter((call) => call.url.includes('getMySP'))).toHaveLength(0);
  });
});

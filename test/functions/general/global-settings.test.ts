import { defaultSettings, toSettingsList, type SettingEntry } from '@shared/settings';
import { signedInUser, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';

useTestTable();
useTestUserPool();
const api = useApi();

const valueOf = (list: unknown, name: string) => (list as SettingEntry[]).find((entry) => entry.name === name)?.value;

describe('GET /general/d_update (global settings)', () => {
  it('refuses a caller without a token, as the JWT authorizer does', async () => {
    const response = await api.call('GET', '/general/d_update');
    expect(response.status).toBe(401);
  });

  it('refuses a forged token', async () => {
    const response = await api.call('GET', '/general/d_update', { token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' });
    expect(response.status).toBe(401);
  });

  it('gives any signed-in role the defaults before anything was stored', async () => {
    const { token } = await signedInUser('Nurse');
    const response = await api.call('GET', '/general/d_update', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(toSettingsList(defaultSettings));
    expect(valueOf(response.body, 'DwellTime')).toBe('03:00');
  });
});

describe('POST /liberdiAdmins/{adminId}/general/d_update/init', () => {
  const changed = { ...defaultSettings, MaxDrainTemp: 39, LowUFThreshold: 15 };

  it('lets a LiberDiAdmin replace the global settings, which everyone then reads', async () => {
    const admin = await signedInUser('LiberDiAdmin');
    const saved = await api.call('POST', `/liberdiAdmins/${admin.user.UserID}/general/d_update/init`, {
      token: admin.token,
      body: { Settings: toSettingsList(changed) },
    });
    expect(saved.status).toBe(200);

    const doctor = await signedInUser('Doctor');
    const read = await api.call('GET', '/general/d_update', { token: doctor.token });
    expect(valueOf(read.body, 'MaxDrainTemp')).toBe(39);
    expect(valueOf(read.body, 'LowUFThreshold')).toBe(15);
  });

  it("answers bad settings with the spec's messages and changes nothing", async () => {
    const admin = await signedInUser('LiberDiAdmin');
    const before = await api.call('GET', '/general/d_update', { token: admin.token });
    const bad = { ...defaultSettings, MinFillTime: 30, MaxFillTime: 20, DefaultFillTime: 25, UtilizationStatusFair: 90 };
    const entries = toSettingsList(bad).filter((entry) => entry.name !== 'MinDrainTime');

    const response = await api.call('POST', `/liberdiAdmins/${admin.user.UserID}/general/d_update/init`, {
      token: admin.token,
      body: { Settings: entries },
    });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: expect.arrayContaining([
        'MinDrainTime is empty',
        'MinFillTime max value is 20',
        'MaxFillTime min value is 30',
        'DefaultFillTime DefaultFillTime must be between MinFillTime and MaxFillTime',
        'Utilization status values must be in descending order from GOOD to LOW',
      ]),
      fields: expect.objectContaining({ 'Settings.MinFillTime': 'MinFillTime max value is 20' }),
    });
    const after = await api.call('GET', '/general/d_update', { token: admin.token });
    expect(after.body).toEqual(before.body);
  });

  it('refuses a negative value with the spec message', async () => {
    const admin = await signedInUser('LiberDiAdmin');
    const response = await api.call('POST', `/liberdiAdmins/${admin.user.UserID}/general/d_update/init`, {
      token: admin.token,
      body: { Settings: toSettingsList({ ...defaultSettings, PulseMinRange: -5 }) },
    });
    expect(response.status).toBe(400);
    expect((response.body as { message: string[] }).message).toContain('PulseMinRange must be bigger than 0');
  });

  it('refuses unknown fields, unknown settings and malformed JSON', async () => {
    const admin = await signedInUser('LiberDiAdmin');
    const path = `/liberdiAdmins/${admin.user.UserID}/general/d_update/init`;
    const list = toSettingsList(defaultSettings);

    const extraField = await api.call('POST', path, { token: admin.token, body: { Settings: list, Extra: 1 } });
    expect(extraField.status).toBe(400);
    const unknownSetting = await api.call('POST', path, { token: admin.token, body: { Settings: [...list, { name: 'Nope', value: 1 }] } });
    expect(unknownSetting.status).toBe(400);
    const malformed = await api.call('POST', path, { token: admin.token, rawBody: '{"Settings": [' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: ['The request is not valid'] });
  });

  it("refuses another role, and another admin's path id", async () => {
    const provider = await signedInUser('ServiceProviderAdmin');
    const asProvider = await api.call('POST', `/liberdiAdmins/${provider.user.UserID}/general/d_update/init`, {
      token: provider.token,
      body: { Settings: toSettingsList(defaultSettings) },
    });
    expect(asProvider.status).toBe(403);

    const admin = await signedInUser('LiberDiAdmin');
    const other = await signedInUser('LiberDiAdmin');
    const asOther = await api.call('POST', `/liberdiAdmins/${other.user.UserID}/general/d_update/init`, {
      token: admin.token,
      body: { Settings: toSettingsList(defaultSettings) },
    });
    expect(asOther.status).toBe(403);
    expect(asOther.body).toEqual({ message: ["Error: signed user don't have access to settings."] });
  });
});

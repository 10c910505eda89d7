import { settingsRepository } from '@functions/data/settings-repository';
import { STAFF_PREFIXES } from '@shared/api/routes';
import * as messages from '@shared/messages';
import { defaultSettings, toSettingsObject, type SettingEntry } from '@shared/settings';
import { signedInUser, useApi } from '@test/support/api';
import { createTestClinic, createTestProvider } from '@test/support/devices';
import { useTestTable, useTestUserPool } from '@test/support/local-services';

useTestTable();
useTestUserPool();
const api = useApi();

/** The staff read the settings in force for their clinic: the prescription form checks with what the server checks with. */
describe('getClinicSettings', () => {
  it.each(['ClinicDirector', 'Doctor', 'Nurse'] as const)('gives a %s the clinic’s own values over the provider’s over the global ones', async (role) => {
    const provider = await createTestProvider();
    const clinic = await createTestClinic(provider.ServiceProviderID);
    await settingsRepository.putGlobal({ ...defaultSettings, DwellTime: '03:00', MaxFillTime: 40 });
    await settingsRepository.putForServiceProvider(provider.ServiceProviderID, { MaxFillTime: 30, MinFillTime: 5 });
    await settingsRepository.putForClinic(clinic.ClinicID, { DwellTime: '02:00' });
    const { user, token } = await signedInUser(role, {
      ServiceProviderID: provider.ServiceProviderID,
      ClinicID: clinic.ClinicID,
      ClinicName: clinic.ClinicName,
    });

    const response = await api.call('GET', `${STAFF_PREFIXES[role].replace('{id}', user.UserID)}/getClinicSettings`, { token });
    expect(response.status).toBe(200);
    expect(toSettingsObject(response.body as SettingEntry[])).toMatchObject({ DwellTime: '02:00', MaxFillTime: 30, MinFillTime: 5 });
  });

  it('refuses an administrator and another staff member’s id', async () => {
    const provider = await createTestProvider();
    const clinic = await createTestClinic(provider.ServiceProviderID);
    const tenant = { ServiceProviderID: provider.ServiceProviderID, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName };
    const nurse = await signedInUser('Nurse', tenant);
    const doctor = await signedInUser('Doctor', tenant);
    const admin = await signedInUser('ClinicAdmin', tenant);
    const refusal = { message: [messages.errors.noAccess('settings')] };
    expect(await api.call('GET', `/nurses/${doctor.user.UserID}/getClinicSettings`, { token: nurse.token })).toEqual({ status: 403, body: refusal });
    expect(await api.call('GET', `/nurses/${admin.user.UserID}/getClinicSettings`, { token: admin.token })).toEqual({ status: 403, body: refusal });
  });
});

import type { ProviderProfile } from '@shared/api/providers';
import { defaultSettings, settingNames, toSettingsList } from '@shared/settings';

/** The provider profile the fake server answers a provider admin with: settings as given, the rest global. */
export const providerProfile = (overrides: Partial<typeof defaultSettings> = {}): ProviderProfile => ({
  ServiceProviderID: 'sp-1',
  ServiceProviderName: 'Renal Care',
  Clinics: 1,
  ActivePatientLinkedDeviceCount: 0,
  SPExchangeCounter: 0,
  ServiceProviderIsEnabled: true,
  IsEnabled: true,
  ServiceProviderAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Main St' },
  Email: 'sp@test.example',
  Phone: '+972 4 555 0101',
  FirstName: 'Dana',
  LastName: 'Levi',
  CreatedAt: '2026-01-01T00:00:00.000Z',
  Role: 'ServiceProviderAdmin',
  Settings: toSettingsList({ ...defaultSettings, ...overrides }),
  SettingsSource: Object.fromEntries(settingNames.map((name) => [name, name in overrides ? 'provider' : 'global'])),
});

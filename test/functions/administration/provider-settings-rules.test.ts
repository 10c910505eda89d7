import { randomInt } from 'node:crypto';
import { settingsRepository } from '@functions/data/settings-repository';
import { signedInUser, useApi } from '@test/support/api';
import { createTestProvider } from '@test/support/devices';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { defaultSettings, type SettingEntry } from '@shared/settings';

useTestTable();
useTestUserPool();
const api = useApi();

/**
 * POST /spadmins/{adminId}/updateSPprofile with Settings: the numeric rules of spec section 5, the
 * same the /settings screen checks, refuse bad input with a 400 and the spec's words, and nothing
 * of the provider's settings changes.
 */
let admin: { user: { UserID: string }; token: string };
let providerId: string;

beforeAll(async () => {
  const provider = await createTestProvider(`Rules Renal ${randomInt(1e6)}`);
  providerId = provider.ServiceProviderID;
  admin = await signedInUser('ServiceProviderAdmin', { ServiceProviderID: providerId, ServiceProviderName: provider.ServiceProviderName });
  await settingsRepository.putForServiceProvider(providerId, { PulseMaxRange: 110 });
}, 60_000);

const update = (Settings: SettingEntry[]) =>
  api.call('POST', `/spadmins/${admin.user.UserID}/updateSPprofile`, { token: admin.token, body: { Settings } }) as Promise<{
    status: number;
    body: { message: string[]; fields?: Record<string, string> };
  }>;

it.each<[string, SettingEntry[], string]>([
  ['an empty value', [{ name: 'PulseMinRange', value: '' }], 'PulseMinRange is empty'],
  ['a negative value', [{ name: 'LowUFThreshold', value: -3 }], 'LowUFThreshold must be bigger than 0'],
  ['a max below the min in force', [{ name: 'BPmaxRangeHigh', value: 80 }], `BPmaxRangeHigh min value is ${defaultSettings.BPmaxRangeLow}`],
  ['a min above the max in force', [{ name: 'MinFillTemp', value: 45 }], `MinFillTemp max value is ${defaultSettings.MaxFillTemp}`],
  ['utilization not descending', [{ name: 'UtilizationStatusFair', value: 90 }], 'Utilization status values must be in descending order from GOOD to LOW'],
  ['more than three characters', [{ name: 'PulseMinRange', value: 1000 }], 'PulseMinRange max value is 999'],
])('refuses %s with the spec message and changes nothing', async (_case, Settings, message) => {
  const response = await update(Settings);
  expect(response.status).toBe(400);
  expect(response.body.message).toContain(message);
  expect(await settingsRepository.getForServiceProvider(providerId)).toEqual({ PulseMaxRange: 110 });
});

it('skips the fill and drain time bounds for the provider admin, as the screen does', async () => {
  const response = await update([
    { name: 'MinDrainTime', value: 40 },
    { name: 'DefaultDrainTime', value: 5 },
  ]);
  expect(response.status).toBe(200);
  expect(await settingsRepository.getForServiceProvider(providerId)).toEqual({ PulseMaxRange: 110, MinDrainTime: 40, DefaultDrainTime: 5 });
});

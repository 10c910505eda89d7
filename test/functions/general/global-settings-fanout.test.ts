import type { MqttClient } from 'mqtt';
import { settingsFanoutRepository } from '@functions/data/settings-fanout-repository';
import { settingsRepository } from '@functions/data/settings-repository';
import { handler as publishGlobalSettings } from '@functions/devices/publish-global-settings';
import { registerDevice } from '@functions/services/devices';
import { deviceSettingsMessageSchema, deviceTopics, type DeviceSettingsMessage } from '@shared/device';
import { defaultSettings, toSettingsList, type Settings } from '@shared/settings';
import { signedInUser, useApi } from '@test/support/api';
import { connectDevice, createTestClinic, createTestProvider, issueDeviceSecret, randomSerialNumber, useDeviceBroker } from '@test/support/devices';
import { useTestTable, useTestUserPool } from '@test/support/local-services';

useTestTable();
useTestUserPool();
const devices = useDeviceBroker();
const api = useApi();

/**
 * A global settings change reaches the devices (docs/settings.md, "When a change takes effect"):
 * the API stores it with a fan-out job, and the scheduled fan-out sends the retained settings
 * message to every device that follows the global value, page by page, resuming where a run
 * stopped. Real parts: DynamoDB Local, cognito-local, the MQTT broker and the IoT data-plane twin.
 */

/** A device of a new clinic, connected and subscribed to its settings topic, keeping what arrives. */
async function subscribedDevice(clinicId: string) {
  const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinicId });
  issueDeviceSecret(device.SerialNumber);
  const client = await connectDevice(devices.mqttUrl, device.SerialNumber);
  const received: DeviceSettingsMessage[] = [];
  client.on('message', (_topic, payload) => received.push(deviceSettingsMessageSchema.parse(JSON.parse(payload.toString()))));
  await client.subscribeAsync(deviceTopics.settings(device.SerialNumber), { qos: 1 });
  return { serialNumber: device.SerialNumber, client, received };
}

const clients: MqttClient[] = [];
// Before the broker stops (its own afterAll), so no device keeps reconnecting to it.
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync()));
});

async function changeGlobal(settings: Settings) {
  const admin = await signedInUser('LiberDiAdmin');
  const response = await api.call('POST', `/liberdiAdmins/${admin.user.UserID}/general/d_update/init`, {
    token: admin.token,
    body: { Settings: toSettingsList(settings) },
  });
  expect(response.status).toBe(200);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

it('sends a global change to every device that follows it, and to none whose clinic or provider decided the setting', async () => {
  const following = await createTestProvider();
  const followingClinics = [await createTestClinic(following.ServiceProviderID), await createTestClinic(following.ServiceProviderID)];
  const clinicDecided = await createTestClinic(following.ServiceProviderID);
  await settingsRepository.putForClinic(clinicDecided.ClinicID, { MaxFillTemp: 37 });
  const providerDecided = await createTestProvider();
  await settingsRepository.putForServiceProvider(providerDecided.ServiceProviderID, { MaxFillTemp: 38 });
  const ofDecidingProvider = await createTestClinic(providerDecided.ServiceProviderID);

  const followers = [await subscribedDevice(followingClinics[0]!.ClinicID), await subscribedDevice(followingClinics[1]!.ClinicID)];
  const deciders = [await subscribedDevice(clinicDecided.ClinicID), await subscribedDevice(ofDecidingProvider.ClinicID)];
  clients.push(...[...followers, ...deciders].map((device) => device.client));

  await changeGlobal({ ...defaultSettings, MaxFillTemp: 40 });
  // The request only stored the change and its job: nothing was sent yet.
  const [job] = await settingsFanoutRepository.listPending();
  expect(job).toMatchObject({ Changed: ['MaxFillTemp'] });
  await settle();
  expect(followers.map((device) => device.received)).toEqual([[], []]);

  // One clinic per run: each run goes on where the previous one stopped, and the job ends with the last clinic.
  const runs = [];
  do runs.push(await publishGlobalSettings({ maxClinics: 1 }));
  while (runs.at(-1)!.pending > 0 && runs.length < 20);
  expect(runs.length).toBeGreaterThan(1);
  expect(runs.slice(0, -1).every((run) => run.clinics === 1 && run.finished === 0)).toBe(true);
  expect(runs.at(-1)).toMatchObject({ finished: 1, pending: 0 });
  expect(await settingsFanoutRepository.listPending()).toEqual([]);
  expect(runs.reduce((sum, run) => sum + run.published, 0)).toBe(2);

  await settle();
  for (const device of followers) {
    expect(device.received).toHaveLength(1);
    expect(device.received[0]!.Settings).toMatchObject({ MaxFillTemp: 40, MinFillTemp: defaultSettings.MinFillTemp });
  }
  expect(deciders.map((device) => device.received)).toEqual([[], []]);

  // Retained: a device that was offline gets the new settings when it subscribes.
  await followers[0]!.client.endAsync();
  const again = await connectDevice(devices.mqttUrl, followers[0]!.serialNumber);
  clients.splice(0, 1, again);
  const retained = new Promise<DeviceSettingsMessage>((resolve) => again.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
  await again.subscribeAsync(deviceTopics.settings(followers[0]!.serialNumber), { qos: 1 });
  expect((await retained).Settings.MaxFillTemp).toBe(40);
});

it('stores no job when no setting a device uses changed, and an idle run sends nothing', async () => {
  await changeGlobal({ ...defaultSettings, MaxFillTemp: 40, LowUFThreshold: 12 });
  expect(await settingsFanoutRepository.listPending()).toEqual([]);
  expect(await publishGlobalSettings()).toEqual({ finished: 0, pending: 0, clinics: 0, published: 0 });
});

it('refuses bad settings with no job stored', async () => {
  const admin = await signedInUser('LiberDiAdmin');
  const response = await api.call('POST', `/liberdiAdmins/${admin.user.UserID}/general/d_update/init`, {
    token: admin.token,
    body: { Settings: toSettingsList({ ...defaultSettings, MinFillTemp: 50 }) },
  });
  expect(response.status).toBe(400);
  expect((response.body as { message: string[] }).message).toContain('MinFillTemp max value is 39');
  expect(await settingsFanoutRepository.listPending()).toEqual([]);
});

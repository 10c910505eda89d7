import { adminCalls, type CallOptions, type Caller } from '@test/support/admin-calls';
import { randomUUID } from 'node:crypto';
import { auditRepository } from '@functions/data/audit-repository';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { devicesRepository } from '@functions/data/devices-repository';
import { serviceProvidersRepository } from '@functions/data/service-providers-repository';
import { settingsRepository } from '@functions/data/settings-repository';
import { usersRepository } from '@functions/data/users-repository';
import { settingsForClinic } from '@functions/services/settings';
import type { ProviderProfile } from '@shared/api/providers';
import { routes } from '@shared/api/routes';
import type { SignInResult } from '@shared/api/session';
import * as messages from '@shared/messages';
import { ROLES } from '@shared/roles';
import { defaultSettings, toSettingsList } from '@shared/settings';
import { useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { createTenant, type Tenant } from '@test/support/tenants';
import { deviceSettingsMessageSchema, deviceTopics } from '@shared/device';
import { connectDevice, issueDeviceSecret, useDeviceBroker } from '@test/support/devices';
import { isAlive, mailedPassword, messageOf, signedIn, signInCall } from '../auth/helpers';

useTestTable();
useTestUserPool();
const devices = useDeviceBroker();
const api = useApi();

/**
 * The service provider calls of spec section 7 (LiberDiAdmin under /liberdiAdmins/{adminId}/sp,
 * ServiceProviderAdmin's getMySP and updateSPprofile) against DynamoDB Local and cognito-local.
 */
let own: Tenant;
let other: Tenant;

beforeAll(async () => {
  [own, other] = [await createTenant('Own'), await createTenant('Other')];
}, 120_000);

type RouteName =
  | 'getAllServiceProviders'
  | 'signupServiceProvider'
  | 'getServiceProviderProfile'
  | 'updateServiceProviderProfile'
  | 'getMySP'
  | 'updateMySP'
  | 'getServiceProviderLogoUpload'
  | 'getMySPLogoUpload';

const calls = adminCalls(api);
const call = (name: RouteName, user: Caller, options: CallOptions = {}) => calls.call(name, user, options);

const newProvider = (overrides: Record<string, unknown> = {}) => ({
  ServiceProviderName: `Renal Care ${randomUUID().slice(0, 6)}`,
  FirstName: 'Mira',
  LastName: 'Katz',
  Email: `sp-admin-${randomUUID().slice(0, 8)}@test.example`,
  Phone: '+1 (555) 010-2030',
  ServiceProviderAddress: { Country: 'United States', City: 'Boston', Street: '1 Harbor St' },
  ...overrides,
});

describe('roles: only LiberDiAdmin reaches /sp, only ServiceProviderAdmin its own provider', () => {
  const adminRoutes: RouteName[] = ['getAllServiceProviders', 'signupServiceProvider', 'getServiceProviderProfile', 'updateServiceProviderProfile'];
  const ownRoutes: RouteName[] = ['getMySP', 'updateMySP'];

  it.each(ROLES.filter((role) => role !== 'LiberDiAdmin'))('%s is refused the LiberDiAdmin calls with the spec words', async (role) => {
    for (const name of adminRoutes) {
      const response = await call(name, own.users[role], { id: own.serviceProviderId, body: {} });
      expect([name, response.status]).toEqual([name, 403]);
      expect(messageOf(response.body)).toEqual([messages.errors.noAccess(routes[name].thing)]);
    }
  });

  it.each(ROLES.filter((role) => role !== 'ServiceProviderAdmin'))('%s is refused the provider admin calls', async (role) => {
    for (const name of ownRoutes) expect((await call(name, own.users[role], { body: {} })).status).toBe(403);
  });

  it('LiberDiAdmin reads any provider; an unknown id is 404', async () => {
    const admin = own.users.LiberDiAdmin;
    for (const tenant of [own, other]) {
      const response = await call('getServiceProviderProfile', admin, { id: tenant.serviceProviderId });
      expect(response.status).toBe(200);
      expect(response.body.ServiceProviderID).toBe(tenant.serviceProviderId);
    }
    expect((await call('getServiceProviderProfile', admin, { id: randomUUID() })).status).toBe(404);
    expect((await call('updateServiceProviderProfile', admin, { id: randomUUID(), body: { Phone: '555 0101' } })).status).toBe(404);
  });

  it('a provider admin gets only the own provider, whatever id is in reach', async () => {
    const response = await call('getMySP', own.users.ServiceProviderAdmin);
    expect(response.status).toBe(200);
    expect(response.body.ServiceProviderID).toBe(own.serviceProviderId);
    expect(JSON.stringify(response.body)).not.toContain(other.serviceProviderId);
    // Another admin's id in the path is the role scope's refusal.
    expect((await call('getMySP', { ...own.users.ServiceProviderAdmin, UserID: other.users.ServiceProviderAdmin.UserID })).status).toBe(403);
  });
});

describe('/sp: the list with its columns', () => {
  it('lists every provider with the columns of section 2, paged', async () => {
    const admin = own.users.LiberDiAdmin;
    const response = await call('getAllServiceProviders', admin, { query: 'limit=100' });
    expect(response.status).toBe(200);
    const row = (response.body.items as ProviderProfile[]).find((item) => item.ServiceProviderID === own.serviceProviderId)!;
    expect(row).toMatchObject({ Clinics: 1, ActivePatientLinkedDeviceCount: 1, SPExchangeCounter: 1, ServiceProviderIsEnabled: true, IsEnabled: true });
    expect(row.ServiceProviderAddress).toEqual(expect.objectContaining({ Country: expect.any(String) }));
    const first = await call('getAllServiceProviders', admin, { query: 'limit=1' });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await call('getAllServiceProviders', admin, { query: `limit=1&cursor=${encodeURIComponent(first.body.cursor)}` });
    expect(second.body.items[0].ServiceProviderID).not.toBe(first.body.items[0].ServiceProviderID);
  });
});

describe('POST /sp/signup', () => {
  it('answers the spec messages of a bad create', async () => {
    const admin = own.users.LiberDiAdmin;
    const empty = await call('signupServiceProvider', admin, {
      body: { ServiceProviderName: '', FirstName: '', LastName: '', Email: '', Phone: '', ServiceProviderAddress: { Country: '', City: '', Street: '' } },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({
      ServiceProviderName: 'Service provider name is required',
      FirstName: 'First name is required',
      LastName: 'Last name is required',
      Email: 'Email is required',
      Phone: 'Phone is required',
      'ServiceProviderAddress.Country': messages.widgets.address.countryRequired,
      'ServiceProviderAddress.City': messages.widgets.address.cityRequired,
      'ServiceProviderAddress.Street': messages.widgets.address.streetRequired,
    });
    const bad = await call('signupServiceProvider', admin, { body: newProvider({ Email: 'not-an-email', Phone: 'call me' }) });
    expect(bad.body.fields).toEqual({ Email: 'Email is not valid', Phone: 'Phone number is not valid' });
    expect((await call('signupServiceProvider', admin, { body: newProvider({ ServiceProviderIsEnabled: false }) })).status).toBe(400);
  });

  it('creates the provider and its admin, who gets a temporary password by mail and reaches /create-password', async () => {
    const admin = own.users.LiberDiAdmin;
    const body = newProvider();
    const response = await call('signupServiceProvider', admin, { body });
    expect(response.status).toBe(200);
    const profile = response.body as ProviderProfile;
    expect(profile).toMatchObject({ ServiceProviderName: body.ServiceProviderName, Role: 'ServiceProviderAdmin', ServiceProviderIsEnabled: true, Clinics: 0 });
    // No copy of the global settings: every value comes from the global level.
    expect(await settingsRepository.getForServiceProvider(profile.ServiceProviderID)).toBeUndefined();
    expect(new Set(Object.values(profile.SettingsSource))).toEqual(new Set(['global']));

    const user = (await usersRepository.getByEmail(body.Email))!;
    expect(user).toMatchObject({ Role: 'ServiceProviderAdmin', ServiceProviderID: profile.ServiceProviderID, ServiceProviderName: body.ServiceProviderName });
    const first = (await signInCall(api, body.Email, mailedPassword(body.Email))).body as SignInResult;
    expect(first).toMatchObject({ status: 'pass', updatePassword: true, profile: { UserID: user.UserID } });

    const audits = await auditRepository.listByProvider(profile.ServiceProviderID, new Date().toISOString().slice(0, 7));
    expect(audits.items.map((record) => [record.Entity, record.Action])).toContainEqual(['ServiceProvider', 'write']);
  });

  it('leaves no provider behind when its admin cannot be created (e-mail already registered)', async () => {
    const admin = own.users.LiberDiAdmin;
    const body = newProvider({ Email: own.users.Nurse.Email });
    const response = await call('signupServiceProvider', admin, { body });
    expect(response.status).toBe(409);
    expect(messageOf(response.body)).toEqual(['Email is already registered.']);
    const listed = await call('getAllServiceProviders', admin, { query: 'limit=100' });
    expect((listed.body.items as ProviderProfile[]).map((item) => item.ServiceProviderName)).not.toContain(body.ServiceProviderName);
  });
});

describe('settings at the provider level', () => {
  it('keeps what the provider decided; its clinics see it; a value equal to the global one follows the global level again', async () => {
    const spAdmin = own.users.ServiceProviderAdmin;
    const changed = await call('updateMySP', spAdmin, {
      body: {
        Settings: [
          { name: 'PulseMaxRange', value: 110 },
          { name: 'LowUFThreshold', value: defaultSettings.LowUFThreshold },
        ],
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.SettingsSource).toMatchObject({ PulseMaxRange: 'provider', LowUFThreshold: 'global' });
    expect(await settingsRepository.getForServiceProvider(own.serviceProviderId)).toEqual({ PulseMaxRange: 110 });
    expect((await settingsForClinic(own.clinicId, own.serviceProviderId)).PulseMaxRange).toBe(110);
    expect((await settingsForClinic(other.clinicId, other.serviceProviderId)).PulseMaxRange).toBe(defaultSettings.PulseMaxRange);

    const back = await call('updateMySP', spAdmin, { body: { Settings: [{ name: 'PulseMaxRange', value: defaultSettings.PulseMaxRange }] } });
    expect(back.body.SettingsSource.PulseMaxRange).toBe('global');
    expect(await settingsRepository.getForServiceProvider(own.serviceProviderId)).toEqual({});
  });

  it('checks the numeric rules, skipping the fill and drain time bounds for the provider admin', async () => {
    const spAdmin = own.users.ServiceProviderAdmin;
    const negative = await call('updateMySP', spAdmin, { body: { Settings: [{ name: 'PulseMinRange', value: -1 }] } });
    expect(negative.status).toBe(400);
    expect(messageOf(negative.body)).toContain('PulseMinRange must be bigger than 0');
    // With the global maximum in force, a minimum above it is refused.
    const above = await call('updateMySP', spAdmin, { body: { Settings: [{ name: 'PulseMinRange', value: 150 }] } });
    expect(above.status).toBe(400);
    expect(messageOf(above.body)).toContain(`PulseMinRange max value is ${defaultSettings.PulseMaxRange}`);
    const times = await call('updateMySP', spAdmin, {
      body: {
        Settings: [
          { name: 'MinFillTime', value: 30 },
          { name: 'MaxFillTime', value: 20 },
        ],
      },
    });
    expect(times.status).toBe(200);
    await call('updateMySP', spAdmin, {
      body: { Settings: toSettingsList({ MinFillTime: defaultSettings.MinFillTime, MaxFillTime: defaultSettings.MaxFillTime }) },
    });
  });

  it('sends the retained settings message to the provider’s devices when a setting they use changes', async () => {
    const spAdmin = own.users.ServiceProviderAdmin;
    const changed = await call('updateMySP', spAdmin, { body: { Settings: [{ name: 'MaxFillTemp', value: 38 }] } });
    expect(changed.status).toBe(200);
    issueDeviceSecret(own.serialNumber);
    const client = await connectDevice(devices.mqttUrl, own.serialNumber);
    try {
      const received = new Promise<unknown>((resolve) => client.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
      await client.subscribeAsync(deviceTopics.settings(own.serialNumber), { qos: 1 });
      expect(deviceSettingsMessageSchema.parse(await received).Settings.MaxFillTemp).toBe(38);
    } finally {
      await client.endAsync();
    }
    await call('updateMySP', spAdmin, { body: { Settings: [{ name: 'MaxFillTemp', value: defaultSettings.MaxFillTemp }] } });
  });

  it('the provider admin changes the profile but never the enabled flags', async () => {
    const spAdmin = own.users.ServiceProviderAdmin;
    expect((await call('updateMySP', spAdmin, { body: { ServiceProviderIsEnabled: false } })).status).toBe(400);
    expect((await call('updateMySP', spAdmin, { body: { Email: '' } })).body.fields).toEqual({ Email: 'Email is required' });
    const renamed = await call('updateMySP', spAdmin, { body: { Phone: '+972 4 555 0199' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.Phone).toBe('+972 4 555 0199');
  });
});

describe('the provider’s logo', () => {
  const logo = { files: [{ name: 'mark.PNG', size: 2048 }] };

  it('is uploaded through a link of the chosen type and size, for the platform admin and the own provider’s admin only', async () => {
    // A fresh tenant: earlier tests disable and rename providers.
    const admin = own.users.LiberDiAdmin;
    const link = await call('getServiceProviderLogoUpload', admin, { id: own.serviceProviderId, body: logo });
    expect(link.status).toBe(200);
    expect(link.body.key).toMatch(new RegExp(`^providers/${own.serviceProviderId}/logo-[\\w-]+\\.png$`));
    expect(link.body.headers).toEqual({ 'content-type': 'image/png', 'content-length': '2048' });
    expect((await call('getServiceProviderLogoUpload', admin, { id: 'no-such-provider', body: logo })).status).toBe(404);
    const tenant = await createTenant('LogoLink');
    const mine = await call('getMySPLogoUpload', tenant.users.ServiceProviderAdmin, { body: logo });
    expect(mine.body.key).toMatch(new RegExp(`^providers/${tenant.serviceProviderId}/`));
    for (const role of ROLES.filter((candidate) => candidate !== 'ServiceProviderAdmin')) {
      expect([role, (await call('getMySPLogoUpload', tenant.users[role], { body: logo })).status]).toEqual([role, 403]);
    }
    expect(messageOf((await call('getMySPLogoUpload', tenant.users.ServiceProviderAdmin, { body: { files: [] } })).body)).toEqual([
      messages.widgets.fields.noFile,
    ]);
  }, 60_000);

  it('becomes the provider’s when an update names its key; a key of another provider is refused and changes nothing', async () => {
    const tenant = await createTenant('Logo');
    const spAdmin = tenant.users.ServiceProviderAdmin;
    const link = await call('getMySPLogoUpload', spAdmin, { body: logo });
    const saved = await call('updateMySP', spAdmin, { body: { image: link.body.key } });
    expect(saved.status).toBe(200);
    expect(new URL(saved.body.image as string).pathname).toContain(link.body.key);
    const seenByAdmin = await call('getServiceProviderProfile', own.users.LiberDiAdmin, { id: tenant.serviceProviderId });
    expect(seenByAdmin.body.image).toEqual(expect.stringContaining(link.body.key));

    const foreign = `providers/${own.serviceProviderId}/logo-${'a'.repeat(8)}.png`;
    const refused = await call('updateMySP', spAdmin, { body: { image: foreign, Phone: '+972 4 555 0177' } });
    expect(refused.status).toBe(400);
    expect(messageOf(refused.body)).toEqual([messages.clinics.imageNotValid]);
    const byAdmin = await call('updateServiceProviderProfile', own.users.LiberDiAdmin, { id: tenant.serviceProviderId, body: { image: foreign } });
    expect(byAdmin.status).toBe(400);
    const after = await serviceProvidersRepository.get(tenant.serviceProviderId);
    expect(after?.image).toBe(link.body.key);
    expect(after?.Phone).not.toBe('+972 4 555 0177');
  });
});

describe('renaming a provider', () => {
  it('copies the new name onto its clinics, their devices and its users, which show it in their lists', async () => {
    const tenant = await createTenant('Rename');
    const name = `Renamed Renal ${randomUUID().slice(0, 6)}`;
    const renamed = await call('updateMySP', tenant.users.ServiceProviderAdmin, { body: { ServiceProviderName: name } });
    expect(renamed.status).toBe(200);
    expect((await clinicsRepository.get(tenant.clinicId))?.ServiceProviderName).toBe(name);
    expect((await devicesRepository.get(tenant.deviceId))?.ServiceProviderName).toBe(name);
    for (const role of ['ServiceProviderAdmin', 'ClinicAdmin', 'Nurse'] as const) {
      expect([role, (await usersRepository.get(tenant.users[role].UserID))?.ServiceProviderName]).toEqual([role, name]);
    }
    // The platform admin's rename reaches them too; another provider's copies are untouched.
    const again = `${name} II`;
    expect(
      (await call('updateServiceProviderProfile', own.users.LiberDiAdmin, { id: tenant.serviceProviderId, body: { ServiceProviderName: again } })).status,
    ).toBe(200);
    expect((await clinicsRepository.get(tenant.clinicId))?.ServiceProviderName).toBe(again);
    expect((await clinicsRepository.get(other.clinicId))?.ServiceProviderName).not.toBe(again);
  }, 60_000);
});

describe('disabling a provider', () => {
  it('ends its users’ sessions and refuses their sign-in; enabling restores it', async () => {
    const tenant = await createTenant('Disabled');
    const admin = own.users.LiberDiAdmin;
    const nurse = tenant.users.Nurse;
    const session = await signedIn(api, nurse.Email);
    expect(await isAlive(api, nurse.UserID, session.token)).toBe(true);

    const off = await call('updateServiceProviderProfile', admin, { id: tenant.serviceProviderId, body: { ServiceProviderIsEnabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ ServiceProviderIsEnabled: false, IsEnabled: false });
    // Its users are marked (the check on each call reads the mark on their record) and their sessions ended.
    expect((await usersRepository.get(nurse.UserID))?.ProviderDisabled).toBe(true);
    const refusedCall = await api.call('GET', `/users/${nurse.UserID}/session`, { token: session.token });
    expect(refusedCall.status).toBe(403);
    expect(messageOf(refusedCall.body)).toEqual([messages.session.userDisabled]);
    const refused = await signInCall(api, nurse.Email, 'Test!pass1');
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toEqual([messages.session.userDisabled]);
    expect((await serviceProvidersRepository.get(tenant.serviceProviderId))?.Clinics).toBe(1);

    expect((await call('updateServiceProviderProfile', admin, { id: tenant.serviceProviderId, body: { IsEnabled: true } })).status).toBe(200);
    expect((await usersRepository.get(nurse.UserID))?.ProviderDisabled).toBe(false);
    const back = await signedIn(api, nurse.Email);
    expect(await isAlive(api, nurse.UserID, back.token)).toBe(true);
  }, 60_000);
});

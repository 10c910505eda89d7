import { adminCalls, type CallOptions, type Caller } from '@test/support/admin-calls';
import { issueLocalToken } from '@functions/lib/human-verification';
import { settingsRepository } from '@functions/data/settings-repository';
import { usersRepository } from '@functions/data/users-repository';
import { sessionsRepository } from '@functions/data/sessions-repository';
import { settingsForClinic } from '@functions/services/settings';
import type { ClinicSignupInput } from '@shared/api/clinics';
import * as messages from '@shared/messages';
import { ROLES } from '@shared/roles';
import { defaultSettings, toSettingsList } from '@shared/settings';
import { TEST_PASSWORD, signIn, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { createTenant, type Tenant } from '@test/support/tenants';

useTestTable();
useTestUserPool();
const api = useApi();

/**
 * The clinic calls of the administrators (spec sections 3, 5, 6, 7): the platform admin reads
 * every clinic, a provider's admin runs its own, a clinic admin keeps its own profile; each
 * against DynamoDB Local and cognito-local, with the own and the other tenant.
 */
let own: Tenant;
let other: Tenant;

/** What the own tenant's provider decided for itself; every other setting follows the global level. */
const PROVIDER_DECIDED = { PulseMinRange: 45, MaxFillTemp: 39 };

beforeAll(async () => {
  [own, other] = [await createTenant('Own'), await createTenant('Other')];
  await settingsRepository.putGlobal({ ...defaultSettings });
  await settingsRepository.putForServiceProvider(own.serviceProviderId, PROVIDER_DECIDED);
}, 120_000);

const human = () => issueLocalToken(process.env.LOCAL_VERIFIER_SECRET!);

type RouteName =
  | 'getClinicLogoUpload'
  | 'getMyClinicLogoUpload'
  | 'getAllClinicsAsAdmin'
  | 'getClinicProfile'
  | 'getAllClinicsOfProvider'
  | 'getClinicInfo'
  | 'signupClinic'
  | 'updateClinicInfo'
  | 'getMyClinic'
  | 'updateMyClinic';

const calls = adminCalls(api);
const call = (name: RouteName, user: Caller, options: CallOptions = {}) => calls.call(name, user, options);

const clinicBody = (overrides: Partial<ClinicSignupInput> = {}): ClinicSignupInput => ({
  ClinicName: `New Clinic ${Math.random().toString(36).slice(2, 8)}`,
  ClinicPhone: '+972 4 555 0300',
  ClinicAddress: { Country: 'Israel', City: 'Akko', Street: '3 Port St' },
  Email: 'front.desk@clinic.example',
  reCaptchaToken: human(),
  ...overrides,
});

describe('reading clinics', () => {
  it('LiberDiAdmin lists every clinic with the list columns, and one provider through spId', async () => {
    const admin = own.users.LiberDiAdmin;
    const all = await call('getAllClinicsAsAdmin', admin, { query: 'limit=100' });
    expect(all.status).toBe(200);
    const ids = (all.body.items as Array<{ ClinicID: string }>).map((item) => item.ClinicID);
    const first = await call('getAllClinicsAsAdmin', admin, { query: `spId=${other.serviceProviderId}` });
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([
      expect.objectContaining({
        ClinicID: other.clinicId,
        Location: 'Israel',
        ServiceProviderID: other.serviceProviderId,
        ActivePatientLinkedDeviceCount: 1,
        ClinicExchangeCounter: 1,
        ClinicLastExchangeTime: expect.any(String),
        ClinicIsEnabled: true,
      }),
    ]);
    // A page of every clinic may not reach both tenants' (other test files' clinics share the table); the spId query does.
    expect(ids.length).toBeGreaterThan(0);
  });

  it('LiberDiAdmin reads any clinic read-only; other roles are refused with the spec words', async () => {
    const profile = await call('getClinicProfile', own.users.LiberDiAdmin, { id: other.clinicId });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ ClinicID: other.clinicId, serviceProvider: { ServiceProviderID: other.serviceProviderId } });
    expect((await call('getClinicProfile', own.users.LiberDiAdmin, { id: 'no-such-clinic' })).status).toBe(404);
    const refused = await call('getClinicProfile', own.users.ServiceProviderAdmin, { id: own.clinicId });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(messages.errors.noAccess('clinic'));
    expect((await call('getAllClinicsAsAdmin', own.users.ClinicAdmin)).status).toBe(403);
  });

  it('a provider admin lists and reads only the own provider clinics (another provider clinic is 404)', async () => {
    const sp = own.users.ServiceProviderAdmin;
    const list = await call('getAllClinicsOfProvider', sp);
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { ClinicID: string }) => item.ClinicID)).toEqual([own.clinicId]);
    const info = await call('getClinicInfo', sp, { id: own.clinicId });
    expect(info.status).toBe(200);
    expect(info.body.ClinicID).toBe(own.clinicId);
    expect((await call('getClinicInfo', sp, { id: other.clinicId })).status).toBe(404);
    expect((await call('getAllClinicsOfProvider', own.users.LiberDiAdmin)).status).toBe(403);
  });

  it('a clinic admin reads the own clinic profile; no other role reaches it', async () => {
    const mine = await call('getMyClinic', own.users.ClinicAdmin);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ ClinicID: own.clinicId, Phone: '+972 4 555 0102', ServiceProviderName: expect.any(String) });
    expect((await call('getMyClinic', own.users.ClinicDirector)).status).toBe(403);
    expect((await call('getMyClinic', own.users.ServiceProviderAdmin)).status).toBe(403);
  });

  it('every answer carries the settings in force and where each comes from', async () => {
    const info = await call('getClinicInfo', own.users.ServiceProviderAdmin, { id: own.clinicId });
    const effective = toSettingsList(await settingsForClinic(own.clinicId, own.serviceProviderId));
    expect(info.body.Settings.map(({ name, value }: { name: string; value: unknown }) => ({ name, value }))).toEqual(effective);
    // The tenant's provider decided two values, the global level the rest; its clinic decided none.
    const sources = Object.fromEntries(info.body.Settings.map((entry: { name: string; from: string }) => [entry.name, entry.from]));
    expect(sources).toMatchObject({ PulseMinRange: 'provider', MaxFillTemp: 'provider', PulseMaxRange: 'global', DwellTime: 'global' });
    expect(Object.values(sources).filter((from) => from === 'provider')).toHaveLength(Object.keys(PROVIDER_DECIDED).length);
  });
});

describe('creating a clinic', () => {
  it('refuses a bad form with the spec messages', async () => {
    const bad = await call('signupClinic', own.users.ServiceProviderAdmin, {
      body: { ClinicName: ' ', ClinicPhone: 'call me', ClinicAddress: { Country: '', City: '', Street: '' }, Email: 'nope', reCaptchaToken: human() },
    });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body);
    for (const message of [
      'Clinic name is required',
      'Phone number is not valid',
      'Country is required',
      'City is required',
      'Street is required',
      'Email is not valid',
    ]) {
      expect(text).toContain(message);
    }
    const noPhone = await call('signupClinic', own.users.ServiceProviderAdmin, { body: clinicBody({ ClinicPhone: '' }) });
    expect(JSON.stringify(noPhone.body)).toContain('Phone is required');
    const noBotCheck = await call('signupClinic', own.users.ServiceProviderAdmin, { body: { ...clinicBody(), reCaptchaToken: undefined } });
    expect(noBotCheck.status).toBe(400);
  });

  it('a new clinic has its provider settings in force and stores none of its own until one differs', async () => {
    const sp = own.users.ServiceProviderAdmin;
    const providerSettings = await settingsRepository.getForServiceProvider(own.serviceProviderId);
    const inherited = toSettingsList(await settingsForClinic('none', own.serviceProviderId));
    const created = await call('signupClinic', sp, { body: clinicBody({ Settings: inherited }) });
    expect(created.status).toBe(200);
    const clinicId = created.body.ClinicID as string;
    expect(created.body.serviceProvider.ServiceProviderID).toBe(own.serviceProviderId);
    expect(await settingsRepository.getForClinic(clinicId)).toEqual({});
    expect(toSettingsList(await settingsForClinic(clinicId, own.serviceProviderId))).toEqual(inherited);
    expect(providerSettings).toEqual(PROVIDER_DECIDED);

    const changed = inherited.map((entry) => (entry.name === 'PulseMaxRange' ? { ...entry, value: 110 } : entry));
    const decided = await call('signupClinic', sp, { body: clinicBody({ Settings: changed }) });
    expect(decided.status).toBe(200);
    expect(await settingsRepository.getForClinic(decided.body.ClinicID)).toEqual({ PulseMaxRange: 110 });
    expect(decided.body.Settings).toContainEqual({ name: 'PulseMaxRange', value: 110, from: 'clinic' });
    expect(decided.body.Settings).toContainEqual(expect.objectContaining({ name: 'PulseMinRange', from: 'provider' }));
  });

  it('refuses a settings rule violation with the spec message', async () => {
    const inherited = toSettingsList(await settingsForClinic('none', own.serviceProviderId));
    const broken = inherited.map((entry) => (entry.name === 'PulseMinRange' ? { ...entry, value: 150 } : entry));
    const refused = await call('signupClinic', own.users.ServiceProviderAdmin, { body: clinicBody({ Settings: broken }) });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(messages.settings.maxValue('PulseMinRange', 100));
  });

  it('only a provider admin creates clinics', async () => {
    for (const role of ['LiberDiAdmin', 'ClinicAdmin', 'ClinicDirector'] as const) {
      expect((await call('signupClinic', own.users[role], { body: clinicBody() })).status).toBe(403);
    }
  });
});

describe('updating a clinic', () => {
  it('a provider admin changes the own clinic (audited), never another provider clinic', async () => {
    const sp = own.users.ServiceProviderAdmin;
    const created = await call('signupClinic', sp, { body: clinicBody() });
    const clinicId = created.body.ClinicID as string;
    const updated = await call('updateClinicInfo', sp, {
      id: clinicId,
      body: { ClinicName: 'Renamed Clinic', ClinicPhone: '+972 4 555 0399', reCaptchaToken: human() },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ ClinicName: 'Renamed Clinic', ClinicPhone: '+972 4 555 0399', changed: ['ClinicName', 'ClinicPhone'] });
    const bad = await call('updateClinicInfo', sp, { id: clinicId, body: { ClinicPhone: 'x', reCaptchaToken: human() } });
    expect(JSON.stringify(bad.body)).toContain('Phone number is not valid');
    const otherClinic = await call('updateClinicInfo', sp, { id: other.clinicId, body: { ClinicName: 'Taken over', reCaptchaToken: human() } });
    expect(otherClinic.status).toBe(404);
    const list = await call('getAllClinicsOfProvider', sp, { query: 'limit=100' });
    expect(list.body.items.map((item: { ClinicName: string }) => item.ClinicName)).toContain('Renamed Clinic');
  });

  it('a clinic admin keeps the own clinic profile with the clinic admin rules', async () => {
    const admin = own.users.ClinicAdmin;
    const body = {
      ClinicName: 'Own Clinic Renamed',
      Email: 'admin.desk@clinic.example',
      Phone: '+972 4 555 0444',
      ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '9 Sea Rd' },
      ContactPersonFullName: 'Rina Azoulay',
      reCaptchaToken: human(),
    };
    const saved = await call('updateMyClinic', admin, { body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ClinicID: own.clinicId, Phone: '+972 4 555 0444', ContactPersonFullName: 'Rina Azoulay' });
    const missing = await call('updateMyClinic', admin, { body: { ClinicAddress: { Country: 'Israel', City: '', Street: '' }, reCaptchaToken: human() } });
    expect(missing.status).toBe(400);
    const text = JSON.stringify(missing.body);
    for (const message of ['Email is required', 'Phone is required', 'City is required', 'Street is required']) expect(text).toContain(message);
    expect((await call('updateMyClinic', own.users.ServiceProviderAdmin, { body })).status).toBe(403);
    const otherAdmin = await call('getMyClinic', other.users.ClinicAdmin);
    expect(otherAdmin.body.ClinicName).not.toBe('Own Clinic Renamed');
  });
});

describe('the logo upload link', () => {
  it('is a PUT link of the chosen type and size for an own clinic, refused for another provider clinic', async () => {
    const sp = own.users.ServiceProviderAdmin;
    const link = await call('getClinicLogoUpload', sp, { id: own.clinicId, body: { files: [{ name: 'front.JPEG', size: 4096 }] } });
    expect(link.status).toBe(200);
    expect(link.body.key).toMatch(new RegExp(`^clinics/${own.clinicId}/logo-[\\w-]+\\.jpg$`));
    expect(link.body.headers).toEqual({ 'content-type': 'image/jpeg', 'content-length': '4096' });
    const signed = new URL(link.body.url).searchParams;
    expect(signed.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(signed.has('x-amz-checksum-crc32')).toBe(false);
    expect((await call('getClinicLogoUpload', sp, { id: other.clinicId, body: { files: [{ name: 'logo.png', size: 10 }] } })).status).toBe(404);
    const byClinicAdmin = await call('getClinicLogoUpload', own.users.ClinicAdmin, { id: own.clinicId, body: { files: [{ name: 'logo.png', size: 10 }] } });
    expect(byClinicAdmin.status).toBe(403);
  });

  it('an uploaded logo is kept by an update of its own clinic only, and the answers link to it', async () => {
    const sp = own.users.ServiceProviderAdmin;
    const link = await call('getClinicLogoUpload', sp, { id: own.clinicId, body: { files: [{ name: 'logo.png', size: 100 }] } });
    const saved = await call('updateClinicInfo', sp, { id: own.clinicId, body: { image: link.body.key, reCaptchaToken: human() } });
    expect(saved.status).toBe(200);
    expect(saved.body.changed).toEqual(['image']);
    expect(new URL(saved.body.image as string).pathname).toContain(link.body.key);
    expect((await call('getMyClinic', own.users.ClinicAdmin)).body.image).toEqual(expect.stringContaining(link.body.key));
    const foreign = `clinics/${other.clinicId}/logo-${'a'.repeat(8)}.png`;
    const refused = await call('updateClinicInfo', sp, { id: own.clinicId, body: { image: foreign, reCaptchaToken: human() } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(messages.clinics.imageNotValid);
    const notAKey = await call('updateMyClinic', own.users.ClinicAdmin, { body: { image: '../../etc/passwd', reCaptchaToken: human() } });
    expect(JSON.stringify(notAKey.body)).toContain(messages.clinics.imageNotValid);
  });

  it('is the own clinic’s for a clinic admin (its /myprofile), and no one else’s', async () => {
    // A fresh clinic: its first logo replaces none.
    const tenant = await createTenant('MyLogo');
    const file = { files: [{ name: 'front.png', size: 512 }] };
    const link = await call('getMyClinicLogoUpload', tenant.users.ClinicAdmin, { body: file });
    expect(link.status).toBe(200);
    expect(link.body.key).toMatch(new RegExp(`^clinics/${tenant.clinicId}/logo-[\\w-]+\\.png$`));
    const profile = { Email: 'desk@logo.example', Phone: '+972 4 555 0610', ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Logo St' } };
    const saved = await call('updateMyClinic', tenant.users.ClinicAdmin, { body: { ...profile, image: link.body.key, reCaptchaToken: human() } });
    expect(saved.status).toBe(200);
    expect(saved.body.image).toEqual(expect.stringContaining(link.body.key));
    const foreign = (await call('getMyClinicLogoUpload', own.users.ClinicAdmin, { body: file })).body.key as string;
    expect(foreign).toMatch(new RegExp(`^clinics/${own.clinicId}/`));
    const refused = await call('updateMyClinic', tenant.users.ClinicAdmin, { body: { ...profile, image: foreign, reCaptchaToken: human() } });
    expect(refused.status).toBe(400);
    for (const role of ROLES.filter((candidate) => candidate !== 'ClinicAdmin')) {
      expect([role, (await call('getMyClinicLogoUpload', tenant.users[role], { body: file })).status]).toEqual([role, 403]);
    }
  }, 60_000);

  it('answers the spec messages of section 5 (Image upload)', async () => {
    const sp = own.users.ServiceProviderAdmin;
    const messageOf = async (files: unknown) => JSON.stringify((await call('getClinicLogoUpload', sp, { id: own.clinicId, body: { files } })).body);
    const f = messages.widgets.fields;
    expect(await messageOf([])).toContain(f.noFile);
    const two = [
      { name: 'a.png', size: 1 },
      { name: 'b.png', size: 1 },
    ];
    expect(await messageOf(two)).toContain(f.singleFileOnly);
    expect(await messageOf([{ name: `${'n'.repeat(77)}.png`, size: 1 }])).toContain(f.fileNameTooLong);
    expect(await messageOf([{ name: 'logo.gif', size: 1 }])).toContain(f.fileType);
    expect(await messageOf([{ name: 'logo.png', size: 2 * 1024 * 1024 }])).toContain(messages.clinics.imageTooLarge);
  });
});

describe('disabling a clinic', () => {
  it('stops its users from signing in and ends their sessions; enabling restores them', async () => {
    const tenant = await createTenant('Toggle');
    const sp = tenant.users.ServiceProviderAdmin;
    const nurse = tenant.users.Nurse;
    const nurseToken = await signIn(nurse.Email);
    const profile = () => api.call('GET', `/users/${nurse.UserID}/session`, { token: nurseToken });
    expect((await profile()).status).toBe(200);

    const disabled = await call('updateClinicInfo', sp, { id: tenant.clinicId, body: { ClinicIsEnabled: false, reCaptchaToken: human() } });
    expect(disabled.status).toBe(200);
    expect(disabled.body.ClinicIsEnabled).toBe(false);
    expect((await usersRepository.get(nurse.UserID))?.ClinicDisabled).toBe(true);
    expect((await sessionsRepository.cutoff(nurse.UserID)).tokensValidFrom).toBeGreaterThan(0);
    const refusedCall = await profile();
    expect([401, 403]).toContain(refusedCall.status);
    const refusedSignIn = await api.call('POST', '/signin', { body: { Email: nurse.Email, Password: TEST_PASSWORD, reCaptchaToken: human() } });
    expect(refusedSignIn.status).toBe(403);
    expect(JSON.stringify(refusedSignIn.body)).toContain(messages.session.userDisabled);
    // The provider's users are not the clinic's: its admin goes on.
    expect((await call('getClinicInfo', sp, { id: tenant.clinicId })).status).toBe(200);

    const enabled = await call('updateClinicInfo', sp, { id: tenant.clinicId, body: { ClinicIsEnabled: true, reCaptchaToken: human() } });
    expect(enabled.status).toBe(200);
    expect((await usersRepository.get(nurse.UserID))?.ClinicDisabled).toBe(false);
    const again = await api.call('POST', '/signin', { body: { Email: nurse.Email, Password: TEST_PASSWORD, reCaptchaToken: human() } });
    expect(again.status).toBe(200);
  }, 60_000);
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createUser } from '@functions/services/users';
import { issueLocalToken } from '@functions/lib/human-verification';
import { routeKeyPatterns } from '@infra/aws/route-table';
import { totpCode } from '@infra/local/totp';
import { routeIds, routes, type RouteId } from '@shared/api/routes';
import type { SignedIn, SignInResult, TotpSetup } from '@shared/api/session';
import { defaultSettings, toSettingsList } from '@shared/settings';
import { takeExchange } from '@functions/devices/take-exchange';
import { deadLettersRepository } from '@functions/data/dead-letters-repository';
import { alertsRepository } from '@functions/data/alerts-repository';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { TEST_PASSWORD, signIn as signInUser, signedInUser, useApi } from '../support/api';
import { createPatientWithDevice, createTestClinic, exchangeReport, randomSerialNumber, useDeviceBroker } from '../support/devices';
import { useTestTable, useTestUserPool } from '../support/local-services';
import { prescriptionBody } from '../support/prescriptions';
import { createTenant } from '../support/tenants';
import { outsideGrant, recordTouchedPartitions } from '../support/touched-partitions';
import { HOUR_MS } from '@shared/time';

useTestTable();
useTestUserPool();
useDeviceBroker();
const api = useApi();

/**
 * The partition keys each route's handler really touches, recorded while its Lambda runs against
 * DynamoDB Local, must be within the `dynamodb:LeadingKeys` its route grants on AWS
 * (infra/aws/route-table.ts): a key the table forgets to name would be AccessDenied in production.
 */
let current: RouteId | undefined;
const { accesses } = recordTouchedPartitions(() => current);

/** Calls a route of the API, recording the keys its handler touches. */
async function call(route: RouteId, params: Record<string, string>, options: { token?: string; body?: unknown } = {}) {
  const definition = routes[route];
  const pathOf = definition.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
  current = route;
  try {
    return await api.call(definition.method, pathOf, options);
  } finally {
    current = undefined;
  }
}

const human = () => issueLocalToken(process.env.LOCAL_VERIFIER_SECRET!);
const signIn = (Email: string, Password: string) => call('signIn', {}, { body: { Email, Password, reCaptchaToken: human() } });

function readOutbox(to: string): string {
  const dir = process.env.MAIL_OUTBOX_DIR!;
  const file = readdirSync(dir)
    .filter((name) => name.endsWith(`-${to}.json`))
    .sort()
    .at(-1)!;
  return (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { text: string }).text;
}

describe('the LeadingKeys each route is granted', () => {
  beforeAll(async () => {
    // Signed-in routes, as a LiberDiAdmin (statistics of the platform) and a doctor.
    const admin = await signedInUser('LiberDiAdmin');
    await call('getSession', { userId: admin.user.UserID }, { token: admin.token });
    await call('getGlobalSettings', {}, { token: admin.token });
    await call('initGlobalSettings', { adminId: admin.user.UserID }, { token: admin.token, body: { Settings: toSettingsList(defaultSettings) } });

    // Sign-in: a failure, a success of an administrator (statistics), TOTP on, the 2FA step.
    const email = `doctor-${Math.random().toString(36).slice(2, 10)}@test.example`;
    const doctor = await createUser({ FirstName: 'Dana', LastName: 'Doctor', Email: email, Role: 'Doctor' }, { password: TEST_PASSWORD });
    await signIn(email, 'Wrong!pass1');
    await signIn(admin.user.Email, TEST_PASSWORD);
    const { token, refreshToken } = (await signIn(email, TEST_PASSWORD)).body as SignedIn;
    const setup = (await call('setupTotp', { userId: doctor.UserID }, { token, body: {} })).body as TotpSetup;
    expect((await call('verifyTotp', { userId: doctor.UserID }, { token, body: { TwoFaCode: totpCode(setup.secretCode), refreshToken } })).status).toBe(200);
    const pending = (await signIn(email, TEST_PASSWORD)).body as SignInResult;
    expect((await call('signInTwoFactor', {}, { token: pending.token, body: { TwoFaCode: totpCode(setup.secretCode) } })).status).toBe(200);
    expect((await call('refreshSession', {}, { body: { refreshToken } })).status).toBe(200);
    expect((await call('signOut', {}, { token, body: { refreshToken } })).status).toBe(200);

    // Recovery, then the create-password step it leads to.
    const nurseEmail = `nurse-${Math.random().toString(36).slice(2, 10)}@test.example`;
    const nurse = await createUser({ FirstName: 'Noa', LastName: 'Nurse', Email: nurseEmail, Role: 'Nurse' }, {});
    expect((await call('forgotPassword', {}, { body: { Email: nurseEmail, reCaptchaToken: human() } })).status).toBe(200);
    const temporary = /temporary password is: (\S+)/.exec(readOutbox(nurseEmail))![1]!;
    const first = (await signIn(nurseEmail, temporary)).body as SignInResult;
    expect((await call('changePassword', { userId: nurse.UserID }, { token: first.token, body: { newPassword: 'Better!pass2' } })).status).toBe(200);
  }, 120_000);

  beforeAll(async () => {
    // A doctor of a clinic reads and annotates a patient's exchanges, clears alerts, enters one by hand.
    const { provider, clinic, patient, device } = await createPatientWithDevice();
    const doctor = await signedInUser('Doctor', { ServiceProviderID: provider.ServiceProviderID, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName });
    const report = exchangeReport(new Date(Date.now() - HOUR_MS), { DrainTemp: 38.6 });
    await takeExchange(device.SerialNumber, report, new Date());
    const params = { id: doctor.user.UserID, patientId: patient.UserID, exchangeId: report._id };
    const options = { token: doctor.token };
    expect((await call('getExchangesAsDoctor', params, options)).status).toBe(200);
    expect((await call('saveExchangeNoteAsDoctor', params, { ...options, body: { Exchange_id: report._id, Note: 'Seen' } })).status).toBe(200);
    expect((await call('clearAlertsAsDoctor', params, { ...options, body: { _id: report._id } })).status).toBe(200);
    expect((await call('clearAlertsAsDoctor', params, { ...options, body: { _id: patient.UserID } })).status).toBe(200);
    expect((await call('getExchangeTurbidityAsDoctor', params, options)).status).toBe(200);
    expect((await call('getAdherenceAsDoctor', params, options)).status).toBe(200);
    expect((await call('getPatientFhirAsDoctor', params, options)).status).toBe(200);
    const { _id, FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity, ...manual } = exchangeReport(
      new Date(Date.now() - 30 * 60 * 1000),
    );
    expect((await call('addExchangeAsDoctor', params, { ...options, body: manual })).status).toBe(200);
  }, 60_000);

  // The patient routes of the clinical staff, under each role's prefix: signup, lists (with a row's
  // alerts), the clinic's physicians, the profile (with its device) and an update that moves the
  // SocialId and reassigns the physician.
  beforeAll(async () => {
    const tenant = await createTenant('Keys');
    const [director, doctor, nurse] = [tenant.users.ClinicDirector, tenant.users.Doctor, tenant.users.Nurse];
    const tokens = Object.fromEntries(await Promise.all([director, doctor, nurse].map(async (user) => [user.UserID, await signInUser(user.Email)])));
    const as = (user: { UserID: string }, extra: Record<string, string> = {}) => [{ id: user.UserID, ...extra }, tokens[user.UserID]!] as const;
    const patient = (SocialId: string, DoctorID: string) => ({
      FirstName: 'Ada',
      LastName: 'Keys',
      DOB: '1960-01-01',
      Gender: 'Female',
      Hispanic: false,
      SocialId,
      Address: { Country: 'Israel', City: 'Haifa', Street: '1 Key St' },
      Phone: '+972 4 555 0101',
      Cellphone: '+972 54 555 0101',
      Email: 'ada@keys.example',
      ReferringPhysician: 'Dr. Key',
      ReferringPhysician_Phone: '+972 4 555 0102',
      DialysisStart: '2025-01-01',
      PeritonealDialysisStart: '2025-02-01',
      Weight: 70,
      TargetWeight: 68,
      BloodPressure: '120/80',
      Pulse: 70,
      UrineOutput_CC: 500,
      GFR: 9,
      DoctorID,
    });
    for (const [route, user, SocialId] of [
      ['signupPatientAsDirector', director, '9100001'],
      ['signupPatientAsDoctor', doctor, '9100002'],
      ['signupPatientAsNurse', nurse, '9100003'],
    ] as const) {
      const [params, token] = as(user);
      expect((await call(route, params, { token, body: patient(SocialId, doctor.UserID) })).status).toBe(200);
    }
    await alertsRepository.raiseAlert({
      patientId: tenant.patientId,
      sourceId: 'keys-1',
      alert: { AlertID: 'keys-1:SkippedAlert', Time: '2026-01-01T08:00:00.000Z', flag: 'SkippedAlert', severity: 2, textValue: 'Skipped exchange' },
    });
    await assignDevice(tenant.patientId, tenant.serialNumber);
    const reads: Array<[RouteId, { UserID: string }, Record<string, string>?]> = [
      ['getAllClinicPatientsAsDirector', director],
      ['getAllClinicPatientsAsNurse', nurse],
      ['getallpatientsAsDoctor', doctor],
      ['getAllClinicDoctorsAsDirector', director],
      ['getAllClinicDoctorsAsNurse', nurse],
      ['getPatientProfileAsDirector', director, { patientId: tenant.patientId }],
      ['getPatientProfileAsDoctor', doctor, { patientId: tenant.patientId }],
      ['getPatientProfileAsNurse', nurse, { patientId: tenant.patientId }],
    ];
    for (const [route, user, extra] of reads) {
      const [params, token] = as(user, extra);
      expect((await call(route, params, { token })).status).toBe(200);
    }
    const [byDirector, directorToken] = as(director, { patientId: tenant.patientId });
    const reassigned = await call('updatePatientAsDirector', byDirector, {
      token: directorToken,
      body: { SocialId: '9100004', DoctorID_ref: director.UserID },
    });
    expect(reassigned.status).toBe(200);
    const [byDoctor, doctorToken] = as(doctor, { patientId: tenant.patientId });
    expect((await call('updatePatientAsDoctor', byDoctor, { token: doctorToken, body: { Pulse: 77 } })).status).toBe(200);
  }, 120_000);

  // The treatment routes: a doctor reads the clinic's settings, writes a prescription (sent to the
  // device over the broker), reads it and the visits and closes the open visit; a nurse links a spare device.
  beforeAll(async () => {
    const { provider, clinic, patient, device } = await createPatientWithDevice();
    const tenant = { ServiceProviderID: provider.ServiceProviderID, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName };
    const [doctor, nurse, director] = [await signedInUser('Doctor', tenant), await signedInUser('Nurse', tenant), await signedInUser('ClinicDirector', tenant)];
    await takeExchange(device.SerialNumber, exchangeReport(new Date(Date.now() - HOUR_MS)), new Date());
    const spare = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinic.ClinicID });
    const params = (user: { user: { UserID: string } }) => ({ id: user.user.UserID, patientId: patient.UserID });
    for (const [route, user] of [
      ['getClinicSettingsAsDirector', director],
      ['getClinicSettingsAsDoctor', doctor],
      ['getClinicSettingsAsNurse', nurse],
    ] as const) {
      expect((await call(route, params(user), { token: user.token })).status).toBe(200);
    }
    const prescription = prescriptionBody(device.SerialNumber, [
      { ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: ['MO', 'TH'], ExchangeTime: ['08:00', '14:00'] },
    ]);
    expect((await call('addPrescriptionAsDoctor', params(doctor), { token: doctor.token, body: prescription })).status).toBe(200);
    expect((await call('getPrescriptionAsNurse', params(nurse), { token: nurse.token })).status).toBe(200);
    expect((await call('getVisitsAsDoctor', params(doctor), { token: doctor.token })).status).toBe(200);
    const findings = { Findings: 'Stable', Recommendation: 'No change', UrineOutput: 2 };
    expect((await call('closeOpenVisitAsDoctor', params(doctor), { token: doctor.token, body: findings })).status).toBe(200);
    expect((await call('addDeviceAsNurse', params(nurse), { token: nurse.token, body: { SerialNumber: spare.SerialNumber } })).status).toBe(200);
  }, 60_000);

  // The service provider routes: the platform admin lists, creates (its admin mailed), reads and
  // disables a provider (its users' sessions end); the provider admin reads and changes its own.
  beforeAll(async () => {
    const tenant = await createTenant('Providers');
    const admin = await signedInUser('LiberDiAdmin');
    const spAdmin = tenant.users.ServiceProviderAdmin;
    const spToken = await signInUser(spAdmin.Email);
    const asAdmin = { adminId: admin.user.UserID, id: tenant.serviceProviderId };
    expect((await call('getAllServiceProviders', asAdmin, { token: admin.token })).status).toBe(200);
    const signup = {
      ServiceProviderName: 'Keys Renal',
      FirstName: 'Kim',
      LastName: 'Keys',
      Email: `sp-${Math.random().toString(36).slice(2, 10)}@test.example`,
      Phone: '+972 4 555 0103',
      ServiceProviderAddress: { Country: 'Israel', City: 'Haifa', Street: '3 Key St' },
    };
    expect((await call('signupServiceProvider', asAdmin, { token: admin.token, body: signup })).status).toBe(200);
    expect((await call('getServiceProviderProfile', asAdmin, { token: admin.token })).status).toBe(200);
    expect((await call('getMySP', { adminId: spAdmin.UserID }, { token: spToken })).status).toBe(200);
    const logo = { files: [{ name: 'logo.png', size: 2048 }] };
    expect((await call('getServiceProviderLogoUpload', asAdmin, { token: admin.token, body: logo })).status).toBe(200);
    expect((await call('getMySPLogoUpload', { adminId: spAdmin.UserID }, { token: spToken, body: logo })).status).toBe(200);
    // A new name is copied onto the provider's clinics, their devices and its users.
    const settings = { Settings: [{ name: 'MaxFillTemp', value: 38 }], Phone: '+972 4 555 0104', ServiceProviderName: 'Providers Renamed' };
    expect((await call('updateMySP', { adminId: spAdmin.UserID }, { token: spToken, body: settings })).status).toBe(200);
    const renamed = { ServiceProviderName: 'Providers Renamed Again', ServiceProviderIsEnabled: true };
    expect((await call('updateServiceProviderProfile', asAdmin, { token: admin.token, body: renamed })).status).toBe(200);
    expect((await call('updateServiceProviderProfile', asAdmin, { token: admin.token, body: { ServiceProviderIsEnabled: false } })).status).toBe(200);
  }, 60_000);

  // The clinic routes of the administrators: the platform admin lists every clinic and one
  // provider's and reads one; the provider's admin lists, reads, creates (with settings) and
  // updates its clinics, disabling and enabling one (its users marked, their sessions ended); the
  // clinic admin reads and keeps its own clinic's profile.
  beforeAll(async () => {
    const tenant = await createTenant('Clinics');
    const [admin, sp, clinicAdmin] = [tenant.users.LiberDiAdmin, tenant.users.ServiceProviderAdmin, tenant.users.ClinicAdmin];
    const tokens = Object.fromEntries(await Promise.all([admin, sp, clinicAdmin].map(async (user) => [user.UserID, await signInUser(user.Email)])));
    const as = (user: { UserID: string }, id?: string) => [{ adminId: user.UserID, ...(id ? { id } : {}) }, { token: tokens[user.UserID]! }] as const;
    const address = { Country: 'Israel', City: 'Haifa', Street: '6 Key St' };
    const [adminParams, adminOptions] = as(admin);
    expect((await call('getAllClinicsAsAdmin', adminParams, adminOptions)).status).toBe(200);
    current = 'getAllClinicsAsAdmin';
    try {
      const bySp = await api.call('GET', `/liberdiAdmins/${admin.UserID}/clinics/getAllClinics?spId=${tenant.serviceProviderId}`, adminOptions);
      expect(bySp.status).toBe(200);
    } finally {
      current = undefined;
    }
    expect((await call('getClinicProfile', ...as(admin, tenant.clinicId))).status).toBe(200);
    expect((await call('getAllClinicsOfProvider', ...as(sp))).status).toBe(200);
    expect((await call('getClinicInfo', ...as(sp, tenant.clinicId))).status).toBe(200);
    const [logoParams, logoOptions] = as(sp, tenant.clinicId);
    expect((await call('getClinicLogoUpload', logoParams, { ...logoOptions, body: { files: [{ name: 'logo.png', size: 2048 }] } })).status).toBe(200);
    // The clinic admin first: disabling the clinic below ends that admin's session.
    expect((await call('getMyClinic', ...as(clinicAdmin))).status).toBe(200);
    const [myLogoParams, myLogoOptions] = as(clinicAdmin);
    expect((await call('getMyClinicLogoUpload', myLogoParams, { ...myLogoOptions, body: { files: [{ name: 'logo.png', size: 2048 }] } })).status).toBe(200);
    const [caParams, caOptions] = as(clinicAdmin);
    const mine = { Email: 'keys@clinic.example', Phone: '+972 4 555 0601', ClinicAddress: address, reCaptchaToken: human() };
    expect((await call('updateMyClinic', caParams, { ...caOptions, body: mine })).status).toBe(200);
    const [spParams, spOptions] = as(sp);
    const created = await call('signupClinic', spParams, {
      ...spOptions,
      body: {
        ClinicName: 'Keys Clinic',
        ClinicPhone: '+972 4 555 0600',
        ClinicAddress: address,
        Settings: [{ name: 'PulseMaxRange', value: 120 }],
        reCaptchaToken: human(),
      },
    });
    expect(created.status).toBe(200);
    for (const ClinicIsEnabled of [false, true]) {
      const [params, options] = as(sp, tenant.clinicId);
      const body = { ClinicIsEnabled, ClinicName: `Keys ${String(ClinicIsEnabled)}`, reCaptchaToken: human() };
      expect((await call('updateClinicInfo', params, { ...options, body })).status).toBe(200);
    }
  }, 120_000);

  // The user routes: the platform admin lists (all, by provider, by clinic) and reads; the provider's
  // admin lists, reads, adds a clinic's admin and changes its e-mail; the clinic admin lists, reads,
  // creates its staff on each path and changes a nurse's role and flag (sessions ended).
  beforeAll(async () => {
    const tenant = await createTenant('Users');
    const [admin, sp, clinicAdmin] = [tenant.users.LiberDiAdmin, tenant.users.ServiceProviderAdmin, tenant.users.ClinicAdmin];
    const tokens = Object.fromEntries(await Promise.all([admin, sp, clinicAdmin].map(async (user) => [user.UserID, await signInUser(user.Email)])));
    const as = (user: { UserID: string }, extra: Record<string, string> = {}) => [{ adminId: user.UserID, ...extra }, { token: tokens[user.UserID]! }] as const;
    const person = (Role: string) => ({
      FirstName: 'Kai',
      LastName: 'Keys',
      Email: `keys-${Math.random().toString(36).slice(2, 10)}@test.example`,
      Phone: '+972 4 555 0900',
      Role,
    });
    expect((await call('getAllUsers', ...as(admin))).status).toBe(200);
    current = 'getAllUsers';
    try {
      for (const query of [`spId=${tenant.serviceProviderId}`, `clinicId=${tenant.clinicId}&spId=${tenant.serviceProviderId}`]) {
        expect((await api.call('GET', `/liberdiAdmins/${admin.UserID}/users/getAllUsers?${query}`, as(admin)[1])).status).toBe(200);
      }
    } finally {
      current = undefined;
    }
    expect((await call('getUserProfile', ...as(admin, { id: tenant.users.Nurse.UserID }))).status).toBe(200);
    expect((await call('getAllUsersForSP', ...as(sp))).status).toBe(200);
    current = 'getAllUsersForSP';
    try {
      expect((await api.call('GET', `/spadmins/${sp.UserID}/getAllUsersForSP?clinicId=${tenant.clinicId}`, as(sp)[1])).status).toBe(200);
    } finally {
      current = undefined;
    }
    expect((await call('getUserOfProvider', ...as(sp, { id: tenant.users.Nurse.UserID }))).status).toBe(200);
    const clinic = await createTestClinic(tenant.serviceProviderId);
    const [addParams, addOptions] = as(sp, { clinicId: clinic.ClinicID });
    const added = await call('addClinicAdmin', addParams, { ...addOptions, body: person('ClinicAdmin') });
    expect(added.status).toBe(200);
    const [spUpdate, spOptions] = as(sp, { id: (added.body as { UserID: string }).UserID });
    expect((await call('updateUserOfProvider', spUpdate, { ...spOptions, body: { Email: person('x').Email } })).status).toBe(200);

    expect((await call('getAllUsersForMyClinic', ...as(clinicAdmin))).status).toBe(200);
    expect((await call('getUserOfClinic', ...as(clinicAdmin, { id: tenant.users.Nurse.UserID }))).status).toBe(200);
    const [caParams, caOptions] = as(clinicAdmin);
    for (const [route, role] of [
      ['signupDoctor', 'Doctor'],
      ['signupNurse', 'Nurse'],
      ['signupClinicDirector', 'ClinicDirector'],
    ] as const) {
      expect((await call(route, caParams, { ...caOptions, body: person(role) })).status).toBe(200);
    }
    const [caUpdate] = as(clinicAdmin, { id: tenant.users.Nurse.UserID });
    const change = { Role: 'Doctor', IsEnabled: false, Phone: '+972 4 555 0901' };
    expect((await call('updateUserOfClinic', caUpdate, { ...caOptions, body: change })).status).toBe(200);
  }, 120_000);

  // The device routes of the platform admin: the list (all, a clinic's, a provider's), one device,
  // its exchanges, errors and refused messages, its note and MACs (published to the device), and a registration.
  beforeAll(async () => {
    const tenant = await createTenant('Devices');
    const admin = tenant.users.LiberDiAdmin;
    const options = { token: await signInUser(admin.Email) };
    const params = { adminId: admin.UserID, id: tenant.deviceId };
    expect((await call('getAllDevices', params, options)).status).toBe(200);
    current = 'getAllDevices';
    try {
      for (const filter of [`clinicId=${tenant.clinicId}`, `spId=${tenant.serviceProviderId}`]) {
        expect((await api.call('GET', `/liberdiAdmins/${admin.UserID}/devices/getAllDevices?${filter}`, options)).status).toBe(200);
      }
    } finally {
      current = undefined;
    }
    expect((await call('getDeviceProfile', params, options)).status).toBe(200);
    expect((await call('getDeviceExchanges', params, options)).status).toBe(200);
    expect((await call('getDeviceErrors', params, options)).status).toBe(200);
    // A letter to read: the route queries the letters' index, then reads the letters themselves.
    await deadLettersRepository.add({
      Topic: 'pd/devices/x/up/exchange',
      ClientId: tenant.serialNumber,
      Payload: '',
      Reason: 'keys',
      ReceivedAt: new Date().toISOString(),
    });
    expect((await call('getDeviceDeadLetters', params, options)).status).toBe(200);
    expect((await call('updateDeviceProfile', params, { ...options, body: { Note: 'Keys' } })).status).toBe(200);
    expect((await call('updateDeviceProfile', params, { ...options, body: { BloodMAC: '00:1A:7D:DA:71:13', ScaleMAC: null } })).status).toBe(200);
    const registration = { SerialNumber: randomSerialNumber(), ServiceProviderID: tenant.serviceProviderId, ClinicID: tenant.clinicId };
    expect((await call('registerDevice', params, { ...options, body: registration })).status).toBe(200);
  }, 120_000);

  // The scenarios above cover the session, settings, exchange, patient, treatment, provider, clinic, user and device routes.
  const exercised: RouteId[] = [
    'getAllServiceProviders',
    'signupServiceProvider',
    'getServiceProviderProfile',
    'updateServiceProviderProfile',
    'getMySP',
    'updateMySP',
    'signIn',
    'signInTwoFactor',
    'changePassword',
    'forgotPassword',
    'signOut',
    'getSession',
    'setupTotp',
    'verifyTotp',
    'getGlobalSettings',
    'initGlobalSettings',
    'getExchangesAsDoctor',
    'saveExchangeNoteAsDoctor',
    'clearAlertsAsDoctor',
    'getExchangeTurbidityAsDoctor',
    'getAdherenceAsDoctor',
    'getPatientFhirAsDoctor',
    'addExchangeAsDoctor',
    'getClinicSettingsAsDirector',
    'getClinicSettingsAsDoctor',
    'getClinicSettingsAsNurse',
    'addPrescriptionAsDoctor',
    'getPrescriptionAsNurse',
    'getVisitsAsDoctor',
    'closeOpenVisitAsDoctor',
    'addDeviceAsNurse',
    'getAllClinicsAsAdmin',
    'getClinicProfile',
    'getAllClinicsOfProvider',
    'getClinicInfo',
    'signupClinic',
    'updateClinicInfo',
    'getMyClinic',
    'updateMyClinic',
    'getClinicLogoUpload',
    'getServiceProviderLogoUpload',
    'getMySPLogoUpload',
    'getMyClinicLogoUpload',
    'getAllUsers',
    'getUserProfile',
    'getAllUsersForSP',
    'getUserOfProvider',
    'addClinicAdmin',
    'updateUserOfProvider',
    'getAllUsersForMyClinic',
    'getUserOfClinic',
    'updateUserOfClinic',
    'signupDoctor',
    'signupNurse',
    'signupClinicDirector',
    'getAllDevices',
    'getDeviceProfile',
    'getDeviceExchanges',
    'getDeviceErrors',
    'getDeviceDeadLetters',
    'updateDeviceProfile',
    'registerDevice',
    ...routeIds.filter((id) => /^(signupPatient|getAllClinicPatients|getallpatients|getAllClinicDoctors|getPatientProfile|updatePatient)As/.test(id)),
  ];

  it('exercised the routes of its scenarios', () => {
    const touched = new Set(accesses.map((access) => access.label));
    expect(exercised.filter((id) => !touched.has(id))).toEqual([]);
  });

  it.each(routeIds)('%s touches only the partitions its route names', (id) => {
    expect(outsideGrant(accesses, id, routeKeyPatterns(routes[id]))).toEqual([]);
  });
});

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { handler as ingest, type DeviceMessageEvent } from '@functions/devices/ingest';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { dataModelRepository } from '@functions/data/data-model-repository';
import { settingsRepository } from '@functions/data/settings-repository';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { createClinic, createServiceProvider } from '@functions/services/organizations';
import { createPatient } from '@functions/services/patients';
import { savePrescription } from '@functions/services/prescriptions';
import { setupTotp, signIn, verifyTotp } from '@functions/services/sessions';
import { createUser } from '@functions/services/users';
import { checkPatient } from '@functions/devices/check-skipped-exchanges';
import { takeDeviceError } from '@functions/devices/take-device-error';
import { operatorWrite } from '@functions/audit/audit-trail';
import { onCallRepository } from '@functions/data/on-call-repository';
import { convertTemperature, convertWeight, deviceExchangeSchema, deviceTopics, type DeviceExchange } from '@shared/device';
import type { Role } from '@shared/roles';
import { defaultSettings } from '@shared/settings';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@shared/time';
import { totpCode } from './totp';
import { SimulatedPatient } from './simulate';

/**
 * The simulator's seed of the demo patients: the history made here and the live exchanges of
 * `npm start` come from the same people (baseline weight, blood pressure, pulse), so the charts
 * carry on where the history ends.
 */
export const DEMO_SIMULATION_SEED = 2026;

/** The one password of every demo account (README.md lists the accounts). */
export const DEMO_PASSWORD = 'PdPortal!2026';

/**
 * Serial numbers of the demo devices; the first four are in patients' homes and report exchanges,
 * the rest are spares (at least one per provider), so a new patient can be given a device.
 */
export const DEMO_DEVICES = ['100-00001', '100-00002', '100-00003', '100-00004', '100-00005', '100-00006', '100-00007', '100-00008'] as const;
export const REPORTING_DEMO_DEVICES = DEMO_DEVICES.slice(0, 4);

/**
 * The escalation shown on a fresh start (docs/escalation.md): the Haifa nurse on call from an hour
 * ago, and a High alert of the clinic's first patient (a panic its device reported on its own)
 * raised 15 minutes ago and still unresolved, so the escalation check's next run (each minute)
 * mails and texts her the notice: the outbox and the SMS outbox under .local/ hold it.
 */
async function escalationDemo(
  serialNumber: string,
  clinic: { ClinicID: string; ServiceProviderID: string },
  nurse: { UserID: string; FirstName: string; LastName: string; Email: string },
  now: Date,
) {
  const shift = {
    ClinicID: clinic.ClinicID,
    ServiceProviderID: clinic.ServiceProviderID,
    ShiftID: 'demo-shift',
    UserID: nurse.UserID,
    Name: `${nurse.FirstName} ${nurse.LastName}`,
    From: new Date(now.getTime() - HOUR_MS).toISOString(),
    To: new Date(now.getTime() + 12 * HOUR_MS).toISOString(),
    Email: nurse.Email,
    Phone: '+972 4 555 0170',
    CreatedBy: 'demo-seed',
  };
  const audit = operatorWrite(
    { command: 'npm start (demo seed)', operator: 'demo', host: 'localhost' },
    { entity: 'OnCallShift', id: shift.ShiftID, after: shift, ClinicID: clinic.ClinicID, ServiceProviderID: clinic.ServiceProviderID },
  );
  await onCallRepository.add(shift, await onCallRepository.version(clinic.ClinicID), audit);
  // A panic the device reported on its own 15 minutes ago, taken as ingest takes one: no exchange carries it.
  const raisedAt = new Date(now.getTime() - 15 * MINUTE_MS);
  await takeDeviceError(
    serialNumber,
    { _id: 'demo-panic-1', Time: raisedAt.toISOString(), MachineProblem: 'PANIC: heater over-temperature, exchange stopped' },
    raisedAt,
  );
}

/**
 * What happens to a patient at home, so the demo clinic shows every alert of spec section 3
 * somewhere: each event changes one exchange, counted back from the newest (1 = the newest).
 * The simulator's own random anomalies come on top. A SkippedAlert comes from a slot left out.
 */
type ClinicalEvent = 'high-pulse' | 'low-pulse' | 'low-bp' | 'high-bp' | 'weight-gain' | 'low-uf' | 'no-drain' | 'high-drain-temp' | 'turbid' | 'panic';
const CLINICAL_STORIES: ReadonlyArray<Readonly<Record<number, ClinicalEvent>>> = [
  { 2: 'weight-gain', 4: 'high-pulse', 6: 'low-uf' },
  { 2: 'low-bp', 4: 'low-pulse', 6: 'turbid' },
  { 2: 'high-drain-temp', 3: 'no-drain', 5: 'high-bp', 7: 'panic' },
];

/** The exchange as the event makes it (in the device's own units), checked again with the protocol's schema. */
function withEvent(exchange: DeviceExchange, event: ClinicalEvent, previous: DeviceExchange | undefined, dryWeightKg: number): DeviceExchange {
  const measured = { Time: exchange.DeviceLocalDate };
  const changed: DeviceExchange = { ...exchange };
  const previousFill = previous?.FillVolume ?? 2000;
  switch (event) {
    case 'high-pulse':
      changed.PulseMeasure = { Value: 124, ...measured };
      break;
    case 'low-pulse':
      changed.PulseMeasure = { Value: 43, ...measured };
      break;
    case 'low-bp':
      changed.BloodPressureMeasure = { Value: { Systolic: 84, Diastolic: 52 }, ...measured };
      break;
    case 'high-bp':
      changed.BloodPressureMeasure = { Value: { Systolic: 172, Diastolic: 101 }, ...measured };
      break;
    case 'weight-gain':
      changed.WeightMeasure = { Value: Math.round(convertWeight(dryWeightKg + 3.6, 'KG', exchange.WeightUnit) * 10) / 10, ...measured };
      break;
    case 'low-uf':
      changed.DrainVolume = previousFill + 40;
      break;
    case 'no-drain':
      changed.DrainVolume = Math.round(previousFill * 0.3);
      break;
    case 'high-drain-temp':
      changed.DrainTemp = Math.round(convertTemperature(39.1, 'C', exchange.TempUnit) * 10) / 10;
      break;
    case 'turbid':
      changed.BubblesTurbidityCalc = { meanCleanDrain: 9.4, stdevCleanDrain: 0.6, meanCleanFill: 0.4, stdevCleanFill: 0.05 };
      changed.PValue = 9.4;
      break;
    case 'panic':
      changed.MachineProblem = 'PANIC: drain pump stalled, exchange aborted';
      break;
  }
  return deviceExchangeSchema.parse(changed);
}

/** Three weeks of history for the demo patients, unless told otherwise. */
const HISTORY_DAYS = 21;
const EXCHANGE_HOURS = [7, 12, 17, 22];
/** Older than the skipped-exchange check's grace time (2 hours by default). */
const SKIPPED_SLOT_AGE_MS = 3 * HOUR_MS;
const ALL_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** What a device sends, as the IoT rule hands it to the ingest Lambda: the same path live messages take. */
function deviceEvent(serialNumber: string, topic: string, message: unknown, receivedAt: Date): DeviceMessageEvent {
  return { payload: Buffer.from(JSON.stringify(message)).toString('base64'), topic, clientId: serialNumber, receivedAt: receivedAt.getTime() };
}

async function account(role: Role, email: string, firstName: string, lastName: string, tenant: Partial<Parameters<typeof createUser>[0]> = {}) {
  return createUser({ FirstName: firstName, LastName: lastName, Email: email, Phone: '+1 617 555 0100', Role: role, ...tenant }, { password: DEMO_PASSWORD });
}

/**
 * Demo data for a new local portal, made through the product's own services and the ingest
 * handler: the accounts of every role, two providers, three clinics, devices, and patients with
 * three weeks of exchanges (and the alerts those raise). Writes .local/demo-accounts.md.
 */
export async function seedDemoData(options: { log: (line: string) => void; dataDir: string; now?: Date; historyDays?: number }): Promise<void> {
  const { log } = options;
  const historyDays = options.historyDays ?? HISTORY_DAYS;
  const now = options.now ?? new Date();
  await dataModelRepository.markCurrent();
  await settingsRepository.putGlobal(defaultSettings, 'seed');

  const address = (City: string, Country: string, Street: string) => ({ City, Country, Street });
  const northwind = await createServiceProvider({
    ServiceProviderName: 'Northwind Renal Care',
    ServiceProviderAddress: address('Haifa', 'Israel', '12 HaNamal St'),
    Email: 'contact@northwind.demo',
    Phone: '+972 4 555 0100',
    FirstName: 'Maya',
    LastName: 'Katz',
  });
  const harbor = await createServiceProvider({
    ServiceProviderName: 'Harbor Dialysis Services',
    ServiceProviderAddress: address('Boston', 'United States', '200 Atlantic Ave'),
    Email: 'contact@harbor.demo',
    Phone: '+1 617 555 0100',
    FirstName: 'James',
    LastName: 'Porter',
  });
  const clinic = (name: string, provider: typeof northwind, city: string, country: string, street: string) =>
    createClinic({
      ClinicName: name,
      ClinicPhone: provider === harbor ? '+1 617 555 0142' : '+972 4 555 0142',
      ClinicAddress: address(city, country, street),
      Email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@clinic.demo`,
      ServiceProviderID: provider.ServiceProviderID,
    });
  const haifa = await clinic('Haifa Home PD Clinic', northwind, 'Haifa', 'Israel', '8 Ha-Aliya St');
  const telAviv = await clinic('Tel Aviv Home PD Clinic', northwind, 'Tel Aviv', 'Israel', '40 Weizmann St');
  const boston = await clinic('Boston Home Dialysis', harbor, 'Boston', 'United States', '55 Fruit St');
  log('2 service providers and 3 clinics');

  const spTenant = (provider: typeof northwind) => ({ ServiceProviderID: provider.ServiceProviderID, ServiceProviderName: provider.ServiceProviderName });
  const clinicTenant = (c: typeof haifa) => ({
    ClinicID: c.ClinicID,
    ClinicName: c.ClinicName,
    ...spTenant(c.ServiceProviderID === northwind.ServiceProviderID ? northwind : harbor),
  });
  await account('LiberDiAdmin', 'admin@liberdi.demo', 'Lior', 'Admin');
  await account('ServiceProviderAdmin', 'sp.admin@northwind.demo', 'Maya', 'Katz', spTenant(northwind));
  await account('ServiceProviderAdmin', 'sp.admin@harbor.demo', 'James', 'Porter', spTenant(harbor));
  const clinicAdmin = await account('ClinicAdmin', 'clinic.admin@haifa.demo', 'Rina', 'Shapiro', clinicTenant(haifa));
  await clinicsRepository.setAdmin(haifa.ClinicID, {
    UserID: clinicAdmin.UserID,
    FirstName: clinicAdmin.FirstName,
    LastName: clinicAdmin.LastName,
    Email: clinicAdmin.Email,
  });
  const director = await account('ClinicDirector', 'director@haifa.demo', 'Avi', 'Mizrahi', clinicTenant(haifa));
  const doctor = await account('Doctor', 'doctor@haifa.demo', 'Yael', 'Friedman', clinicTenant(haifa));
  const nurse = await account('Nurse', 'nurse@haifa.demo', 'Tamar', 'Levi', clinicTenant(haifa));
  const bostonDoctor = await account('Doctor', 'doctor@boston.demo', 'Emily', 'Carter', clinicTenant(boston));
  const twoFactor = await account('Doctor', 'doctor.2fa@haifa.demo', 'Omer', 'Segal', clinicTenant(haifa));
  const totpSecret = await turnOnTotp(twoFactor.Email, twoFactor.UserID);
  log('accounts of every role');

  const placements = [haifa, haifa, haifa, boston, telAviv, haifa, boston, haifa];
  const devices = [];
  for (const [i, serialNumber] of DEMO_DEVICES.entries()) devices.push(await registerDevice({ SerialNumber: serialNumber, ClinicID: placements[i]!.ClinicID }));

  const people = [
    { FirstName: 'Noa', LastName: 'Cohen', DOB: '1958-03-14', Gender: 'Female' as const, doctor: doctor.UserID },
    { FirstName: 'David', LastName: 'Ben-Ami', DOB: '1966-11-02', Gender: 'Male' as const, doctor: director.UserID },
    { FirstName: 'Sara', LastName: 'Haddad', DOB: '1972-07-21', Gender: 'Female' as const, doctor: doctor.UserID },
    { FirstName: 'Robert', LastName: 'Miller', DOB: '1955-01-30', Gender: 'Male' as const, doctor: bostonDoctor.UserID },
  ];
  let firstHaifaDevice: string | undefined;
  for (const [i, person] of people.entries()) {
    const serialNumber = REPORTING_DEMO_DEVICES[i]!;
    const home = placements[i]!;
    const simulated = new SimulatedPatient(serialNumber, DEMO_SIMULATION_SEED);
    const start = new Date(now.getTime() - historyDays * DAY_MS);
    start.setUTCHours(0, 0, 0, 0);
    const history: DeviceExchange[] = [];
    for (let day = 0; day <= historyDays; day += 1) {
      for (const hour of EXCHANGE_HOURS) {
        const at = new Date(start.getTime() + day * DAY_MS + hour * HOUR_MS + ((day * 7 + hour * 13) % 20) * MINUTE_MS);
        // A missed exchange now and then, as happens at home.
        if (at < now && (day * 4 + hour) % 37 !== 5) history.push(simulated.nextExchange(at).exchange);
      }
    }
    const firstWeight = history.find((exchange) => exchange.WeightMeasure)!;
    const dryWeightKg = Math.round(convertWeight(firstWeight.WeightMeasure!.Value, firstWeight.WeightUnit, 'KG'));
    if (i === 0) {
      // The first patient's device stays silent for the last slot past the grace time: a skipped exchange.
      const silent = history.findLastIndex((exchange) => Date.parse(exchange.DeviceLocalDate) < now.getTime() - SKIPPED_SLOT_AGE_MS);
      if (silent >= 0) history.splice(silent, 1);
    }
    for (const [back, event] of Object.entries(CLINICAL_STORIES[i] ?? {})) {
      const index = history.length - Number(back);
      if (index > 0) history[index] = withEvent(history[index]!, event, history[index - 1], dryWeightKg);
    }
    const { patient } = await createPatient({
      ...person,
      Hispanic: false,
      SocialId: String(300_000_000 + i * 1_234_567),
      Address: home.ClinicAddress,
      Phone: home.ClinicPhone,
      Cellphone: home.ClinicPhone,
      Email: `${person.FirstName.toLowerCase()}.${person.LastName.toLowerCase()}@patient.demo`,
      ClinicID_ref: home.ClinicID,
      DoctorID_ref: person.doctor,
      ReferringPhysician: 'Dr. Ruth Amsalem',
      ReferringPhysician_Phone: home.ClinicPhone,
      DialysisStart: '2024-09-01',
      PeritonealDialysisStart: '2024-10-15',
      Weight: dryWeightKg,
      TargetWeight: dryWeightKg,
      BloodPressure: '125/80',
      Pulse: 72,
      UrineOutput_CC: 600,
      GFR: 8,
    });
    await assignDevice(patient.UserID, serialNumber);
    const prescription = await savePrescription(
      patient.UserID,
      {
        Exchanges: [
          { ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: [...ALL_DAYS], ExchangeTime: ['07:00', '12:00'] },
          { ExchangeFluid: 'DIAneal 2.27%', ExchangeLiter: 2, ExchangeDaysFrequency: [...ALL_DAYS], ExchangeTime: ['17:00'] },
          { ExchangeFluid: 'EXTRAneal', ExchangeLiter: 2, ExchangeDaysFrequency: [...ALL_DAYS], ExchangeTime: ['22:00'] },
        ],
        FillTime: 10,
        DrainTime: 20,
        MinFillTemp: 36,
        MaxFillTemp: 38,
        WeighDays: ['MO', 'TH'],
        BloodPulseDays: ['MO', 'WE', 'FR'],
        AdditionalMedication: null,
        patientTimeZone: 'UTC',
      },
      person.doctor,
      start,
    );
    await ingest(
      deviceEvent(serialNumber, deviceTopics.prescriptionAck(serialNumber), { PrescriptionId: prescription.PrescriptionId, Time: start.toISOString() }, start),
    );
    for (const exchange of history) {
      await ingest(deviceEvent(serialNumber, deviceTopics.exchange(serialNumber), exchange, new Date(exchange.DeviceLocalDate)));
    }
    await checkPatient(patient.UserID, now);
    log(`${person.FirstName} ${person.LastName}: device ${serialNumber}, ${history.length} exchanges`);
    if (i === 0) firstHaifaDevice = serialNumber;
  }

  // Raised at the end, on the wall clock: its escalation is due in the current minute, which the check's next run takes.
  if (firstHaifaDevice) await escalationDemo(firstHaifaDevice, haifa, nurse, new Date());
  log('a High alert left unresolved for 15 minutes: its notice goes to the nurse on call at the next escalation check');

  const accounts = [
    ['LiberDiAdmin', 'admin@liberdi.demo'],
    ['ServiceProviderAdmin', 'sp.admin@northwind.demo (Northwind Renal Care)'],
    ['ServiceProviderAdmin', 'sp.admin@harbor.demo (Harbor Dialysis Services)'],
    ['ClinicAdmin', 'clinic.admin@haifa.demo (Haifa Home PD Clinic)'],
    ['ClinicDirector', 'director@haifa.demo'],
    ['Doctor', 'doctor@haifa.demo'],
    ['Nurse', 'nurse@haifa.demo'],
    ['Doctor', 'doctor@boston.demo (Boston Home Dialysis)'],
    ['Doctor, 2FA on', `doctor.2fa@haifa.demo — TOTP secret ${totpSecret} (\`npm run totp -- ${totpSecret}\` prints the current code)`],
  ];
  const text = [
    '# Demo accounts of this local portal',
    '',
    `Every account's password: \`${DEMO_PASSWORD}\``,
    '',
    ...accounts.map(([role, who]) => `- ${role}: ${who}`),
    '',
  ].join('\n');
  await writeFile(path.join(options.dataDir, 'demo-accounts.md'), text);
  log(`2FA demo account doctor.2fa@haifa.demo, TOTP secret ${totpSecret} (also in ${path.join(options.dataDir, 'demo-accounts.md')})`);
}

/** Turns TOTP on the way a user does in the portal: sign in, get a secret, confirm a first code. */
export async function turnOnTotp(email: string, userId: string, password = DEMO_PASSWORD): Promise<string> {
  const session = await signIn(email, password);
  if (session.status !== 'pass' || session.updatePassword) throw new Error(`demo user ${email} could not sign in`);
  const { secretCode } = await setupTotp(session.token, email);
  await verifyTotp(session.token, userId, totpCode(secretCode));
  return secretCode;
}

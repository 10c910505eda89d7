import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { careWeeksRepository } from '@functions/data/care-weeks-repository';
import { handler as checkEscalations } from '@functions/devices/check-escalations';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { devicesRepository } from '@functions/data/devices-repository';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { patientsRepository } from '@functions/data/patients-repository';
import { alertsRepository } from '@functions/data/alerts-repository';
import { prescriptionsRepository } from '@functions/data/prescriptions-repository';
import { statsRepository } from '@functions/data/stats-repository';
import { answerTwoFactor, signIn } from '@functions/services/sessions';
import { DEMO_DEVICES, DEMO_PASSWORD, REPORTING_DEMO_DEVICES, seedDemoData } from '@infra/local/seed';
import { alertFlags, patientWeekOf } from '@shared/alerts';
import { totpCode } from '@infra/local/totp';
import { onCall } from '@shared/messages/on-call';
import { MINUTE_MS } from '@shared/time';
import { useDeviceBroker } from '../support/devices';
import { useTestTable, useTestUserPool } from '../support/local-services';

useTestTable();
useTestUserPool();
useDeviceBroker();

/** Yesterday at 18:30 UTC, always in the past. */
function seedNow(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 18, 30));
}

/** `npm start` seeds a new data folder with this; a short history keeps the test quick. */
describe('the demo data', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-seed-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('has an account of every role, a 2FA account with its secret, and patients whose devices reported', async () => {
    // The seed's clock is fixed at a time of day: how many of the last day's slots are past depends
    // on it, and run at 00:01 UTC the history was a day short of the counts below.
    await seedDemoData({ dataDir, historyDays: 2, now: seedNow(), log: () => undefined });

    const accounts = [
      'admin@liberdi.demo',
      'sp.admin@northwind.demo',
      'clinic.admin@haifa.demo',
      'director@haifa.demo',
      'doctor@haifa.demo',
      'nurse@haifa.demo',
    ];
    const roles = [];
    for (const email of accounts) {
      const result = await signIn(email, DEMO_PASSWORD);
      if (result.status !== 'pass' || result.updatePassword) throw new Error(`${email} did not sign in`);
      roles.push(result.profile.Role);
    }
    expect(roles).toEqual(['LiberDiAdmin', 'ServiceProviderAdmin', 'ClinicAdmin', 'ClinicDirector', 'Doctor', 'Nurse']);

    const secret = /TOTP secret ([A-Z2-7]+)/.exec(readFileSync(path.join(dataDir, 'demo-accounts.md'), 'utf8'))![1]!;
    const pending = await signIn('doctor.2fa@haifa.demo', DEMO_PASSWORD);
    expect(pending.status).toBe('2fa');
    expect(await answerTwoFactor(pending.token, totpCode(secret))).toMatchObject({ status: 'pass', updatePassword: false });

    const stats = await statsRepository.get({ kind: 'global' });
    expect(stats.activatedClinics).toBe(3);
    expect(stats.activatedDevices).toBe(REPORTING_DEMO_DEVICES.length);
    expect(stats.totalNoExchanges).toBeGreaterThanOrEqual(REPORTING_DEMO_DEVICES.length * 8);

    for (const serialNumber of REPORTING_DEMO_DEVICES) {
      const device = (await devicesRepository.getBySerialNumber(serialNumber))!;
      const patient = (await patientsRepository.get(device.PatientID!))!;
      const prescription = await prescriptionsRepository.currentPrescription(patient);
      expect(prescription).toMatchObject({ Approved: true });
      expect(patient.ExchangeCount).toBeGreaterThanOrEqual(8);
      expect(device.Utilization).toBeGreaterThan(50);
      expect((await clinicsRepository.get(patient.ClinicID_ref))!.ClinicExchangeCounter).toBeGreaterThanOrEqual(patient.ExchangeCount!);
      // The care team's week (docs/care-week.md) has counters: the seed goes through ingest.
      const [week] = await careWeeksRepository.getWeeks([patient.UserID], patientWeekOf(patient, patient.LastExchangeTime!));
      expect(week!.Exchanges).toBeGreaterThan(0);
    }

    // Every alert of spec section 3 shows somewhere in the demo clinic, and the charts have every measure to draw.
    const haifa = (await devicesRepository.getBySerialNumber(REPORTING_DEMO_DEVICES[0]!))!.ClinicID!;
    const flags = new Set<string>();
    const measures = new Set<string>();
    for (const serialNumber of REPORTING_DEMO_DEVICES) {
      const device = (await devicesRepository.getBySerialNumber(serialNumber))!;
      if (device.ClinicID !== haifa) continue;
      const alerts = await alertsRepository.listAlerts(device.PatientID!, { from: '2000', to: '9999' }, { limit: 100 });
      for (const alert of alerts.items) flags.add(alert.flag);
      const exchanges = await exchangesRepository.listForPatient(device.PatientID!, { from: '', to: '9999' }, { limit: 100 });
      for (const exchange of exchanges.items) {
        for (const measure of ['WeightMeasure', 'BloodPressureMeasure', 'PulseMeasure', 'Uf', 'DrainVolume', 'PValue'] as const) {
          if (exchange[measure] !== undefined) measures.add(measure);
        }
      }
    }
    expect([...flags].sort()).toEqual([...alertFlags].sort());
    expect(measures.size).toBe(6);

    // Spare devices in every provider, so a new patient can be given one.
    const spares = [];
    for (const serialNumber of DEMO_DEVICES) {
      const device = (await devicesRepository.getBySerialNumber(serialNumber))!;
      if (!device.PatientID) spares.push(device.ServiceProviderID);
    }
    expect(new Set(spares).size).toBe(2);
  }, 120_000);

  it('leaves a Haifa High alert unresolved, whose notice the next escalation check mails and texts to the nurse on call', async () => {
    await checkEscalations({ now: new Date(Date.now() + MINUTE_MS).toISOString() });
    const mails = readdirSync(process.env.MAIL_OUTBOX_DIR!).filter((name) => name.endsWith('-nurse@haifa.demo.json'));
    const notices = mails.map((name) => JSON.parse(readFileSync(path.join(process.env.MAIL_OUTBOX_DIR!, name), 'utf8')) as { subject: string });
    expect(notices.map((notice) => notice.subject)).toContain(onCall.noticeSubject);
    expect(readdirSync(process.env.SMS_OUTBOX_DIR!).filter((name) => name.endsWith('-+97245550170.json'))).toHaveLength(1);
  }, 60_000);
});

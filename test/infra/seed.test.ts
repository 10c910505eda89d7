import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { devicesRepository } from '@functions/data/devices-repository';
import { patientsRepository } from '@functions/data/patients-repository';
import { statsRepository } from '@functions/data/stats-repository';
import { answerTwoFactor, signIn } from '@functions/services/sessions';
import { DEMO_PASSWORD, REPORTING_DEMO_DEVICES, seedDemoData } from '@infra/local/seed';
import { totpCode } from '@infra/local/totp';
import { useDeviceBroker } from '../support/devices';
import { useTestTable, useTestUserPool } from '../support/local-services';

useTestTable();
useTestUserPool();
useDeviceBroker();

/** `npm start` seeds a new data folder with this; a short history keeps the test quick. */
describe('the demo data', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-seed-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('has an account of every role, a 2FA account with its secret, and patients whose devices reported', async () => {
    await seedDemoData({ dataDir, historyDays: 2, log: () => undefined });

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
      const prescription = await patientsRepository.currentPrescription(patient);
      expect(prescription).toMatchObject({ Approved: true });
      expect(patient.ExchangeCount).toBeGreaterThanOrEqual(8);
      expect(device.Utilization).toBeGreaterThan(50);
      expect((await clinicsRepository.get(patient.ClinicID_ref))!.ClinicExchangeCounter).toBeGreaterThanOrEqual(patient.ExchangeCount!);
    }
  }, 120_000);
});

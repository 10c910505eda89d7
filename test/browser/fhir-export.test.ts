import { readFileSync } from 'node:fs';
import type { UserRecord } from '@functions/data/users-repository';
import { takeExchange } from '@functions/devices/take-exchange';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { expectWcagClean } from '../support/axe';
import { clinicAndStaff } from '../support/admins';
import { fillSignIn, usePortal } from '../support/browser';
import { createTestPatient, exchangeReport, randomSerialNumber } from '../support/devices';
import { fhirBundleValidator, schemaErrors } from '../support/fhir-schema';
import { HOUR_MS } from '@shared/time';

/**
 * The FHIR export in Chromium against the local stack: a nurse opens a patient, presses
 * 'Export FHIR', keeps the default period and gets `<patient>-fhir.json`, a Bundle the R4 schema
 * accepts holding what the device reported; the dialog passes axe-core's WCAG 2.1 AA rules.
 */
const PASSWORD = 'Test!pass1';

const seeded = { nurse: undefined as unknown as UserRecord, patientId: '', serialNumber: '', exchangeIds: [] as string[] };

const portal = usePortal({
  seed: async () => {
    const { clinic, doctor, nurse } = await clinicAndStaff('fhir.example');
    const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinic.ClinicID });
    const { patient } = await createTestPatient({ ClinicID_ref: clinic.ClinicID, DoctorID_ref: doctor.UserID, LastName: 'Peretz' });
    await assignDevice(patient.UserID, device.SerialNumber);
    for (const at of [Date.now() - 30 * HOUR_MS, Date.now() - 24 * HOUR_MS]) {
      const report = exchangeReport(new Date(at));
      await takeExchange(device.SerialNumber, report, new Date());
      seeded.exchangeIds.push(report._id);
    }
    Object.assign(seeded, { nurse, patientId: patient.UserID, serialNumber: device.SerialNumber });
  },
});

it('downloads Noa-Peretz-fhir.json, a valid R4 Bundle of the last 30 days, from an accessible dialog', async () => {
  const page = await portal.page('/login', { bypassCSP: true });
  await fillSignIn(page, seeded.nurse.Email, PASSWORD);
  await page.waitForURL('**/patients');
  await page.goto(`/patient/exchanges?patientId=${seeded.patientId}`);
  await page.getByRole('heading', { name: 'Noa Peretz' }).waitFor();

  await page.getByRole('button', { name: 'Export FHIR' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export FHIR' });
  await dialog.getByRole('textbox', { name: 'From' }).waitFor();
  await expectWcagClean(page, '/patient with the Export FHIR dialog');

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('Noa-Peretz-fhir.json');
  const bundle = JSON.parse(readFileSync(await download.path(), 'utf8')) as { entry: Array<{ resource: Record<string, unknown> }> };
  const validate = fhirBundleValidator();
  const valid = validate(bundle);
  expect(schemaErrors(validate)).toEqual([]);
  expect(valid).toBe(true);
  const resources = bundle.entry.map((entry) => entry.resource);
  expect(resources.find((resource) => resource.resourceType === 'Device')).toMatchObject({ serialNumber: seeded.serialNumber });
  const fromExchanges = new Set(
    resources
      .filter((resource) => resource.resourceType === 'Observation')
      .map((resource) => (resource.identifier as Array<{ value: string }>)[0]!.value.split('/')[0]),
  );
  expect([...fromExchanges].sort()).toEqual([...seeded.exchangeIds].sort());
}, 120_000);

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import type { UserRecord } from '@functions/data/users-repository';
import { takeExchange } from '@functions/devices/take-exchange';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { isoWeekOf } from '@shared/alerts';
import { expectWcagClean } from '../support/axe';
import { clinicAndStaff } from '../support/admins';
import { fillSignIn, usePortal } from '../support/browser';
import { createTestPatient, exchangeReport, randomSerialNumber } from '../support/devices';
import { approvedPrescription, hhmm } from '../support/prescriptions';
import { csvRows } from '@test/support/csv';
import { HOUR_MS } from '@shared/time';

/**
 * 'This week' walked in Chromium as a ClinicDirector would: the patient's row counts
 * the exchange ingest stored and its alerts; the director clears them on the patient screen and
 * the week says who cleared what; the CSV holds the same; axe-core finds nothing.
 */
const PASSWORD = 'Test!pass1';

const seeded = {
  director: undefined as unknown as UserRecord,
  patientName: 'Noa Weekly',
  flags: [] as string[],
};
// A minute ago, so it is this week's whenever the test runs (bar the first minute of a Monday).
const reportedAt = new Date(Math.floor((Date.now() - 60_000) / 60_000) * 60_000);

const portal = usePortal({
  seed: async () => {
    const { clinic, director, doctor } = await clinicAndStaff('week.example');
    seeded.director = director;
    const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinic.ClinicID });
    const { patient } = await createTestPatient({ ClinicID_ref: clinic.ClinicID, DoctorID_ref: doctor.UserID, LastName: 'Weekly' });
    await assignDevice(patient.UserID, device.SerialNumber);
    // Slots later today only, so no slot is skipped while the test runs.
    await approvedPrescription(patient.UserID, device.SerialNumber, [hhmm(Date.now() + 6 * HOUR_MS)], new Date());
    // The device's exchange, through the real ingest: a drain at fever temperature.
    const report = exchangeReport(reportedAt, { DrainTemp: 39.4 });
    await takeExchange(device.SerialNumber, report, new Date());
    const stored = await exchangesRepository.get(patient.UserID, reportedAt.toISOString(), report._id);
    seeded.flags = stored!.StatusAlerts.alerts.map((alert) => alert.flag).sort();
  },
});

async function signedIn(user: UserRecord): Promise<Page> {
  const page = await portal.page('/login', { bypassCSP: true });
  await fillSignIn(page, user.Email, PASSWORD);
  await page.waitForURL('**/patients');
  return page;
}

const weekRow = (page: Page) => page.getByRole('row').filter({ hasText: seeded.patientName });
const cellTexts = async (page: Page) => (await weekRow(page).getByRole('cell').allInnerTexts()).map((text) => text.trim());

describe("the ClinicDirector's week of the care team", () => {
  it('counts the exchange and its alerts, shows who cleared them, exports the week as CSV, and passes axe', async () => {
    expect(seeded.flags).toContain('HighDrainTempAlert');
    const alerts = seeded.flags.length;
    const page = await signedIn(seeded.director);
    await page.getByRole('button', { name: 'This week' }).click();
    await page.waitForURL('**/patients/week');
    await page.getByRole('heading', { name: 'This week', level: 1 }).waitFor();
    const week = isoWeekOf(Date.now(), 'UTC');
    await page.getByText(new RegExp(`^Week ${week}: `)).waitFor();
    await weekRow(page).waitFor();
    // Patient, adherence, exchanges done, prescribed so far, raised, cleared, visits closed, who cleared what.
    expect((await cellTexts(page)).slice(0, 8)).toEqual([seeded.patientName, 'Nothing due yet', '1', '0', String(alerts), '0', '0', '']);
    await expectWcagClean(page, 'This week');

    // The director clears the exchange's alerts on the patient screen, and comes back to the week.
    await weekRow(page).click();
    await page.waitForURL('**/patient/exchanges?patientId=*');
    const date = `${reportedAt.toISOString().slice(8, 10)}/${reportedAt.toISOString().slice(5, 7)}/${reportedAt.toISOString().slice(2, 4)} ${reportedAt
      .toISOString()
      .slice(11, 16)}`;
    await page.getByRole('button', { name: `Clear alerts of the exchange of ${date}` }).click();
    await page.getByRole('dialog').filter({ hasText: 'You are going to clear the alerts of this exchange.' }).getByRole('button', { name: 'Accept' }).click();
    await page.getByText(/^Cleared: Drain temperature 39\.4/).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/patients/week');

    const today = new Date().toISOString().slice(0, 10);
    const cleared = `Dalia Tester cleared ${alerts} ${alerts === 1 ? 'alert' : 'alerts'} (${seeded.flags.join(', ')}) on ${today}`;
    await weekRow(page).getByText(cleared).waitFor();
    expect((await cellTexts(page)).slice(0, 8)).toEqual([seeded.patientName, 'Nothing due yet', '1', '0', String(alerts), String(alerts), '0', cleared]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`care-team-week-${week}.csv`);
    const lines = csvRows(readFileSync(await download.path(), 'utf8'));
    expect(lines[0]).toBe('Patient,Adherence (%),Exchanges done,Exchanges prescribed so far,Alerts raised,Alerts cleared,Visits closed,Who cleared what');
    expect(lines).toContain(`${seeded.patientName},,1,0,${alerts},${alerts},0,${cleared.replace(/,/g, '')}`);
    await expectWcagClean(page, 'This week, after clearing');
  }, 180_000);
});

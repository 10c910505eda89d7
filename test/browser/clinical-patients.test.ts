import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import type { Locator, Page } from 'playwright-core';
import type { UserRecord } from '@functions/data/users-repository';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { deviceCredentials, deviceCredentialsFile } from '@infra/local/device-credentials';
import { deviceTopics } from '@shared/device';
import { expectWcagClean } from '../support/axe';
import { clinicAndStaff } from '../support/admins';
import { fillSignIn, usePortal } from '../support/browser';
import { createTestPatient, exchangeReport, randomSerialNumber } from '../support/devices';
import { approvedPrescription, hhmm } from '../support/prescriptions';
import { csvRows } from '@test/support/csv';
import { HOUR_MS } from '@shared/time';

/**
 * The clinical area walked in Chromium as the clinic's staff would: add a patient, read
 * what the home device reported over MQTT, comment, clear alerts, download the turbidity data,
 * add an exchange by hand, and check every new screen with axe-core.
 */
const PASSWORD = 'Test!pass1';

const seeded = {
  director: undefined as unknown as UserRecord,
  doctor: undefined as unknown as UserRecord,
  nurse: undefined as unknown as UserRecord,
  patientId: '',
  patientName: '',
  serialNumber: '',
  deviceSecret: '',
};

const portal = usePortal({
  seed: async (stack) => {
    const { clinic, director, doctor, nurse } = await clinicAndStaff('clinical.example');
    Object.assign(seeded, { director, doctor, nurse });
    // A spare device of the clinic, and a patient of the doctor using another one, its prescription approved.
    await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinic.ClinicID });
    const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinic.ClinicID });
    const { patient } = await createTestPatient({ ClinicID_ref: clinic.ClinicID, DoctorID_ref: seeded.doctor.UserID, LastName: 'Peretz' });
    await assignDevice(patient.UserID, device.SerialNumber);
    // Slots later today only, so no slot is skipped while the tests run.
    await approvedPrescription(patient.UserID, device.SerialNumber, [hhmm(Date.now() + 6 * HOUR_MS)], new Date());
    seeded.patientId = patient.UserID;
    seeded.patientName = 'Noa Peretz';
    seeded.serialNumber = device.SerialNumber;
    seeded.deviceSecret = deviceCredentials(deviceCredentialsFile(stack.dataDir)).issue(device.SerialNumber);
  },
});

async function signedIn(user: UserRecord, options: { bypassCSP?: boolean } = {}): Promise<Page> {
  const page = await portal.page('/login', options);
  await fillSignIn(page, user.Email, PASSWORD);
  await page.waitForURL('**/patients');
  return page;
}

/** dd/mm/yy HH:MM of a UTC time, as the exchanges table shows a device's local date sent in UTC. */
function shownDate(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)} ${iso.slice(11, 16)}`;
}

/** The seeded patient's device, connected to the portal's broker with its own credentials. */
const seededDevice = () =>
  mqtt.connectAsync(portal.stack.mqttUrl, {
    clientId: seeded.serialNumber,
    username: seeded.serialNumber,
    password: seeded.deviceSecret,
    reconnectPeriod: 0,
  });

const patientRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
// The exchanges table is a tree grid (its rows expand to the comment); its rows are the only ones with an exchange's date and time.
const exchangeRow = (page: Page, date: string) => page.getByRole('row').filter({ hasText: date });

/**
 * Where the texts under `root` break a line inside a word: a line ends with a letter or digit and the
 * next starts with one, within one text. Each as "…end|start…".
 */
const wordsCut = (root: Locator) =>
  root.evaluate((element) => {
    const cuts: string[] = [];
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode() as Text | null; text; text = texts.nextNode() as Text | null) {
      const range = document.createRange();
      let lastTop: number | undefined;
      for (let i = 0; i < text.length; i += 1) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const top = range.getClientRects()[0]?.top;
        if (top === undefined) continue;
        const newLine = lastTop !== undefined && top > lastTop + 2;
        if (newLine && /[\p{L}\p{N}]/u.test(text.data[i]!) && /[\p{L}\p{N}]/u.test(text.data[i - 1] ?? '')) {
          cuts.push(`${text.data.slice(Math.max(0, i - 8), i)}|${text.data.slice(i, i + 8)}`);
        }
        lastTop = top;
      }
    }
    return cuts;
  });

async function choose(page: Page, field: Locator, option: string) {
  await field.getByRole('button').first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function typeDate(field: Locator, yyyymmdd: string) {
  const input = field.getByRole('textbox');
  await input.click();
  await input.pressSequentially(yyyymmdd);
  await input.press('Escape');
}

/** Everything the form asks, as a person types it (phone numbers after the default +1). */
async function fillNewPatient(page: Page, socialId: string) {
  await page.getByLabel('First name').fill('Lea');
  await page.getByLabel('Last name').fill('Avrahami');
  await typeDate(page.getByTestId('DOB'), '1959/06/15');
  await choose(page, page.getByTestId('Gender'), 'Female');
  await choose(page, page.getByTestId('Hispanic'), 'No');
  await page.getByLabel('SocialId').fill(socialId);
  await page.getByTestId('Address').getByRole('button', { name: 'Edit' }).click();
  const address = page.getByRole('dialog');
  await address.getByTestId('address-country').getByRole('button').first().click();
  await page.getByRole('option', { name: 'Israel', exact: true }).click();
  await address.getByTestId('address-city').getByRole('textbox').fill('Haifa');
  await address.getByTestId('address-street').getByRole('textbox').fill('5 Herzl St');
  await address.getByRole('button', { name: 'Accept' }).click();
  await address.waitFor({ state: 'hidden' });
  await page.getByTestId('Phone').getByRole('textbox').fill('555 0100');
  await page.getByTestId('Cellphone').getByRole('textbox').fill('555 0101');
  await page.getByLabel('Email').fill('lea.avrahami@patient.example');
  await page.getByLabel('Referring physician name').fill('Dr Cohen');
  await page.getByTestId('ReferringPhysician_Phone').getByRole('textbox').fill('555 0102');
  await typeDate(page.getByTestId('DialysisStart'), '2024/09/01');
  await typeDate(page.getByTestId('PeritonealDialysisStart'), '2024/10/15');
  await page.getByLabel('Weight', { exact: true }).fill('68');
  await page.getByLabel('Target weight').fill('67');
  await page.getByLabel('Pulse').fill('72');
  await page.getByLabel('Urine output').fill('500');
  await page.getByLabel('GFR').fill('9');
}

// The exchange the patient's device reports over MQTT in the tests below: a drain at fever temperature.
const reportedAt = new Date(Math.floor((Date.now() - HOUR_MS) / 60_000) * 60_000);
const drainSamples = [1.05, 1.18, 1.09, 7.9, 1.21, 1.02, 1.14, 1.1, 1.07, 1.16, 1.12];
const fillSamples = [0.38, 0.44, 0.4, 0.46, 0.36, 6.2, 0.42];

// The tests run in order as one shift: the exchange the device reports is commented, downloaded and cleared by the next ones.
describe('the clinical area, as the clinic staff use it', () => {
  it("adds a patient: a field's error first, then saved, on the prescription tab, and in the list", async () => {
    const page = await signedIn(seeded.director);
    await page.getByTestId('navigation').getByRole('link', { name: 'Add Patient' }).click();
    await page.getByRole('heading', { name: 'Add Patient', level: 1 }).waitFor();

    const bloodPressure = page.getByTestId('BloodPressure');
    await bloodPressure.getByRole('textbox').fill('120-80');
    await bloodPressure.getByRole('textbox').blur();
    await bloodPressure.getByText('Blood pressure input is not valid').waitFor();
    const firstName = page.getByTestId('FirstName');
    await firstName.getByRole('textbox').fill('x');
    await firstName.getByRole('textbox').fill('');
    await firstName.getByRole('textbox').blur();
    await firstName.getByText('First name is required').waitFor();

    await fillNewPatient(page, '204060801');
    await bloodPressure.getByRole('textbox').fill('120/80');
    await bloodPressure.getByText('Blood pressure input is not valid').waitFor({ state: 'detached' });
    await firstName.getByText('First name is required').waitFor({ state: 'detached' });
    // The director is the assigned physician unless someone else is chosen.
    expect(await page.getByTestId('DoctorID').innerText()).toContain('Dalia Tester');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const confirmation = page.getByRole('dialog').filter({ hasText: 'You are going to create the patient.' });
    await confirmation.getByRole('button', { name: 'Accept' }).click();
    const saved = page.getByRole('dialog').filter({ hasText: 'Patient Saved' });
    await saved.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/patient\/prescription\?patientId=[^&]+$/);
    await page.getByRole('tab', { name: 'Prescription', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Lea Avrahami', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/patients');
    const row = patientRow(page, 'Lea Avrahami');
    await row.waitFor();
    expect(await row.innerText()).toContain('204060801');
    expect(await row.innerText()).toContain('Dalia Tester');
  }, 90_000);

  it("shows an exchange the device published over MQTT with its alert, and the list's status turns High", async () => {
    const page = await signedIn(seeded.director);
    const before = patientRow(page, seeded.patientName);
    await before.getByText('Normal', { exact: true }).waitFor();

    const device = await seededDevice();
    try {
      const exchange = exchangeReport(reportedAt, {
        DrainTemp: 39.4,
        DrainTurbidity: drainSamples,
        FillTurbidity: fillSamples,
        BubblesDrainTurbidity: [7.9],
        BubblesFillTurbidity: [6.2],
        Note: undefined,
      });
      // QoS 1: the broker acknowledges once the ingest took the exchange.
      await device.publishAsync(deviceTopics.exchange(seeded.serialNumber), JSON.stringify(exchange), { qos: 1 });
    } finally {
      await device.endAsync();
    }

    await page.reload();
    const row = patientRow(page, seeded.patientName);
    await row.getByRole('button', { name: /^Status: High, Drain temperature 39\.4/ }).waitFor();
    await row.click();
    await page.waitForURL(`**/patient/exchanges?patientId=${seeded.patientId}`);
    await page.getByRole('heading', { name: seeded.patientName, level: 1 }).waitFor();
    const reported = exchangeRow(page, shownDate(reportedAt));
    await reported.getByText(/Drain temperature 39\.4 °C is above/).waitFor();
    expect(await reported.innerText()).toContain('39.4');
    await page.getByTestId('exchange-count').getByText('1 exchange', { exact: true }).waitFor();
  }, 90_000);

  it('saves a comment on an exchange, and it is there after a reload', async () => {
    const page = await signedIn(seeded.director);
    await page.goto(`/patient/exchanges?patientId=${seeded.patientId}`);
    const date = shownDate(reportedAt);
    const comment = 'Called the patient: feels feverish, coming in today.';
    await page.getByRole('button', { name: `Show the comment of the exchange of ${date}` }).click();
    await page.getByRole('textbox', { name: `Comment on the exchange of ${date}` }).fill(comment);
    await page.getByRole('button', { name: 'Save comment' }).click();
    await page.getByRole('status').getByText('A comment is added to an exchnage').waitFor();

    await page.reload();
    await page.getByRole('button', { name: `Show the comment of the exchange of ${date}` }).click();
    expect(await page.getByRole('textbox', { name: `Comment on the exchange of ${date}` }).inputValue()).toBe(comment);
  }, 60_000);

  it('downloads the turbidity CSV named from the serial number and date, a row per sample', async () => {
    const page = await signedIn(seeded.director);
    await page.goto(`/patient/exchanges?patientId=${seeded.patientId}`);
    const date = shownDate(reportedAt);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download the turbidity data of the exchange of ${date} as CSV` }).click(),
    ]);
    const iso = reportedAt.toISOString();
    expect(download.suggestedFilename()).toBe(`${seeded.serialNumber}_${iso.slice(0, 10)}_${iso.slice(11, 13)}${iso.slice(14, 16)}.csv`);
    const lines = csvRows(readFileSync(await download.path(), 'utf8'));
    expect(lines[0]).toBe('Sample,FillTurbidity,DrainTurbidity,BubblesFillTurbidity,BubblesDrainTurbidity');
    expect(lines).toHaveLength(1 + Math.max(drainSamples.length, fillSamples.length));
    expect(lines[4]).toBe(`3,${fillSamples[3]},${drainSamples[3]},,`);
  }, 60_000);

  it("clears the exchange's alerts: the indicator goes, and the list's status is Normal again", async () => {
    const page = await signedIn(seeded.director);
    await page.goto(`/patient/exchanges?patientId=${seeded.patientId}`);
    const date = shownDate(reportedAt);
    const reported = exchangeRow(page, date);
    await reported.getByText(/Drain temperature 39\.4 °C is above/).waitFor();
    await reported.getByRole('button', { name: `Clear alerts of the exchange of ${date}` }).click();
    await page.getByRole('dialog').filter({ hasText: 'You are going to clear the alerts of this exchange.' }).getByRole('button', { name: 'Accept' }).click();
    await reported.getByText(/^Cleared: Drain temperature 39\.4/).waitFor();
    expect(await reported.getByRole('button', { name: /Clear the alerts/ }).count()).toBe(0);
    // No status indicator icon is left on the row.
    expect(await reported.getByRole('img', { name: /High|Medium/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/patients');
    await patientRow(page, seeded.patientName).getByText('Normal', { exact: true }).waitFor();
    expect(
      await patientRow(page, seeded.patientName)
        .getByRole('button', { name: /^Status:/ })
        .count(),
    ).toBe(0);
  }, 60_000);

  it('shows a panic the device reported on its own above the tabs, and a nurse clears it there', async () => {
    const device = await seededDevice();
    try {
      const error = { _id: 'browser-panic-1', Time: new Date(Date.now() - 10 * 60_000).toISOString(), MachineProblem: 'PANIC: drain pump stalled' };
      await device.publishAsync(deviceTopics.error(seeded.serialNumber), JSON.stringify(error), { qos: 1 });
    } finally {
      await device.endAsync();
    }

    const page = await signedIn(seeded.nurse, { bypassCSP: true });
    await patientRow(page, seeded.patientName)
      .getByRole('button', { name: /^Status: High, Machine problem: PANIC: drain pump stalled/ })
      .waitFor();
    await page.goto(`/patient/exchanges?patientId=${seeded.patientId}`);
    // No row of the exchanges table carries it: the panel above the tabs does.
    const panel = page.getByRole('list', { name: 'Alerts without an exchange' });
    await panel.getByText(/Machine problem: PANIC: drain pump stalled/).waitFor();
    await page.getByRole('figure', { name: 'Pulse (bpm)' }).locator('svg').first().waitFor();
    await expectWcagClean(page, '/patient/exchanges with an alert without an exchange');

    await panel.getByRole('button', { name: 'Clear alert: Machine problem: PANIC: drain pump stalled' }).click();
    await page.getByRole('dialog').filter({ hasText: 'You are going to clear this alert.' }).getByRole('button', { name: 'Accept' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: seeded.patientName, level: 1 }).waitFor();
    expect(await page.getByRole('list', { name: 'Alerts without an exchange' }).count()).toBe(0);
  }, 90_000);

  it("on a tablet and a phone: the tabs' scroll buttons are named, and an alert's words and numbers are not cut", async () => {
    const device = await seededDevice();
    try {
      const error = {
        _id: 'browser-panic-narrow',
        Time: new Date(Date.now() - 5 * 60_000).toISOString(),
        MachineProblem: 'PANIC: heater over-temperature at 41.5 °C, exchange stopped before the fill, fluid discarded',
      };
      await device.publishAsync(deviceTopics.error(seeded.serialNumber), JSON.stringify(error), { qos: 1 });
    } finally {
      await device.endAsync();
    }

    for (const [width, height] of [
      [768, 1024],
      [390, 844],
    ] as const) {
      const page = await signedIn(seeded.nurse, { bypassCSP: true });
      await page.setViewportSize({ width, height });
      await page.goto(`/patient/exchanges?patientId=${seeded.patientId}`);
      const panel = page.getByRole('list', { name: 'Alerts without an exchange' });
      await panel.getByText(/heater over-temperature at 41\.5/).waitFor();
      // The row of tabs is wider than the screen: Cloudscape adds a button at each end to scroll it.
      await page.getByRole('button', { name: 'Next tabs' }).waitFor();
      expect(await page.getByRole('button', { name: 'Previous tabs' }).count()).toBe(1);
      expect({ width, cut: await wordsCut(panel) }).toEqual({ width, cut: [] });
      // At a phone's width Cloudscape's app layout puts aria-orientation on its toolbar's <nav>, which
      // axe refuses (docs/web.md, "Narrow screens"); the tablet's page is checked whole.
      if (width === 768) await expectWcagClean(page, `/patient/exchanges at ${width} px`);
      if (width === 390) {
        // Cleared as a nurse does, so the shift goes on with the patient's status as it was.
        await panel.getByRole('button', { name: /^Clear alert: Machine problem: PANIC: heater/ }).click();
        await page.getByRole('dialog').filter({ hasText: 'You are going to clear this alert.' }).getByRole('button', { name: 'Accept' }).click();
        await panel.waitFor({ state: 'detached' });
      }
      await page.context().close();
    }
  }, 120_000);

  it("keeps '+ Add exchange' disabled for a Nurse; a Doctor adds one by hand and sees it marked", async () => {
    const nurse = await signedIn(seeded.nurse);
    await nurse.goto(`/patient/exchanges?patientId=${seeded.patientId}`);
    await nurse.getByRole('heading', { name: seeded.patientName, level: 1 }).waitFor();
    await exchangeRow(nurse, shownDate(reportedAt)).waitFor();
    expect(await nurse.getByRole('button', { name: '+ Add exchange' }).isDisabled()).toBe(true);

    const page = await signedIn(seeded.doctor);
    await patientRow(page, seeded.patientName).click();
    await page.getByRole('heading', { name: seeded.patientName, level: 1 }).waitFor();
    const add = page.getByRole('button', { name: '+ Add exchange' });
    await add.and(page.locator(':enabled')).waitFor();
    await add.click();
    const form = page.getByRole('dialog', { name: 'Add an exchange entered by hand' });
    const yesterday = new Date(Date.now() - 24 * HOUR_MS).toISOString().slice(0, 10);
    const dateInput = form.getByRole('textbox').first();
    await dateInput.click();
    await dateInput.pressSequentially(yesterday.replace(/-/g, '/'));
    await form.getByLabel("Time (HH:MM, the patient's local time)").pressSequentially('1015');
    const fields: Array<[string, string]> = [
      ['Drain volume (ml)', '2150'],
      ['Drain time (min)', '18'],
      ['Drain temp. (°C)', '36.8'],
      ['Fill volume (ml)', '2000'],
      ['Fill time (min)', '10'],
      ['Fill temp. (°C)', '37'],
      ['Weight (kg)', '70.2'],
      ['Pulse (bpm)', '74'],
    ];
    for (const [label, value] of fields) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Add exchange', exact: true }).getByRole('button', { name: 'Accept' }).click();
    await form.waitFor({ state: 'hidden' });

    const [y, mo, d] = yesterday.split('-');
    const byHand = exchangeRow(page, `${d}/${mo}/${y!.slice(2)} 10:15`);
    await byHand.getByLabel('Entered by hand by Dov Tester').waitFor();
    expect(await byHand.innerText()).toContain('By hand');
    expect(await byHand.innerText()).toContain('2150');
    await page.getByTestId('exchange-count').getByText('2 exchanges', { exact: true }).waitFor();
  }, 90_000);
});

describe('the clinical screens against WCAG 2.1 AA', () => {
  it('finds no violation on /patients, /addPatient (also with an error shown), the exchanges and the profile', async () => {
    const page = await signedIn(seeded.director, { bypassCSP: true });
    await patientRow(page, seeded.patientName).waitFor();
    await expectWcagClean(page, '/patients');

    await page.goto('/addPatient');
    await page.getByRole('heading', { name: 'Add Patient', level: 1 }).waitFor();
    await expectWcagClean(page, '/addPatient');
    const bloodPressure = page.getByTestId('BloodPressure').getByRole('textbox');
    await bloodPressure.fill('120-80');
    await bloodPressure.blur();
    await page.getByText('Blood pressure input is not valid').waitFor();
    await expectWcagClean(page, '/addPatient with an error');

    await page.goto(`/patient/exchanges?patientId=${seeded.patientId}`);
    await exchangeRow(page, shownDate(reportedAt)).waitFor();
    await page.getByRole('figure', { name: 'Pulse (bpm)' }).locator('svg').first().waitFor();
    await page.getByTestId('adherence-percent').waitFor();
    await expectWcagClean(page, '/patient/exchanges');

    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByText('PATIENT PROFILE').waitFor();
    await page.getByLabel('First name').and(page.locator('[value="Noa"]')).waitFor();
    await expectWcagClean(page, '/patient/profile');
  }, 120_000);
});

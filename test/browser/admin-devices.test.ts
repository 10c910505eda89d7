import { readFileSync } from 'node:fs';
import type { MqttClient } from 'mqtt';
import type { Locator, Page } from 'playwright-core';
import { assignDevice } from '@functions/services/devices';
import { deviceTopics } from '@shared/device';
import { TEST_PASSWORD } from '../support/api';
import { providerWithAdmins, type ProviderWithAdmins } from '../support/admins';
import { expectWcagClean } from '../support/axe';
import { signInFirstTimeWithTotp, usePortal } from '../support/browser';
import { connectDevice, createTestPatient, exchangeReport, publishExchange, randomSerialNumber } from '../support/devices';
import { csvRows } from '@test/support/csv';
import { HOUR_MS } from '@shared/time';

/**
 * The device screens walked in Chromium by the platform admin: registers a device in
 * /devices and downloads its secret (shown once), writes its note and its MACs; the device, a
 * real MQTT client with that secret on the portal's broker, receives the retained settings with
 * the MACs, reports an exchange and an error, and both show in /device/exchanges and
 * /device/errors; devices.csv lists the device. Every device screen is checked with axe-core.
 */
let admins: ProviderWithAdmins;
let patientId = '';
const portal = usePortal({
  seed: async () => {
    admins = await providerWithAdmins();
    const { patient } = await createTestPatient({ ClinicID_ref: admins.clinic.ClinicID, DoctorID_ref: 'doctor-1' });
    patientId = patient.UserID;
  },
});

const serialNumber = randomSerialNumber();
const NOTE = 'Delivered to the clinic, filter checked';
const BLOOD_MAC = '00:1A:7D:DA:71:13';
const SCALE_MAC = 'A4:C1:38:0B:22:9F';
const ERROR_TEXT = 'PANIC: heater over-temperature, fill stopped';
const exchangeAt = new Date(Math.floor((Date.now() - 2 * HOUR_MS) / 60_000) * 60_000);
const errorAt = new Date(Math.floor((Date.now() - HOUR_MS) / 60_000) * 60_000);

/** The platform admin's page, signed in once (TOTP is set up on the first sign-in), able to run axe. */
let platform: Page | undefined;
async function platformPage(): Promise<Page> {
  if (!platform) {
    const page = await portal.page('/login', { bypassCSP: true });
    await signInFirstTimeWithTotp(page, admins.platformAdmin.Email, TEST_PASSWORD);
    await page.waitForURL('**/sp');
    platform = page;
  }
  return platform;
}

const deviceRow = (page: Page) => page.getByRole('row').filter({ hasText: serialNumber });

async function choose(page: Page, field: Locator, option: string) {
  await field.getByRole('button').first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const two = (value: number) => String(value).padStart(2, '0');

/** dd/mm/yy HH:MM of an exchange reported in UTC: the device's own clock, as its exchanges show. */
function shownUtc(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)} ${iso.slice(11, 16)}`;
}

/** dd/mm/yy HH:MM in this machine's zone, Chromium's too: how /device/errors shows a time. */
const shownLocal = (at: Date) => `${two(at.getDate())}/${two(at.getMonth() + 1)}/${two(at.getFullYear() % 100)} ${two(at.getHours())}:${two(at.getMinutes())}`;

let secret = '';

describe('the device screens, as the platform admin uses them', () => {
  it('registers a device for the provider and its clinic and downloads its secret, shown only once', async () => {
    const page = await platformPage();
    await page.goto('/devices');
    await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
    await expectWcagClean(page, '/devices (empty)');

    await page.getByRole('button', { name: 'Register device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register device' });
    await dialog.getByLabel('Serial number (IDA#)').fill(serialNumber);
    await choose(page, dialog.getByTestId('register-provider'), admins.provider.ServiceProviderName);
    await choose(page, dialog.getByTestId('register-clinic'), admins.clinic.ClinicName);
    await expectWcagClean(page, 'Register device');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await dialog.getByText('You are going to register the device and issue its credentials.').waitFor();
    await dialog.getByRole('button', { name: 'Accept' }).click();

    const registered = page.getByRole('dialog', { name: `Device ${serialNumber} is registered` });
    await registered.getByText('These credentials are shown only now').waitFor();
    await expectWcagClean(page, 'the credentials of the registered device');
    const [download] = await Promise.all([page.waitForEvent('download'), registered.getByRole('button', { name: 'Download the credentials (.json)' }).click()]);
    expect(download.suggestedFilename()).toBe(`${serialNumber}-credentials.json`);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as { clientId: string; username: string; secret: string };
    expect(file.username).toBe(serialNumber);
    secret = file.secret;
    expect(secret.length).toBeGreaterThan(20);
    await registered.getByRole('button', { name: 'Done' }).click();
    await registered.waitFor({ state: 'hidden' });
    expect(await page.getByText(secret).count()).toBe(0);

    const row = deviceRow(page);
    await row.waitFor();
    expect(await row.innerText()).toContain(admins.clinic.ClinicName);
    expect(await row.innerText()).toContain(admins.provider.ServiceProviderName);
    await row.getByRole('img', { name: 'Activated' }).waitFor();

    // A second registration of the serial number is refused with the server's message.
    await page.getByRole('button', { name: 'Register device' }).click();
    const again = page.getByRole('dialog', { name: 'Register device' });
    await again.getByLabel('Serial number (IDA#)').fill(serialNumber);
    await choose(page, again.getByTestId('register-provider'), admins.provider.ServiceProviderName);
    await again.getByRole('button', { name: 'Register', exact: true }).click();
    await again.getByRole('button', { name: 'Accept' }).click();
    await again.getByText('SerialNumber is already registered.').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
  }, 120_000);

  it('writes the note in the expanded row; it stays after a reload', async () => {
    const page = await platformPage();
    await page.goto('/devices');
    const row = deviceRow(page);
    await row.getByRole('button', { name: `Edit the note of device ${serialNumber}` }).click();
    await page.getByRole('textbox', { name: `Note on device ${serialNumber}` }).fill(NOTE);
    await expectWcagClean(page, '/devices with the note editor open');
    await page.getByRole('button', { name: 'Save note' }).click();
    await row.getByRole('status').getByText('The note is saved').waitFor();
    await row.getByText(NOTE).waitFor();
    expect(page.url()).toMatch(/\/devices$/);

    await page.reload();
    await deviceRow(page).getByText(NOTE).waitFor();
  }, 60_000);

  it('saves the MACs; the device connecting with its secret receives them in its retained settings', async () => {
    const page = await platformPage();
    await page.goto('/devices');
    await deviceRow(page)
      .getByRole('button', { name: `Open the settings of device ${serialNumber}` })
      .click();
    await page.waitForURL('**/device/settings?deviceId=*');
    await page.getByRole('heading', { name: 'Device settings', level: 1 }).waitFor();
    await page.getByLabel('BloodMAC').fill('00:1A:7D');
    await page.getByLabel('BloodMAC').blur();
    await page.getByText('BloodMAC is not valid').waitFor();
    await expectWcagClean(page, '/device/settings with an error shown');
    await page.getByLabel('BloodMAC').fill(BLOOD_MAC);
    await page.getByLabel('ScaleMAC').fill(SCALE_MAC);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Accept changes' }).getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('dialog', { name: 'Device settings saved' }).getByRole('button', { name: 'OK' }).click();
    await expectWcagClean(page, '/device/settings');

    const device = await connectDevice(portal.stack.mqttUrl, serialNumber, { username: serialNumber, password: secret, reconnectPeriod: 0 });
    try {
      const settings = await retainedSettings(device);
      expect(settings).toMatchObject({ BloodMAC: BLOOD_MAC, ScaleMAC: SCALE_MAC });
    } finally {
      await device.endAsync();
    }

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/devices$/);
  }, 60_000);

  it('shows the exchange and the error the device reports in /device/exchanges and /device/errors', async () => {
    // A nurse would link the device to a patient; the exchange is stored for that patient.
    await assignDevice(patientId, serialNumber);
    const device = await connectDevice(portal.stack.mqttUrl, serialNumber, { username: serialNumber, password: secret, reconnectPeriod: 0 });
    try {
      await publishExchange(device, serialNumber, exchangeReport(exchangeAt, { DrainVolume: 2345, Note: undefined }));
      await device.publishAsync(
        deviceTopics.error(serialNumber),
        JSON.stringify({ _id: `${serialNumber}-err-1`, Time: errorAt.toISOString(), MachineProblem: ERROR_TEXT }),
        { qos: 1 },
      );
    } finally {
      await device.endAsync();
    }

    const page = await platformPage();
    await page.goto('/devices');
    const row = deviceRow(page);
    await row.getByText(ERROR_TEXT).waitFor();
    await row.getByRole('cell', { name: serialNumber, exact: true }).click();
    await page.waitForURL('**/device/exchanges?deviceId=*');
    await page.getByRole('heading', { name: 'Device exchanges', level: 1 }).waitFor();
    const exchange = page.getByRole('row').filter({ hasText: shownUtc(exchangeAt) });
    await exchange.waitFor();
    expect(await exchange.innerText()).toContain('2345');
    await expectWcagClean(page, '/device/exchanges');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/devices$/);

    await deviceRow(page)
      .getByRole('button', { name: `Show the errors of device ${serialNumber}` })
      .click();
    await page.waitForURL('**/device/errors?deviceId=*');
    await page.getByRole('heading', { name: 'Device errors', level: 1 }).waitFor();
    const error = page.getByRole('row').filter({ hasText: ERROR_TEXT });
    await error.waitFor();
    expect(await error.innerText()).toContain(shownLocal(errorAt));
    await expectWcagClean(page, '/device/errors');
  }, 90_000);

  it('downloads devices.csv with the listed device, commas removed', async () => {
    const page = await platformPage();
    await page.goto('/devices');
    await deviceRow(page).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('devices.csv');
    const lines = csvRows(readFileSync(await download.path(), 'utf8'));
    expect(lines[0]).toBe('Status,Serial No.,Utilization,Errors,Clinic name,Service provider name,Comment');
    expect(lines).toHaveLength(2);
    const [status, serial, , errors, clinic, provider, comment, ...rest] = lines[1]!.split(',');
    expect({ status, serial, errors, clinic, provider, comment, rest }).toEqual({
      status: 'Activated',
      serial: serialNumber,
      errors: ERROR_TEXT.replace(/,/g, ''),
      clinic: admins.clinic.ClinicName,
      provider: admins.provider.ServiceProviderName,
      comment: NOTE.replace(/,/g, ''),
      rest: [],
    });
  }, 60_000);
});

/** The device's retained settings message, as it receives it once it subscribes. */
async function retainedSettings(device: MqttClient): Promise<unknown> {
  const received = new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no retained settings message')), 10_000);
    device.on('message', (topic, payload) => {
      if (topic !== deviceTopics.settings(serialNumber) || payload.length === 0) return;
      clearTimeout(timer);
      resolve(JSON.parse(payload.toString('utf8')));
    });
  });
  await device.subscribeAsync(deviceTopics.settings(serialNumber), { qos: 1 });
  return received;
}

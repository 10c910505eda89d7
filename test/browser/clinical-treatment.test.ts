import mqtt, { type MqttClient } from 'mqtt';
import type { Locator, Page } from 'playwright-core';
import type { UserRecord } from '@functions/data/users-repository';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { deviceCredentials, deviceCredentialsFile } from '@infra/local/device-credentials';
import { deviceTopics, type DevicePrescription } from '@shared/device';
import { expectWcagClean } from '../support/axe';
import { clinicAndStaff } from '../support/admins';
import { fillSignIn, usePortal } from '../support/browser';
import { createTestPatient, exchangeReport, randomSerialNumber } from '../support/devices';
import { approvedPrescription, hhmm } from '../support/prescriptions';
import { HOUR_MS } from '@shared/time';

/**
 * The clinical work walked in Chromium as the clinic's staff would, against the whole local
 * stack: a doctor's prescription goes to the home device (a real MQTT client here) and turns
 * approved on screen once the device acknowledges it; a nurse links a spare device, which then
 * gets the prescription; a visit is closed and the next exchange opens a new one; a nurse's
 * limits; and both tabs checked with axe-core.
 */
const PASSWORD = 'Test!pass1';

interface SeededDevice {
  serialNumber: string;
  secret: string;
}

const seeded = {
  director: undefined as unknown as UserRecord,
  doctor: undefined as unknown as UserRecord,
  nurse: undefined as unknown as UserRecord,
  /** A patient with a device and no prescription yet: the doctor writes the first one. */
  newPatient: { id: '', device: undefined as unknown as SeededDevice },
  /** A patient whose device is replaced by the nurse with the spare one. */
  relinked: { id: '', device: undefined as unknown as SeededDevice },
  spare: undefined as unknown as SeededDevice,
  /** A patient with an approved prescription and an exchange, so a visit is open. */
  visited: { id: '', device: undefined as unknown as SeededDevice, firstExchangeAt: new Date(0) },
};

/** An MQTT connection as the device makes it: client id and user name its serial number, its secret the password. */
const connectAs = (mqttUrl: string, device: SeededDevice): Promise<MqttClient> =>
  mqtt.connectAsync(mqttUrl, { clientId: device.serialNumber, username: device.serialNumber, password: device.secret, reconnectPeriod: 0 });

const portal = usePortal({
  seed: async (stack) => {
    const { clinic, director, doctor, nurse } = await clinicAndStaff('treatment.example');
    Object.assign(seeded, { director, doctor, nurse });
    const credentials = deviceCredentials(deviceCredentialsFile(stack.dataDir));
    const device = async (): Promise<SeededDevice> => {
      const { SerialNumber } = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinic.ClinicID });
      return { serialNumber: SerialNumber, secret: credentials.issue(SerialNumber) };
    };
    const patientWith = async (LastName: string, linked: SeededDevice) => {
      const { patient } = await createTestPatient({ ClinicID_ref: clinic.ClinicID, DoctorID_ref: seeded.doctor.UserID, LastName });
      await assignDevice(patient.UserID, linked.serialNumber);
      return { id: patient.UserID, device: linked };
    };
    // Slots later today only, so no slot is skipped while the tests run.
    const laterToday = [hhmm(Date.now() + 6 * HOUR_MS)];

    seeded.newPatient = await patientWith('Mizrahi', await device());
    seeded.relinked = await patientWith('Katz', await device());
    await approvedPrescription(seeded.relinked.id, seeded.relinked.device.serialNumber, laterToday, new Date());
    seeded.spare = await device();

    const visited = await patientWith('Peretz', await device());
    await approvedPrescription(visited.id, visited.device.serialNumber, laterToday, new Date());
    // The exchange the device reported an hour ago opens the visit (ingest, through the broker).
    const firstExchangeAt = new Date(Math.floor((Date.now() - HOUR_MS) / 60_000) * 60_000);
    const client = await connectAs(stack.mqttUrl, visited.device);
    try {
      await client.publishAsync(deviceTopics.exchange(visited.device.serialNumber), JSON.stringify(exchangeReport(firstExchangeAt)), { qos: 1 });
    } finally {
      await client.endAsync();
    }
    seeded.visited = { ...visited, firstExchangeAt };
  },
});

async function signedIn(user: UserRecord, options: { bypassCSP?: boolean } = {}): Promise<Page> {
  const page = await portal.page('/login', options);
  await fillSignIn(page, user.Email, PASSWORD);
  await page.waitForURL('**/patients');
  return page;
}

/** The device's next message on its down/prescription topic, retained ones included; subscribes as the device may. */
async function nextPrescription(device: MqttClient, serialNumber: string, timeoutMs = 15_000): Promise<DevicePrescription & { retained: boolean }> {
  const topic = deviceTopics.prescription(serialNumber);
  const received = new Promise<DevicePrescription & { retained: boolean }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no prescription on ${topic} within ${timeoutMs} ms`)), timeoutMs);
    device.on('message', (on, payload, packet) => {
      if (on !== topic || payload.length === 0) return;
      clearTimeout(timer);
      resolve({ ...(JSON.parse(payload.toString()) as DevicePrescription), retained: packet.retain });
    });
  });
  const [granted] = await device.subscribeAsync(topic, { qos: 1 });
  expect(granted?.qos).toBe(1);
  return received;
}

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// A select's name is its field's label, its own label, then the value it shows.
const timeSelect = (page: Page, time: number, exchange: number) =>
  page.getByRole('button', { name: new RegExp(`^Times Time ${time}, Exchange ${exchange} \\d\\d:\\d\\d$`) });

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

async function acceptAndAcknowledge(page: Page, confirmation: string, notice: string) {
  await dialog(page, confirmation).getByRole('button', { name: 'Accept' }).click();
  await dialog(page, notice).getByRole('button', { name: 'OK' }).click();
  await dialog(page, notice).waitFor({ state: 'hidden' });
}

const pad = (value: number) => String(value).padStart(2, '0');
/** dd/mm/yy HH:MM in the local time zone, as the visits tab shows dates (the browser runs in the same zone as this test). */
const shownLocal = (at: Date) => `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${pad(at.getFullYear() % 100)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;

// In order as one working day: the visit the director closes is the previous visit of the last tests.
describe('prescriptions, devices and visits, as the clinic staff use them', () => {
  it("a doctor's prescription reaches the device, and the tab turns approved by itself once the device acknowledges it", async () => {
    const page = await signedIn(seeded.doctor);
    await page.goto(`/patient/prescription?patientId=${seeded.newPatient.id}`);
    await page.getByRole('heading', { name: 'Prescription not approved', level: 2 }).waitFor();
    await page.getByText('Prescription is not approved').waitFor();
    // The patient's device is already linked: the IDA# shows verified.
    await page.getByText('IDA# verified').waitFor();

    // The first card is there with its time at 00:00; the second gets the latest time plus the dwell gap.
    await page.getByRole('heading', { name: 'Exchange 1', level: 3 }).waitFor();
    await choose(page, page.getByRole('button', { name: /^Fluid Fluid Exchange 1 / }), 'DIAneal 1.36%');
    await page.getByRole('button', { name: 'Add exchange', exact: true }).click();
    await page.getByRole('heading', { name: 'Exchange 2', level: 3 }).waitFor();
    await choose(page, page.getByRole('button', { name: /^Fluid Fluid Exchange 2 / }), 'EXTRAneal');
    // A doctor cannot delete the first card; the second one can go.
    expect(await page.getByRole('button', { name: 'Delete exchange 1' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete exchange 2' }).isEnabled()).toBe(true);
    await choose(page, timeSelect(page, 1, 2), '12:00');
    await page.getByRole('group', { name: 'Days of exchange 2' }).getByRole('button', { name: 'SA' }).click();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await acceptAndAcknowledge(page, 'Save prescription', 'Prescription created');
    await page.getByRole('heading', { name: 'Prescription not approved', level: 2 }).waitFor();

    const device = await connectAs(portal.stack.mqttUrl, seeded.newPatient.device);
    try {
      const prescription = await nextPrescription(device, seeded.newPatient.device.serialNumber);
      expect(prescription.retained).toBe(true);
      expect(prescription.SerialNumber).toBe(seeded.newPatient.device.serialNumber);
      expect(prescription.Exchanges).toEqual([
        { ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'], ExchangeTime: ['00:00'] },
        { ExchangeFluid: 'EXTRAneal', ExchangeLiter: 2, ExchangeDaysFrequency: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR'], ExchangeTime: ['12:00'] },
      ]);
      // Nothing approves it but the device: the header stays as it was until the acknowledgement.
      expect(await page.getByRole('heading', { name: 'Prescription approved', level: 2 }).count()).toBe(0);
      const ack = { PrescriptionId: prescription.PrescriptionId, Time: new Date().toISOString() };
      await device.publishAsync(deviceTopics.prescriptionAck(seeded.newPatient.device.serialNumber), JSON.stringify(ack), { qos: 1 });
    } finally {
      await device.endAsync();
    }

    // No reload: the tab polls while the prescription waits for its device.
    await page.getByRole('heading', { name: 'Prescription approved', level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByText('Prescription is not approved').waitFor({ state: 'detached' });
  }, 120_000);

  it('a nurse links a spare device by its IDA#, and the device then receives the patient’s prescription', async () => {
    const page = await signedIn(seeded.nurse);
    await page.goto(`/patient/prescription?patientId=${seeded.relinked.id}`);
    await page.getByRole('heading', { name: 'Prescription approved', level: 2 }).waitFor();
    await page.getByText('IDA# verified').waitFor();

    const serialNumber = seeded.spare.serialNumber;
    await page.getByLabel('IDA#', { exact: true }).fill(serialNumber);
    await page.getByLabel('Verify IDA#: type its last 4 characters').fill(serialNumber.slice(-4));
    await page.getByText('IDA# verified').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await acceptAndAcknowledge(page, 'Assign device', 'Device assigned');
    // The prescription was issued again for the new device, so it waits for that device's acknowledgement.
    await page.getByRole('heading', { name: 'Prescription not approved', level: 2 }).waitFor();
    expect(await page.getByLabel('IDA#', { exact: true }).inputValue()).toBe(serialNumber);

    const device = await connectAs(portal.stack.mqttUrl, seeded.spare);
    try {
      const prescription = await nextPrescription(device, serialNumber);
      expect(prescription.SerialNumber).toBe(serialNumber);
      expect(prescription.Exchanges).toHaveLength(1);
      expect(prescription.Exchanges[0]).toMatchObject({ ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2 });
      // Its own acknowledgement approves it, and the nurse's open tab shows so.
      const ack = { PrescriptionId: prescription.PrescriptionId, Time: new Date().toISOString() };
      await device.publishAsync(deviceTopics.prescriptionAck(serialNumber), JSON.stringify(ack), { qos: 1 });
    } finally {
      await device.endAsync();
    }
    await page.getByRole('heading', { name: 'Prescription approved', level: 2 }).waitFor({ timeout: 20_000 });
  }, 120_000);

  it('a nurse cannot close a visit nor change a prescription: only the IDA# is editable', async () => {
    const page = await signedIn(seeded.nurse);
    await page.goto(`/patient/visits?patientId=${seeded.visited.id}`);
    await page.getByRole('heading', { name: 'Open visit', level: 2 }).waitFor();
    await page.getByText('You do not have the permission to execute this operation').waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    for (const label of ['Findings', 'Recommendation', 'Urine output (ml/kg)']) {
      expect({ label, editable: await page.getByLabel(label, { exact: true }).isEditable() }).toEqual({ label, editable: false });
    }

    await page.getByRole('tab', { name: 'Prescription' }).click();
    await page.getByRole('heading', { name: 'Exchange 1', level: 3 }).waitFor();
    expect(await page.getByLabel('IDA#', { exact: true }).isEditable()).toBe(true);
    const steppers = ['Drain Time (min)', 'Fill Time (min)', 'min Fill Temp. (°C)', 'max Fill Temp. (°C)', 'Fill volume (L)'];
    const inputs = [...steppers, 'Additional medication', 'Weigh', 'Blood'];
    for (const label of inputs) {
      expect({ label, editable: await page.getByLabel(label, { exact: true }).isEditable() }).toEqual({ label, editable: false });
    }
    const buttons = [
      page.getByRole('button', { name: 'Decrease' }),
      page.getByRole('button', { name: 'Increase' }),
      page.getByRole('button', { name: 'Add exchange', exact: true }),
      page.getByRole('button', { name: 'Delete exchange 1' }),
      page.getByRole('button', { name: /^Fluid Fluid Exchange 1 / }),
      timeSelect(page, 1, 1),
      page.getByRole('button', { name: 'Remove time 1, Exchange 1' }),
      page.getByRole('button', { name: 'Add time, Exchange 1' }),
      page.getByRole('group', { name: 'Days of exchange 1' }).getByRole('button'),
    ];
    for (const group of buttons) expect(await group.count()).toBeGreaterThan(0);
    // Swept as a whole too: in the tab, the IDA# is the only field one can type in, and Save (it links the device) and scrolling the only buttons that work.
    const tab = page.getByRole('tabpanel');
    const typeable = await tab
      .locator('input, textarea')
      .evaluateAll(
        (fields) =>
          fields.filter((field) => !(field as HTMLInputElement).disabled && !(field as HTMLInputElement).readOnly && field.getAttribute('type') !== 'hidden')
            .length,
      );
    expect(typeable).toBe(1);
    const working = await tab
      .getByRole('button')
      .evaluateAll((all) =>
        all.filter((button) => !(button as HTMLButtonElement).disabled).map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim()),
      );
    expect(working.sort()).toEqual(['Save', 'Scroll the exchanges left', 'Scroll the exchanges right']);
  }, 90_000);

  it('a director closes the open visit: it moves under Previous visits, and the next exchange opens a new one', async () => {
    const page = await signedIn(seeded.director);
    await page.goto(`/patient/visits?patientId=${seeded.visited.id}`);
    const openVisit = page.getByRole('heading', { name: 'Open visit', level: 2 });
    await openVisit.waitFor();
    await page.getByText(`Open since ${shownLocal(seeded.visited.firstExchangeAt)}`).waitFor();
    await page.getByLabel('Findings', { exact: true }).fill('Exit site clean, no tenderness.');
    await page.getByLabel('Recommendation', { exact: true }).fill('Keep the prescription; review in a month.');
    await page.getByLabel('Urine output (ml/kg)', { exact: true }).fill('7.5');
    const before = new Date();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog(page, 'Save visit').getByRole('button', { name: 'Accept' }).click();
    await dialog(page, 'Visit is saved').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/patients');
    const after = new Date();

    await page.goto(`/patient/visits?patientId=${seeded.visited.id}`);
    await page.getByRole('heading', { name: 'Previous visits', level: 2 }).waitFor();
    const opened = shownLocal(seeded.visited.firstExchangeAt);
    const closedAt = [...new Set([shownLocal(before), shownLocal(after)])];
    const visit = page.getByRole('button', { name: new RegExp(`^${opened} – (${closedAt.join('|')})$`) });
    await visit.click();
    await page.getByText('Exit site clean, no tenderness.').waitFor();
    await page.getByText('Keep the prescription; review in a month.').waitFor();
    await page.getByText('7.5', { exact: true }).waitFor();
    expect(await openVisit.count()).toBe(0);

    const nextExchangeAt = new Date();
    const device = await connectAs(portal.stack.mqttUrl, seeded.visited.device);
    try {
      await device.publishAsync(deviceTopics.exchange(seeded.visited.device.serialNumber), JSON.stringify(exchangeReport(nextExchangeAt)), { qos: 1 });
    } finally {
      await device.endAsync();
    }
    await page.reload();
    await openVisit.waitFor();
    await page.getByText(`Open since ${shownLocal(nextExchangeAt)}`).waitFor();
    await page.getByRole('heading', { name: 'Previous visits', level: 2 }).waitFor();
    expect(await page.getByRole('button', { name: new RegExp(`^${opened} – `) }).count()).toBe(1);
  }, 120_000);
});

describe('the treatment tabs against WCAG 2.1 AA', () => {
  it('finds no violation on the prescription tab with its cards, nor on the visits tab with an open and a previous visit', async () => {
    const page = await signedIn(seeded.director, { bypassCSP: true });
    await page.goto(`/patient/prescription?patientId=${seeded.visited.id}`);
    await page.getByRole('heading', { name: 'Exchange 1', level: 3 }).waitFor();
    await page.getByRole('button', { name: 'Add exchange', exact: true }).click();
    await page.getByRole('heading', { name: 'Exchange 2', level: 3 }).waitFor();
    await page.getByText('IDA# verified').waitFor();
    await expectWcagClean(page, '/patient/prescription');
    // Saved with the new card's fluid left unchosen: the refusal, then the fields' messages on screen.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const refusal = dialog(page, 'Prescription is not saved');
    await refusal.getByText('Exchange Fluid is required').waitFor();
    await expectWcagClean(page, '/patient/prescription, not saved');
    // The footer's Close (the corner's × is named Close too).
    await refusal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await refusal.waitFor({ state: 'hidden' });
    // In the card itself: a live region for screen readers repeats the text elsewhere on the page.
    await page.getByTestId('exchange-card-2').getByText('Exchange Fluid is required').waitFor();
    await expectWcagClean(page, '/patient/prescription with an error');

    await page.getByRole('tab', { name: 'Visits' }).click();
    await page.getByRole('heading', { name: 'Open visit', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Previous visits', level: 2 }).waitFor();
    await expectWcagClean(page, '/patient/visits');
    // A previous visit opened as well.
    await page.getByRole('button', { name: / – / }).first().click();
    await page.getByText('Exit site clean, no tenderness.').waitFor();
    await expectWcagClean(page, '/patient/visits with a previous visit opened');
  }, 120_000);
});

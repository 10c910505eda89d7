import { act, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { paths } from '@web/src/config/routes';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { exchange, PATIENT_ID, profileAnswer, servePatient } from '../support/patient';

/** The patient screen: the patient's name, the count, '+ Add exchange' by role, and the tabs on their routes. */
beforeEach(() => resetPortal());

const page = () => createWrapper(document.body);
const openModal = () =>
  page()
    .findAllModals()
    .find((modal) => modal.isVisible());
const addButton = () =>
  page()
    .findAllButtons()
    .find((button) => button.getElement().textContent === '+ Add exchange');

/** Clicks a tab until its route is the location: a click that lands while the previous tab still renders is tried again. */
async function clickTab(id: string, path: string) {
  await waitFor(
    () => {
      if (currentPath() !== path) act(() => page().findTabs()!.findTabLinkById(id)!.click());
      expect(currentPath()).toBe(path);
    },
    { timeout: 15000 },
  );
}

it("shows the patient's name, the exchange count and the four tabs; each tab is its own route", async () => {
  signInAs('ClinicDirector');
  servePatient(fakeServer(), [exchange(), exchange({ _id: 'x2' })]);
  renderPortal(paths.patient({ patientId: PATIENT_ID }));
  await screen.findByRole('heading', { name: 'Ada Patient' }, { timeout: 15000 });
  expect(document.querySelector('[data-testid="exchange-count"]')?.textContent).toBe('2 exchanges');
  const tabs = page().findTabs()!;
  expect(tabs.findTabLinks().map((link) => link.getElement().textContent)).toEqual(['Exchanges', 'Visits', 'Prescription', 'Profile']);
  // /patient itself shows Exchanges.
  expect(tabs.findActiveTab()!.getElement().textContent).toBe('Exchanges');
  await waitFor(() => expect(page().findTable()).not.toBeNull());

  await clickTab('visits', paths.patientVisits({ patientId: PATIENT_ID }));
  await waitFor(() => expect(document.body.textContent).toContain('There is no visits yet.'), { timeout: 15000 });
  await clickTab('prescription', paths.patientPrescription({ patientId: PATIENT_ID }));
  await clickTab('profile', paths.patientProfile({ patientId: PATIENT_ID }));
  await clickTab('exchanges', paths.patientExchanges({ patientId: PATIENT_ID }));
});

it('opens on the tab of its route and goes back to the patients list', async () => {
  signInAs('Doctor');
  servePatient(fakeServer());
  renderPortal(paths.patientProfile({ patientId: PATIENT_ID }));
  await waitFor(() => expect(page().findTabs()?.findActiveTab()?.getElement().textContent).toBe('Profile'), { timeout: 15000 });
  act(() => screen.getByRole('button', { name: 'Back' }).click());
  await waitFor(() => expect(currentPath()).toBe(paths.patients()));
});

it("enables '+ Add exchange' for a doctor and disables it for a nurse", async () => {
  signInAs('Doctor');
  servePatient(fakeServer());
  const doctor = renderPortal(paths.patient({ patientId: PATIENT_ID }));
  await waitFor(() => expect(addButton()?.isDisabled()).toBe(false), { timeout: 15000 });
  doctor.unmount();

  resetPortal();
  signInAs('Nurse');
  const server = servePatient(fakeServer());
  renderPortal(paths.patient({ patientId: PATIENT_ID }));
  // Loaded (the name shows), and still disabled.
  await screen.findByRole('heading', { name: 'Ada Patient' }, { timeout: 15000 });
  expect(addButton()!.isDisabled()).toBe(true);
  expect(server.callsTo('GET', `/nurses/user-Nurse/patients/${PATIENT_ID}/profile`)).toHaveLength(1);
});

it('shows the error dialog when the patient cannot be read', async () => {
  signInAs('ClinicDirector');
  servePatient(fakeServer()).on('GET', /\/patients\/p1\/profile$/, { status: 500, body: { message: 'Database down' } });
  renderPortal(paths.patient({ patientId: PATIENT_ID }));
  await waitFor(() => expect(openModal()?.findContent().getElement().textContent).toContain('Database down'), { timeout: 15000 });
  expect(openModal()!.findHeader().getElement().textContent).toBe('Error');
});

it('adds an exchange entered by hand; the table and the count are read again', async () => {
  signInAs('Doctor');
  const server = servePatient(fakeServer());
  server.on('POST', `/doctors/user-Doctor/patients/${PATIENT_ID}/addExchange`, { status: 200, body: { exchange: exchange({ _id: 'x9' }) } });
  renderPortal(paths.patient({ patientId: PATIENT_ID }));
  await waitFor(() => expect(addButton()?.isDisabled()).toBe(false), { timeout: 15000 });
  act(() => addButton()!.click());
  const modal = openModal()!;
  const fields = modal.findContent().findAllFormFields();
  const byLabel = (label: string) => fields.find((candidate) => candidate.findLabel()?.getElement().textContent === label)!;
  act(() => byLabel('Date').findControl()!.findDatePicker()!.setInputValue('2026/11/20'));
  act(() => byLabel("Time (HH:MM, the patient's local time)").findControl()!.findTimeInput()!.setInputValue('07:04'));
  for (const [label, value] of [
    ['Drain volume (ml)', '2100'],
    ['Drain time (min)', '20'],
    ['Drain temp. (°C)', '36.5'],
    ['Fill volume (ml)', '2000'],
    ['Fill time (min)', '10'],
    ['Fill temp. (°C)', '37'],
    ['Blood pressure (mmHg, systolic/diastolic)', '120/80'],
  ] as const) {
    act(() => byLabel(label).findControl()!.findInput()!.setInputValue(value));
  }
  const save = modal
    .findFooter()!
    .findAllButtons()
    .find((button) => button.getElement().textContent === 'Save')!;
  await waitFor(() => expect(save.isDisabled()).toBe(false));
  act(() => save.click());
  const accept = await waitFor(() =>
    page()
      .findAllModals()
      .filter((m) => m.isVisible())
      .flatMap((m) => m.findFooter()?.findAllButtons() ?? [])
      .find((b) => b.getElement().textContent === 'Accept')!,
  );
  const readsBefore = server.calls.filter((call) => call.url.includes('getExchanges')).length;
  act(() => accept.click());
  await waitFor(() => expect(server.callsTo('POST', `/doctors/user-Doctor/patients/${PATIENT_ID}/addExchange`)).toHaveLength(1));
  const body = server.callsTo('POST', `/doctors/user-Doctor/patients/${PATIENT_ID}/addExchange`)[0]!.body as Record<string, unknown>;
  expect(body).toMatchObject({
    ExchangeFluid: 'DIAneal 1.36%',
    DrainVolume: 2100,
    FillTemp: 37,
    TempUnit: 'C',
    WeightUnit: 'KG',
    BloodPressureMeasure: { Value: { Systolic: 120, Diastolic: 80 } },
  });
  expect(String(body.DeviceLocalDate)).toMatch(/^2026-11-20T07:04:00[+-]\d{2}:\d{2}$/);
  await waitFor(() => expect(server.calls.filter((call) => call.url.includes('getExchanges')).length).toBeGreaterThan(readsBefore));
  await waitFor(() => expect(server.calls.filter((call) => call.url.endsWith('/profile')).length).toBeGreaterThan(1));
});

it('lists the alerts no exchange carries above the tabs, newest first, and clears one after confirmation', async () => {
  signInAs('Nurse');
  const skipped = {
    AlertID: 'skipped-2026-11-28T12:00:00.000Z:SkippedAlert',
    Time: '2026-11-28T12:00:00.000Z',
    flag: 'SkippedAlert' as const,
    severity: 2 as const,
    textValue: 'Prescribed exchange at 12:00 on SA 2026-11-28 (UTC) was not done within 120 minutes',
  };
  const panic = {
    AlertID: 'error-d1-e7:MachineProblemAlert',
    Time: '2026-11-28T15:30:00.000Z',
    flag: 'MachineProblemAlert' as const,
    severity: 3 as const,
    textValue: 'Machine problem: PANIC: drain pump stalled, exchange aborted',
  };
  let alertsWithoutExchange = [panic, skipped];
  const server = servePatient(fakeServer())
    .on('GET', /\/patients\/p1\/profile$/, () => ({ status: 200, body: { ...profileAnswer({ ExchangeCount: 1 }), alertsWithoutExchange } }))
    .on('POST', `/nurses/user-Nurse/patients/${PATIENT_ID}/clearAlerts`, () => {
      alertsWithoutExchange = [skipped];
      return { status: 200, body: { cleared: 1, PatientAlertStatus: { statusValue: 2, unresolved: 1 } } };
    });
  renderPortal(paths.patient({ patientId: PATIENT_ID }));
  const list = await screen.findByRole('list', { name: 'Alerts without an exchange' }, { timeout: 15000 });
  const items = () => [...list.querySelectorAll('li')].map((item) => item.textContent);
  expect(items()).toEqual([
    expect.stringContaining('Machine problem: PANIC: drain pump stalled, exchange aborted'),
    expect.stringContaining('was not done within 120 minutes'),
  ]);
  // A high alert makes the panel an error; the tabs follow it.
  expect(page().findAlert()!.getElement().querySelector('[class*="type-error"]')).not.toBeNull();
  expect(page().findTabs()).not.toBeNull();

  const clear = screen.getByRole('button', { name: 'Clear alert: Machine problem: PANIC: drain pump stalled, exchange aborted' });
  // WCAG 2.5.3 (label in name): the name starts with the visible text.
  expect(clear.getAttribute('aria-label')!.startsWith(clear.textContent)).toBe(true);
  act(() => clear.click());
  const accept = await waitFor(() =>
    openModal()!
      .findFooter()!
      .findAllButtons()
      .find((button) => button.getElement().textContent === 'Accept')!,
  );
  act(() => accept.click());
  await waitFor(() => expect(screen.queryByRole('button', { name: /Clear alert: Machine problem/ })).toBeNull(), { timeout: 15000 });
  expect(server.callsTo('POST', `/nurses/user-Nurse/patients/${PATIENT_ID}/clearAlerts`).map((call) => call.body)).toEqual([{ _id: panic.AlertID }]);
  expect(items()).toEqual([expect.stringContaining('was not done within 120 minutes')]);
});

it('shows no such panel when every alert is on an exchange', async () => {
  signInAs('Doctor');
  servePatient(fakeServer()).on('GET', /\/patients\/p1\/profile$/, { status: 200, body: { ...profileAnswer(), alertsWithoutExchange: [] } });
  renderPortal(paths.patient({ patientId: PATIENT_ID }));
  await screen.findByRole('heading', { name: 'Ada Patient' }, { timeout: 15000 });
  expect(screen.queryByRole('list', { name: 'Alerts without an exchange' })).toBeNull();
  expect(page().findAlert()).toBeNull();
});

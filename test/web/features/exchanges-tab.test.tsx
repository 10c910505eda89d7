import { act, screen, waitFor } from '@testing-library/react';
import createWrapper, { type TableWrapper } from '@cloudscape-design/components/test-utils/dom';
import type { PatientAlert } from '@shared/api/exchanges';
import { paths } from '@web/src/config/routes';
import { fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { exchange, PATIENT_ID, servePatient } from '../support/patient';
import { catchDownloads, csvRows } from '../support/downloads';

/** The Exchanges tab's table: units, order, status filter, comments, clearing alerts, the turbidity CSV, paging. */
beforeEach(() => resetPortal());
afterEach(() => jest.restoreAllMocks());

const SLOW = { timeout: 15000 };
const alert = (overrides: Partial<PatientAlert>): PatientAlert => ({
  AlertID: 'a1',
  Time: '2026-11-20T06:04:00.000Z',
  flag: 'LowUfAlert',
  severity: 2,
  textValue: 'Low UF',
  ...overrides,
});
const table = () => createWrapper(document.body).findTable();
const exchangesTable = async (rows: number) => {
  await waitFor(() => expect(table()?.findRows()).toHaveLength(rows), SLOW);
  return table()!;
};
const rowOf = (wrapper: TableWrapper, row: number) => wrapper.findRows()[row - 1]!;
const cells = (wrapper: TableWrapper, row: number) =>
  rowOf(wrapper, row)
    .findAll('td')
    .map((cell) => cell.getElement().textContent ?? '');
const headers = (wrapper: TableWrapper) => wrapper.findColumnHeaders().map((header) => header.getElement().textContent ?? '');
const visibleModal = () =>
  createWrapper(document.body)
    .findAllModals()
    .find((modal) => modal.isVisible());

it('lists the exchanges newest first with the units in the headers, HH:MM times, fluid chips and 5-decimal turbidity', async () => {
  signInAs('ClinicDirector');
  servePatient(fakeServer(), [
    exchange({ _id: 'x2', DeviceLocalDate: '2026-11-20T13:30:00+01:00', ExchangeTimeUtc: '2026-11-20T12:30:00.000Z', ExchangeFluid: 'EXTRAneal' }),
    exchange({ _id: 'x1', EnteredBy: { UserID: 'user-Doctor', Name: 'Dr Who' } }),
  ]);
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const wrapper = await exchangesTable(2);
  const names = headers(wrapper).join('|');
  for (const unit of ['(min)', '(ml)', '(°C)', '(kg)', '(mmHg)', '(bpm)']) expect(names).toContain(unit);
  expect(cells(wrapper, 1)).toEqual(expect.arrayContaining(['20/11/26 13:30', 'EXTRAneal', '0.12346', '128/82', '74', '36.5']));
  expect(cells(wrapper, 2)[0]).toContain('20/11/26 07:04');
  expect(wrapper.findRows()[0]!.find('[data-fluid-colour]')!.getElement().getAttribute('data-fluid-colour')).toBe('purple');
  expect(wrapper.findRows()[1]!.find('[data-fluid-colour]')!.getElement().getAttribute('data-fluid-colour')).toBe('green');
  // The exchange entered by hand is marked, the device's is not.
  expect(wrapper.findRows()[1]!.find('[data-testid="entered-by-hand"]')!.getElement().getAttribute('aria-label')).toBe('Entered by hand by Dr Who');
  expect(wrapper.findRows()[0]!.find('[data-testid="entered-by-hand"]')).toBeNull();
  // One page: no pagination.
  expect(wrapper.findPagination()).toBeNull();
});

it('shows each status in its severity and filters by it', async () => {
  signInAs('Nurse');
  servePatient(fakeServer(), [
    exchange({ _id: 'x3', StatusAlerts: { statusValue: 3, alerts: [alert({ AlertID: 'a3', flag: 'NoDrainAlert', severity: 3, textValue: 'No drain' })] } }),
    exchange({
      _id: 'x2',
      StatusAlerts: { statusValue: 2, alerts: [alert({ AlertID: 'a2' }), alert({ AlertID: 'a4', flag: 'HighPulseAlert', textValue: 'High pulse' })] },
    }),
    exchange({ _id: 'x1' }),
  ]);
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const wrapper = await exchangesTable(3);
  const statusOf = (row: number) => wrapper.findRows()[row - 1]!.find('[data-status]')!.getElement().getAttribute('data-status');
  expect([statusOf(1), statusOf(2), statusOf(3)]).toEqual(['3', '2', '1']);
  expect(cells(wrapper, 1).join(' ')).toContain('No drain');
  // Several alerts: the later of the highest sums them up, the popover lists them all.
  expect(cells(wrapper, 2).join(' ')).toContain('High pulse');
  act(() => wrapper.findRows()[1]!.findPopover()!.findTrigger().click());
  await waitFor(() => expect(document.body.textContent).toContain('2 alerts'));

  const select = createWrapper(document.body).findFormField('[data-list-filter="status"]')!.findControl()!.findSelect()!;
  act(() => select.openDropdown());
  expect(
    select
      .findDropdown()
      .findOptions()
      .map((option) => option.getElement().textContent),
  ).toEqual(['All', '3 High', '2 Medium', '1 Normal']);
  act(() => select.selectOptionByValue('3'));
  await waitFor(() => expect(wrapper.findRows()).toHaveLength(1));
  expect(statusOf(1)).toBe('3');
  act(() => select.openDropdown());
  act(() => select.selectOptionByValue('1'));
  await waitFor(() => expect(statusOf(1)).toBe('1'));
  expect(wrapper.findRows()).toHaveLength(1);
});

it('saves a comment from the expanded row and says so; a failure shows the error dialog', async () => {
  signInAs('Nurse');
  const server = servePatient(fakeServer(), [exchange({ Note: 'old' })]);
  server.on('POST', `/nurses/user-Nurse/patients/${PATIENT_ID}/saveExchangeNote`, (call) => ({
    status: 200,
    body: { _id: 'x1', Note: (call.body as { Note: string }).Note },
  }));
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const wrapper = await exchangesTable(1);
  act(() => wrapper.findExpandToggle(1)!.click());
  await waitFor(() => expect(wrapper.findRows()).toHaveLength(2));
  const textarea = createWrapper(document.body).findTextarea()!;
  expect(textarea.getTextareaValue()).toBe('old');
  act(() => textarea.setTextareaValue('x'.repeat(1200)));
  expect(createWrapper(document.body).findTextarea()!.getTextareaValue()).toHaveLength(1000);
  act(() => createWrapper(document.body).findTextarea()!.setTextareaValue('Patient called: bag leaked'));
  act(() => screen.getByRole('button', { name: 'Save comment' }).click());
  await screen.findByText('A comment is added to an exchnage');
  expect(server.callsTo('POST', `/nurses/user-Nurse/patients/${PATIENT_ID}/saveExchangeNote`)[0]!.body).toEqual({
    Exchange_id: 'x1',
    Note: 'Patient called: bag leaked',
  });

  server.on('POST', `/nurses/user-Nurse/patients/${PATIENT_ID}/saveExchangeNote`, { status: 500, body: { message: 'Could not save' } });
  act(() => createWrapper(document.body).findTextarea()!.setTextareaValue('again'));
  act(() => screen.getByRole('button', { name: 'Save comment' }).click());
  await waitFor(() => expect(visibleModal()?.findContent().getElement().textContent).toContain('Could not save'));
  expect(visibleModal()!.findHeader().getElement().textContent).toBe('Error');
});

it("clears an exchange's alerts with its _id and hides the indicator, keeping the text", async () => {
  signInAs('Doctor');
  const server = servePatient(fakeServer(), [
    exchange({ StatusAlerts: { statusValue: 3, alerts: [alert({ flag: 'TurbidityIncreasedAlert', severity: 3, textValue: 'Turbidity increased' })] } }),
  ]);
  server.on('POST', `/doctors/user-Doctor/patients/${PATIENT_ID}/clearAlerts`, {
    status: 200,
    body: { cleared: 1, PatientAlertStatus: { statusValue: 1, unresolved: 0 } },
  });
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const wrapper = await exchangesTable(1);
  expect(wrapper.findRows()[0]!.find('[data-status="3"]')).not.toBeNull();
  const clear = screen.getByRole('button', { name: 'Clear alerts of the exchange of 20/11/26 07:04' });
  // WCAG 2.5.3 (label in name): a speech user says what they see, so the name starts with the visible text.
  expect(clear.getAttribute('aria-label')!.startsWith(clear.textContent)).toBe(true);
  act(() => clear.click());
  const accept = await waitFor(() =>
    visibleModal()!
      .findFooter()!
      .findAllButtons()
      .find((button) => button.getElement().textContent === 'Accept')!,
  );
  act(() => accept.click());
  await waitFor(() => expect(wrapper.findRows()[0]!.find('[data-status="cleared"]')).not.toBeNull());
  expect(server.callsTo('POST', `/doctors/user-Doctor/patients/${PATIENT_ID}/clearAlerts`)[0]!.body).toEqual({ _id: 'x1' });
  expect(wrapper.findRows()[0]!.find('[data-status="3"]')).toBeNull();
  expect(cells(wrapper, 1).join(' ')).toContain('Cleared: Turbidity increased');
  expect(screen.queryByRole('button', { name: /Clear the alerts/ })).toBeNull();
});

it('downloads the turbidity CSV named from the serial number and the exchange date', async () => {
  const downloads = catchDownloads();
  signInAs('ClinicDirector');
  const server = servePatient(fakeServer(), [exchange()]);
  server.on('GET', `/clinicsDirector/user-ClinicDirector/patients/${PATIENT_ID}/exchanges/x1/turbidity`, {
    status: 200,
    body: { _id: 'x1', SerialNumber: '100-00001', DeviceLocalDate: '2026-11-20T07:04:00+01:00', FillTurbidity: [1.5, 2], DrainTurbidity: [3, 4, 5] },
  });
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  await exchangesTable(1);
  act(() => screen.getByRole('button', { name: 'Download the turbidity data of the exchange of 20/11/26 07:04 as CSV' }).click());
  await waitFor(() => expect(downloads.names).toEqual(['100-00001_2026-11-20_0704.csv']));
  const text = await downloads.text(0);
  expect(csvRows(text)).toEqual(['Sample,FillTurbidity,DrainTurbidity', '0,1.5,3', '1,2,4', '2,,5']);
});

it('shows 8 rows a page and reads the next server page when the user reaches the last loaded one', async () => {
  signInAs('ClinicDirector');
  const first = Array.from({ length: 10 }, (_, index) => exchange({ _id: `a${index}` }));
  const second = Array.from({ length: 3 }, (_, index) => exchange({ _id: `b${index}` }));
  const server = servePatient(fakeServer(), first);
  server.on('GET', /\/patients\/p1\/getExchanges\?limit=100$/, { status: 200, body: { exchanges: first, count: 13, cursor: 'next-1' } });
  server.on('GET', /\/patients\/p1\/getExchanges\?limit=100&cursor=next-1$/, { status: 200, body: { exchanges: second, count: 13 } });
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  const wrapper = await exchangesTable(8);
  expect(wrapper.findHeaderSlot()!.getElement().textContent).toContain('(13)');
  expect(server.calls.some((call) => call.url.includes('cursor=next-1'))).toBe(false);
  act(() => wrapper.findPagination()!.findNextPageButton().click());
  await waitFor(() => expect(server.calls.some((call) => call.url.includes('cursor=next-1'))).toBe(true));
  await waitFor(() => expect(wrapper.findRows()).toHaveLength(5));
  expect(wrapper.findPagination()!.findPageNumbers()).toHaveLength(2);
});

import { act, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import * as messages from '@shared/messages';
import { paths } from '@web/src/config/routes';
import { formatDateTime } from '@web/src/lib/format';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { PATIENT_ID, servePatient } from '../support/patient';
import { under, visit } from '../support/treatment';

/** The Visits tab: the open visit, the nurse's read-only view, closing it, previous visits, the empty state. */
jest.setTimeout(60_000);
beforeEach(() => resetPortal());

const v = messages.visits;
const s = v.screen;
const SLOW = { timeout: 15000 };
const page = () => createWrapper(document.body);
const visibleModal = () =>
  page()
    .findAllModals()
    .find((modal) => modal.isVisible());
const modalButton = (label: string) =>
  visibleModal()
    ?.findFooter()
    ?.findAllButtons()
    .find((button) => button.getElement().textContent === label);
const saveButton = () =>
  page()
    .findAllButtons()
    .find((button) => button.getElement().textContent === s.save);
const field = (label: string) =>
  page()
    .findAllFormFields()
    .find((candidate) => candidate.findLabel()?.getElement().textContent === label)!;

const previousOlder = visit({
  OpenDate: '2026-09-01T08:00:00.000Z',
  ClosedDate: '2026-09-30T08:00:00.000Z',
  Visited: true,
  measurements: undefined,
  Findings: 'Stable',
});
const previousNewer = visit({
  OpenDate: '2026-10-01T08:00:00.000Z',
  ClosedDate: '2026-10-31T08:00:00.000Z',
  Visited: true,
  measurements: undefined,
  turbidity: null,
});

function open(role: 'Doctor' | 'Nurse' | 'ClinicDirector', visits = [visit(), previousOlder, previousNewer]) {
  signInAs(role);
  const server = servePatient(fakeServer()).on('GET', under('getVisits'), { status: 200, body: { visits } });
  renderPortal(paths.patientVisits({ patientId: PATIENT_ID }));
  return server;
}

it('shows the open visit with its highlights, turbidity figure and prescription, and the previous visits newest first by date range', async () => {
  open('Doctor');
  await screen.findByRole('heading', { name: s.openVisit }, SLOW);
  expect(document.querySelector('[data-highlight="exchangeSkip"]')?.textContent).toBe('2');
  expect(document.querySelector('[data-highlight="weight"]')?.textContent).toBe('1');
  expect(document.querySelector('[data-testid="visit-turbidity"]')?.textContent).toBe('1.3');
  expect(document.body.textContent).toContain('DIAneal 1.36%, 2 L, SU MO TU WE TH FR SA: 08:00, 14:00');
  for (const label of Object.values(s.highlightLabels)) expect(document.body.textContent).toContain(label);
  const sections = page().findAllExpandableSections();
  expect(sections.map((section) => section.findHeader().getElement().textContent)).toEqual([
    s.range(formatDateTime(previousNewer.OpenDate), formatDateTime(previousNewer.ClosedDate)),
    s.range(formatDateTime(previousOlder.OpenDate), formatDateTime(previousOlder.ClosedDate)),
  ]);
  expect(saveButton()).toBeDefined();
});

it('shows a nurse the inputs disabled, no Save and the permission text', async () => {
  open('Nurse');
  await screen.findByRole('heading', { name: s.openVisit }, SLOW);
  expect(document.body.textContent).toContain(messages.errors.noPermission);
  expect(saveButton()).toBeUndefined();
  expect(field(s.findings).findControl()!.findTextarea()!.findNativeTextarea().getElement().disabled).toBe(true);
  expect(field(s.recommendation).findControl()!.findTextarea()!.findNativeTextarea().getElement().disabled).toBe(true);
  expect(field(s.urineOutput).findControl()!.findInput()!.isDisabled()).toBe(true);
});

it("closes the open visit after confirmation: 'Visit is saved', then the patients list", async () => {
  const server = open('ClinicDirector');
  server.on('POST', under('closeOpenVisit'), {
    status: 200,
    body: { status: 'closed', visit: visit({ Visited: true, ClosedDate: '2026-11-20T08:00:00.000Z' }) },
  });
  await screen.findByRole('heading', { name: s.openVisit }, SLOW);
  act(() => field(s.findings).findControl()!.findTextarea()!.setTextareaValue('Exit site clean'));
  act(() => field(s.recommendation).findControl()!.findTextarea()!.setTextareaValue('Keep the prescription'));
  act(() => field(s.urineOutput).findControl()!.findInput()!.setInputValue('5'));
  act(() => saveButton()!.click());
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(s.confirmTitle));
  expect(visibleModal()!.findContent().getElement().textContent).toContain('can not be undone');
  act(() => modalButton('Accept')!.click());
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(v.saved));
  expect(server.callsTo('POST', `/clinicsDirector/user-ClinicDirector/patients/${PATIENT_ID}/closeOpenVisit`)[0]!.body).toEqual({
    Findings: 'Exit site clean',
    Recommendation: 'Keep the prescription',
    UrineOutput: 5,
  });
  act(() => modalButton('OK')!.click());
  await waitFor(() => expect(currentPath()).toBe(paths.patients()));
});

it('says "Visit is not saved" with the patient\'s name when inputs are missing or the server refuses', async () => {
  const server = open('Doctor');
  server.on('POST', under('closeOpenVisit'), { status: 409, body: { message: v.closedMeanwhile } });
  await screen.findByRole('heading', { name: s.openVisit }, SLOW);
  await screen.findByRole('heading', { name: 'Ada Patient' }, SLOW);
  act(() => saveButton()!.click());
  await waitFor(() => expect(visibleModal()?.findContent().getElement().textContent).toContain(v.notSaved));
  expect(visibleModal()!.findContent().getElement().textContent).toContain('Ada Patient');
  expect(server.calls.some((c) => c.url.includes('closeOpenVisit'))).toBe(false);
  act(() => modalButton('Close')!.click());

  act(() => field(s.findings).findControl()!.findTextarea()!.setTextareaValue('Fine'));
  act(() => field(s.recommendation).findControl()!.findTextarea()!.setTextareaValue('Same'));
  act(() => field(s.urineOutput).findControl()!.findInput()!.setInputValue('3'));
  act(() => saveButton()!.click());
  await waitFor(() => expect(modalButton('Accept')).toBeDefined());
  act(() => modalButton('Accept')!.click());
  await waitFor(() => expect(visibleModal()?.findContent().getElement().textContent).toContain(v.closedMeanwhile));
  expect(visibleModal()!.findContent().getElement().textContent).toContain(v.notSaved);
  expect(currentPath()).toBe(paths.patientVisits({ patientId: PATIENT_ID }));
});

it("says 'There is no visits yet.' without visits", async () => {
  open('Doctor', []);
  await waitFor(() => expect(document.body.textContent).toContain(v.empty), SLOW);
});

it('shows the error dialog when the visits cannot be read', async () => {
  signInAs('Doctor');
  servePatient(fakeServer()).on('GET', under('getVisits'), { status: 500, body: { message: 'Database down' } });
  renderPortal(paths.patientVisits({ patientId: PATIENT_ID }));
  await waitFor(() => expect(visibleModal()?.findContent().getElement().textContent).toContain('Database down'), SLOW);
  expect(visibleModal()!.findHeader().getElement().textContent).toBe('Error');
});

it('pages the open visit’s readings 8 rows at a time', async () => {
  const readings = Array.from({ length: 11 }, (_, i) => ({
    ExchangeID: `x${i}`,
    Time: `2026-11-${String(i + 2).padStart(2, '0')}T07:00:00.000Z`,
    WeightKg: 70 + i,
  }));
  open('Doctor', [visit({ measurements: readings })]);
  await screen.findByRole('heading', { name: s.openVisit }, SLOW);
  const table = createWrapper(document.body).findTable()!;
  await waitFor(() => expect(table.findRows()).toHaveLength(8));
  expect(table.findPagination()?.findPageNumbers()).toHaveLength(2);
});

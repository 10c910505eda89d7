import { act, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import axe from 'axe-core';
import type { OnCallRota } from '@shared/api/on-call';
import { onCall as m } from '@shared/messages/on-call';
import { paths } from '@web/src/config/routes';
import { choose, fieldError, formField, typeInto, visibleDialog } from '../support/patient-form';
import { PATIENT_ID, servePatient } from '../support/patient';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';

/** /patients/oncall: the ClinicDirector's on-call rota, against the fake server. */
const ROTA = '/clinicsDirector/user-ClinicDirector/onCall';
const wrapper = () => createWrapper(document.body);
const rows = () => wrapper().findTable()?.findRows() ?? [];
const cellsOf = (row: ReturnType<typeof rows>[number]) => row.findAll('td').map((cell) => cell.getElement().textContent);
const cells = (index: number) => cellsOf(rows()[index]!);
const button = (label: string) =>
  wrapper()
    .findAllButtons()
    .find((candidate) => candidate.getElement().textContent === label)!;

const rota: OnCallRota = {
  items: [
    {
      ShiftID: 's1',
      UserID: 'n1',
      Name: 'Grace Hopper',
      From: '2030-01-01T06:00:00.000Z',
      To: '2030-01-01T18:00:00.000Z',
      Email: 'grace@clinic.example',
      Phone: '+972 4 555 0101',
    },
  ],
  clinicians: [
    { UserID: 'n1', Name: 'Grace Hopper', Role: 'Nurse', Email: 'grace@clinic.example', Phone: '+972 4 555 0101' },
    { UserID: 'd1', Name: 'Ada Lovelace', Role: 'Doctor', Email: 'ada@clinic.example', Phone: '+972 4 555 0102' },
  ],
};

/** Types a day and an hour into one of the form's time fields. */
function enterTime(name: string, date: string, time: string) {
  const control = formField(name)!.findControl()!;
  act(() => control.findDatePicker()!.setInputValue(date));
  act(() => control.findTimeInput()!.setInputValue(time));
  act(() => control.findTimeInput()!.blur());
}

beforeEach(() => resetPortal());

async function openRota() {
  signInAs('ClinicDirector');
  const server = fakeServer().on('GET', ROTA, { status: 200, body: rota });
  renderPortal(paths.onCall());
  await waitFor(() => expect(rows().length).toBe(1), { timeout: 10_000 });
  return server;
}

it('lists who is on call, with their contact, and passes axe', async () => {
  await openRota();
  expect(document.body.textContent).toContain(m.title);
  expect(cells(0).slice(0, 5)).toEqual([
    'Grace Hopper',
    expect.stringMatching(/^01\/01\/30 \d\d:\d\d$/),
    expect.stringMatching(/^0[12]\/01\/30 \d\d:\d\d$/),
    'grace@clinic.example',
    '+972 4 555 0101',
  ]);
  const results = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

it('adds a shift: the clinician’s contact fills in, the times go as UTC, and the server’s refusal shows', async () => {
  const server = await openRota();
  let answer: { status: number; body: unknown } = { status: 409, body: { message: [m.overlaps('Grace Hopper', rota.items[0]!.From, rota.items[0]!.To)] } };
  server.on('POST', `${ROTA}/add`, () => answer);
  act(() => button(m.addShift).click());
  await waitFor(() => expect(formField('on-call-clinician')).not.toBeNull());
  choose('on-call-clinician', 'd1');
  expect(formField('on-call-email')!.findControl()!.findInput()!.getInputValue()).toBe('ada@clinic.example');
  enterTime('on-call-from', '2030/01/02', '08:00');
  enterTime('on-call-to', '2030/01/02', '20:00');
  expect(fieldError('on-call-to')).toBe('');
  typeInto('on-call-phone', '+972 4 555 0199');
  await act(async () => button(m.add).click());
  // The server's refusal shows in the error dialog over the form.
  const refusal = m.overlaps('Grace Hopper', rota.items[0]!.From, rota.items[0]!.To);
  await waitFor(() => expect(screen.getAllByTestId('error-dialog-messages').map((dialog) => dialog.textContent)).toContain(refusal));
  const sent = server.calls.find((call) => call.method === 'POST')!.body as Record<string, string>;
  expect(sent).toEqual({
    UserID: 'd1',
    From: new Date(2030, 0, 2, 8, 0).toISOString(),
    To: new Date(2030, 0, 2, 20, 0).toISOString(),
    Email: 'ada@clinic.example',
    Phone: '+972 4 555 0199',
  });
  answer = { status: 200, body: { ...rota.items[0], ShiftID: 's2', UserID: 'd1', Name: 'Ada Lovelace' } };
});

it('removes a shift after confirmation', async () => {
  const server = await openRota();
  server.on('POST', `${ROTA}/s1/remove`, { status: 200, body: { removed: true } });
  act(() => button(m.remove).click());
  await waitFor(() => expect(visibleDialog()?.header).toBe(m.removeShift('Grace Hopper')));
  await act(async () => button('Accept').click());
  await waitFor(() => expect(server.callsTo('POST', `${ROTA}/s1/remove`)).toHaveLength(1));
});

it('acknowledges the notice once when the patient is opened through its link, and says so', async () => {
  signInAs('Nurse');
  const server = fakeServer();
  servePatient(server);
  const ack = `/nurses/user-Nurse/patients/${PATIENT_ID}/acknowledgeNotice`;
  server.on('POST', ack, { status: 200, body: { acknowledged: 2 } });
  renderPortal(`${paths.patientExchanges({ patientId: PATIENT_ID })}&notice=1`);
  await waitFor(() => expect(document.querySelector('[data-testid="notice-acknowledged"]')?.textContent).toBe(m.acknowledged), { timeout: 10_000 });
  expect(server.callsTo('POST', ack)).toHaveLength(1);
  // The parameter is dropped: a reload does not acknowledge again.
  await waitFor(() => expect(currentPath()).not.toContain('notice='));
});

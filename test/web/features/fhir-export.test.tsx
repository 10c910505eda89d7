import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { act, screen, waitFor } from '@testing-library/react';
import * as messages from '@shared/messages';
import { paths } from '@web/src/config/routes';
import { fhirFileName } from '@web/src/features/clinical/patient/fhir-export';
import { fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { catchDownloads } from '../support/downloads';
import { PATIENT_ID, servePatient } from '../support/patient';

/** 'Export FHIR' on the patient screen: the period asked, the Bundle downloaded as `<patient>-fhir.json`, refusals shown. */
beforeEach(() => resetPortal());

const f = messages.fhir;
const page = () => createWrapper(document.body);
const dialog = () =>
  page()
    .findAllModals()
    .find((modal) => modal.isVisible() && modal.findHeader().getElement().textContent === f.dialogTitle);
const field = (label: string) =>
  dialog()!
    .findContent()
    .findAllFormFields()
    .find((candidate) => candidate.findLabel()?.getElement().textContent === label)!;
const footerButton = (text: string) =>
  dialog()!
    .findFooter()!
    .findAllButtons()
    .find((button) => button.getElement().textContent === text)!;

const bundle = {
  resourceType: 'Bundle',
  id: 'b1',
  meta: { lastUpdated: '2026-11-23T00:00:00.000Z' },
  type: 'collection',
  timestamp: '2026-11-23T00:00:00.000Z',
  entry: [],
};

/** Captures what the browser would download: the anchor's file name and the blob's text and type. */
async function openDialog() {
  await screen.findByRole('heading', { name: 'Ada Patient' }, { timeout: 15000 });
  act(() => page().findButton('[data-testid="export-fhir"]')!.click());
  await waitFor(() => expect(dialog()).toBeDefined());
}

it.each(['ClinicDirector', 'Doctor', 'Nurse'] as const)('%s: downloads the Bundle of the chosen period as <patient>-fhir.json', async (role) => {
  signInAs(role);
  const prefix = { ClinicDirector: 'clinicsDirector', Doctor: 'doctors', Nurse: 'nurses' }[role];
  const server = servePatient(fakeServer()).on('GET', new RegExp(`^/${prefix}/user-${role}/patients/${PATIENT_ID}/fhir\\?`), { status: 200, body: bundle });
  const downloads = catchDownloads();
  renderPortal(paths.patient({ patientId: PATIENT_ID }));
  await openDialog();
  act(() => field(f.from).findControl()!.findDatePicker()!.setInputValue('2026/10/01'));
  act(() => field(f.to).findControl()!.findDatePicker()!.setInputValue('2026/10/31'));
  act(() => footerButton(f.export).click());

  await waitFor(() => expect(downloads.names).toEqual(['Ada-Patient-fhir.json']));
  const request = server.calls.find((call) => call.url.includes('/fhir?'))!;
  expect(new URL(request.url, 'http://localhost').searchParams.toString()).toBe('from=2026-10-01&to=2026-10-31');
  expect(downloads.blobs[0]!.type).toBe('application/fhir+json');
  expect(JSON.parse(await downloads.text(0))).toEqual(bundle);
  await waitFor(() => expect(dialog()).toBeUndefined());
});

it('offers the last 30 days by default', async () => {
  signInAs('Nurse');
  servePatient(fakeServer());
  renderPortal(paths.patient({ patientId: PATIENT_ID }));
  await openDialog();
  const now = new Date();
  const day = (date: Date) => `${date.getFullYear()}/${String(date.getMonth() + 1).padStart(2, '0')}/${String(date.getDate()).padStart(2, '0')}`;
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29);
  expect(field(f.to).findControl()!.findDatePicker()!.findNativeInput().getElement().value).toBe(day(now));
  expect(field(f.from).findControl()!.findDatePicker()!.findNativeInput().getElement().value).toBe(day(from));
});

it('refuses a period that ends before it starts, with the API’s words, and sends nothing', async () => {
  signInAs('Doctor');
  const server = servePatient(fakeServer());
  renderPortal(paths.patient({ patientId: PATIENT_ID }));
  await openDialog();
  act(() => field(f.from).findControl()!.findDatePicker()!.setInputValue('2026/10/31'));
  act(() => field(f.to).findControl()!.findDatePicker()!.setInputValue('2026/10/01'));
  act(() => footerButton(f.export).click());
  await waitFor(() => expect(field(f.from).findError()?.getElement().textContent).toBe(f.fromAfterTo));
  expect(server.calls.filter((call) => call.url.includes('/fhir'))).toEqual([]);
});

it('shows the server’s refusal in the error dialog', async () => {
  signInAs('ClinicDirector');
  servePatient(fakeServer()).on('GET', /\/fhir\?/, { status: 400, body: { message: [f.tooManyExchanges(500)] } });
  catchDownloads();
  renderPortal(paths.patient({ patientId: PATIENT_ID }));
  await openDialog();
  act(() => footerButton(f.export).click());
  await waitFor(() => expect(document.querySelector('[data-testid="error-dialog-messages"]')?.textContent).toBe(f.tooManyExchanges(500)));
});

it('names the file from the patient, or the id without a name', () => {
  expect(fhirFileName('Ada Patient', 'p1')).toBe('Ada-Patient-fhir.json');
  expect(fhirFileName("Zoëlle O'Brien / 2", 'p1')).toBe('Zoelle-O-Brien-2-fhir.json');
  expect(fhirFileName(undefined, 'p1')).toBe('p1-fhir.json');
});

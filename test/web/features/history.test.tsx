import { act, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { AuditEntry } from '@shared/api/history';
import { fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';

/** The History screen: each responsible role reads its own trail, filtered on the server, shown in the spec's list. */
const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  AuditID: 'a1',
  At: '2026-11-20T10:00:00.000Z',
  UserID: 'user-Doctor',
  Role: 'Doctor',
  Route: 'GET /doctors/{id}/patients/{patientId}/profile',
  Action: 'read',
  Entity: 'Patient',
  EntityID: 'patient-1',
  PatientID: 'patient-1',
  SourceIp: '10.0.0.1',
  ...overrides,
});

beforeEach(() => resetPortal());

const rows = () => createWrapper(document.body).findTable()?.findRows() ?? [];
const cellTexts = () => rows().map((row) => row.findAll('td').map((cell) => cell.getElement().textContent));

it("shows a director the own clinic's trail and asks the server again with the filters", async () => {
  signInAs('ClinicDirector');
  const server = fakeServer().on('GET', /^\/clinicsDirector\/user-ClinicDirector\/history/, (call) =>
    call.url.includes('patientId=patient-2')
      ? {
          status: 200,
          body: {
            items: [
              entry({ AuditID: 'a2', EntityID: 'patient-2', PatientID: 'patient-2', Action: 'write', Changes: [{ field: 'Weight', before: 70, after: 71 }] }),
            ],
          },
        }
      : { status: 200, body: { items: [entry({})] } },
  );
  renderPortal('/history');
  await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 }).catch((error: unknown) => {
    throw new Error(`${String(error)}\ncalls: ${JSON.stringify(server.calls.map((call) => call.url))}`);
  });
  expect(cellTexts()[0]).toEqual(expect.arrayContaining(['user-Doctor', 'read', 'Patient', 'patient-1', '10.0.0.1']));

  const patientField = createWrapper(document.body)
    .findAllFormFields()
    .find((field) => field.findLabel()?.getElement().textContent === 'Patient (patient id)')!;
  act(() => patientField.findControl()!.findInput()!.setInputValue('patient-2'));
  act(() => createWrapper(document.body).findButton('[type="submit"]')!.click());
  await waitFor(() => expect(cellTexts()[0]).toEqual(expect.arrayContaining(['changed', 'patient-2', 'Weight'])));
  expect(server.callsTo('GET', '/clinicsDirector/user-ClinicDirector/history?patientId=patient-2')).toHaveLength(1);
});

it("reads the platform's trail for LiberDiAdmin and the provider's for its admin", async () => {
  signInAs('LiberDiAdmin');
  fakeServer().on('GET', /^\/liberdiAdmins\/user-LiberDiAdmin\/history/, { status: 200, body: { items: [entry({ AuditID: 'p1' })] } });
  const first = renderPortal('/history');
  await waitFor(() => expect(rows()).toHaveLength(1));
  first.unmount();

  resetPortal();
  signInAs('ServiceProviderAdmin');
  fakeServer().on('GET', /^\/spadmins\/user-ServiceProviderAdmin\/history/, {
    status: 200,
    body: { items: [entry({ AuditID: 's1' }), entry({ AuditID: 's2' })] },
  });
  renderPortal('/history');
  await waitFor(() => expect(rows()).toHaveLength(2));
});

it('is not open to the clinical staff below the director', async () => {
  signInAs('Nurse');
  fakeServer();
  renderPortal('/history');
  await waitFor(() => expect(createWrapper(document.body).findTable()).toBeNull());
  expect(document.body.textContent).not.toContain('Who read or changed what');
});

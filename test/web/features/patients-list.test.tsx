import { act, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { listedPatient as patient } from '../support/patient';

/** /patients: what a clinician sees of the clinic's patients, read from the fake server. */

const alert = (id: string, severity: 2 | 3, textValue: string) => ({
  AlertID: id,
  flag: 'WeightIncreasedAlert' as const,
  severity,
  textValue,
  Time: '2026-01-09T08:00:00.000Z',
});

beforeEach(() => resetPortal());

const wrapper = () => createWrapper(document.body);
const table = () => wrapper().findTable();
const rows = () => table()?.findRows() ?? [];
const headers = () =>
  table()!
    .findColumnHeaders()
    .map((header) => header.getElement().textContent);
const names = () => rows().map((row) => row.findAll('td')[0]!.getElement().textContent);
const filter = (id: string) => wrapper().findFormField(`[data-list-filter="${id}"]`)?.findControl()?.findSelect() ?? null;

async function openList(role: 'ClinicDirector' | 'Nurse' | 'Doctor', respond: Parameters<ReturnType<typeof fakeServer>['on']>[2]) {
  signInAs(role);
  const prefix = { ClinicDirector: '/clinicsDirector', Nurse: '/nurses', Doctor: '/doctors' }[role];
  const path = role === 'Doctor' ? 'getallpatients' : 'getAllClinicPatients';
  const server = fakeServer().on('GET', new RegExp(`^${prefix}/user-${role}/${path}/`), respond);
  renderPortal('/patients');
  await waitFor(() => expect(rows().length).toBeGreaterThan(0), { timeout: 5000 });
  return server;
}

it('reads every page of the clinic, orders it needs-review-first and explains the order', async () => {
  const server = await openList('ClinicDirector', (call) =>
    call.url.includes('cursor=next')
      ? {
          status: 200,
          body: {
            items: [
              patient(3, {
                statusValue: 3,
                unresolved: 1,
                unresolvedSince: '2026-01-05T00:00:00.000Z',
                status: { UserID: 'p3', alerts: [alert('a3', 3, 'No drain')] },
              }),
              patient(4, {
                statusValue: 3,
                unresolved: 1,
                unresolvedSince: '2026-01-08T00:00:00.000Z',
                status: { UserID: 'p4', alerts: [alert('a4', 3, 'Turbidity')] },
              }),
            ],
          },
        }
      : {
          status: 200,
          body: {
            items: [
              patient(1, { LastExchangeTime: '2026-01-10T08:00:00.000Z' }),
              patient(2, { LastExchangeTime: undefined }),
              patient(5, {
                statusValue: 2,
                unresolved: 1,
                unresolvedSince: '2026-01-01T00:00:00.000Z',
                status: { UserID: 'p5', alerts: [alert('a5', 2, 'Weight up')] },
              }),
              patient(6, { LastExchangeTime: '2026-01-02T08:00:00.000Z' }),
            ],
            cursor: 'next',
          },
        },
  );
  await waitFor(() => expect(rows()).toHaveLength(6));
  expect(server.calls.filter((call) => call.url.includes('getAllClinicPatients'))).toHaveLength(2);
  // The largest page the route allows: a clinic of up to 250 is one round trip on a slow line.
  expect(server.calls.filter((call) => call.url.includes('getAllClinicPatients')).every((call) => call.url.includes('limit=250'))).toBe(true);
  // Red first (the longest waiting first), then yellow, then green: never an exchange, then the longest silent.
  expect(names()).toEqual(['Patient 3', 'Patient 4', 'Patient 5', 'Patient 2', 'Patient 6', 'Patient 1']);
  expect(document.querySelector('[data-list-default-order]')!.textContent).toContain('Needs review first');
  act(() => wrapper().findButton('[aria-label="About the order Needs review first"]')!.click());
  expect(wrapper().findPopover()!.findContent()!.getElement().textContent).toContain('highest severity of their unresolved alerts');

  // A sorted column replaces the review order: none → ascending → descending.
  act(() => table()!.findColumnSortingArea(1)!.click());
  expect(names()).toEqual(['Patient 1', 'Patient 2', 'Patient 3', 'Patient 4', 'Patient 5', 'Patient 6']);
  act(() => table()!.findColumnSortingArea(1)!.click());
  expect(names()).toEqual(['Patient 6', 'Patient 5', 'Patient 4', 'Patient 3', 'Patient 2', 'Patient 1']);
  expect(document.querySelector('[data-list-default-order]')).toBeNull();
});

it('filters by severity and by physician, searches, and says when nothing matches', async () => {
  await openList('Nurse', {
    status: 200,
    body: {
      items: [
        patient(1, { statusValue: 3, status: { UserID: 'p1', alerts: [alert('a1', 3, 'No drain')] }, unresolved: 1 }),
        patient(2, {
          statusValue: 2,
          assignedPhysician: 'Dr Brown',
          assignedPhysicianId: 'doc-2',
          status: { UserID: 'p2', alerts: [alert('a2', 2, 'Weight up')] },
          unresolved: 1,
        }),
        patient(3, { patientName: 'Zoe Smith' }),
      ],
    },
  });
  expect(headers()).toEqual(['Name', 'SocialId', 'Status', 'Gender', 'Age', 'Protocol', 'Assigned physician']);

  act(() => filter('status')!.openDropdown());
  expect(
    filter('status')!
      .findDropdown()
      .findOptions()
      .map((option) => option.getElement().textContent),
  ).toEqual(['All', 'High', 'Medium', 'Normal']);
  act(() => filter('status')!.selectOptionByValue('2'));
  expect(names()).toEqual(['Patient 2']);
  act(() => filter('status')!.openDropdown());
  act(() => filter('status')!.selectOptionByValue(''));
  expect(rows()).toHaveLength(3);

  act(() => filter('physician')!.openDropdown());
  act(() => filter('physician')!.selectOptionByValue('doc-1'));
  expect(names()).toEqual(['Patient 1', 'Zoe Smith']);

  act(() => wrapper().findTextFilter()!.findInput().setInputValue('zoe'));
  expect(names()).toEqual(['Zoe Smith']);
  act(() => wrapper().findTextFilter()!.findInput().setInputValue('nobody'));
  expect(table()!.findEmptySlot()!.getElement().textContent).toBe('No items match your search');
});

it('shows the severity with its alerts in a popover, the decisive alert as the summary, and greys rows without a device', async () => {
  await openList('ClinicDirector', {
    status: 200,
    body: {
      items: [
        patient(1, {
          statusValue: 3,
          unresolved: 3,
          status: { UserID: 'p1', alerts: [alert('a1', 3, 'No drain'), alert('a2', 2, 'Prescription is not approved')] },
        }),
        patient(2, { disabled: true }),
      ],
    },
  });
  const statusCell = rows()[0]!.findAll('td')[2]!;
  // The summary follows severity, not an alert's words: no flag says a prescription is not approved.
  expect(statusCell.getElement().textContent).toContain('No drain');
  expect(statusCell.getElement().textContent).not.toContain('Prescription is not approved');
  expect(statusCell.find('[aria-label="High"]')).not.toBeNull();
  act(() => statusCell.findButton()!.click());
  const popover = statusCell.findPopover()!.findContent()!.getElement().textContent;
  expect(popover).toContain('High: No drain');
  expect(popover).toContain('Medium: Prescription is not approved');
  expect(popover).toContain('and 1 more');
  expect(currentPath()).toBe('/patients');

  expect(rows()[1]!.find('[data-row-state="deactivated"]')).not.toBeNull();
  expect(rows()[1]!.findAll('td')[2]!.getElement().textContent).toContain('Normal');
});

it("gives a doctor the own patients without the physician column or filter, and opens a patient's exchanges", async () => {
  await openList('Doctor', { status: 200, body: { items: [patient(1), patient(2)] } });
  expect(headers()).not.toContain('Assigned physician');
  expect(filter('physician')).toBeNull();
  expect(filter('status')).not.toBeNull();
  act(() => rows()[1]!.findAll('td')[0]!.click());
  await waitFor(() => expect(currentPath()).toBe('/patient/exchanges?patientId=p2'));
});

it("shows the error dialog when the list can't be read", async () => {
  signInAs('Nurse');
  fakeServer().on('GET', /^\/nurses\/user-Nurse\/getAllClinicPatients\//, { status: 500, body: { message: 'Database unavailable' } });
  renderPortal('/patients');
  await waitFor(
    () =>
      expect([...document.querySelectorAll('[data-testid="error-dialog-messages"]')].map((dialog) => dialog.textContent).join()).toContain(
        'Database unavailable',
      ),
    { timeout: 5000 },
  );
});

it('pages 8 rows and hides the pagination on one page', async () => {
  await openList('ClinicDirector', { status: 200, body: { items: Array.from({ length: 10 }, (_, index) => patient(index + 1)) } });
  expect(rows()).toHaveLength(8);
  act(() => table()!.findPagination()!.findNextPageButton().click());
  expect(rows()).toHaveLength(2);
  act(() => wrapper().findTextFilter()!.findInput().setInputValue('Patient 1'));
  expect(table()!.findPagination()).toBeNull();
});

import { act, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { addWeeks, isoWeekOfDate } from '@shared/alerts/care-week';
import type { CareTeamWeekRow } from '@shared/api/care-week';
import { csvOfExport } from '../support/csv-export';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';

/** /patients/week: the ClinicDirector's week of the care team, read from the fake server. */
const row = (index: number, overrides: Partial<CareTeamWeekRow> = {}): CareTeamWeekRow => ({
  UserID: `p${index}`,
  patientName: `Patient ${index}`,
  socialId: `10${index}`,
  timeZone: 'UTC',
  exchanges: 0,
  prescribed: 0,
  alertsRaised: 0,
  alertsCleared: 0,
  visitsClosed: 0,
  clearings: [],
  ...overrides,
});

const now = new Date();
const thisWeek = isoWeekOfDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
const wrapper = () => createWrapper(document.body);
const table = () => wrapper().findTable();
const rows = () => table()?.findRows() ?? [];
const cellsOf = (row: ReturnType<typeof rows>[number]) => row.findAll('td').map((cell) => cell.getElement().textContent);
const cells = (index: number) => cellsOf(rows()[index]!);
const button = (label: string) =>
  wrapper()
    .findAllButtons()
    .find((candidate) => candidate.getElement().textContent === label)!;

const answer = (week: string) => ({
  status: 200,
  body: {
    week,
    monday: '2026-11-23',
    sunday: '2026-11-29',
    items:
      week === thisWeek
        ? [
            row(1, {
              exchanges: 9,
              prescribed: 12,
              adherencePercent: 75,
              alertsRaised: 3,
              alertsCleared: 2,
              visitsClosed: 1,
              clearings: [{ UserID: 'n1', Name: 'Grace Hopper', day: '2026-11-24', count: 2, flags: ['HighDrainTempAlert', 'HighPulseAlert'] }],
            }),
            row(2),
          ]
        : [row(1, { exchanges: 1, prescribed: 14, adherencePercent: 7.1 })],
  },
});

beforeEach(() => resetPortal());

async function openWeek() {
  signInAs('ClinicDirector');
  const server = fakeServer().on('GET', /^\/clinicsDirector\/user-ClinicDirector\/careTeamWeek\?/, (call) =>
    answer(new URL(call.url, 'http://x').searchParams.get('week')!),
  );
  renderPortal('/patients/week');
  await waitFor(() => expect(rows().length).toBe(2), { timeout: 10_000 });
  return server;
}

it("shows each patient's week: adherence, counts, and who cleared what", async () => {
  const server = await openWeek();
  expect(server.calls.some((call) => call.url.includes(`week=${thisWeek}`))).toBe(true);
  expect(document.body.textContent).toContain('This week');
  expect(document.querySelector(`[data-care-week="${thisWeek}"]`)!.textContent).toBe(`Week ${thisWeek}: 2026-11-23 to 2026-11-29`);
  const first = cells(0);
  expect(first.slice(0, 7)).toEqual(['Patient 1', '75', '9', '12', '3', '2', '1']);
  expect(first[7]).toBe('Grace Hopper cleared 2 alerts (HighDrainTempAlert, HighPulseAlert) on 2026-11-24');
  expect(cells(1)[1]).toBe('Nothing due yet');
});

it('exports the rows as CSV, who cleared what included', async () => {
  await openWeek();
  const csv = await csvOfExport();
  expect(csv.name).toBe(`care-team-week-${thisWeek}.csv`);
  const lines = csv.rows;
  expect(lines[0]).toBe('Patient,Adherence (%),Exchanges done,Exchanges prescribed so far,Alerts raised,Alerts cleared,Visits closed,Who cleared what');
  expect(lines).toContain('Patient 1,75,9,12,3,2,1,Grace Hopper cleared 2 alerts (HighDrainTempAlert HighPulseAlert) on 2026-11-24');
});

it('goes to the previous week and back; the next week after the current one is not offered', async () => {
  const server = await openWeek();
  expect(button('Next week').isDisabled()).toBe(true);
  act(() => button('Previous week').click());
  const previous = addWeeks(thisWeek, -1);
  await waitFor(() => expect(rows().length).toBe(1));
  expect(currentPath()).toBe(`/patients/week?week=${previous}`);
  expect(server.calls.some((call) => call.url.includes(`week=${previous}`))).toBe(true);
  expect(cells(0).slice(0, 3)).toEqual(['Patient 1', '7.1', '1']);
  act(() => button('Next week').click());
  await waitFor(() => expect(rows().length).toBe(2));
  expect(currentPath()).toBe('/patients/week');
});

it('is reached from the patients list by a director, and not offered to a nurse', async () => {
  signInAs('ClinicDirector');
  fakeServer()
    .on('GET', /^\/clinicsDirector\/user-ClinicDirector\/getAllClinicPatients\//, { status: 200, body: { items: [] } })
    .on('GET', /careTeamWeek/, (call) => answer(new URL(call.url, 'http://x').searchParams.get('week')!));
  renderPortal('/patients');
  await waitFor(() => expect(button('This week')).toBeDefined());
  act(() => button('This week').click());
  await waitFor(() => expect(currentPath()).toBe('/patients/week'));
  await waitFor(() => expect(rows().length).toBe(2));

  resetPortal();
  signInAs('Nurse');
  fakeServer().on('GET', /^\/nurses\/user-Nurse\/getAllClinicPatients\//, { status: 200, body: { items: [] } });
  renderPortal('/patients');
  await waitFor(() => expect(wrapper().findTable()).not.toBeNull());
  expect(
    wrapper()
      .findAllButtons()
      .some((candidate) => candidate.getElement().textContent === 'This week'),
  ).toBe(false);
});

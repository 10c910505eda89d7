import { act, screen, waitFor } from '@testing-library/react';
import { paths } from '@web/src/config/routes';
import { shiftMonth, weeksOf } from '@web/src/features/clinical/patient/adherence-calendar';
import { fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { adherenceAnswer, PATIENT_ID, servePatient } from '../support/patient';

/** The adherence calendar: each day's state in colour and in words, the month's percentage, earlier months only. */
beforeEach(() => resetPortal());

const SLOW = { timeout: 15000 };
const now = new Date();
const thisMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const lastMonth = shiftMonth(thisMonth, -1);

it("shows the month's days with their state in words, the percentage and the legend; earlier months, never future ones", async () => {
  signInAs('Doctor');
  const server = servePatient(fakeServer());
  server.on('GET', /\/patients\/p1\/adherence$/, { status: 200, body: adherenceAnswer(thisMonth) });
  server.on('GET', new RegExp(`/patients/p1/adherence\\?month=${lastMonth}$`), {
    status: 200,
    body: { ...adherenceAnswer(lastMonth), adherencePercent: 87.6 },
  });
  renderPortal(paths.patientExchanges({ patientId: PATIENT_ID }));
  await screen.findByText('50% of the prescribed exchanges done', undefined, SLOW);

  const day = (date: string) => document.querySelector(`[data-day="${date}"]`)!;
  expect(day(`${thisMonth}-01`).getAttribute('aria-label')).toBe(`${thisMonth}-01: Done, 4 of 4`);
  expect(day(`${thisMonth}-02`).getAttribute('aria-label')).toBe(`${thisMonth}-02: Partial, 2 of 4`);
  expect(day(`${thisMonth}-03`).getAttribute('aria-label')).toBe(`${thisMonth}-03: Missed, 0 of 4`);
  expect(day(`${thisMonth}-04`).getAttribute('aria-label')).toBe(`${thisMonth}-04: Nothing prescribed, 0 of 0`);
  expect(day(`${thisMonth}-05`).getAttribute('aria-label')).toBe(`${thisMonth}-05: Not yet, 0 of 4`);
  // Not colour alone: each state has its symbol, and the legend names them.
  expect(day(`${thisMonth}-01`).textContent).toContain('✓');
  expect(day(`${thisMonth}-03`).textContent).toContain('✗');
  const legend = screen.getByRole('region', { name: 'Legend' });
  expect(legend.textContent).toEqual(expect.stringContaining('Done'));
  for (const word of ['Partial', 'Missed', 'Nothing prescribed', 'Not yet']) expect(legend.textContent).toContain(word);

  const next = screen.getByRole('button', { name: 'Next month' });
  expect(next).toHaveProperty('disabled', true);
  act(() => screen.getByRole('button', { name: 'Previous month' }).click());
  await screen.findByText('88% of the prescribed exchanges done');
  expect(server.calls.some((call) => call.url.endsWith(`/adherence?month=${lastMonth}`))).toBe(true);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', false));
});

it('lays the days out in weeks from Monday', () => {
  // 1 November 2026 is a Sunday: six empty cells before it.
  const weeks = weeksOf(adherenceAnswer('2026-11').days);
  expect(weeks[0]!.slice(0, 6)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  expect(weeks[0]![6]!.date).toBe('2026-11-01');
  expect(weeks[1]![0]!.date).toBe('2026-11-02');
  expect(weeks.every((week) => week.length === 7)).toBe(true);
});

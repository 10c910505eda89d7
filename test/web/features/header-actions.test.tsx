import { screen } from '@testing-library/react';
import { listedPatient } from '../support/patient';
import { fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';

/**
 * A list header's buttons reach Cloudscape's SpaceBetween one by one: given a fragment, React 18
 * flattens it but React 19 would space it as one child, and Cloudscape warns of that in the console.
 * Cloudscape warns once per module load, so one test renders both lists that pass several buttons.
 */
it("gives the lists' header buttons as separate children, with no fragment warning in the console", async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    resetPortal();
    signInAs('ClinicDirector');
    fakeServer()
      .on('GET', /^\/clinicsDirector\/user-ClinicDirector\/getAllClinicPatients\//, { status: 200, body: { items: [listedPatient(1)] } })
      .on('GET', /^\/clinicsDirector\/user-ClinicDirector\/careTeamWeek\?/, {
        status: 200,
        body: { week: '2026-W48', monday: '2026-11-23', sunday: '2026-11-29', items: [] },
      });
    const list = renderPortal('/patients');
    await screen.findByRole('button', { name: 'Add Patient' }, { timeout: 10_000 });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(expect.arrayContaining(['This week', 'On-call rota']));
    list.unmount();

    renderPortal('/patients/week');
    await screen.findByRole('button', { name: 'Current week' }, { timeout: 10_000 });
    const fragmentWarnings = warn.mock.calls.map((args) => args.join(' ')).filter((text) => text.includes('React.Fragment'));
    expect(fragmentWarnings).toEqual([]);
  } finally {
    warn.mockRestore();
  }
});

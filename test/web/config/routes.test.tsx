import { screen, waitFor } from '@testing-library/react';
import { ROLES } from '@shared/roles';
import { paths, routes, type ScreenId } from '@web/src/config/routes';
import { canOpen, homeFor, linksFor } from '@web/src/lib/navigation';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';

beforeEach(resetPortal);

describe('path builders', () => {
  it('build each screen link with its query, leaving out empty values', () => {
    expect(paths.patients()).toBe('/patients');
    expect(paths.clinicTabs({ clinicId: 'c 1' })).toBe('/clinics/clinictabs?clinicId=c+1');
    expect(paths.users()).toBe('/users');
    expect(paths.users({ clinicId: 'c1', spId: undefined })).toBe('/users?clinicId=c1');
    expect(paths.settings({ spId: 'sp9' })).toBe('/settings?spId=sp9');
  });

  it('refuse at compile time a link without its required query', () => {
    // @ts-expect-error clinicId is required
    expect(paths.clinicTabs({})).toBe('/clinics/clinictabs');
  });
});

describe('route table', () => {
  it("gives the navigation the spec's links in order, and / the first", () => {
    expect(linksFor('LiberDiAdmin').map((link) => link.path)).toEqual(['/sp', '/clinics', '/devices', '/users', '/settings']);
    expect(homeFor('Nurse')).toBe(routes.patients.path);
  });

  it('lets a role open the screens below its links, and nothing of other roles', () => {
    expect(canOpen('ServiceProviderAdmin', '/clinics/clinictabs')).toBe(true);
    expect(canOpen('ClinicAdmin', '/clinics/clinictabs')).toBe(false);
    expect(canOpen('LiberDiAdmin', '/device/settings')).toBe(true);
    expect(canOpen('Doctor', '/login')).toBe(false);
    expect(canOpen('Doctor', '/')).toBe(true);
  });

  it('opens a screen with its query for its role', async () => {
    fakeServer();
    signInAs('ServiceProviderAdmin');
    renderPortal(paths.clinicTabs({ clinicId: 'c1' }));
    expect(await screen.findByRole('heading', { name: 'Clinics', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(currentPath()).toBe('/clinics/clinictabs?clinicId=c1');
  });

  it('shows the not-found page for a screen of another role', async () => {
    fakeServer();
    signInAs('ClinicAdmin');
    renderPortal(paths.deviceSettings({ deviceId: 'd1' }));
    await waitFor(() => expect(screen.getByTestId('not-found').textContent).toBe('Sorry , this page not avaible'), { timeout: 5000 });
  });
});

/** Every guarded screen of the table, with a role that may open it and one that may not. */
const guarded = (Object.entries(routes) as Array<[ScreenId, (typeof routes)[ScreenId]]>).flatMap(([id, route]) =>
  route.access === 'open'
    ? []
    : [{ id, path: route.path, allowed: route.access[0], refused: ROLES.find((role) => !(route.access as readonly string[]).includes(role)) }],
);

describe('every screen of the route table', () => {
  it.each(guarded)('$path opens for $allowed and does not exist for $refused', async ({ path, allowed, refused }) => {
    fakeServer();
    signInAs(allowed);
    const { unmount } = renderPortal(path);
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('not-found')).toBeNull();
    unmount();
    if (!refused) return;
    resetPortal();
    signInAs(refused);
    renderPortal(path);
    await waitFor(() => expect(screen.getByTestId('not-found')).toBeTruthy(), { timeout: 5000 });
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { Role } from '@shared/roles';
import { reloadProfile } from '@web/src/lib/auth';
import { sessionStore } from '@web/src/lib/session-store';
import { currentPath, fakeServer, profileFor, renderPortal, resetPortal, signedInAnswer, signInAs } from '../support/portal';

beforeEach(resetPortal);

/** The spec's table "Navigation links by role", exactly. */
const LINKS: Record<Role, string[]> = {
  LiberDiAdmin: ['/sp', '/clinics', '/devices', '/users', '/settings'],
  ServiceProviderAdmin: ['/clinics', '/users', '/settings', '/myprofile'],
  ClinicAdmin: ['/users', '/myprofile'],
  ClinicDirector: ['/patients', '/addPatient'],
  Doctor: ['/patients', '/addPatient'],
  Nurse: ['/patients', '/addPatient'],
};
const ADMIN: Role[] = ['LiberDiAdmin', 'ServiceProviderAdmin', 'ClinicAdmin'];

function linksOf(side: ReturnType<ReturnType<typeof createWrapper>['findSideNavigation']>): HTMLAnchorElement[] {
  const links: HTMLAnchorElement[] = [];
  for (let index = 1; side?.findItemByIndex(index); index++) links.push(side.findItemByIndex(index)!.findLink()!.getElement());
  return links;
}

async function navigationLinks(): Promise<string[]> {
  // The shell's chunk is compiled on first use: the first test waits longer on a busy machine.
  const navigation = await screen.findByTestId('navigation', undefined, { timeout: 5000 });
  const side = createWrapper(navigation).findSideNavigation()!;
  return linksOf(side).map((link) => link.getAttribute('href')!);
}

describe('navigation links by role', () => {
  it.each(Object.entries(LINKS) as Array<[Role, string[]]>)('%s sees exactly its links and lands on the first', async (role, links) => {
    fakeServer();
    signInAs(role);
    renderPortal('/');
    expect(await navigationLinks()).toEqual(links);
    await waitFor(() => expect(currentPath()).toBe(links[0]));
    expect(screen.getByTestId('navigation').dataset.area).toBe(ADMIN.includes(role) ? 'admin' : 'clinical');
  });

  it("labels the links as the spec does ('admin' for /myprofile)", async () => {
    fakeServer();
    signInAs('ServiceProviderAdmin');
    renderPortal('/clinics');
    const navigation = await screen.findByTestId('navigation');
    const labels = linksOf(createWrapper(navigation).findSideNavigation()).map((link) => link.textContent);
    expect(labels).toEqual(['Clinics', 'Users', 'System Settings', 'admin']);
  });
});

describe('the guard', () => {
  it('sends a signed-out visitor to /login and returns to the requested location after sign-in', async () => {
    fakeServer().on('POST', '/signin', { status: 200, body: signedInAnswer('LiberDiAdmin') });
    renderPortal('/settings?spId=sp1');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    const wrapper = createWrapper(document.body);
    act(() => wrapper.findFormField('[data-testid="user-id-field"]')!.findControl()!.findInput()!.setInputValue('admin@test.example'));
    act(() => wrapper.findFormField('[data-testid="password-field"]')!.findControl()!.findInput()!.setInputValue('Test!pass1'));
    act(() => wrapper.findCheckbox()!.findNativeInput().click());
    act(() => wrapper.findButton('[data-testid="login-submit"]')!.click());
    await waitFor(() => expect(currentPath()).toBe('/settings?spId=sp1'));
  });

  it("shows the not-found page for another role's route", async () => {
    fakeServer();
    signInAs('Nurse');
    renderPortal('/devices');
    expect((await screen.findByTestId('not-found')).textContent).toBe('Sorry , this page not avaible');
    expect(currentPath()).toBe('/devices');
  });

  it('sends a signed-in visitor of /login to /', async () => {
    fakeServer();
    signInAs('Doctor');
    renderPortal('/login');
    await waitFor(() => expect(currentPath()).toBe('/patients'));
  });

  it('shows the not-found page for an unknown path, signed in or not', async () => {
    fakeServer();
    renderPortal('/no/such/page');
    expect((await screen.findByTestId('not-found')).textContent).toBe('Sorry , this page not avaible');
  });
});

describe('the top bar', () => {
  it("shows administrators the fresh counts, the first name and 'Last login at dd/mm/yy'", async () => {
    const fresh = profileFor('LiberDiAdmin', {
      LastLoginAt: '2030-01-01T00:00:00.000Z',
      Statistic: { activatedDevices: 3, activatedClinics: 2, totalNoExchanges: 41 },
    });
    fakeServer().on('GET', '/users/user-LiberDiAdmin/session', { status: 200, body: { profile: fresh } });
    signInAs('LiberDiAdmin', { LastLoginAt: '2024-03-05T10:00:00.000Z' });
    renderPortal('/sp');
    await waitFor(() => expect(screen.getByTestId('total-exchanges').textContent).toBe('Total exchanges: 41'));
    expect(screen.getByTestId('activated-devices').textContent).toBe('Activated devices: 3');
    expect(screen.getByTestId('activated-clinics').textContent).toBe('Activated clinics: 2');
    // The sign-in's own last login (the one before it) stays.
    expect(screen.getByTestId('last-login').textContent).toBe('Last login at 05/03/24');
    expect(screen.getByTestId('top-bar').textContent).toContain('FirstLiberDiAdmin');
  });

  it("keeps the session as it is when the server's profile is the same, so the portal is not drawn again", async () => {
    // The same profile, its keys in another order and the last login of a later sign-in (which the top bar never takes).
    const same = Object.fromEntries(Object.entries(profileFor('Doctor', { LastLoginAt: '2030-01-01T00:00:00.000Z' })).reverse());
    const server = fakeServer().on('GET', '/users/user-Doctor/session', { status: 200, body: { profile: same } });
    signInAs('Doctor');
    const before = sessionStore.get().signedIn;
    let notified = 0;
    const stop = sessionStore.subscribe(() => (notified += 1));
    try {
      renderPortal('/patients');
      await waitFor(() => expect(server.calls.some((call) => call.url.endsWith('/users/user-Doctor/session'))).toBe(true));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(sessionStore.get().signedIn).toBe(before);
      expect(notified).toBe(0);

      // A profile that did change is taken, and every reader of the session hears of it.
      server.on('GET', '/users/user-Doctor/session', { status: 200, body: { profile: profileFor('Doctor', { FirstName: 'Renamed' }) } });
      await act(() => reloadProfile());
      expect(sessionStore.get().signedIn?.profile.FirstName).toBe('Renamed');
      expect(notified).toBe(1);
      await waitFor(() => expect(screen.getByTestId('top-bar').textContent).toContain('Renamed'));
    } finally {
      stop();
    }
  });

  it('shows staff no counts', async () => {
    fakeServer();
    signInAs('Doctor');
    renderPortal('/patients');
    await screen.findByTestId('last-login');
    expect(screen.queryByTestId('total-exchanges')).toBeNull();
  });

  it('Log Out signs out at the server, clears all three slots and goes to /login', async () => {
    const server = fakeServer().on('POST', '/signout', { status: 200, body: { signedOut: true } });
    signInAs('Doctor');
    sessionStore.setPendingTwoFactor({ status: '2fa', updatePassword: false, token: 'x' });
    renderPortal('/patients');
    const topBar = createWrapper(await screen.findByTestId('top-bar')).findTopNavigation()!;
    const logOut = topBar.findUtilities().find((utility) => utility.getElement().textContent === 'Log Out')!;
    act(() => logOut.findButtonLinkType()!.click());
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(server.callsTo('POST', '/signout')[0]).toMatchObject({
      body: { refreshToken: 'refresh-Doctor' },
      headers: { authorization: 'Bearer token-Doctor' },
    });
    expect(sessionStore.get()).toEqual({});
  });

  it('keeps the session and shows the error dialog when the server does not confirm the sign-out', async () => {
    fakeServer()
      .on('POST', '/signout', { status: 500, body: { message: ['Something went wrong, please try again'] } })
      // The patients' list reads its rows; only the sign-out fails.
      .on('GET', /^\/doctors\/user-Doctor\/getallpatients\//, { status: 200, body: { items: [] } });
    signInAs('Doctor');
    renderPortal('/patients');
    const topBar = createWrapper(await screen.findByTestId('top-bar')).findTopNavigation()!;
    const logOut = topBar.findUtilities().find((utility) => utility.getElement().textContent === 'Log Out')!;
    act(() => logOut.findButtonLinkType()!.click());
    await waitFor(() => expect(screen.getByTestId('error-dialog-messages').textContent).toBe('Something went wrong, please try again'));
    expect(sessionStore.get().signedIn).toBeDefined();
    expect(currentPath()).toBe('/patients');
  });
});

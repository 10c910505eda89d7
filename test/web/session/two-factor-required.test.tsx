import { act, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { TextEncoder } from 'node:util';
import { sessionStore } from '@web/src/lib/session-store';
import { currentPath, fakeServer, renderPortal, resetPortal, signedInAnswer } from '../support/portal';

// The QR code renderer needs TextEncoder, which jsdom lacks.
Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder });

beforeEach(resetPortal);

const SECRET = 'JBSWY3DPEHPK3PXP';

/** An administrator's sign-in answer that says two-factor sign-in must be set up first. */
function adminMustSetUp() {
  sessionStore.signIn({ ...signedInAnswer('LiberDiAdmin'), totpSetupRequired: true });
}

function serverWithTotp() {
  return fakeServer()
    .on('POST', '/users/user-LiberDiAdmin/totp/setup', { status: 200, body: { secretCode: SECRET, otpauthUri: `otpauth://totp/x?secret=${SECRET}` } })
    .on('POST', '/users/user-LiberDiAdmin/totp/verify', { status: 200, body: { enabled: true } })
    .on('POST', '/signout', { status: 200, body: { signedOut: true } })
    .on('GET', /.*/, { status: 200, body: [] });
}

const modal = () => createWrapper(document.body).findModal()!;

describe('two-factor sign-in required for LiberDiAdmin and ServiceProviderAdmin', () => {
  it('shows the TOTP set-up before any screen, and the screens once it is on', async () => {
    const server = serverWithTotp();
    adminMustSetUp();
    renderPortal('/sp');
    await screen.findByTestId('two-factor-required');
    expect(screen.queryByTestId('top-bar')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('totp-secret').textContent).toBe(SECRET));
    // No screen's data was asked for while the set-up shows.
    expect(server.calls.filter((c) => c.method === 'GET')).toHaveLength(0);

    act(() => createWrapper(document.body).findFormField('[data-testid="totp-code-field"]')!.findControl()!.findInput()!.setInputValue('123456'));
    act(() => createWrapper(document.body).findButton('[data-testid="totp-turn-on"]')!.click());
    await waitFor(() => expect(screen.getByTestId('totp-state').textContent).toContain('Two-factor authentication is on'));
    // The session's refresh token goes along, so its refreshes count as through the TOTP step too.
    expect(server.callsTo('POST', '/users/user-LiberDiAdmin/totp/verify')[0]!.body).toEqual({ TwoFaCode: '123456', refreshToken: 'refresh-LiberDiAdmin' });

    act(() => modal().findFooter()!.findButton()!.click());
    await screen.findByTestId('top-bar');
    expect(screen.queryByTestId('two-factor-required')).toBeNull();
    expect(currentPath()).toBe('/sp');
  });

  it('closing the set-up without turning it on signs out', async () => {
    const server = serverWithTotp();
    adminMustSetUp();
    renderPortal('/sp');
    await waitFor(() => expect(screen.getByTestId('totp-secret').textContent).toBe(SECRET));
    act(() => modal().findFooter()!.findButton()!.click());
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(server.callsTo('POST', '/signout')).toHaveLength(1);
    expect(sessionStore.get().signedIn).toBeUndefined();
  });

  it('lets other sign-ins straight through', async () => {
    serverWithTotp();
    sessionStore.signIn(signedInAnswer('Doctor'));
    renderPortal('/patients');
    await screen.findByTestId('top-bar');
    expect(screen.queryByTestId('two-factor-required')).toBeNull();
  });
});

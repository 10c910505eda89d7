import { act, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { sessionStore } from '@web/src/lib/session-store';
import { currentPath, fakeServer, renderPortal, resetPortal, signedInAnswer } from '../support/portal';

beforeEach(resetPortal);

function loginForm() {
  const wrapper = createWrapper(document.body);
  return {
    userId: () => wrapper.findFormField('[data-testid="user-id-field"]')!,
    password: () => wrapper.findFormField('[data-testid="password-field"]')!,
    terms: () => wrapper.findFormField('[data-testid="accept-terms-field"]')!,
    fill(userId: string, password: string, accept = true) {
      act(() => this.userId().findControl()!.findInput()!.setInputValue(userId));
      act(() => this.password().findControl()!.findInput()!.setInputValue(password));
      if (accept) act(() => wrapper.findCheckbox()!.findNativeInput().click());
    },
    submit: () => act(() => wrapper.findButton('[data-testid="login-submit"]')!.click()),
    status: () => screen.getByTestId('status-area').textContent,
  };
}

describe('the login form', () => {
  it("shows the spec's validation messages and sends nothing", async () => {
    const server = fakeServer();
    renderPortal('/login');
    const form = loginForm();
    form.fill('   ', ' ', false);
    form.submit();
    expect(form.userId().findError()!.getElement().textContent).toBe('Username is required');
    expect(form.password().findError()!.getElement().textContent).toBe('Password is required');
    expect(form.terms().findError()!.getElement().textContent).toBe('Accept Terms & Conditions is required');
    expect(server.calls).toHaveLength(0);
  });

  it('strips spaces, runs the bot check and sends the credentials', async () => {
    const server = fakeServer().on('POST', '/signin', { status: 200, body: signedInAnswer('Doctor') });
    renderPortal('/login');
    const form = loginForm();
    form.fill(' doctor@test.example ', ' Test!pass1 ');
    form.submit();
    await waitFor(() => expect(server.callsTo('POST', '/signin')).toHaveLength(1));
    expect(server.callsTo('POST', '/signin')[0]!.body).toEqual({ Email: 'doctor@test.example', Password: 'Test!pass1', reCaptchaToken: 'human-token' });
  });

  it("shows the server's error text in the status area", async () => {
    fakeServer().on('POST', '/signin', { status: 401, body: { message: ['Wrong User name or password'] } });
    renderPortal('/login');
    const form = loginForm();
    form.fill('a@test.example', 'Wrong!pass1');
    form.submit();
    await waitFor(() => expect(form.status()).toBe('Wrong User name or password'));
    expect(currentPath()).toBe('/login');
  });

  it("shows 'authentication error' when no answer comes", async () => {
    fakeServer().on('POST', '/signin', 'no-answer');
    renderPortal('/login');
    const form = loginForm();
    form.fill('a@test.example', 'Test!pass1');
    form.submit();
    await waitFor(() => expect(form.status()).toBe('authentication error'));
  });

  it("shows 'Blocked By ReCAPTCHA' when the bot check gives no token", async () => {
    const server = fakeServer().on('POST', '/local/human-verification/token', { status: 200, body: {} });
    renderPortal('/login');
    const form = loginForm();
    form.fill('a@test.example', 'Test!pass1');
    form.submit();
    await waitFor(() => expect(form.status()).toBe('Blocked By ReCAPTCHA'));
    expect(server.callsTo('POST', '/signin')).toHaveLength(0);
  });
});

describe('sign-in outcomes (spec section 4)', () => {
  async function signInWith(answer: unknown) {
    fakeServer().on('POST', '/signin', { status: 200, body: answer });
    renderPortal('/login');
    const form = loginForm();
    form.fill('a@test.example', 'Test!pass1');
    form.submit();
    return form;
  }

  it("'pass' signs in and goes to / (the role's first link)", async () => {
    await signInWith(signedInAnswer('ClinicAdmin'));
    await waitFor(() => expect(currentPath()).toBe('/users'));
    expect(sessionStore.get().signedIn?.profile.Role).toBe('ClinicAdmin');
  });

  it("'2fa' keeps a pending 2FA session and goes to /2fa; the code then signs in and clears it", async () => {
    await signInWith({ status: '2fa', updatePassword: false, token: 'pending-2fa' });
    await waitFor(() => expect(currentPath()).toBe('/2fa'));
    expect(sessionStore.get().pendingTwoFactor?.token).toBe('pending-2fa');
    expect(sessionStore.get().signedIn).toBeUndefined();

    const server = fakeServer().on('POST', '/signin/2fa', { status: 200, body: signedInAnswer('Nurse') });
    const wrapper = createWrapper(document.body);
    act(() => wrapper.findButton('[type="submit"]')!.click());
    expect(wrapper.findFormField('[data-testid="code-field"]')!.findError()!.getElement().textContent).toBe('Authentication code is required');

    act(() => wrapper.findFormField('[data-testid="code-field"]')!.findControl()!.findInput()!.setInputValue(' 123 456 '));
    act(() => wrapper.findButton('[type="submit"]')!.click());
    await waitFor(() => expect(currentPath()).toBe('/patients'));
    expect(server.callsTo('POST', '/signin/2fa')[0]).toMatchObject({ body: { TwoFaCode: '123456' }, headers: { authorization: 'Bearer pending-2fa' } });
    expect(sessionStore.get().pendingTwoFactor).toBeUndefined();
    expect(sessionStore.get().signedIn?.profile.Role).toBe('Nurse');
  });

  it("after 2FA, 'pass' with updatePassword goes to /create-password and clears the 2FA slot", async () => {
    await signInWith({ status: '2fa', updatePassword: false, token: 'pending-2fa' });
    await waitFor(() => expect(currentPath()).toBe('/2fa'));
    fakeServer().on('POST', '/signin/2fa', {
      status: 200,
      body: { status: 'pass', updatePassword: true, token: 'pending-password', profile: { UserID: 'u1', FirstName: 'Dana' } },
    });
    const wrapper = createWrapper(document.body);
    act(() => wrapper.findFormField('[data-testid="code-field"]')!.findControl()!.findInput()!.setInputValue('123456'));
    act(() => wrapper.findButton('[type="submit"]')!.click());
    await waitFor(() => expect(currentPath()).toBe('/create-password'));
    expect(sessionStore.get().pendingTwoFactor).toBeUndefined();
    expect(sessionStore.get().pendingPasswordChange?.token).toBe('pending-password');
  });

  it("'pass' with updatePassword goes to /create-password; a change with nModified 1 signs in", async () => {
    await signInWith({ status: 'pass', updatePassword: true, token: 'pending-password', profile: { UserID: 'u1', FirstName: 'Dana' } });
    await waitFor(() => expect(currentPath()).toBe('/create-password'));
    const wrapper = createWrapper(document.body);
    const field = (id: string) => wrapper.findFormField(`[data-testid="${id}"]`)!;
    act(() => field('new-password-field').findControl()!.findInput()!.setInputValue('weakpass'));
    act(() => field('confirm-password-field').findControl()!.findInput()!.setInputValue('other'));
    act(() => wrapper.findButton('[type="submit"]')!.click());
    expect(field('new-password-field').findError()!.getElement().textContent).toBe(
      'Password must contain at least one of: small letters, big letters, numbers and [!,@,#,$,%,^,*,] with length of 8-20',
    );
    expect(field('confirm-password-field').findError()!.getElement().textContent).toBe('Passwords must match');

    const server = fakeServer().on('POST', '/users/u1/changePass', { status: 200, body: { ...signedInAnswer('Doctor'), nModified: 1 } });
    act(() => field('new-password-field').findControl()!.findInput()!.setInputValue('Better!pass2'));
    act(() => field('confirm-password-field').findControl()!.findInput()!.setInputValue('Better!pass2'));
    act(() => wrapper.findButton('[type="submit"]')!.click());
    await waitFor(() => expect(currentPath()).toBe('/patients'));
    expect(server.callsTo('POST', '/users/u1/changePass')[0]).toMatchObject({
      body: { newPassword: 'Better!pass2' },
      headers: { authorization: 'Bearer pending-password' },
    });
    expect(sessionStore.get().pendingPasswordChange).toBeUndefined();
  });

  it("a password change without nModified 1 shows 'authentication error'", async () => {
    sessionStore.setPendingPasswordChange({ status: 'pass', updatePassword: true, token: 'pending-password', profile: { UserID: 'u1', FirstName: 'Dana' } });
    fakeServer().on('POST', '/users/u1/changePass', { status: 200, body: { ...signedInAnswer('Doctor'), nModified: 0 } });
    renderPortal('/create-password');
    const wrapper = createWrapper(document.body);
    act(() => wrapper.findFormField('[data-testid="new-password-field"]')!.findControl()!.findInput()!.setInputValue('Better!pass2'));
    act(() => wrapper.findFormField('[data-testid="confirm-password-field"]')!.findControl()!.findInput()!.setInputValue('Better!pass2'));
    act(() => wrapper.findButton('[type="submit"]')!.click());
    await waitFor(() => expect(screen.getByTestId('status-area').textContent).toBe('authentication error'));
    expect(sessionStore.get().signedIn).toBeUndefined();
  });

  it('a password change for a user with TOTP on goes on to /2fa, not signed in', async () => {
    sessionStore.setPendingPasswordChange({ status: 'pass', updatePassword: true, token: 'pending-password', profile: { UserID: 'u1', FirstName: 'Dana' } });
    fakeServer().on('POST', '/users/u1/changePass', { status: 200, body: { status: '2fa', updatePassword: false, token: 'pending-2fa', nModified: 1 } });
    renderPortal('/create-password');
    const wrapper = createWrapper(document.body);
    act(() => wrapper.findFormField('[data-testid="new-password-field"]')!.findControl()!.findInput()!.setInputValue('Better!pass2'));
    act(() => wrapper.findFormField('[data-testid="confirm-password-field"]')!.findControl()!.findInput()!.setInputValue('Better!pass2'));
    act(() => wrapper.findButton('[type="submit"]')!.click());
    await waitFor(() => expect(currentPath()).toBe('/2fa'));
    expect(sessionStore.get().signedIn).toBeUndefined();
    expect(sessionStore.get().pendingPasswordChange).toBeUndefined();
    expect(sessionStore.get().pendingTwoFactor?.token).toBe('pending-2fa');
  });

  it("anything else shows 'authentication error'", async () => {
    const form = await signInWith({ status: 'fail' });
    await waitFor(() => expect(form.status()).toBe('authentication error'));
    expect(currentPath()).toBe('/login');
  });

  it('/2fa and /create-password go to / (and so to /login) with nothing pending', async () => {
    fakeServer();
    renderPortal('/2fa');
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });
});

describe('password recovery', () => {
  it('shows the failure, sends again, then the success; the link resets the form', async () => {
    const server = fakeServer().on('POST', '/forgetPass', {
      status: 404,
      body: { message: ['The email account that you tried to reach does not exist, please retry'] },
    });
    renderPortal('/password-recovery');
    const wrapper = createWrapper(document.body);
    const email = () => wrapper.findFormField('[data-testid="email-field"]')!;
    act(() => wrapper.findButton('[type="submit"]')!.click());
    expect(email().findError()!.getElement().textContent).toBe('Email is required');

    act(() => email().findControl()!.findInput()!.setInputValue('nobody@test.example'));
    act(() => wrapper.findButton('[type="submit"]')!.click());
    await screen.findByText('Recovery failed');
    expect(screen.getByText('The email account that you tried to reach does not exist, please retry')).toBeTruthy();

    server.on('POST', '/forgetPass', { status: 200, body: { sent: true } });
    act(() => wrapper.findButton('[type="submit"]')!.click());
    await screen.findByText('Recovery Successed');
    expect(server.callsTo('POST', '/forgetPass').at(-1)!.body).toEqual({ Email: 'nobody@test.example', reCaptchaToken: 'human-token' });

    act(() => wrapper.findLink()!.click());
    expect(screen.getByText('Password recovery')).toBeTruthy();
    expect(email().findControl()!.findInput()!.getInputValue()).toBe('');
  });
});

import { ApiError, call, readAhead, takeAnsweredReadAhead } from '@web/src/lib/api-client';
import { sessionStore } from '@web/src/lib/session-store';
import { fakeServer, resetPortal, signInAs } from '../support/portal';

beforeEach(resetPortal);

describe('the API client', () => {
  it('builds the path from the route table and sends JSON, the client version and the bearer token', async () => {
    const server = fakeServer().on('GET', '/users/user-Doctor/session', { status: 200, body: { profile: {} } });
    signInAs('Doctor');
    await call('getSession', { params: { userId: 'user-Doctor' } });
    const [sent] = server.callsTo('GET', '/users/user-Doctor/session');
    expect(sent!.headers).toMatchObject({ 'content-type': 'application/json', 'x-client-version': '1.1.33', authorization: 'Bearer token-Doctor' });
  });

  it('sends no token on public routes, and the pending token on the 2FA and password steps', async () => {
    const server = fakeServer()
      .on('POST', '/signin', { status: 200, body: {} })
      .on('POST', '/signin/2fa', { status: 200, body: {} })
      .on('POST', '/users/u1/changePass', { status: 200, body: {} });
    sessionStore.setPendingTwoFactor({ status: '2fa', updatePassword: false, token: 'pending-2fa' });
    sessionStore.setPendingPasswordChange({ status: 'pass', updatePassword: true, token: 'pending-password', profile: { UserID: 'u1', FirstName: 'A' } });
    await call('signIn', { body: { Email: 'a', Password: 'b', reCaptchaToken: 'c' } });
    await call('signInTwoFactor', { body: { TwoFaCode: '123456' } });
    await call('changePassword', { params: { userId: 'u1' }, body: { newPassword: 'Better!pass2' } });
    expect(server.callsTo('POST', '/signin')[0]!.headers.authorization).toBeUndefined();
    expect(server.callsTo('POST', '/signin/2fa')[0]!.headers.authorization).toBe('Bearer pending-2fa');
    expect(server.callsTo('POST', '/users/u1/changePass')[0]!.headers.authorization).toBe('Bearer pending-password');
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const server = fakeServer()
      .on('GET', '/users/user-Nurse/session', (sent) =>
        sent.headers.authorization === 'Bearer fresh' ? { status: 200, body: { profile: { ok: true } } } : { status: 401, body: { message: 'Unauthorized' } },
      )
      .on('POST', '/signin/refresh', { status: 200, body: { token: 'fresh', refreshToken: 'refresh-Nurse', expiresIn: 3600 } });
    signInAs('Nurse');
    await expect(call('getSession', { params: { userId: 'user-Nurse' } })).resolves.toEqual({ profile: { ok: true } });
    expect(server.callsTo('POST', '/signin/refresh')[0]!.body).toEqual({ refreshToken: 'refresh-Nurse' });
    expect(sessionStore.get().signedIn?.token).toBe('fresh');
  });

  it('clears the session when the refresh is refused too', async () => {
    fakeServer()
      .on('GET', '/users/user-Nurse/session', { status: 401, body: { message: 'Unauthorized' } })
      .on('POST', '/signin/refresh', { status: 401, body: { message: ['authentication error'] } });
    signInAs('Nurse');
    await expect(call('getSession', { params: { userId: 'user-Nurse' } })).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.get().signedIn).toBeUndefined();
  });

  it('sends no authenticated call without a signed-in user', async () => {
    const server = fakeServer();
    await expect(call('getGlobalSettings')).rejects.toMatchObject({ messages: ['authentication error'] });
    expect(server.calls).toHaveLength(0);
  });

  it('reduces a failure to messages and keeps the field messages; no answer has no status', async () => {
    fakeServer()
      .on('POST', '/signin', { status: 400, body: { message: ['Username is required'], fields: { Email: 'Username is required' } } })
      .on('POST', '/forgetPass', 'no-answer');
    const refused = await call('signIn', { body: { Email: '', Password: 'b', reCaptchaToken: 'c' } }).catch((error: ApiError) => error);
    expect(refused).toMatchObject({ messages: ['Username is required'], status: 400, fields: { Email: 'Username is required' } });
    const unanswered = await call('forgotPassword', { body: { Email: 'a@b.c', reCaptchaToken: 'c' } }).catch((error: ApiError) => error);
    expect((unanswered as ApiError).noAnswer).toBe(true);
  });

  it('answers a read from the read sent ahead, once, and never a change to the same address', async () => {
    const server = fakeServer()
      .on('GET', '/liberdiAdmins/user-LiberDiAdmin/devices/d1/profile', { status: 200, body: { read: true } })
      .on('POST', '/liberdiAdmins/user-LiberDiAdmin/devices/d1/profile', { status: 200, body: { saved: true } });
    signInAs('LiberDiAdmin');
    const path = '/liberdiAdmins/user-LiberDiAdmin/devices/d1/profile';
    void readAhead('getDeviceProfile', { params: { adminId: 'user-LiberDiAdmin', id: 'd1' } });
    await expect(call('updateDeviceProfile', { params: { adminId: 'user-LiberDiAdmin', id: 'd1' }, body: {} })).resolves.toEqual({ saved: true });
    expect(server.callsTo('POST', path)).toHaveLength(1);
    await expect(call('getDeviceProfile', { params: { adminId: 'user-LiberDiAdmin', id: 'd1' } })).resolves.toEqual({ read: true });
    expect(server.callsTo('GET', path)).toHaveLength(1);
    // Taken once: the next read is sent.
    await call('getDeviceProfile', { params: { adminId: 'user-LiberDiAdmin', id: 'd1' } });
    expect(server.callsTo('GET', path)).toHaveLength(2);
  });

  it("gives a screen's first data only a read sent ahead that is answered, and a success; a failure is its call's to show", async () => {
    const session = '/users/user-Doctor/session';
    const server = fakeServer().on('GET', session, { status: 500, body: { message: ['Server error'] } });
    signInAs('Doctor');
    const options = { params: { userId: 'user-Doctor' } };
    void readAhead('getSession', options);
    expect(takeAnsweredReadAhead('getSession', options)).toBeUndefined(); // not answered yet
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeAnsweredReadAhead('getSession', options)).toBeUndefined(); // answered, with a failure
    await expect(call('getSession', options)).rejects.toBeInstanceOf(ApiError);
    expect(server.callsTo('GET', session)).toHaveLength(1);

    server.on('GET', session, { status: 200, body: { profile: { UserID: 'user-Doctor' } } });
    void readAhead('getSession', options);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeAnsweredReadAhead('getSession', options)?.data).toEqual({ profile: { UserID: 'user-Doctor' } });
    expect(takeAnsweredReadAhead('getSession', options)).toBeUndefined(); // taken once
  });

  it('settles a read sent ahead once its answer is in, a failure or no answer included, and never fails', async () => {
    const session = '/users/user-Doctor/session';
    const options = { params: { userId: 'user-Doctor' } };
    signInAs('Doctor');
    for (const answer of [{ status: 200, body: { profile: {} } }, { status: 500, body: { message: ['Server error'] } }, 'no-answer' as const]) {
      const server = fakeServer().on('GET', session, () => answer);
      await expect(readAhead('getSession', options)).resolves.toBeUndefined();
      expect(server.callsTo('GET', session)).toHaveLength(1);
      // In: a success is the screen's first data at once; any other answer is its own call's.
      expect(takeAnsweredReadAhead('getSession', options)?.data).toEqual(answer === 'no-answer' || answer.status !== 200 ? undefined : answer.body);
      await call('getSession', options).catch(() => undefined); // takes what is left
    }
  });
});
